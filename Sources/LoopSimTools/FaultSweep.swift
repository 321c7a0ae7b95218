import Foundation
import LoopSimSystem
import LoopSimTrace
import Scenario
import Simulation

/// `--faults SEED` (run) and `--faults SEED|FIRST-LAST` (test): deterministic
/// fault injection (docs/internals/reliability.md).
package enum FaultSweep {
    /// `17` or `1-200`.
    package static func seeds(_ text: String) throws -> ClosedRange<UInt64> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { UInt64($0) }
        guard numbers.count == parts.count, (1...2).contains(numbers.count), numbers.first! <= numbers.last! else {
            throw UsageError(message: "the value '\(text)' is invalid for '--faults' (expected a seed such as 17, or a range such as 1-200)")
        }
        return numbers.first!...numbers.last!
    }

    /// How a faulted run ended, against the clean run.
    package enum Verdict {
        /// The same frames as the clean run (and the run's status).
        case identical
        /// Different frames, or none, but the run failed with its own error.
        case failedLoudly(String)
        /// Different frames, and the run failed only because an expectation
        /// of the scenario noticed: without it the run would exit 0.
        case caughtByExpectation(String)
        /// Different frames, and the run would exit 0: must never happen.
        case lostSilently(String)
    }

    /// One run: the frames it put on screen and whether it would exit 0.
    package struct Run {
        package var frames: [PresentedFrame]
        /// What the frames folder held at the end: each frame file's bytes
        /// (hashed) by name, and what of the presented frames was missing
        /// there (``FrameFolder/missingFrames(in:frames:)``).
        package var files: [String: Int]
        package var missing: [String]
        /// `loopsim run`'s status 0: no error, every expectation passed.
        package var exitsZero: Bool
        /// The run stopped with its own error (not a failed expectation).
        package var failedItself: Bool
        package var why: String
        package var warnings: [String]
    }

    /// Runs `path` with the thread transport, frames to a temporary folder,
    /// under `plan` (nil: clean).
    package static func run(_ path: String, plan: FaultPlan?) throws -> Run {
        let (file, source) = try ScenarioLoader.load(path: path)
        let frames = try FileSystem.makeTemporaryDirectory(prefix: "loopsim-faults")
        defer { try? FileSystem.removeTree(frames) }
        let outcome = FaultPlan.withPlan(plan) {
            ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: frames)).run()
        }
        let failed = outcome.expectations.filter { !$0.passed }.map { "FAIL \($0.summary): \($0.observed)" }
        let why = outcome.failure?.description ?? failed.joined(separator: "; ")
        let warnings = outcome.events.compactMap { event -> String? in
            if case .warn(let text) = event.kind { text } else { nil }
        }
        let presented = outcome.simulation.presentedFrames
        var files: [String: Int] = [:]
        for frame in presented {
            if let bytes = try? FileSystem.readFile(FilePath.join(frames, frame.file)) { files[frame.file] = bytes.hashValue }
        }
        return Run(frames: presented, files: files, missing: FrameFolder.missingFrames(in: frames, frames: presented.map(\.index)),
                   exitsZero: outcome.allPassed, failedItself: outcome.failure != nil, why: why, warnings: warnings)
    }

    /// Identical when every clean frame is there with its time and hash,
    /// every extra frame (a respawned server redraws the whole screen) shows
    /// what the clean run had on screen then, and on disk every frame the
    /// run presented has its file and `frames.jsonl` line, and every clean
    /// frame file has the clean run's bytes.
    package static func compare(clean: Run, faulted: Run) -> Verdict {
        var difference: String?
        let faultedByTime = Dictionary(faulted.frames.map { ($0.present, $0.hash) }, uniquingKeysWith: { a, _ in a })
        for frame in clean.frames where faultedByTime[frame.present] != frame.hash {
            difference = "frame at \(frame.present) ns: \(faultedByTime[frame.present].map { "hash \($0)" } ?? "missing"), expected hash \(frame.hash)"
            break
        }
        if difference == nil {
            let cleanTimes = Set(clean.frames.map(\.present))
            for frame in faulted.frames where !cleanTimes.contains(frame.present) {
                let onScreen = clean.frames.last { $0.present < frame.present }?.hash
                if onScreen != frame.hash {
                    difference = "extra frame at \(frame.present) ns with hash \(frame.hash), but the clean run showed \(onScreen ?? "no frame") then"
                    break
                }
            }
        }
        // The disk, not only what the server reported: every frame presented
        // has its file and index line, and the clean run's files their bytes.
        if difference == nil, let gone = faulted.missing.first {
            difference = "on disk: \(gone) missing"
        }
        if difference == nil {
            for (name, bytes) in clean.files.sorted(by: { $0.key < $1.key }) where faulted.files[name] != bytes {
                difference = "on disk: \(name) \(faulted.files[name] == nil ? "missing" : "holds other bytes") than the clean run's"
                break
            }
        }
        if difference == nil && faulted.exitsZero == clean.exitsZero { return .identical }
        let what = difference ?? "same frames, but the run \(faulted.exitsZero ? "passed" : "failed") where the clean run did not"
        if faulted.failedItself { return .failedLoudly("\(what); the run failed: \(faulted.why)") }
        if !faulted.exitsZero && clean.exitsZero { return .caughtByExpectation("\(what); only expectations failed: \(faulted.why)") }
        return .lostSilently(what + (faulted.warnings.isEmpty ? "" : "; warnings: " + faulted.warnings.joined(separator: " | ")))
    }

    /// Sweeps `seeds` over `files`; prints each failure and silent loss and
    /// the table; answers the exit status: 1 if any run lost frames without
    /// failing with its own error (silently, or caught only by an expectation).
    package static func sweep(_ files: [String], seeds: ClosedRange<UInt64>) -> Int32 {
        var runs = 0, identical = 0, loud = 0, caught = 0, silent = 0, faults = 0, broken = 0
        for path in files {
            let clean: Run
            do { clean = try run(path, plan: nil) } catch {
                Console.out("FAIL  \(path): \(error)")
                broken += 1
                continue
            }
            for seed in seeds {
                let plan = FaultPlan(seed: seed)
                let verdict: Verdict
                do { verdict = compare(clean: clean, faulted: try run(path, plan: plan)) } catch {
                    verdict = .failedLoudly("\(error)")
                }
                runs += 1
                faults += plan.injected.count
                switch verdict {
                case .identical: identical += 1
                case .failedLoudly(let why):
                    loud += 1
                    if CurrentProcess.environment("LOOPSIM_FAULTS_VERBOSE") != nil {
                        Console.out("loud  \(path) --faults \(seed) (\(plan.summary)): \(why)")
                    }
                case .caughtByExpectation(let why):
                    caught += 1
                    Console.out("CAUGHT \(path) --faults \(seed) (\(plan.summary)): \(why)")
                case .lostSilently(let why):
                    silent += 1
                    Console.out("LOST  \(path) --faults \(seed) (\(plan.summary)): \(why)")
                }
            }
        }
        Console.out("""
        | seeds tried | scenarios | runs | faults injected | runs identical | runs failed loudly | lost, caught only by an expectation | runs lost silently |
        |---|---|---|---|---|---|---|---|
        | \(seeds.lowerBound)–\(seeds.upperBound) (\(seeds.count)) | \(files.count) | \(runs) | \(faults) | \(identical) | \(loud) | \(caught) | \(silent) |
        """)
        return silent == 0 && caught == 0 && broken == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
