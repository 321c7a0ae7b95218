import Foundation
import LoopSimTrace
import Scenario
import Simulation

/// `loopsim test [PATH…]`: golden-trace checks.
enum TestCommand {
    static let spec = CommandSpec(
        name: "test",
        abstract: "Run the golden scenarios and compare their traces.",
        usage: "loopsim test [<path> ...] [--record <mode>] [--artifacts <dir>] [--expected-frames <dir>] [--faults <seeds>] [--frames none]",
        arguments: [("<path>", "Scenario files or folders searched for *.loop (default: Traces/).")],
        options: [
            ("--record <mode>", "missing, all or failed: write goldens (also LOOPSIM_RECORD)."),
            ("--artifacts <dir>", "Where actual traces (and frame PNGs) of failing scenarios go (default: loopsim-out/artifacts)."),
            ("--expected-frames <dir>", "Run folders from the golden's commit (DIR/NAME/frames/, as 'loopsim run' writes them under loopsim-out): the expected frames of a frame mismatch."),
            ("--frames none", "Write no frame files (by default they go to a temporary folder, removed after): the traces, hashes and expectations are the same."),
            ("--faults <seeds>", "A seed (17) or range (1-200): run each scenario clean and under each seed's faults, compare frames (docs/reliability.md)."),
        ],
        discussion: """
        Each NAME.loop is run and its JSONL trace compared with NAME.trace.jsonl
        beside it. On a mismatch the hunk diff and the first differing event are
        printed and the actual trace is written under the artifacts folder.
        When a frame's hash differs, NAME.actual.png (and, when the expected
        frame can be found, NAME.expected.png and NAME.diff.png) of the first
        differing frame are written beside it (docs/goldens.md).
        A run that records goldens says so and exits 1: re-run without
        recording to check them.
        With --faults, traces are not compared: each faulted run must show the
        clean run's frames or fail with its own error; the table of results is
        printed, and the exit status is 1 if any run lost frames otherwise.
        """)

    enum RecordMode: String { case never, missing, all, failed }

    static func main(_ args: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(args, valueOptions: ["--record", "--artifacts", "--faults", "--frames", "--expected-frames"], flagOptions: [])
        if let frames = parsed.values["--frames"], frames != "none" {
            throw UsageError(message: "the value '\(frames)' is invalid for '--frames' (expected none: 'loopsim test' writes frames to a temporary folder)")
        }
        let writesFrames = parsed.values["--frames"] == nil
        if parsed.wantsHelp { printOut(spec.help()); return ExitStatus.success }
        let recordText = parsed.values["--record"] ?? ProcessInfo.processInfo.environment["LOOPSIM_RECORD"] ?? "never"
        guard let record = RecordMode(rawValue: recordText.isEmpty ? "never" : recordText) else {
            throw UsageError(message: "the record mode '\(recordText)' is invalid (expected never, missing, all or failed)")
        }
        let artifacts = parsed.values["--artifacts"] ?? "loopsim-out/artifacts"
        let expectedFrames = parsed.values["--expected-frames"]
        if let expectedFrames {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: expectedFrames, isDirectory: &isDir), isDir.boolValue else {
                throw UsageError(message: "no such folder '\(expectedFrames)' for '--expected-frames' (a folder of run folders, NAME/frames/, from the golden's commit)")
            }
        }
        let roots = parsed.positionals.isEmpty ? ["Traces"] : parsed.positionals
        var files: [String] = []
        for root in roots {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir) else {
                throw NoInputError(message: "no such file or folder '\(root)'")
            }
            if isDir.boolValue {
                files += findScenarios(under: root)
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
        var passed = 0, failed = 0, recorded = 0
        for path in files {
            switch check(path, record: record, artifacts: artifacts, writesFrames: writesFrames, expectedFrames: expectedFrames) {
            case .passed: passed += 1
            case .failed: failed += 1
            case .recorded: recorded += 1
            }
        }
        var summary = "\(files.count) scenario\(files.count == 1 ? "" : "s"): \(passed) passed, \(failed) failed"
        if recorded > 0 { summary += ", \(recorded) recorded" }
        printOut(summary)
        if recorded > 0 {
            printOut("Goldens were recorded; this run does not count as a pass. Re-run 'loopsim test' without --record or LOOPSIM_RECORD to check them.")
        }
        return failed == 0 && recorded == 0 ? ExitStatus.success : ExitStatus.failure
    }

