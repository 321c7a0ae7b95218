import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim test` record modes: `LOOPSIM_RECORD=missing|all|failed` or
/// `--record MODE`. A run that records says so and exits non-zero; the next
/// plain run checks what was recorded.
@Suite(.tags(.endToEnd, .golden)) struct TestCommandRecordingTests {
    /// Copies one scenario of `Traces/` (without its golden) to `s/NAME.loop`.
    func copyOneScenarioWithoutGolden(into sandbox: Sandbox) throws -> String {
        let all = try FileManager.default.subpathsOfDirectory(atPath: CLIPaths.traces.path)
            .filter { $0.hasSuffix(".loop") }.sorted()
        let first = try #require(all.first, "no scenarios under \(CLIPaths.traces.path)")
        let name = (first as NSString).lastPathComponent
        try sandbox.copyFromTraces(first, to: "s/" + name)
        return "s/" + name
    }

    func golden(_ scenario: String) -> String { String(scenario.dropLast(".loop".count)) + ".trace.jsonl" }

    /// The JSONL trace `loopsim run` writes for `scenario`.
    func runTrace(_ scenario: String, in sandbox: Sandbox) async throws -> String {
        let result = try await loopsim(["run", scenario, "--trace", "run-output.jsonl"], in: sandbox.url)
        #expect(result.status == 0 || result.status == 1, "\(result)")
        return try sandbox.read("run-output.jsonl")
    }

    func expectRecordedRun(_ result: CLIResult, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, "a recording run exits non-zero\n\(result)", sourceLocation: sourceLocation)
        #expect(result.status == 1, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.contains("\(count) recorded"), "the summary counts the recordings\n\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.lowercased().contains("recorded"), "the run says it recorded\n\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.contains("Re-run"), "the run says how to check the recording\n\(result)", sourceLocation: sourceLocation)
    }

    @Test func recordMissingFromTheEnvironmentRecordsSaysSoExitsOneAndThenPasses() async throws {
        let sandbox = try Sandbox()
        let scenario = try copyOneScenarioWithoutGolden(into: sandbox)
        #expect(!sandbox.exists(golden(scenario)))

        let record = try await loopsim(["test", "s"], in: sandbox.url, environment: ["LOOPSIM_RECORD": "missing"])
        expectRecordedRun(record, count: 1)
        #expect(record.stdout.contains(golden(scenario)), "the run names the golden it wrote\n\(record)")
        let recorded = try sandbox.read(golden(scenario))
        #expect(recorded == (try await runTrace(scenario, in: sandbox)), "the golden is the JSONL trace of the scenario")

        let check = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(check.status == 0, "a plain run after recording passes\n\(check)")
        #expect(check.stdout.contains("1 passed, 0 failed"), "\(check)")
        #expect(!check.stdout.contains("recorded"), "\(check)")
    }

    @Test func recordMissingLeavesExistingGoldensAlone() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/a.loop", Fixtures.passing)
        try sandbox.write("s/b.loop", Fixtures.passing.replacingOccurrences(of: "\"tap\"", with: "\"tap b\""))
        let stale = "{\"t\":0,\"iter\":0,\"ev\":\"run.begin\",\"mode\":\"default\",\"depth\":1}\n"
        try sandbox.write("s/a.trace.jsonl", stale)
        let result = try await loopsim(["test", "s", "--record", "missing"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("1 failed, 1 recorded"), "a is checked (and fails), b is recorded\n\(result)")
        #expect(try sandbox.read("s/a.trace.jsonl") == stale, "an existing golden is not overwritten by 'missing'")
        #expect(result.stdout.contains("@@"), "the mismatch of a is shown\n\(result)")
        #expect(sandbox.exists("s/b.trace.jsonl"))
    }

    @Test func recordAllRewritesEveryGoldenSaysSoExitsOneAndThenPasses() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/a.loop", Fixtures.passing)
        try sandbox.write("s/b.loop", Fixtures.busyButSettling)
        try sandbox.write("s/a.trace.jsonl", "stale\n")
        let first = try await loopsim(["test", "s", "--record", "all"], in: sandbox.url)
        expectRecordedRun(first, count: 2)
        #expect(try sandbox.read("s/a.trace.jsonl") == (try await runTrace("s/a.loop", in: sandbox)))
        #expect(try sandbox.read("s/b.trace.jsonl") == (try await runTrace("s/b.loop", in: sandbox)))

        // With matching goldens, `all` still records (and still fails the run).
        let again = try await loopsim(["test", "s"], in: sandbox.url, environment: ["LOOPSIM_RECORD": "all"])
        expectRecordedRun(again, count: 2)

        let check = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains("2 passed, 0 failed"), "\(check)")
    }

    @Test func recordFailedRewritesOnlyMismatchingGoldens() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/a.loop", Fixtures.passing)
        try sandbox.write("s/b.loop", Fixtures.busyButSettling)
        let seed = try await loopsim(["test", "s", "--record", "missing"], in: sandbox.url)
        expectRecordedRun(seed, count: 2)
        let goldenB = try sandbox.read("s/b.trace.jsonl")
        try sandbox.write("s/a.loop", Fixtures.passing.replacingOccurrences(of: "\"fired\"", with: "\"fired late\""))

        let result = try await loopsim(["test", "s"], in: sandbox.url, environment: ["LOOPSIM_RECORD": "failed"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("1 passed, 0 failed, 1 recorded"), "\(result)")
        #expect(try sandbox.read("s/a.trace.jsonl").contains("fired late"))
        #expect(try sandbox.read("s/b.trace.jsonl") == goldenB)

        let check = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(check.status == 0, "\(check)")
    }

    @Test func theRecordOptionWinsOverTheEnvironment() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/a.loop", Fixtures.passing)
        let result = try await loopsim(["test", "s", "--record", "never"], in: sandbox.url, environment: ["LOOPSIM_RECORD": "all"])
        #expect(result.status == 1, "\(result)")
        #expect(!sandbox.exists("s/a.trace.jsonl"), "--record never overrides LOOPSIM_RECORD=all\n\(result)")
    }

    @Test func anEmptyRecordVariableMeansNever() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/a.loop", Fixtures.passing)
        let result = try await loopsim(["test", "s"], in: sandbox.url, environment: ["LOOPSIM_RECORD": ""])
        #expect(result.status == 1, "\(result)")
        #expect(!sandbox.exists("s/a.trace.jsonl"), "\(result)")
    }

    /// A file given by path that is not `*.loop` has no `NAME.trace.jsonl`
    /// golden name; recording must not invent one by cutting five characters
    /// off the file name (`notes.txt` → `note.trace.jsonl`). It is a usage
    /// error, and nothing is written.
    @Test func aPathThatIsNotALoopFileIsRejectedAndNothingIsRecorded() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/notes.txt", Fixtures.passing)
        let result = try await loopsim(["test", "s/notes.txt", "--record", "missing"], in: sandbox.url)
        expectUsageError(result, mentioning: ["notes.txt"], seeHelpOf: "loopsim test")
        #expect(sandbox.files(under: "s") == ["notes.txt"], "nothing was written beside it: \(sandbox.files(under: "s"))")
    }
}
