import LoopSimSystem
import LoopSimTools

/// `loopsim report RUN_DIR [--out FILE] [--max-frames N]`: one
/// self-contained HTML page of a run (`docs/guide/report.md`).
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        summary: "Write a run's report: one self-contained HTML page.",
        abstract: "Write a run folder's report: one self-contained HTML page (timeline, frames, latencies, expectations).",
        usage: "loopsim report <run-dir> [--out <file>] [--max-frames <n>]",
        arguments: [("<run-dir>", "A run folder written by 'loopsim run' (loopsim-out/<name>: trace.jsonl, scenario.loop, run.json, frames/).")],
        options: [
            .value("--out", "<file>", "Where to write the page (default: <run-dir>/report.html)."),
            .value("--max-frames", "<n>", "Embed at most n frames, 1 to 10000 (default \(Report.defaultMaxFrames)); past it, evenly spaced ones and those that show a transaction."),
        ],
        discussion: """
        The page needs no network and no other file: the frames are embedded as PNG.
        Open it in a browser. 'loopsim run FILE --report' writes it after the run.

        Exit status: 0 when the page was written, 2 for a malformed trace, run.json or
        frame file, or a folder that is not a run folder, 64 for a usage error, 66 when
        the folder does not exist.
        """)

    static func run(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.count == 1 else {
            throw UsageError(message: parsed.positionals.isEmpty ? "missing expected argument '<run-dir>'"
                : "unexpected argument '\(parsed.positionals[1])'")
        }
        var maxFrames = Report.defaultMaxFrames
        if let text = parsed.values["--max-frames"] {
            guard let n = Int(text), n >= 1, n <= 10_000 else {
                throw UsageError(message: "the value '\(text)' is invalid for '--max-frames' (expected 1 to 10000)")
            }
            maxFrames = n
        }
        let dir = parsed.positionals[0]
        guard let kind = FileSystem.kind(of: dir) else {
            throw NoInputError(message: "cannot read '\(dir)': No such file or directory")
        }
        guard kind == .directory else {
            throw UsageError(message: "'\(dir)' is not a folder: give the run folder (loopsim-out/NAME) that 'loopsim run' wrote")
        }
        let folder = RunFolder(path: dir)
        let out = parsed.values["--out"] ?? folder.reportPath
        if !out.hasSuffix(".html") { throw UsageError(message: "'--out \(out)' must end in .html") }
        do throws(FramesDataError) {
            let summary = try Report.write(folder: folder, to: out, maxFrames: maxFrames)
            printOut("report: \(out) (\(summary))")
        } catch {
            printError("Error: \(error.message)")
            return ExitStatus.scenarioError
        }
        return ExitStatus.success
    }
}
