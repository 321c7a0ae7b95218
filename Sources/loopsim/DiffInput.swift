import Foundation
import LoopSimTrace
import RenderModel

/// One side of `loopsim diff`: a trace (`.jsonl`), or a run folder (its
/// `trace.jsonl`, when there is one, and its frames).
///
/// Loading reads and checks everything up front: a malformed trace line or
/// `frames.jsonl` line is a `FramesDataError` naming `file:line`.
struct DiffInput {
    /// One line of the trace: its line number in the file, its text, its time.
    struct Event {
        var line: Int
        var text: String
        var t: Int64
    }

    /// What the input says about one frame.
    struct Frame {
        var present: Int64?
        var hash: String?
        /// The frame file's path, when it exists.
        var path: String?
    }

    /// The argument as given.
    var argument: String
    var tracePath: String?
    /// The trace's events in file order; nil when the input has no trace.
    var events: [Event]?
    /// Where the frame files are, if anywhere.
    var framesFolder: FramesFolder?
    /// The frames by vsync index.
    var frames: [UInt64: Frame] = [:]

    /// The name of the trace file a run folder may hold.
    static let traceName = "trace.jsonl"

    /// Loads `argument`, which exists: a `.jsonl` file or a folder.
    init(_ argument: String) throws(FramesDataError) {
        self.argument = argument
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
        let folder: String
        if isDirectory.boolValue {
            folder = argument
            let trace = (argument as NSString).appendingPathComponent(Self.traceName)
            if FileManager.default.fileExists(atPath: trace) { tracePath = trace }
        } else {
            tracePath = argument
            folder = (argument as NSString).deletingLastPathComponent.isEmpty ? "." : (argument as NSString).deletingLastPathComponent
        }
        if let tracePath { try readTrace(tracePath) }
        let located = FramesFolder.locate(folder)
        let index = try located.index()
        let files = try located.frameFiles()
        if index != nil || !files.isEmpty { framesFolder = located }
        if isDirectory.boolValue {
            guard tracePath != nil || framesFolder != nil else {
                throw FramesDataError(message: "\(argument) is not a run folder: it has no \(Self.traceName), no frames/ folder, no frames.jsonl and no frame files")
            }
            // The frames folder's index is the record of its frames; the
            // trace's frame events are kept for a frame it does not list.
            for entry in index ?? [] {
                frames[entry.frame] = Frame(present: entry.present, hash: entry.hash, path: nil)
            }
            for (frame, _) in files where frames[UInt64(frame)] == nil {
                frames[UInt64(frame)] = Frame(present: nil, hash: nil, path: nil)
            }
        }
        // Attach the files that exist.
        if let located = framesFolder {
            let onDisk = Dictionary(files.map { (UInt64($0.frame), $0.file) }, uniquingKeysWith: { a, _ in a })
            let listed = Dictionary((index ?? []).map { ($0.frame, $0.file) }, uniquingKeysWith: { a, _ in a })
            for key in frames.keys {
                if let name = listed[key] ?? onDisk[key], FileManager.default.fileExists(atPath: located.filePath(name)) {
                    frames[key]?.path = located.filePath(name)
                }
            }
        }
    }

    /// Reads the trace's lines, checking each with the JSONL reader, and
    /// takes its `frame` events.
    private mutating func readTrace(_ path: String) throws(FramesDataError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw FramesDataError(message: "cannot read \(path)") }
        guard let text = String(data: data, encoding: .utf8) else { throw FramesDataError(message: "\(path) is not UTF-8 text") }
        var events: [Event] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let event: TraceEvent
            do {
                event = try JSONLTraceReader.parse(line: String(line))
            } catch {
                throw FramesDataError(message: "\(path):\(n + 1): not a trace event: \(error.description)")
            }
            events.append(Event(line: n + 1, text: String(line), t: event.t))
            if case .frame(let info) = event.kind, info.frame >= 0 {
                frames[UInt64(info.frame)] = Frame(present: info.present, hash: info.hash, path: nil)
            }
        }
        self.events = events
    }

    /// What the input holds, for the heading: `trace.jsonl: 120 events; frames: 2 in DIR`.
    var summary: String {
        var parts: [String] = []
        if let tracePath, let events {
            let count = FramesCommand.count(events.count, "event")
            parts.append(tracePath == argument ? count : "\(tracePath): \(count)")
        }
        let files = frames.values.filter { $0.path != nil }.count
        if let framesFolder {
            parts.append("\(FramesCommand.count(frames.count, "frame")), \(files) with files in \(framesFolder.path)")
        } else {
            parts.append(FramesCommand.count(frames.count, "frame") + (frames.isEmpty ? "" : ", no frame files"))
        }
        return parts.joined(separator: "; ")
    }
}