    static func findScenarios(under root: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            if rel.hasSuffix(".loop") { out.append((root as NSString).appendingPathComponent(rel)) }
        }
        return out.sorted()
    }

    enum Verdict { case passed, failed, recorded }

    /// The golden path for a scenario: `NAME.trace.jsonl` beside `NAME.loop`.
    static func goldenPath(for path: String) -> String {
        String(path.dropLast(".loop".count)) + ".trace.jsonl"
    }

    /// `ARTIFACTS/<the scenario's folder>/NAME.actual.trace.jsonl`, so
    /// same-named scenarios in different folders do not overwrite each other.
    static func artifactPath(for path: String, under artifacts: String) -> String {
        let parts = (path as NSString).standardizingPath.split(separator: "/").filter { $0 != ".." && $0 != "." }
        let name = String(parts.last ?? "scenario").dropLast(".loop".count) + ".actual.trace.jsonl"
        let folder = parts.dropLast().joined(separator: "/")
        return ((artifacts as NSString).appendingPathComponent(folder) as NSString).appendingPathComponent(String(name))
    }

    static func check(_ path: String, record: RecordMode, artifacts: String, writesFrames: Bool = true,
                      expectedFrames: String? = nil) -> Verdict {
        let golden = goldenPath(for: path)
        let actual: String
        var problems: [String] = []
        // Frames go to a temporary folder: the trace's frame events carry
        // their hashes, which is what the golden pins; the files are kept
        // until the frame artifacts of a mismatch are written.
        let frames = FileManager.default.temporaryDirectory
            .appendingPathComponent("loopsim-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: frames) }
        let scenario: (file: ScenarioFile, source: String)
        let actualEvents: [TraceEvent]
        do {
            let (file, source) = try ScenarioLoader.load(path: path)
            scenario = (file, source)
            let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: writesFrames ? frames : nil)).run()
            actualEvents = outcome.events
            actual = JSONLTraceWriter.render(outcome.events)
            if let failure = outcome.failure { problems.append(failure.description) }
            for r in outcome.expectations where !r.passed {
                problems.append((["FAIL  \(r.summary): \(r.observed)"] + r.fates.map { "      " + $0 }).joined(separator: "\n"))
            }
        } catch {
            printOut("FAIL  \(path)\n\(error.description)")
            return .failed
        }
        let expected = FileManager.default.contents(atPath: golden).flatMap { String(data: $0, encoding: .utf8) }
        let matches = expected == actual
        let shouldRecord = record == .all || (record == .missing && expected == nil) || (record == .failed && !matches)
        if shouldRecord && !(matches && record != .all) {
            do {
                try actual.write(toFile: golden, atomically: true, encoding: .utf8)
                printOut("REC   \(path) -> \(golden)")
                return .recorded
            } catch {
                printOut("FAIL  \(path): cannot write \(golden): \(error.localizedDescription)")
                return .failed
            }
        }
        guard let expected else {
            printOut("FAIL  \(path): no golden trace at \(golden); record it with 'LOOPSIM_RECORD=missing loopsim test \(path)'")
            return .failed
        }
        if matches && problems.isEmpty {
            printOut("ok    \(path)")
            return .passed
        }
        printOut("FAIL  \(path)")
        for p in problems { printOut("  " + p.replacingOccurrences(of: "\n", with: "\n  ")) }
        if !matches {
            let artifact = artifactPath(for: path, under: artifacts)
            try? FileManager.default.createDirectory(atPath: (artifact as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            try? actual.write(toFile: artifact, atomically: true, encoding: .utf8)
            let diff = LineDiff.unified(old: expected, new: actual, oldName: golden, newName: artifact)
            printOut(diff)
            if let first = LineDiff.firstDifference(expected, actual) {
                printOut("  first differing event (line \(first.line)):\n    expected: \(first.expected)\n    actual:   \(first.actual)")
            }
            printOut("  actual trace written to \(artifact); if the change is intended, re-record with 'LOOPSIM_RECORD=failed loopsim test \(path)'")
            let context = FrameArtifacts.Context(scenario: path, golden: golden, artifact: artifact, expectedFrames: expectedFrames)
            FrameArtifacts.write(context, expected: expected, actual: actualEvents, frames: writesFrames ? frames : nil) {
                // `--frames none`: run the scenario again, with frames (the
                // same run: determinism).
                _ = ScenarioRunner(file: scenario.file, source: scenario.source,
                                   render: .init(transport: .thread(.renderServer), frames: frames)).run()
                return frames
            }
        }
        return .failed
    }
}
