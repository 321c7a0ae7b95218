import LoopSimSystem
import LoopSimTrace
import Scenario
import Simulation

/// The golden-trace check of `loopsim test` (docs/guide/goldens.md): each
/// `NAME.loop` run with the in-process render server and its JSONL trace
/// compared with `NAME.trace.jsonl` beside it; on a mismatch the hunk
/// diff, the first differing event, the actual trace under the artifacts
/// folder and the frame artifacts (``FrameArtifacts``); recording by mode.
package enum GoldenCheck {
    /// When goldens are written (`--record`, `LOOPSIM_RECORD`).
    package enum RecordMode: String { case never, missing, all, failed }

    /// Checks `files` in order, printing a line for each and the summary;
    /// answers the exit status: 0 when all passed and none was recorded.
    package static func run(_ files: [String], record: RecordMode, artifacts: String, writesFrames: Bool,
                    expectedFrames: String?) -> Int32 {
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
        Console.out(summary)
        if recorded > 0 {
            Console.out("Goldens were recorded; this run does not count as a pass. Re-run 'loopsim test' without --record or LOOPSIM_RECORD to check them.")
        }
        return failed == 0 && recorded == 0 ? ExitStatus.success : ExitStatus.failure
    }

    package static func findScenarios(under root: String) -> [String] {
        let files = (try? FileSystem.filesBelow(root)) ?? []
        return files.filter { $0.hasSuffix(".loop") }.map { FilePath.join(root, $0) }.sorted()
    }

    package enum Verdict { case passed, failed, recorded }

    /// The golden path for a scenario: `NAME.trace.jsonl` beside `NAME.loop`.
    package static func goldenPath(for path: String) -> String {
        String(path.dropLast(".loop".count)) + ".trace.jsonl"
    }

    /// `ARTIFACTS/<the scenario's folder>/NAME.actual.trace.jsonl`, so
    /// same-named scenarios in different folders do not overwrite each other.
    package static func artifactPath(for path: String, under artifacts: String) -> String {
        // `a/../b` is `b`; what `..` is left cannot climb out of the artifacts.
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        parts.removeAll { $0 == ".." }
        let name = String(parts.last ?? "scenario").dropLast(".loop".count) + ".actual.trace.jsonl"
        let folder = parts.dropLast().joined(separator: "/")
        return FilePath.join(folder.isEmpty ? artifacts : FilePath.join(artifacts, folder), String(name))
    }

    package static func check(_ path: String, record: RecordMode, artifacts: String, writesFrames: Bool = true,
                      expectedFrames: String? = nil) -> Verdict {
        let golden = goldenPath(for: path)
        let actual: String
        var problems: [String] = []
        // Frames go to a temporary folder: the trace's frame events carry
        // their hashes, which is what the golden pins; the files are kept
        // until the frame artifacts of a mismatch are written.
        let frames: String
        do throws(SystemError) {
            frames = try FileSystem.makeTemporaryDirectory(prefix: "loopsim-test")
        } catch {
            Console.out("FAIL  \(path): cannot make a temporary folder for its frames: \(error)")
            return .failed
        }
        defer { try? FileSystem.removeTree(frames) }
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
            Console.out("FAIL  \(path)\n\(error.description)")
            return .failed
        }
        let expected = (try? FileSystem.readFile(golden, limit: ReadLimit.trace)).flatMap { String(validating: $0, as: UTF8.self) }
        let matches = expected == actual
        let shouldRecord = record == .all || (record == .missing && expected == nil) || (record == .failed && !matches)
        if shouldRecord && !(matches && record != .all) {
            do {
                try FileSystem.writeFileAtomically(golden, Array(actual.utf8))
                Console.out("REC   \(path) -> \(golden)")
                return .recorded
            } catch {
                Console.out("FAIL  \(path): cannot write \(golden): \(error)")
                return .failed
            }
        }
        guard let expected else {
            Console.out("FAIL  \(path): no golden trace at \(golden); record it with 'LOOPSIM_RECORD=missing loopsim test \(path)'")
            return .failed
        }
        if matches && problems.isEmpty {
            Console.out("ok    \(path)")
            return .passed
        }
        Console.out("FAIL  \(path)")
        for p in problems { Console.out("  " + p.replacingOccurrences(of: "\n", with: "\n  ")) }
        if !matches {
            let artifact = artifactPath(for: path, under: artifacts)
            try? FileSystem.createDirectory(FilePath.parent(of: artifact), intermediates: true)
            try? FileSystem.writeFileAtomically(artifact, Array(actual.utf8))
            let diff = LineDiff.unified(old: expected, new: actual, oldName: golden, newName: artifact)
            Console.out(diff)
            if let first = LineDiff.firstDifference(expected, actual) {
                Console.out("  first differing event (line \(first.line)):\n    expected: \(first.expected)\n    actual:   \(first.actual)")
            }
            Console.out("  actual trace written to \(artifact); if the change is intended, re-record with 'LOOPSIM_RECORD=failed loopsim test \(path)'")
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
