import Foundation
import LoopSimSystem
import LoopSimTrace
import RenderServer
import Scenario
import Simulation

/// `loopsim run FILE [--trace PATH] [--format text|jsonl|chrome]`.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Run a scenario and print its trace and expectations.",
        usage: "loopsim run <file> [--trace <path>] [--format <format>] [--only <kinds>] [--hide <kinds>] [--quiet-observers] [--frames <dir>] [--server <transport>] [--allow-absolute-assets] [--faults <seed>] [--quiet] [--report]",
        arguments: [("<file>", "The scenario file (*.loop).")],
        options: [
            ("--trace <path>", "Write the trace to <path> instead of standard output."),
            ("--format <format>", "text, jsonl or chrome (default: from the --trace extension, else text)."),
            ("--only <kinds>", "Text trace: show only these kinds, comma-separated (set,commit,frame,log,warn; also run, txn, anim and callout kinds such as observer)."),
            ("--hide <kinds>", "Text trace: hide these kinds (--hide observer)."),
            ("--quiet-observers", "Text trace: fold the UIKit observers' empty callouts, one line per run of them."),
            ("--frames <dir>|none", "Where the render server writes frames (default: loopsim-out/<name>/frames); none: no files, hashes and expectations kept."),
            ("--server <transport>", "spawn (the loopsim-render process, default), thread, unix:PATH (a server started with 'loopsim-render --listen PATH'), or none."),
            ("--allow-absolute-assets", "Let 'image file=' read absolute paths and paths outside the scenario's folder."),
            ("--faults <seed>", "Inject faults chosen from the seed: server kills, delayed replies, short writes, EINTR, ENOSPC (docs/reliability.md)."),
            ("--quiet", "No progress line (on a terminal, a run that takes over a second of wall time shows one on standard error)."),
            ("--report", "Also write the run folder's report.html (loopsim report; docs/report.md)."),
        ],
        discussion: """
        Warnings (an outside event after the last run, an expectation after the end,
        transaction options nothing used, …) go to standard error as FILE:LINE:COL:
        warning: …, and into the trace as warn events (docs/guard-rails.md).

        A run that writes frames also writes its run folder beside them
        (loopsim-out/<name>/: trace.jsonl, scenario.loop, run.json), which
        'loopsim report' and 'loopsim diff' read (docs/report.md).

        Exit status: 0 when every expectation passes, 1 when one fails, 2 for a
        scenario error (parse error, or a loop that never settles), 64 for a usage
        error, 66 when the file does not exist.
        """)

    static func main(_ args: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(args, valueOptions: ["--trace", "--format", "--frames", "--server", "--faults", "--only", "--hide"],
                                         flagOptions: ["--allow-absolute-assets", "--quiet-observers", "--quiet", "--report"])
        if parsed.wantsHelp { printOut(spec.help()); return ExitStatus.success }
        guard parsed.positionals.count == 1 else {
            throw UsageError(message: parsed.positionals.isEmpty ? "missing expected argument '<file>'"
                : "unexpected argument '\(parsed.positionals[1])'")
        }
        let path = parsed.positionals[0]
        let tracePath = parsed.values["--trace"]
        var format = TraceFormat.text
        if let f = parsed.values["--format"] {
            guard let value = TraceFormat(rawValue: f) else {
                throw UsageError(message: "the value '\(f)' is invalid for '--format' (expected text, jsonl or chrome)")
            }
            format = value
        } else if let tracePath, let implied = TraceFormat(impliedBy: tracePath) {
            format = implied
        }
        var cliWarnings: [String] = []
        if let tracePath, parsed.values["--format"] != nil, let implied = TraceFormat(impliedBy: tracePath), implied != format {
            cliWarnings.append("the trace '\(tracePath)' ends in .\(implied.fileExtension), the extension of the \(implied.rawValue) form, but --format is \(format.rawValue); the file is written as \(format.rawValue) (drop --format to get \(implied.rawValue), or name it *.\(format.fileExtension))")
        }

        let textOptions = try textTraceOptions(parsed, format: format)

        let file: ScenarioFile
        let source: String
        do {
            (file, source) = try ScenarioLoader.load(path: path)
        } catch {
            printError(error.description)
            return error.fileProblem == .missing ? ExitStatus.noInput : ExitStatus.scenarioError
        }
        let render = try renderOptions(parsed, scenario: path, defaultTransport: .spawn)
        let wantsReport = parsed.flags.contains("--report")
        let folder = runFolder(render, report: wantsReport, scenario: path)
        var folderTrace: TraceFileSink?
        if let folder {
            do throws(FramesDataError) {
                folderTrace = try openRunFolder(folder, source: source, tracePath: tracePath)
            } catch {
                printError("Error: \(error.message)")
                return ExitStatus.failure
            }
        }
        // The trace is written as it happens, never kept (docs/trace-format.md).
        let traceFile: FileDescriptor
        if let tracePath {
            do throws(SystemError) {
                traceFile = try FileSystem.open(tracePath, flags: [.writeOnly, .create, .truncate])
            } catch {
                printError("Error: cannot write the trace to '\(tracePath)': \(error)")
                return ExitStatus.failure
            }
        } else {
            traceFile = .standardOutput
        }
        let sink = TraceFileSink(format: format, text: textOptions, file: traceFile, chrome: ChromeTraceWriter.Options(vsyncHz: render == nil ? nil : file.display.hz))
        sink.copy = folderTrace
        // Wall time is read for the progress line only (RunProgress).
        if RunProgress.isShown(stderrIsTerminal: FileDescriptor.standardError.isTerminal, quiet: parsed.flags.contains("--quiet"),
                               traceOnTerminal: tracePath == nil && FileDescriptor.standardOutput.isTerminal) {
            sink.progress = ProgressMeter(end: RunProgress.expectedEnd(of: file), clock: WallClock.nanoseconds) { text in
                FileHandle.standardError.write(Data(text.utf8))
            }
        }
        for text in cliWarnings {
            printError("warning: " + text)
            sink.record(TraceEvent(t: 0, iter: 0, .warn(text: text)))
        }
        let runner = ScenarioRunner(file: file, source: source, trace: sink, render: render,
                                    allowAbsoluteAssets: parsed.flags.contains("--allow-absolute-assets"))
        if format == .chrome {
            // The damage counter's samples: the frame on screen at the
            // event's time is the event's own (looked up from the newest).
            sink.damagedArea = { [simulation = runner.simulation] f in
                guard let shown = simulation.presentedFrame(onScreenAt: f.present), shown.index == UInt64(f.frame) else { return nil }
                return shown.damagedArea
            }
        }
        let faults = try parsed.values["--faults"].map { text -> FaultPlan in
            let seeds = try FaultSweep.seeds(text)
            guard seeds.count == 1 else { throw UsageError(message: "'--faults' takes one seed for 'run' (a range is for 'loopsim test')") }
            return FaultPlan(seed: seeds.lowerBound)
        }
        let outcome = FaultPlan.withPlan(faults) { runner.run() }
        sink.progress?.finish()
        if let faults { printError("faults (seed \(faults.seed)): \(faults.summary)") }
        sink.finish()
        if tracePath != nil { try? traceFile.close() }
        if let error = sink.writeError {
            printError("Error: cannot write the trace to '\(tracePath ?? "standard output")': \(error)")
            return ExitStatus.failure
        }
        if let folder, let error = folderTrace?.writeError {
            printError("Error: cannot write the trace to '\(folder.tracePath)': \(error)")
            return ExitStatus.failure
        }
        let end = sink.lastTime ?? 0
        let latency = LatencySummary(latencies: outcome.simulation.latencies, duration: end,
                                     animationFrames: outcome.simulation.lateAnimationFrames,
                                     animationIntervals: outcome.simulation.animationIntervals(until: end))
        var reportLine: String?
        if let folder {
            do throws(FramesDataError) {
                try writeRecord(folder, scenario: path, file: file, outcome: outcome, end: end, summary: latency?.description)
                if wantsReport {
                    try ReportCommand.write(folder: folder, to: folder.reportPath, maxFrames: ReportCommand.defaultMaxFrames)
                    reportLine = "report: \(folder.reportPath)"
                }
            } catch {
                printError("Error: \(error.message)")
                return ExitStatus.failure
            }
        }
        for warning in outcome.warnings { printError(warning.description) }
        if let failure = outcome.failure {
            printError(failure.description)
            // A trap of the simulated program (docs/concurrency.md) fails the run like a crash.
            return failure.isTrap ? ExitStatus.failure : ExitStatus.scenarioError
        }
        // A machine-readable trace on stdout stays pure: reports go to stderr.
        func report(_ text: String) {
            if tracePath == nil && format != .text { printError(text) } else { printOut(text) }
        }
        if let latency { report(latency.description) }
        if !outcome.expectations.isEmpty {
            report(ExpectationReport.render(outcome.expectations))
        }
        if let line = framesLine(render, drawn: outcome.simulation.presentedFrameCount) { report(line) }
        if let reportLine { report(reportLine) }
        return outcome.allPassed ? ExitStatus.success : ExitStatus.failure
    }
}

