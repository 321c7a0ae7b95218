import LoopSimSystem
import LoopSimTrace

extension FrameFolder {
    /// Clears a previous run's frames out of `folder`, touching only the
    /// server's own file names (``LoopSimTrace/FrameFolder/isServerFile(_:)``):
    /// its frame files (`frame-*.ppm`, regular files) move into the hidden
    /// ``LoopSimTrace/FrameFolder/reuseFolderName`` folder, where the new
    /// server rewrites them in place as its own frames instead of creating
    /// new files (what it does not need is removed at the end of the run:
    /// ``removeReuseLeftovers(in:)``); the index and any `.partial` are
    /// removed. The client
    /// does this once before its first hello; a respawned server appends to
    /// what its predecessor wrote. A folder that does not exist yet, or a
    /// file that cannot be moved or removed, is left to the server's writes
    /// to report; when the reuse folder cannot be made (or is not a private
    /// folder of ours), the frames are removed as before.
    ///
    /// Why: on a disk file system a new file costs an inode, and ext4
    /// searches past every inode freed in the last minute or so for each
    /// one (~1 ms a file after a run's 3,600 deletions, docs/internals/benchmarks.md);
    /// rewriting the previous run's files costs a `rename` and the bytes.
    static func clearPreviousFrames(in folder: String) {
        guard let names = try? FileSystem.contentsOfDirectory(folder) else { return }
        let reuse = FilePath.join(folder, reuseFolderName)
        var reusable = false
        if names.contains(where: isFrameFile) {
            try? FileSystem.createDirectory(reuse, mode: 0o700)
            reusable = FileSystem.isPrivateFolder(reuse)   // ours, a folder (not a link to one), written by us alone
        }
        for name in names where isServerFile(name) {
            let path = FilePath.join(folder, name)
            // Only a regular file moves (not followed): anything else under
            // a frame's name is removed, or left where it is, as before.
            if reusable, isFrameFile(name), (try? FileSystem.status(path, followLinks: false).kind) == .regular,
               (try? FileSystem.rename(path, to: FilePath.join(reuse, name))) != nil { continue }
            try? FileSystem.removeFile(path)
        }
    }

    /// Removes what is left in `folder`'s reuse folder at the end of a run
    /// (the previous run's frames this one did not need: the server's file
    /// names only, and `unlink` removes a link, never its target), then the
    /// folder. The client does it after the last server has confirmed every
    /// frame written and is gone, whatever became of the servers before
    /// it; nothing when the reuse folder is not a private folder of ours.
    static func removeReuseLeftovers(in folder: String) {
        let reuse = FilePath.join(folder, reuseFolderName)
        guard FileSystem.isPrivateFolder(reuse) else { return }
        for name in (try? FileSystem.contentsOfDirectory(reuse)) ?? [] where isServerFile(name) {
            try? FileSystem.removeFile(FilePath.join(reuse, name))
        }
        try? FileSystem.removeDirectory(reuse)
    }

    /// What of `frames` (frame numbers) is not in `folder`: for each, its
    /// file (`frame-NNNNNN.ppm`, a regular file) and its `frames.jsonl`
    /// line (one starting `{"frame":N,`), in words, in the order given:
    /// `frame-000031.ppm and its frames.jsonl line`, `frame-000061.ppm`,
    /// `the frames.jsonl line of frame-000001.ppm`. Empty when all are there.
    package static func missingFrames(in folder: String, frames: [UInt64]) -> [String] {
        var indexed = Set<UInt64>()
        if let bytes = try? FileSystem.readFile(FilePath.join(folder, indexFileName)) {
            for line in bytes.split(separator: UInt8(ascii: "\n")) {
                if let n = frameNumber(ofIndexLine: line) { indexed.insert(n) }
            }
        }
        return frames.compactMap { n in
            let name = fileName(frame: n)
            let file = (try? FileSystem.status(FilePath.join(folder, name), followLinks: false))?.kind == .regular
            switch (file, indexed.contains(n)) {
            case (true, true): return nil
            case (false, false): return "\(name) and its frames.jsonl line"
            case (false, true): return name
            case (true, false): return "the frames.jsonl line of \(name)"
            }
        }
    }
}
