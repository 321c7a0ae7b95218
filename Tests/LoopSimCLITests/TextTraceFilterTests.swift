import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim run`'s text trace: colour names, `--only`, `--hide`,
/// `--quiet-observers` (docs/guide/trace-format.md §3). The JSON Lines trace never
/// changes with them.
@Suite(.tags(.endToEnd)) struct TextTraceFilterTests {
    func run(_ extra: [String]) async throws -> (CLIResult, Sandbox) {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("transactions/first-change-never-ships.loop", to: "s.loop")
        let result = try await loopsim(["run", "s.loop", "--frames", "none", "--server", "thread"] + extra, in: sandbox.url)
        return (result, sandbox)
    }

    /// The trace lines of stdout (the report follows them).
    func traceLines(_ r: CLIResult) -> [String] { r.stdoutLines.filter { $0.hasPrefix("    ") && $0.contains("  #") } }

    @Test("a colour with a name in the language is written with it in the text trace; the JSON Lines trace is the golden")
    func colourNames() async throws {
        let (result, sandbox) = try await run([])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("value=#ffff00ff (yellow) txn=2"), "\(result)")
        #expect(result.stdout.contains("changes=[button.background=#00ff00ff (green)]"), "\(result)")
        let jsonl = try await loopsim(["run", "s.loop", "--frames", "none", "--server", "thread", "--trace", "t.jsonl"], in: sandbox.url)
        #expect(jsonl.status == 0, "\(jsonl)")
        let golden = try String(contentsOf: CLIPaths.traces.appendingPathComponent("transactions/first-change-never-ships.trace.jsonl"), encoding: .utf8)
        #expect(try sandbox.read("t.jsonl") == golden)
    }

    @Test("--only set,commit,frame,log,warn keeps those lines and nothing else")
    func only() async throws {
        let (result, _) = try await run(["--only", "set,commit,frame,log,warn"])
        #expect(result.status == 0, "\(result)")
        let kinds = traceLines(result).map { $0.split(separator: " ")[2] }
        #expect(kinds == ["set", "set", "commit", "frame", "set", "set", "commit", "frame"], "\(result)")
    }

    @Test("--hide observer drops the observer callouts and keeps what ran inside them")
    func hideObserver() async throws {
        let (all, _) = try await run([])
        let (result, _) = try await run(["--hide", "observer"])
        #expect(result.status == 0, "\(result)")
        let lines = traceLines(result)
        #expect(!lines.contains { $0.contains(" observer ") })
        #expect(lines.filter { $0.contains(" commit ") }.count == 2)
        #expect(lines.count == traceLines(all).count - traceLines(all).filter { $0.contains(" observer ") }.count)
    }

    @Test("--quiet-observers folds the UIKit observers' empty callouts: no empty one is left, the commit's stays")
    func quietObservers() async throws {
        let (all, _) = try await run([])
        let (result, _) = try await run(["--quiet-observers"])
        #expect(result.status == 0, "\(result)")
        let lines = traceLines(result)
        #expect(!lines.contains { $0.contains("observer _beforeCACommitHandler") })
        #expect(lines.filter { $0.contains("callout     observer CA::Transaction::observer_callback") }.count == 2,
                "the two commit callouts are not empty")
        // One line per block: entry; each commit's pass, after its
        // commit callout (4 empty: the gesture, before, after and
        // autorelease handlers); the four at exit.
        let folded = lines.filter { $0.contains("  observers   ") }.map { $0.split(separator: " ")[3] }
        #expect(folded == ["1", "4", "4", "4"], "\(result)")
        #expect(lines.count == traceLines(all).count - 22, "13 empty callouts (26 lines) became 4 lines")
    }

    @Test(arguments: [
        (["--only", "sett"], ["sett", "did you mean 'set'?", "valid kinds:", "observer"]),
        (["--hide", "observers"], ["observers", "--hide", "valid kinds:"]),
        (["--only", "set", "--format", "jsonl"], ["--only", "text trace only"]),
        (["--quiet-observers", "--trace", "t.json"], ["--quiet-observers", "chrome"]),
    ])
    func usageErrors(arguments: [String], mentions: [String]) async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["run", "x.loop"] + arguments, in: sandbox.url)
        expectUsageError(result, mentioning: mentions, seeHelpOf: "loopsim run")
    }
}
