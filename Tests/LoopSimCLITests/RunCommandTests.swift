import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim run FILE`: the text trace, expectations, and exit statuses
/// 0 (all pass), 1 (one fails) and 2 (scenario error).
@Suite(.tags(.endToEnd)) struct RunCommandTests {
    @Test func aPassingScenarioPrintsTheTextTraceAndPassLinesAndExitsZero() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("passing.loop", Fixtures.passing)
        let result = try await loopsim(["run", "passing.loop"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let lines = result.stdoutLines
        #expect(lines.contains { $0.contains("run.begin") }, "\(result)")
        #expect(lines.contains { $0.contains("run.end") }, "\(result)")
        #expect(lines.contains { $0.contains("fired") }, "the text trace shows the log\n\(result)")
        let passLines = lines.filter { $0.hasPrefix("PASS") }
        #expect(passLines.count == 2, "\(result)")
        #expect(passLines.contains { $0.contains("\"fired\"") && $0.contains("at=1s") }, "\(result)")
        #expect(passLines.contains { $0.contains("\"tap\"") && $0.contains("at=2s") }, "\(result)")
        #expect(!lines.contains { $0.hasPrefix("FAIL") }, "\(result)")
        // The trace is not JSON: it is the text format.
        #expect(lines.first.map { jsonObject($0) == nil } == true, "\(result)")
    }

    @Test func aFailingExpectationPrintsFailWithTheObservedValueAndExitsOne() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("failing.loop", Fixtures.failing)
        let result = try await loopsim(["run", "failing.loop"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let lines = result.stdoutLines
        #expect(lines.contains { $0.contains("run.begin") }, "the trace is still printed\n\(result)")
        let wrongTime = lines.first { $0.hasPrefix("FAIL") && $0.contains("at=1.5s") }
        #expect(wrongTime?.contains("1s") == true && wrongTime?.contains("logged at 1s") == true,
                "the FAIL line for at=1.5s shows when it was observed (1s)\n\(result)")
        let never = lines.first { $0.hasPrefix("FAIL") && $0.contains("\"never\"") }
        #expect(never != nil, "\(result)")
        #expect(never?.contains("never logged") == true, "the FAIL line says the log was never observed\n\(result)")
        #expect(lines.contains { $0.hasPrefix("PASS") && $0.contains("at=1s") }, "\(result)")
        #expect(result.stdout.contains("1 passed, 2 failed"), "\(result)")
    }

    @Test func expectationsAreReportedOnStdoutWhenTheTraceGoesToAFile() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("failing.loop", Fixtures.failing)
        let result = try await loopsim(["run", "failing.loop", "--trace", "out.txt"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(!result.stdout.contains("run.begin"), "the trace went to the file\n\(result)")
        #expect(result.stdoutLines.filter { $0.hasPrefix("FAIL") }.count == 2, "\(result)")
        let trace = try sandbox.read("out.txt")
        #expect(trace.contains("run.begin"), "a .txt trace is the text format")
        #expect(jsonObject(splitLines(trace).first ?? "") == nil, "a .txt trace is the text format")
    }

    @Test(arguments: Fixtures.syntaxErrors)
    func aSyntaxErrorPrintsFileLineColumnTheLineAndACaretAndExitsTwo(_ error: Fixtures.SyntaxError) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("broken.loop", error.text)
        let result = try await loopsim(["run", "broken.loop", "--trace", "out.jsonl"], in: sandbox.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "nothing runs, nothing is printed on stdout\n\(result)")
        #expect(!sandbox.exists("out.jsonl"), "nothing runs, no trace is written")
        let lines = result.stderrLines
        try #require(lines.count >= 3, "\(result)")
        #expect(lines[0].hasPrefix("broken.loop:\(error.line):\(error.column): error: "), "\(result)")
        #expect(lines[0].contains(error.mentions), "\(result)")
        #expect(lines[1] == error.sourceLine, "\(result)")
        #expect(lines[2] == String(repeating: " ", count: error.column - 1) + "^", "the caret is under column \(error.column)\n\(result)")
    }

    @Test func aSyntaxErrorWithoutTraceOptionAlsoPrintsNothingOnStdout() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("broken.loop", Fixtures.syntaxErrors[0].text)
        let result = try await loopsim(["run", "broken.loop"], in: sandbox.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("broken.loop:3:5: error: "), "\(result)")
    }

    @Test func aMissingFileIsOneLineNamingTheFileWithExitSixtySix() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["run", "no-such-scenario.loop"], in: sandbox.url)
        #expect(result.status == 66, "EX_NOINPUT\n\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("no-such-scenario.loop: error: "), "\(result)")
    }

    @Test func aFolderGivenAsTheScenarioIsAScenarioError() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.file("folder.loop"), withIntermediateDirectories: true)
        let result = try await loopsim(["run", "folder.loop"], in: sandbox.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("folder.loop"), "\(result)")
    }

    /// A self-resignalling source without `sleep` keeps the loop busy
    /// forever: the run stops with an error naming the source (exit 2), and
    /// the trace up to that point is still written.
    @Test func aLoopKeptBusyForeverIsAScenarioErrorNamingTheSourceAndTheTraceIsKept() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("spin.loop", Fixtures.spinning)
        let result = try await loopsim(["run", "spin.loop", "--trace", "spin.jsonl"], in: sandbox.url, timeout: .seconds(90))
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "the trace went to the file\n\(result)")
        #expect(result.stderr.hasPrefix("spin.loop:"), "\(result)")
        #expect(result.stderr.contains("error:"), "\(result)")
        #expect(result.stderr.contains("'spin'"), "the error names the source that kept the loop busy\n\(result)")

        let trace = try Data(contentsOf: sandbox.file("spin.jsonl"))
        #expect(trace.count > 0, "the trace written so far is kept")
        let text = String(decoding: trace, as: UTF8.self)
        #expect(text.hasPrefix("{\"t\":0,\"iter\":0,\"ev\":\"run.begin\""), "\(text.prefix(200))")
        #expect(text.contains("\"ev\":\"callout\",\"kind\":\"source0\",\"name\":\"spin\""), "the source's callouts are in the trace")
        let lines = splitLines(text)
        #expect(lines.last.map { jsonObject($0) != nil } == true, "the trace ends on a whole JSON line: \(lines.last ?? "")")
    }

    @Test func aRunUntilIdleThatNeverSettlesIsAScenarioErrorNamingTheTimer() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("pulse.loop", Fixtures.neverIdle)
        let result = try await loopsim(["run", "pulse.loop", "--trace", "pulse.jsonl"], in: sandbox.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("pulse.loop:3:1: error: "), "\(result)")
        #expect(result.stderr.contains("'pulse'"), "the error names the timer that kept the loop from settling\n\(result)")
        #expect(try sandbox.read("pulse.jsonl").contains("\"name\":\"pulse\""), "the trace so far is written")
    }

    @Test func aTraceThatCannotBeWrittenIsReportedAndNotSilentlyDropped() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("passing.loop", Fixtures.passing)
        let result = try await loopsim(["run", "passing.loop", "--trace", "no-such-folder/out.jsonl"], in: sandbox.url)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("no-such-folder/out.jsonl"), "\(result)")
    }

    @Test("a scenario named '...loop' writes its frames under loopsim-out/, never outside it")
    func safeOutputName() async throws {
        let sandbox = try Sandbox()
        let source = try String(contentsOf: CLIPaths.traces.appendingPathComponent("render/tap-block-green.loop"), encoding: .utf8)
        _ = try sandbox.write("...loop", source)
        let r = try await loopsim(["run", "...loop", "--server", "thread"], in: sandbox.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.file("loopsim-out/_../frames/frames.jsonl").path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("frames").path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("loopsim-out/frames").path))
    }

    @Test func aContinuationResumedTwiceStopsTheRunQuotingSwiftsTrapAndExitsOne() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("twice.loop", """
            at 1s:
                task t:
                    await continuation c
            at 2s resume c
            at 2.5s resume c
            run until=3s
            """)
        let result = try await loopsim(["run", "twice.loop", "--trace", "out.jsonl", "--server", "none"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("twice.loop:5:1: error: continuation c resumed twice (SWIFT TASK CONTINUATION MISUSE: "), "\(result)")
        #expect(result.stderr.contains("tried to resume its continuation more than once"), "\(result)")
    }
}
