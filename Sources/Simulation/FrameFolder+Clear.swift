import LoopSimSystem
import RenderWire

extension FrameFolder {
    /// Clears a previous run's frames out of `folder`, touching only the
    /// server's own file names (``RenderWire/FrameFolder/isServerFile(_:)``):
    /// its frame files (`frame-*.ppm`, regular files) move into the hidden
    /// ``RenderWire/FrameFolder/reuseFolderName`` folder, where the new
    /// server rewrites them in place as its own frames instead of creating
    /// new files; the index and any `.partial` are removed. The client
    /// does this once before its first hello; a respawned server appends to
    /// what its predecessor wrote. A folder that does not exist yet, or a
    /// file that cannot be moved or removed, is left to the server's writes
    /// to report; when the reuse folder cannot be made (or is not a private
    /// folder of ours), the frames are removed as before.
    ///
    /// Why: on a disk file system a new file costs an inode, and ext4
    /// searches past every inode freed in the last minute or so for each
    /// one (~1 ms a file after a run's 3,600 deletions, docs/benchmarks.md);
    /// rewriting the previous run's files costs a `rename` and the bytes.
    static func clearPreviousFrames(in folder: String) {
        guard let names = try? FileSystem.contentsOfDirectory(folder) else { return }
        let reuse = FilePath.join(folder, reuseFolderName)
        var reusable = false
        if names.contains(where: isFrameFile) {
            try? FileSystem.createDirectory(reuse, mode: 0o700)
            // Ours, a folder (not a link to one), written by us alone.
            if let info = try? FileSystem.status(reuse, followLinks: false) {
                reusable = info.kind == .directory && info.ownerID == CurrentProcess.userID && info.permissions & 0o077 == 0
            }
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
}
