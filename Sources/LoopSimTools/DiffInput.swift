import Foundation
import LoopSimSystem
import LoopSimTrace
import RenderModel

/// One side of `loopsim diff`: a trace (`.jsonl`), or a run folder (its
/// `trace.jsonl`, when there is one, and its frames).
///
/// Loading reads and checks everything up front: a malformed trace line or
/// `frames.jsonl` line is a `FramesDataError` naming `file:line`.
package struct DiffInput {
    /// One line of the trace: its line number in the file, its text, its time.
    package struct Event {
        package var line: Int
        package var text: String
        package var t: Int64
    }

    /// What the input says about one frame.
    package struct Frame {
        package var present: Int64?
        package var hash: String?
        /// The frame file's path, when it exists.
        package var path: String?
    }

    /// The argument as given.
    package var argument: String
    package var tracePath: String?
    /// The trace's events in file order; nil when the input has no trace.
    package var events: [Event]?
    /// Where the frame files are, if anywhere.
    package var framesFolder: FramesFolder?
    /// The frames by vsync index.
    package var frames: [UInt64: Frame] = [:]

    /// The name of the trace file a run folder may hold.
    package static let traceName = "trace.jsonl"

    /// Loads `argument`, which exists: a `.jsonl` file or a folder.
    package init(_ argument: String) throws(FramesDataError) {
        self.argument = argument
        let isDirectory = FileSystem.isDirectory(argument)
        let folder: String
        if isDirectory {
            folder = argument
            let trace = FilePath.join(argument, Self.traceName)
            if FileSystem.exists(trace) { tracePath = trace }
        } else {
            tracePath = argument
            folder = FilePath.parent(of: argument)
        }
        if let tracePath { try readTrace(tracePath) }
        let located = FramesFolder.locate(folder)
        let index = try located.index()
        let files = try located.frameFiles()
        if index != nil || !files.isEmpty { framesFolder = located }
        if isDirectory {
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
                if let name = listed[key] ?? onDisk[key], FileSystem.exists(located.filePath(name)) {
                    frames[key]?.path = located.filePath(name)
                }
            }
        }
    }

    /// Reads the trace's lines, checking each with the JSONL reader, and
    /// takes its `frame` events.
    private mutating func readTrace(_ path: String) throws(FramesDataError) {
        let text = try ReadLimit.readText(path, limit: ReadLimit.trace)
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
    package var summary: String {
        var parts: [String] = []
        if let tracePath, let events {
            let count = FramesInspector.count(events.count, "event")
            parts.append(tracePath == argument ? count : "\(tracePath): \(count)")
        }
        let files = frames.values.filter { $0.path != nil }.count
        if let framesFolder {
            parts.append("\(FramesInspector.count(frames.count, "frame")), \(files) with files in \(framesFolder.path)")
        } else {
            parts.append(FramesInspector.count(frames.count, "frame") + (frames.isEmpty ? "" : ", no frame files"))
        }
        return parts.joined(separator: "; ")
    }
}
