import LoopSimSystem
import RenderServer
import LoopSimTrace
import Scenario
import Simulation

/// `loopsim run`'s logic, after the command has parsed and checked its
/// options: the scenario loaded and run, its trace streamed (to `--trace`
/// or standard output, and to the run folder's `trace.jsonl`), the run
/// folder and its `run.json` (and with `--report` its page), the latency
/// summary, the expectations and the frames line (docs/guide/trace-format.md,
/// docs/guide/report.md).
package enum RunTool {
    /// A checked `loopsim run`.
    package struct Request {
        /// The scenario file.
        package var scenario: String
        /// `--trace`: where the trace goes instead of standard output.
        package var tracePath: String?
        package var format: TraceFormat
        /// The text trace's options (`--only`, `--hide`, `--quiet-observers`).
        package var text: TextTraceOptions
        /// `--server` and `--frames`; nil for no server.
        package var render: ScenarioRunner.RenderOptions?
        /// `--report`.
        package var report: Bool
        /// `--quiet`: no progress line.
        package var quiet: Bool
        package var allowAbsoluteAssets: Bool
        /// `--faults SEED`.
        package var faults: FaultPlan?
        /// Warnings about the options, printed and traced before the run.
        package var warnings: [String]

        package init(scenario: String, tracePath: String?, format: TraceFormat, text: TextTraceOptions,
             render: ScenarioRunner.RenderOptions?, report: Bool, quiet: Bool, allowAbsoluteAssets: Bool,
             faults: FaultPlan?, warnings: [String]) {
            self.scenario = scenario
            self.tracePath = tracePath
            self.format = format
            self.text = text
            self.render = render
            self.report = report
            self.quiet = quiet
            self.allowAbsoluteAssets = allowAbsoluteAssets
            self.faults = faults
            self.warnings = warnings
        }
    }

    /// Runs `request`; answers the exit status (docs: `loopsim run --help`).
    package static func run(_ request: Request) -> Int32 {
        let path = request.scenario, tracePath = request.tracePath, format = request.format
        let render = request.render, wantsReport = request.report, faults = request.faults
        let file: ScenarioFile
        let source: String
        do {
            (file, source) = try ScenarioLoader.load(path: path)
        } catch {
            Console.error(error.description)
            return error.fileProblem == .missing ? ExitStatus.noInput : ExitStatus.scenarioError
        }
        let folder = runFolder(render, report: wantsReport, scenario: path)
        var folderTrace: TraceFileSink?
        if let folder {
            do throws(FramesDataError) {
                folderTrace = try openRunFolder(folder, source: source, tracePath: tracePath)
            } catch {
                Console.error("Error: \(error.message)")
                return ExitStatus.failure
            }
        }
        // The trace is written as it happens, never kept (docs/guide/trace-format.md).
        let traceFile: FileDescriptor
        if let tracePath {
            do throws(SystemError) {
                traceFile = try FileSystem.open(tracePath, flags: [.writeOnly, .create, .truncate])
            } catch {
                Console.error("Error: cannot write the trace to '\(tracePath)': \(error)")
                return ExitStatus.failure
            }
        } else {
            traceFile = .standardOutput
        }
        let sink = TraceFileSink(format: format, text: request.text, file: traceFile, chrome: ChromeTraceWriter.Options(vsyncHz: render == nil ? nil : file.display.hz))
        sink.copy = folderTrace
        // Wall time is read for the progress line only (RunProgress).
        if RunProgress.isShown(stderrIsTerminal: FileDescriptor.standardError.isTerminal, quiet: request.quiet,
                               traceOnTerminal: tracePath == nil && FileDescriptor.standardOutput.isTerminal) {
            sink.progress = ProgressMeter(end: RunProgress.expectedEnd(of: file), clock: WallClock.nanoseconds) { text in
                Console.write(text, to: .standardError)
            }
        }
        for text in request.warnings {
            Console.error("warning: " + text)
            sink.record(TraceEvent(t: 0, iter: 0, .warn(text: text)))
        }
        let runner = ScenarioRunner(file: file, source: source, trace: sink, render: render,
                                    allowAbsoluteAssets: request.allowAbsoluteAssets)
        if format == .chrome {
            // The damage counter's samples: the frame on screen at the
            // event's time is the event's own (looked up from the newest).
            sink.damagedArea = { [simulation = runner.simulation] f in
                guard let shown = simulation.presentedFrame(onScreenAt: f.present), shown.index == UInt64(f.frame) else { return nil }
                return shown.damagedArea
            }
        }
        let outcome = FaultPlan.withPlan(faults) { runner.run() }
        sink.progress?.finish()
        if let faults { Console.error("faults (seed \(faults.seed)): \(faults.summary)") }
        sink.finish()
        if tracePath != nil { try? traceFile.close() }
        if let error = sink.writeError {
            Console.error("Error: cannot write the trace to '\(tracePath ?? "standard output")': \(error)")
            return ExitStatus.failure
        }
        if let folder, let error = folderTrace?.writeError {
            Console.error("Error: cannot write the trace to '\(folder.tracePath)': \(error)")
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
                    try Report.write(folder: folder, to: folder.reportPath, maxFrames: Report.defaultMaxFrames)
                    reportLine = "report: \(folder.reportPath)"
                }
            } catch {
                Console.error("Error: \(error.message)")
                return ExitStatus.failure
            }
        }
        for warning in outcome.warnings { Console.error(warning.description) }
        if let failure = outcome.failure {
            Console.error(failure.description)
            // A trap of the simulated program (docs/reference/concurrency.md) fails the run like a crash.
            return failure.isTrap ? ExitStatus.failure : ExitStatus.scenarioError
        }
        // A machine-readable trace on stdout stays pure: reports go to stderr.
        func report(_ text: String) {
            if tracePath == nil && format != .text { Console.error(text) } else { Console.out(text) }
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
/// many and where (`docs/guide/frames.md`). Nil when none were written (no
/// server, `--frames none`, or nothing drawn), so a run without frames
/// prints its trace and nothing more.
package func framesLine(_ render: ScenarioRunner.RenderOptions?, drawn: Int) -> String? {
    guard let folder = render?.frames, drawn > 0 else { return nil }
    return "frames: \(drawn) written to \(folder) (loopsim frames \(folder) list, or sheet --out sheet.png)"
}

package enum ExpectationReport {
    package static func render(_ results: [ExpectationResult]) -> String {
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
package func outputName(forScenario path: String) -> String {
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
package final class TraceFileSink: TraceSink {
    private let stream: TraceStreamWriter
    /// The virtual time of the last event.
    package private(set) var lastTime: Int64?
    /// The first failed write; nothing more is written after it.
    package private(set) var writeError: SystemError?

    /// Where the writing closure notes its failure.
    private final class Failure { var error: SystemError? }
    private let failure = Failure()

    /// The progress line's meter, on a terminal (``RunProgress``).
    package var progress: ProgressMeter?
    /// The Chrome form's damage counter: a frame's damaged area, pixels.
    package var damagedArea: ((TraceEvent.FrameInfo) -> Int64?)?
    /// A second trace every event also goes to: the run folder's
    /// `trace.jsonl` (``RunFolder``).
    package var copy: TraceFileSink?
    private let file: FileDescriptor
    private let closesFile: Bool

    package init(format: TraceFormat, text: TextTraceOptions, file: FileDescriptor, chrome: ChromeTraceWriter.Options = .init(),
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

    package func record(_ event: TraceEvent) {
        lastTime = event.t
        if case .frame(let f) = event.kind, let damagedArea {
            stream.record(event, damagedArea: damagedArea(f))
        } else {
            stream.record(event)
        }
        progress?.note(event)
        copy?.record(event)
    }

    package func finish() {
        stream.finish()
        writeError = failure.error
        copy?.finish()
        if closesFile { try? file.close() }
    }
}
