import LoopSimSystem
import LoopSimTrace
import RenderModel

/// How two runs differ (`loopsim diff`, docs/guide/frames.md): the first
/// diverging trace event with context, the frames whose hashes (or files)
/// differ, and with `--out` side-by-side and difference images of each.
package enum RunDiff {
    /// Loads both inputs (each exists: a trace `.jsonl` or a run folder),
    /// prints the comparison, and answers the exit status: 0 identical, 1
    /// different, 2 for a malformed input (printed as one line naming it).
    package static func run(_ a: String, _ b: String, out: String?) throws -> Int32 {
        do {
            let left = try DiffInput(a), right = try DiffInput(b)
            return try compare(left, right, out: out)
        } catch let error as FramesDataError {
            Console.error("Error: \(error.message)")
            return ExitStatus.scenarioError
        }
    }

    /// A frame that differs, and why.
    package struct FrameDifference {
        package var frame: UInt64
        package var a: DiffInput.Frame?
        package var b: DiffInput.Frame?
        package var reason: String
    }

    package static func compare(_ a: DiffInput, _ b: DiffInput, out: String?) throws -> Int32 {
        Console.out("A: \(a.argument) (\(a.summary))")
        Console.out("B: \(b.argument) (\(b.summary))")
        var differ = false
        if let ea = a.events, let eb = b.events {
            differ = reportEvents(ea, eb) || differ
        } else {
            let missing = [a, b].filter { $0.events == nil }.map(\.argument)
            Console.out("events: not compared: \(missing.joined(separator: " and ")) \(missing.count == 1 ? "has" : "have") no trace (write one with 'loopsim run FILE --trace DIR/\(DiffInput.traceName)')")
        }
        let frames = try frameDifferences(a, b)
        let total = Set(a.frames.keys).union(b.frames.keys).count
        if frames.isEmpty {
            Console.out("frames: identical (\(FramesInspector.count(total, "frame")))")
        } else {
            differ = true
            Console.out("frames: \(frames.count) of \(total) differ\(frames.count == 1 ? "s" : ""):")
            for d in frames {
                let present = (d.a?.present ?? d.b?.present).map { " (on screen at \(FramesInspector.formatTime($0)))" } ?? ""
                Console.out("  frame \(d.frame)\(present): \(d.reason)")
            }
        }
        if let out, !frames.isEmpty { try writeImages(frames, a: a, b: b, to: out) }
        if !differ { Console.out("the runs are identical") }
        return differ ? ExitStatus.failure : ExitStatus.success
    }

    /// Prints the events' verdict; true when they differ.
    package static func reportEvents(_ a: [DiffInput.Event], _ b: [DiffInput.Event]) -> Bool {
        var i = 0
        while i < a.count, i < b.count, a[i].text == b[i].text { i += 1 }
        if i == a.count && i == b.count {
            Console.out("events: identical (\(FramesInspector.count(a.count, "event")))")
            return false
        }
        let at = i < a.count ? a[i] : b[i]
        Console.out("events: the first difference is event \(i + 1), at \(FramesInspector.formatTime(at.t)) (A has \(a.count), B \(b.count)):")
        for k in max(0, i - 3)..<i { Console.out("     \(a[k].text)") }
        Console.out("  A  " + (i < a.count ? "line \(a[i].line): \(a[i].text)" : "(end of trace)"))
        Console.out("  B  " + (i < b.count ? "line \(b[i].line): \(b[i].text)" : "(end of trace)"))
        return true
    }

    /// The frames that differ, by vsync index.
    package static func frameDifferences(_ a: DiffInput, _ b: DiffInput) throws(FramesDataError) -> [FrameDifference] {
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

    package static func contents(_ path: String) throws(FramesDataError) -> [UInt8] {
        try ReadLimit.read(path, limit: ReadLimit.image)
    }
}
