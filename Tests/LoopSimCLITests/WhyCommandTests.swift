import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim why RUN LAYER.PROP[==VALUE]` end to end, and the fates under a
/// failed `expect visible` in `loopsim run` (docs/guide/fates.md).
@Suite(.tags(.endToEnd)) struct WhyCommandTests {
    static let yellowThenGreen = """
        display size=(200,100) hz=60
        view button frame=(50,30,100,40) background=red

        at 1s:
            set button.background = yellow
            sleep 0.4s
            set button.background = green

        run until=2s
        expect visible button.background == yellow at=1.2s

        """

    @Test("why on the golden scenario: yellow is overwritten and never committed, green is on screen in frame 241")
    func doneWhen() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("transactions/first-change-never-ships.loop", to: "s.loop")
        let result = try await loopsim(["why", "s.loop", "button.background"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == [
            "button.background = red: set at 0.000 s in txn 1, shipped in the commit at 0.000 s, on screen in frame 1 at 0.017 s (16.667 ms after the set; txn 1: latency 16.667 ms)",
            "button.background = yellow: set at 1.000 s in txn 2, overwritten at 4.000 s by green in the same transaction; never committed",
            "button.background = green: set at 4.000 s in txn 2, shipped in the commit at 4.000 s, on screen in frame 241 at 4.017 s (16.667 ms after the set; txn 2: latency 3016.667 ms, hitch 3000.000 ms, late commit)",
        ], "\(result)")
    }

    @Test("why on a recorded trace prints what the run prints; ==VALUE takes the spelling or the colour's name")
    func recordedTrace() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("transactions/first-change-never-ships.loop", to: "s.loop")
        try sandbox.copyFromTraces("transactions/first-change-never-ships.trace.jsonl", to: "s.trace.jsonl")
        let fromRun = try await loopsim(["why", "s.loop", "button.background==yellow"], in: sandbox.url)
        let fromTrace = try await loopsim(["why", "s.trace.jsonl", "button.background==#ffff00ff"], in: sandbox.url)
        #expect(fromRun.status == 0 && fromTrace.status == 0, "\(fromRun)\n\(fromTrace)")
        #expect(fromRun.stdoutLines.count == 1, "\(fromRun)")
        #expect(fromRun.stdout == fromTrace.stdout)
    }

    @Test("a transaction left open: never committed")
    func leftOpen() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("transactions/begin-without-commit.trace.jsonl", to: "t.jsonl")
        let result = try await loopsim(["why", "t.jsonl", "box.background==green"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "box.background = green: set at 2.000 s in txn 2; never committed: txn 2 was still open when the run ended\n", "\(result)")
    }

    @Test("no matching set exits 1 and suggests the property that was set")
    func noMatch() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("transactions/first-change-never-ships.trace.jsonl", to: "t.jsonl")
        let result = try await loopsim(["why", "t.jsonl", "buton.background"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("did you mean 'button.background'?"), "\(result)")
        let value = try await loopsim(["why", "t.jsonl", "button.background==blue"], in: sandbox.url)
        #expect(value.status == 1, "\(value)")
        #expect(value.stderr.contains("it was set to red, yellow, green"), "\(value)")
    }

    @Test("a missing input exits 66 with one line; a trace that does not read is a positioned error")
    func inputErrors() async throws {
        let sandbox = try Sandbox()
        let missing = try await loopsim(["why", "nope.loop", "a.b"], in: sandbox.url)
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.stderrLines == ["Error: cannot read 'nope.loop': No such file or directory"], "\(missing)")
        #expect(missing.stdout.isEmpty)
        _ = try sandbox.write("bad.jsonl", #"{"t":0,"iter":0,"ev":"set"}"# + "\n")
        let bad = try await loopsim(["why", "bad.jsonl", "a.b"], in: sandbox.url)
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.hasPrefix("bad.jsonl:1:"), "\(bad)")
    }

    @Test(arguments: [
        (["why"], "<run>"), (["why", "a.loop"], "<layer.prop[==value]>"), (["why", "a.loop", "button"], "button"),
        (["why", "a.loop", "button.background=="], "button.background=="), (["why", "a.loop", ".x"], ".x"),
        (["why", "a.loop", "a.b", "c"], "'c'"), (["why", "a.loop", "a.b", "--only", "set"], "--only"),
    ])
    func usageErrors(arguments: [String], mentions: String) async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(arguments, in: sandbox.url)
        expectUsageError(result, mentioning: [mentions], seeHelpOf: "loopsim why")
    }

    @Test("why has help like the other subcommands")
    func help() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["help", "why"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stdout.contains("USAGE: loopsim why <run> <layer.prop[==value]>"))
        #expect(result.stdout.contains("ARGUMENTS:"))
        let root = try await loopsim(["--help"], in: sandbox.url)
        #expect(root.stdoutLines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("why ") }, "\(root)")
    }

    @Test("a failed expect visible in loopsim run prints the fates under the failure, from the streamed trace")
    func fatesUnderFailure() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("v.loop", Self.yellowThenGreen)
        let result = try await loopsim(["run", "v.loop", "--frames", "none", "--server", "thread"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        let lines = result.stdoutLines
        let fail = try #require(lines.firstIndex { $0.hasPrefix("FAIL  expect visible button.background") }, "\(result)")
        #expect(lines[fail + 1] == "      yellow: set at 1.000 s in txn 2, overwritten at 1.400 s by green in the same transaction; never committed")
    }
}
