import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim run`'s warnings (docs/guide/guard-rails.md): `FILE:LINE:COL: warning:`
/// lines on stderr and `warn` events in the trace; a warning never changes
/// the exit status.
@Suite(.tags(.endToEnd)) struct WarningOutputTests {
    @Test func anAtAfterTheLastRunIsAWarningOnStderrAndInTheTrace() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("late.loop", """
            at 2s:
                log "tap"
            run until=1s
            """)
        let result = try await loopsim(["run", "late.loop", "--server", "none", "--trace", "t.jsonl"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines == ["late.loop:1:1: warning: `at 2s` is after the last run ended at 1s: it was dropped; end the last run later (`run until=2s` or more) or remove it"],
                "\(result)")
        let last = try #require(jsonObject(splitLines(try sandbox.read("t.jsonl")).last ?? ""))
        #expect(last["ev"] as? String == "warn")
        #expect((last["text"] as? String)?.hasPrefix("line 1: `at 2s` is after the last run") == true, "\(last)")
    }

    @Test func aFileWithoutRunIsAWarning() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("empty.loop", "layer box frame=(0,0,4,4)\n")
        let result = try await loopsim(["run", "empty.loop", "--server", "none"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.hasPrefix("empty.loop:1:1: warning: the file has no `run`"), "\(result)")
        #expect(result.stdout.contains("warn"), "the text trace shows the warn event\n\(result)")
    }

    @Test(arguments: [("out.json", "jsonl", "chrome"), ("out.jsonl", "chrome", "jsonl"), ("out.txt", "jsonl", "text")])
    func aTraceWhoseExtensionDisagreesWithFormatIsAWarning(_ c: (path: String, format: String, implied: String)) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("passing.loop", Fixtures.passing)
        let result = try await loopsim(["run", "passing.loop", "--server", "none", "--trace", c.path, "--format", c.format], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        let warning = result.stderrLines.first ?? ""
        #expect(warning.hasPrefix("warning: the trace '\(c.path)' ends in "), "\(result)")
        #expect(warning.contains("the \(c.implied) form, but --format is \(c.format)"), "\(result)")
        let trace = try sandbox.read(c.path)
        #expect(trace.contains("warn"), "the warning is in the trace too")
        if c.format == "jsonl" {
            let first = try #require(jsonObject(splitLines(trace).first ?? ""))
            #expect(first["ev"] as? String == "warn" && first["t"] as? Int == 0, "the first event, at 0")
        }
    }

    @Test(arguments: [("out.jsonl", "{"), ("out.json", "{\"displayTimeUnit\"")])
    func withoutFormatTheExtensionPicksItAndNothingIsWarned(_ c: (path: String, prefix: String)) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("passing.loop", Fixtures.passing)
        let result = try await loopsim(["run", "passing.loop", "--server", "none", "--trace", c.path], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(try sandbox.read(c.path).hasPrefix(c.prefix))
    }
}