/// The last line of `loopsim run` when the server wrote frame files: how
/// many and where (`docs/frames.md`). Nil when none were written (no
/// server, `--frames none`, or nothing drawn), so a run without frames
/// prints its trace and nothing more.
func framesLine(_ render: ScenarioRunner.RenderOptions?, drawn: Int) -> String? {
    guard let folder = render?.frames, drawn > 0 else { return nil }
    return "frames: \(drawn) written to \(folder) (loopsim frames \(folder) list, or sheet --out sheet.png)"
}

/// `--server spawn|thread|unix:PATH|none` (nil: none).
func serverOption(_ parsed: ParsedArguments, default transport: RenderConnection.Transport?) throws -> RenderConnection.Transport? {
    guard let s = parsed.values["--server"] else { return transport }
    switch s {
    case "spawn": return .spawn
    case "thread": return .thread(.renderServer)
    case "none": return nil
    case _ where s.hasPrefix("unix:") && s.count > 5: return .unix(String(s.dropFirst(5)))
    default: throw UsageError(message: "the value '\(s)' is invalid for '--server' (expected spawn, thread, unix:PATH or none)")
    }
}

/// `--server` and `--frames`.
func renderOptions(_ parsed: ParsedArguments, scenario path: String,
                   defaultTransport: RenderConnection.Transport?) throws -> ScenarioRunner.RenderOptions? {
    let transport = try serverOption(parsed, default: defaultTransport)
    guard let transport else { return nil }
    let frames = parsed.values["--frames"] ?? "loopsim-out/\(outputName(forScenario: path))/frames"
    if frames.isEmpty { throw UsageError(message: "the value '' is invalid for '--frames' (expected a folder or none)") }
    // `none`: no frame files; the hashes, the index and the expectations
    // come from the server's replies (docs/render-server.md). A folder
    // named none is `./none`.
    return ScenarioRunner.RenderOptions(transport: transport, frames: frames == "none" ? nil : frames)
}

