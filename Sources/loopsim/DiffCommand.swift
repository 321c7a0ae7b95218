import Foundation
import LoopSimTrace
import RenderModel

/// `loopsim diff A B [--out DIR]`: how two runs differ — the first
/// diverging trace event with context, the frames whose hashes (or files)
/// differ, and with `--out` side-by-side and difference images of each
/// (docs/frames.md).
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Compare two runs: the first diverging event and the frames that differ.",
        usage: "loopsim diff <a> <b> [--out <dir>]",
        arguments: [
            ("<a> <b>", "Traces (.jsonl, as 'loopsim run --trace' and the goldens write them) or run folders (loopsim-out/NAME: its trace.jsonl if any, and its frames)."),
        ],
        options: [
            ("--out <dir>", "Write frame-NNNNNN.side-by-side.png (A, B and their diff) and frame-NNNNNN.diff.png for each differing frame both have files of (the folder is made if missing)."),
        ],
        discussion: """
        Events are compared line by line (traces are canonical JSON Lines, so
        equal runs give equal bytes); the first differing line is printed with
        the 3 lines before it. Frames are matched by vsync index; a frame differs
        when it is in one run only, when the recorded hashes differ, or when both
        frame files exist and their bytes differ.

        Exit status: 0 when the runs are identical, 1 when they differ, 2 for a
        malformed trace, frames.jsonl or frame file, 64 for a usage error, 66
        when an input does not exist.
        """)

    static func main(_ args: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(args, valueOptions: ["--out"], flagOptions: [])
        if parsed.wantsHelp { printOut(spec.help()); return ExitStatus.success }
        guard parsed.positionals.count >= 2 else {
            throw UsageError(message: parsed.positionals.isEmpty ? "missing expected arguments '<a> <b>'" : "missing expected argument '<b>'")
        }
        guard parsed.positionals.count == 2 else { throw UsageError(message: "unexpected argument '\(parsed.positionals[2])'") }
        let (a, b) = (parsed.positionals[0], parsed.positionals[1])
        for path in [a, b] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                printError("Error: \(path) does not exist (expected a trace .jsonl file or a run folder)")
                return ExitStatus.noInput
            }
            if !isDirectory.boolValue && !path.hasSuffix(".jsonl") {
                throw UsageError(message: "'\(path)' is not a trace (.jsonl) or a run folder")
            }
        }
        do {
            let left = try DiffInput(a), right = try DiffInput(b)
            return try compare(left, right, out: parsed.values["--out"])
        } catch let error as FramesDataError {
            printError("Error: \(error.message)")
            return ExitStatus.scenarioError
        }
    }

    /// A frame that differs, and why.
    struct FrameDifference {
        var frame: UInt64
        var a: DiffInput.Frame?
        var b: DiffInput.Frame?
        var reason: String
    }

    static func compare(_ a: DiffInput, _ b: DiffInput, out: String?) throws -> Int32 {
        printOut("A: \(a.argument) (\(a.summary))")
        printOut("B: \(b.argument) (\(b.summary))")
        var differ = false
        if let ea = a.events, let eb = b.events {
            differ = reportEvents(ea, eb) || differ
        } else {
            let missing = [a, b].filter { $0.events == nil }.map(\.argument)
            printOut("events: not compared: \(missing.joined(separator: " and ")) \(missing.count == 1 ? "has" : "have") no trace (write one with 'loopsim run FILE --trace DIR/\(DiffInput.traceName)')")
        }
        let frames = try frameDifferences(a, b)
        let total = Set(a.frames.keys).union(b.frames.keys).count
        if frames.isEmpty {
            printOut("frames: identical (\(FramesCommand.count(total, "frame")))")
        } else {
            differ = true
            printOut("frames: \(frames.count) of \(total) differ\(frames.count == 1 ? "s" : ""):")
            for d in frames {
                let present = (d.a?.present ?? d.b?.present).map { " (on screen at \(FramesCommand.formatTime($0)))" } ?? ""
                printOut("  frame \(d.frame)\(present): \(d.reason)")
            }
        }
        if let out, !frames.isEmpty { try writeImages(frames, a: a, b: b, to: out) }
        if !differ { printOut("the runs are identical") }
        return differ ? ExitStatus.failure : ExitStatus.success
    }

    /// Prints the events' verdict; true when they differ.
    static func reportEvents(_ a: [DiffInput.Event], _ b: [DiffInput.Event]) -> Bool {
        var i = 0
        while i < a.count, i < b.count, a[i].text == b[i].text { i += 1 }
        if i == a.count && i == b.count {
            printOut("events: identical (\(FramesCommand.count(a.count, "event")))")
            return false
        }
        let at = i < a.count ? a[i] : b[i]
        printOut("events: the first difference is event \(i + 1), at \(FramesCommand.formatTime(at.t)) (A has \(a.count), B \(b.count)):")
        for k in max(0, i - 3)..<i { printOut("     \(a[k].text)") }
        printOut("  A  " + (i < a.count ? "line \(a[i].line): \(a[i].text)" : "(end of trace)"))
        printOut("  B  " + (i < b.count ? "line \(b[i].line): \(b[i].text)" : "(end of trace)"))
        return true
    }

    /// The frames that differ, by vsync index.
    static func frameDifferences(_ a: DiffInput, _ b: DiffInput) throws(FramesDataError) -> [FrameDifference] {
        var out: [FrameDifference] = []
        for frame in Set(a.frames.keys).union(b.frames.keys).sorted() {
            let fa = a.frames[frame], fb = b.frames[frame]
            guard let fa, let fb else {
                out.append(FrameDifference(frame: frame, a: fa, b: fb, reason: fa == nil ? "only in B" : "only in A"))
                continue
            }
            if let ha = fa.hash, let hb = fb.hash, ha != hb {
                out.append(FrameDifference(frame: frame, a: fa, b: fb, reason: "hash \(ha) in A, \(hb) in B"))
            } else if let pa = fa.path, let pb = fb.path, try contents(pa) != contents(pb) {
                let recorded = fa.hash.map { "; both record hash \($0)" } ?? ""
                out.append(FrameDifference(frame: frame, a: fa, b: fb, reason: "the files \(pa) and \(pb) differ\(recorded)"))
            }
        }
        return out
    }

    static func contents(_ path: String) throws(FramesDataError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else { throw FramesDataError(message: "cannot read \(path)") }
        return data
    }
}
