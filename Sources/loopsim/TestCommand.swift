import LoopSimSystem
import LoopSimTools

/// `loopsim test [PATH…]`: golden-trace checks.
enum TestCommand {
    static let spec = CommandSpec(
        name: "test",
        summary: "Run the golden scenarios under Traces/ and compare their traces.",
        abstract: "Run the golden scenarios and compare their traces.",
        usage: "loopsim test [<path> ...] [--record <mode>] [--artifacts <dir>] [--expected-frames <dir>] [--faults <seeds>] [--frames none]",
        arguments: [("<path>", "Scenario files or folders searched for *.loop (default: Traces/).")],
        options: [
            .value("--record", "<mode>", "missing, all or failed: write goldens (also LOOPSIM_RECORD)."),
            .value("--artifacts", "<dir>", "Where actual traces (and frame PNGs) of failing scenarios go (default: loopsim-out/artifacts)."),
            .value("--expected-frames", "<dir>", "Run folders from the golden's commit (DIR/NAME/frames/, as 'loopsim run' writes them under loopsim-out): the expected frames of a frame mismatch."),
            .value("--frames", "none", "Write no frame files (by default they go to a temporary folder, removed after): the traces, hashes and expectations are the same."),
            .value("--faults", "<seeds>", "A seed (17) or range (1-200): run each scenario clean and under each seed's faults, compare frames (docs/internals/reliability.md)."),
        ],
        discussion: """
        Each NAME.loop is run and its JSONL trace compared with NAME.trace.jsonl
        beside it. On a mismatch the hunk diff and the first differing event are
        printed and the actual trace is written under the artifacts folder.
        When a frame's hash differs, NAME.actual.png (and, when the expected
        frame can be found, NAME.expected.png and NAME.diff.png) of the first
        differing frame are written beside it (docs/guide/goldens.md).
        A run that records goldens says so and exits 1: re-run without
        recording to check them.
        With --faults, traces are not compared: each faulted run must show the
        clean run's frames or fail with its own error; the table of results is
        printed, and the exit status is 1 if any run lost frames otherwise.
        """)

    static func run(_ parsed: ParsedArguments) throws -> Int32 {
        if let frames = parsed.values["--frames"], frames != "none" {
            throw UsageError(message: "the value '\(frames)' is invalid for '--frames' (expected none: 'loopsim test' writes frames to a temporary folder)")
        }
        let writesFrames = parsed.values["--frames"] == nil
        let recordText = parsed.values["--record"] ?? CurrentProcess.environment("LOOPSIM_RECORD") ?? "never"
        guard let record = GoldenCheck.RecordMode(rawValue: recordText.isEmpty ? "never" : recordText) else {
            throw UsageError(message: "the record mode '\(recordText)' is invalid (expected never, missing, all or failed)")
        }
        let artifacts = parsed.values["--artifacts"] ?? "loopsim-out/artifacts"
        let expectedFrames = parsed.values["--expected-frames"]
        if let expectedFrames {
            guard FileSystem.isDirectory(expectedFrames) else {
                throw UsageError(message: "no such folder '\(expectedFrames)' for '--expected-frames' (a folder of run folders, NAME/frames/, from the golden's commit)")
            }
        }
        let roots = parsed.positionals.isEmpty ? ["Traces"] : parsed.positionals
        var files: [String] = []
        for root in roots {
            guard let kind = FileSystem.kind(of: root) else {
                throw NoInputError(message: "no such file or folder '\(root)'")
            }
            if kind == .directory {
                files += GoldenCheck.findScenarios(under: root)
            } else {
                guard root.hasSuffix(".loop") else {
                    throw UsageError(message: "'\(root)' is not a scenario (*.loop) file or a folder")
                }
                files.append(root)
            }
        }
        if files.isEmpty {
            printError("Error: no *.loop files under \(roots.joined(separator: ", "))")
            return ExitStatus.failure
        }

        if let faults = parsed.values["--faults"] {
            return FaultSweep.sweep(files, seeds: try FaultSweep.seeds(faults))
        }
        return GoldenCheck.run(files, record: record, artifacts: artifacts, writesFrames: writesFrames, expectedFrames: expectedFrames)
    }
}
