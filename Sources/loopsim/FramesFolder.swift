import Foundation
import LoopSimTrace
import RenderServer

/// A problem with the frames on disk (exit status 2): a one-line message
/// that names the file.
struct FramesDataError: Error {
    var message: String
}

/// A frames folder as `loopsim-render` writes it.
struct FramesFolder {
    var path: String

    /// The frames folder of a `<dir>` argument: `dir` itself when it holds
    /// `frames.jsonl` or a frame file, else `dir/frames` when that is a
    /// folder (a run folder, `loopsim-out/NAME`), else `dir`.
    static func locate(_ dir: String) -> FramesFolder {
        let fm = FileManager.default
        let own = FramesFolder(path: dir)
        if fm.fileExists(atPath: own.indexPath) { return own }
        if let files = try? own.frameFiles(), !files.isEmpty { return own }
        let inner = (dir as NSString).appendingPathComponent("frames")
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: inner, isDirectory: &isDirectory), isDirectory.boolValue { return FramesFolder(path: inner) }
        return own
    }

    /// One frame of the folder: its index, file and, when frames.jsonl
    /// lists it, its on-screen time.
    struct Frame {
        var frame: UInt64
        var file: String
        var present: Int64?
        var hash: String?
    }

    /// Every frame, in on-screen order: the lines of frames.jsonl whose file
    /// exists, or the frame files by index when there is no frames.jsonl.
    func frames() throws(FramesDataError) -> [Frame] {
        let onDisk = try frameFiles()
        guard let index = try index() else {
            return onDisk.map { Frame(frame: UInt64($0.frame), file: $0.file, present: nil, hash: nil) }
        }
        let present = Set(onDisk.map(\.file))
        return index.filter { present.contains($0.file) }.map { Frame(frame: $0.frame, file: $0.file, present: $0.present, hash: $0.hash) }
    }

    var indexPath: String { filePath("frames.jsonl") }

    func filePath(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// The `frame-NNNNNN.ppm` files, by index.
    func frameFiles() throws(FramesDataError) -> [(frame: Int, file: String)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw FramesDataError(message: "cannot list the folder \(path)")
        }
        var out: [(frame: Int, file: String)] = []
        for name in names where name.hasPrefix("frame-") && name.hasSuffix(".ppm") {
            let digits = name.dropFirst("frame-".count).dropLast(".ppm".count)
            if !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let frame = Int(digits) {
                out.append((frame, name))
            }
        }
        return out.sorted { ($0.frame, $0.file) < ($1.frame, $1.file) }
    }

    /// The lines of `frames.jsonl` in on-screen order, or nil when the file
    /// does not exist.
    func index() throws(FramesDataError) -> [FrameIndexEntry]? {
        let indexPath = self.indexPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: indexPath, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: indexPath) else {
            throw FramesDataError(message: "cannot read \(indexPath)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FramesDataError(message: "\(indexPath) is not UTF-8 text")
        }
        var entries: [FrameIndexEntry] = []
        var seen: [UInt64: Int] = [:]
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let number = n + 1
            let entry: FrameIndexEntry
            do {
                entry = try FrameIndexEntry(jsonLine: String(line))
            } catch {
                throw FramesDataError(message: "\(indexPath):\(number): \(error.message)")
            }
            if let earlier = seen[entry.frame] {
                throw FramesDataError(message: "\(indexPath):\(number): frame \(entry.frame) is listed twice (also on line \(earlier))")
            }
            seen[entry.frame] = number
            entries.append(entry)
        }
        return entries.sorted { ($0.present, $0.frame) < ($1.present, $1.frame) }
    }

    /// The file of a frame argument: a frame index (looked up in
    /// frames.jsonl, else `frame-NNNNNN.ppm`) or a path (as given, else
    /// inside the folder).
    func resolve(_ argument: String) throws(FramesDataError) -> String {
        let fm = FileManager.default
        if !argument.isEmpty, argument.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let frame = Int(argument) else { throw FramesDataError(message: "no frame \(argument) in \(path)") }
            let index = try index()
            if let entry = index?.first(where: { $0.frame == UInt64(frame) }) { return filePath(entry.file) }
            let byName = filePath(FolderFrameOutput.fileName(frame: UInt64(frame)))
            if fm.fileExists(atPath: byName) { return byName }
            if let index {
                let known = index.isEmpty ? "it lists no frames"
                    : "it lists \(FramesCommand.count(index.count, "frame")), \(index.map(\.frame).min()!)…\(index.map(\.frame).max()!)"
                throw FramesDataError(message: "frame \(frame) is not in \(indexPath) (\(known)) and \(byName) does not exist")
            }
            throw FramesDataError(message: "\(byName) does not exist (frame \(frame))")
        }
        if fm.fileExists(atPath: argument) { return argument }
        if !argument.hasPrefix("/"), fm.fileExists(atPath: filePath(argument)) { return filePath(argument) }
        throw FramesDataError(message: "\(argument) does not exist (nor \(filePath(argument)))")
    }
}