enum ExpectationReport {
    static func render(_ results: [ExpectationResult]) -> String {
        var out = ""
        for r in results {
            out += "\(r.passed ? "PASS" : "FAIL")  \(r.summary)  (\(r.expectation.location.line):\(r.expectation.location.column)): \(r.observed)\n"
            for fate in r.fates { out += "      \(fate)\n" }
        }
        let failed = results.filter { !$0.passed }.count
        out += "\(results.count) expectation\(results.count == 1 ? "" : "s"): \(results.count - failed) passed, \(failed) failed"
        return out
    }
}

/// The folder name under `loopsim-out/` for the scenario at `path`: its file
/// name without `.loop`, with every character but letters, digits, `-`,
/// `_` and `.` made `_`, and a leading `_` when it would start with `.`
/// (so `...loop` gives `_..`, never `..`). Never empty, never a path.
func outputName(forScenario path: String) -> String {
    var name = Substring(path.split(separator: "/").last ?? "")
    if name.hasSuffix(".loop") { name = name.dropLast(5) }
    var safe = String(name.map { c -> Character in
        c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_" || c == ".") ? c : "_"
    })
    if safe.isEmpty || safe.hasPrefix(".") { safe = "_" + safe }
    return safe
}

/// The trace of `loopsim run`, streamed: each event is encoded as it
/// happens (``TraceStreamWriter``) and written to `file` in chunks; the
/// last event's time is kept for the latency summary's run length.
final class TraceFileSink: TraceSink {
    private let stream: TraceStreamWriter
    /// The virtual time of the last event.
    private(set) var lastTime: Int64?
    /// The first failed write; nothing more is written after it.
    private(set) var writeError: SystemError?

    /// Where the writing closure notes its failure.
    private final class Failure { var error: SystemError? }
    private let failure = Failure()

    /// The progress line's meter, on a terminal (``RunProgress``).
    var progress: ProgressMeter?
    /// The Chrome form's damage counter: a frame's damaged area, pixels.
    var damagedArea: ((TraceEvent.FrameInfo) -> Int64?)?
    /// A second trace every event also goes to: the run folder's
    /// `trace.jsonl` (``RunFolder``).
    var copy: TraceFileSink?
    private let file: FileDescriptor
    private let closesFile: Bool

    init(format: TraceFormat, text: TextTraceOptions, file: FileDescriptor, chrome: ChromeTraceWriter.Options = .init(),
         closesFile: Bool = false) {
        self.file = file
        self.closesFile = closesFile
        let failure = self.failure
        stream = TraceStreamWriter(format: format, text: text, chrome: chrome) { chunk in
            guard failure.error == nil else { return }
            do {
                try chunk.withUnsafeBytes { raw in try file.writeAll(raw) }
            } catch {
                failure.error = error as? SystemError ?? SystemError("write", .ioError)
            }
        }
    }

    func record(_ event: TraceEvent) {
        lastTime = event.t
        if case .frame(let f) = event.kind, let damagedArea {
            stream.record(event, damagedArea: damagedArea(f))
        } else {
            stream.record(event)
        }
        progress?.note(event)
        copy?.record(event)
    }

    func finish() {
        stream.finish()
        writeError = failure.error
        copy?.finish()
        if closesFile { try? file.close() }
    }
}
