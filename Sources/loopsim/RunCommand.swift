import LoopSimSystem
import LoopSimTools
import LoopSimTrace
import Scenario
import Simulation

/// `loopsim run FILE [--trace PATH] [--format text|jsonl|chrome]`.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run",
        summary: "Run a scenario and print its trace and expectations.",
        abstract: "Run a scenario and print its trace and expectations.",
        usage: "loopsim run <file> [--trace <path>] [--format <format>] [--only <kinds>] [--hide <kinds>] [--quiet-observers] [--frames <dir>] [--server <transport>] [--allow-absolute-assets] [--faults <seed>] [--quiet] [--report]",
        arguments: [("<file>", "The scenario file (*.loop).")],
        options: [
            .value("--trace", "<path>", "Write the trace to <path> instead of standard output."),
            .value("--format", "<format>", "text, jsonl or chrome (default: from the --trace extension, else text)."),
            .value("--only", "<kinds>", "Text trace: show only these kinds, comma-separated (set,commit,frame,log,warn; also run, txn, anim and callout kinds such as observer)."),
            .value("--hide", "<kinds>", "Text trace: hide these kinds (--hide observer)."),
            .flag("--quiet-observers", "Text trace: fold the UIKit observers' empty callouts, one line per run of them."),
            .value("--frames", "<dir>|none", "Where the render server writes frames (default: loopsim-out/<name>/frames); none: no files, hashes and expectations kept."),
            .value("--server", "<transport>", "spawn (the loopsim-render process, default), thread, unix:PATH (a server started with 'loopsim-render --listen PATH'), or none."),
            .flag("--allow-absolute-assets", "Let 'image file=' read absolute paths and paths outside the scenario's folder."),
            .value("--faults", "<seed>", "Inject faults chosen from the seed: server kills, delayed replies, short writes, EINTR, ENOSPC (docs/internals/reliability.md)."),
            .flag("--quiet", "No progress line (on a terminal, a run that takes over a second of wall time shows one on standard error)."),
            .flag("--report", "Also write the run folder's report.html (loopsim report; docs/guide/report.md)."),
        ],
        discussion: """
        Warnings (an outside event after the last run, an expectation after the end,
        transaction options nothing used, …) go to standard error as FILE:LINE:COL:
        warning: …, and into the trace as warn events (docs/guide/guard-rails.md).

        A run that writes frames also writes its run folder beside them
        (loopsim-out/<name>/: trace.jsonl, scenario.loop, run.json), which
        'loopsim report' and 'loopsim diff' read (docs/guide/report.md).

        Exit status: 0 when every expectation passes, 1 when one fails, 2 for a
        scenario error (parse error, or a loop that never settles), 64 for a usage
        error, 66 when the file does not exist.
        """)

    static func run(_ parsed: ParsedArguments) throws -> Int32 {
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
        let render = try renderOptions(parsed, scenario: path, defaultTransport: .spawn)
        let faults = try parsed.values["--faults"].map { text -> FaultPlan in
            let seeds = try FaultSweep.seeds(text)
            guard seeds.count == 1 else { throw UsageError(message: "'--faults' takes one seed for 'run' (a range is for 'loopsim test')") }
            return FaultPlan(seed: seeds.lowerBound)
        }
        let request = RunTool.Request(
            scenario: path, tracePath: tracePath, format: format, text: textOptions, render: render,
            report: parsed.flags.contains("--report"), quiet: parsed.flags.contains("--quiet"),
            allowAbsoluteAssets: parsed.flags.contains("--allow-absolute-assets"), faults: faults, warnings: cliWarnings)
        return RunTool.run(request)
    }
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
    // come from the server's replies (docs/internals/render-server.md). A folder
    // named none is `./none`.
    return ScenarioRunner.RenderOptions(transport: transport, frames: frames == "none" ? nil : frames)
}

extension RunCommand {
    /// The text trace's options: colour names always; `--only`, `--hide`
    /// and `--quiet-observers`, which only the text form takes
    /// (docs/guide/trace-format.md §3).
    static func textTraceOptions(_ parsed: ParsedArguments, format: TraceFormat) throws -> TextTraceOptions {
        var options = TextTraceOptions.scenarioLanguage
        let only = parsed.values["--only"], hide = parsed.values["--hide"]
        let quiet = parsed.flags.contains("--quiet-observers")
        if format != .text {
            let given = [only.map { _ in "--only" }, hide.map { _ in "--hide" }, quiet ? "--quiet-observers" : nil].compactMap { $0 }
            if let first = given.first {
                throw UsageError(message: "'\(first)' filters the text trace only, not --format \(format.rawValue) (the JSON Lines and Chrome traces are always whole)")
            }
        }
        if only != nil || hide != nil {
            do throws(TextTraceFilter.UnknownKind) {
                options.filter = try TextTraceFilter(only: only, hide: hide)
            } catch {
                let option = (try? TextTraceFilter(only: only)) == nil ? "--only" : "--hide"
                throw UsageError(message: "the value '\(error.kind)' is invalid for '\(option)': \(error.description)")
            }
        }
        if quiet { options.foldedObservers = TextTraceOptions.uikitObserverNames }
        return options
    }
}
