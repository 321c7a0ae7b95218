import LoopSimSystem
import LoopSimTrace

/// A problem with the frames on disk (exit status 2): a one-line message
/// that names the file.
package struct FramesDataError: Error {
    package var message: String
    package init(message: String) { self.message = message }
}

/// A frames folder as `loopsim-render` writes it.
package struct FramesFolder {
    package var path: String

    package init(path: String) { self.path = path }

    /// The frames folder of a `<dir>` argument: `dir` itself when it holds
    /// `frames.jsonl` or a frame file, else `dir/frames` when that is a
    /// folder (a run folder, `loopsim-out/NAME`), else `dir`.
    package static func locate(_ dir: String) -> FramesFolder {
        let own = FramesFolder(path: dir)
        if FileSystem.exists(own.indexPath) { return own }
        if let files = try? own.frameFiles(), !files.isEmpty { return own }
        let inner = FilePath.join(dir, "frames")
        if FileSystem.isDirectory(inner) { return FramesFolder(path: inner) }
        return own
    }

    /// One frame of the folder: its index, file and, when frames.jsonl
    /// lists it, its on-screen time.
    package struct Frame {
        package var frame: UInt64
        package var file: String
        package var present: Int64?
        package var hash: String?
    }

    /// Every frame, in on-screen order: the lines of frames.jsonl whose file
    /// exists, or the frame files by index when there is no frames.jsonl.
    package func frames() throws(FramesDataError) -> [Frame] {
        let onDisk = try frameFiles()
        guard let index = try index() else {
            return onDisk.map { Frame(frame: UInt64($0.frame), file: $0.file, present: nil, hash: nil) }
        }
        let present = Set(onDisk.map(\.file))
        return index.filter { present.contains($0.file) }.map { Frame(frame: $0.frame, file: $0.file, present: $0.present, hash: $0.hash) }
    }

    package var indexPath: String { filePath("frames.jsonl") }

    package func filePath(_ name: String) -> String { FilePath.join(path, name) }

    /// The `frame-NNNNNN.ppm` files, by index.
    package func frameFiles() throws(FramesDataError) -> [(frame: Int, file: String)] {
        let names: [String]
        do throws(SystemError) { names = try FileSystem.contentsOfDirectory(path) } catch {
            throw FramesDataError(message: "cannot list the folder \(path): \(ReadLimit.reason(error))")
        }
        var out: [(frame: Int, file: String)] = []
        for name in names {
            if let number = FrameFolder.frameNumber(ofFileName: name), let frame = Int(exactly: number) { out.append((frame, name)) }
        }
        return out.sorted { ($0.frame, $0.file) < ($1.frame, $1.file) }
    }

    /// The lines of `frames.jsonl` in on-screen order, or nil when the file
    /// does not exist.
    package func index() throws(FramesDataError) -> [FrameIndexEntry]? {
        let indexPath = self.indexPath
        guard FileSystem.exists(indexPath) else { return nil }
        let text = try ReadLimit.readText(indexPath, limit: ReadLimit.trace)
        do throws(FrameFolder.IndexError) {
            return try FrameFolder.parseIndex(text)
        } catch {
            throw FramesDataError(message: "\(indexPath):\(error.line): \(error.message)")
        }
    }

    /// The file of a frame argument: a frame index (looked up in
    /// frames.jsonl, else `frame-NNNNNN.ppm`) or a path (as given, else
    /// inside the folder).
    package func resolve(_ argument: String) throws(FramesDataError) -> String {
        if !argument.isEmpty, argument.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let frame = Int(argument) else { throw FramesDataError(message: "no frame \(argument) in \(path)") }
            let index = try index()
            if let entry = index?.first(where: { $0.frame == UInt64(frame) }) { return filePath(entry.file) }
            let byName = filePath(FrameFolder.fileName(frame: UInt64(frame)))
            if FileSystem.exists(byName) { return byName }
            if let index {
                let known = index.isEmpty ? "it lists no frames"
                    : "it lists \(FramesInspector.count(index.count, "frame")), \(index.map(\.frame).min()!)…\(index.map(\.frame).max()!)"
                throw FramesDataError(message: "frame \(frame) is not in \(indexPath) (\(known)) and \(byName) does not exist")
            }
            throw FramesDataError(message: "\(byName) does not exist (frame \(frame))")
        }
        if FileSystem.exists(argument) { return argument }
        if !argument.hasPrefix("/"), FileSystem.exists(filePath(argument)) { return filePath(argument) }
        throw FramesDataError(message: "\(argument) does not exist (nor \(filePath(argument)))")
    }
}
