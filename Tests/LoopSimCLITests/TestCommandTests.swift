import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim test [PATH…]`: golden comparison, hunk diff, first differing
/// event, artifacts. Goldens are copied into a sandbox; the repository's
/// `Traces/` is only read.
@Suite(.tags(.endToEnd, .golden)) struct TestCommandTests {
    /// Copies the repository's `Traces/` into the sandbox and returns the
    /// scenario paths relative to the sandbox.
    func copyTraces(into sandbox: Sandbox) throws -> [String] {
        try sandbox.copyFromTraces(to: "Traces")
        let scenarios = sandbox.files(under: "Traces").filter { $0.hasSuffix(".loop") }.map { "Traces/" + $0 }
        try #require(!scenarios.isEmpty, "no scenarios under \(CLIPaths.traces.path)")
        return scenarios
    }

    /// Edits the first copied scenario that has `log "…"` actions: every log
    /// text gets the prefix `edited `, so the trace changes at its first log
    /// event and nowhere else. Returns the scenario's path.
    func editOneScenario(in sandbox: Sandbox, _ scenarios: [String]) throws -> String {
        for path in scenarios {
            var lines = splitLines(try sandbox.read(path))
            var edited = false
            for (index, line) in lines.enumerated() where line.drop(while: { $0 == " " }).hasPrefix("log \"") {
                lines[index] = line.replacingOccurrences(of: "log \"", with: "log \"edited ")
                edited = true
            }
            if edited {
                try sandbox.write(path, lines.joined(separator: "\n") + "\n")
                return path
            }
        }
        throw CLIHarnessError(description: "no scenario under Traces/ has a log action to edit")
    }

    @Test func aFolderOfCopiedGoldensPasses() async throws {
        let sandbox = try Sandbox()
        let scenarios = try copyTraces(into: sandbox)
        let before = sandbox.files(under: "Traces")
        let result = try await loopsim(["test", "Traces"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        for scenario in scenarios {
            #expect(result.stdoutLines.contains { $0.hasPrefix("ok") && $0.hasSuffix(scenario) }, "\(scenario) not reported ok\n\(result)")
        }
        #expect(result.stdout.contains("\(scenarios.count) scenarios: \(scenarios.count) passed, 0 failed"), "\(result)")
        #expect(sandbox.files(under: "Traces") == before, "a passing test run writes nothing next to the goldens")
        #expect(!sandbox.exists("loopsim-out"), "a passing test run writes no artifacts")
    }

    @Test func withoutPathsItSearchesTracesInTheCurrentFolder() async throws {
        let sandbox = try Sandbox()
        let scenarios = try copyTraces(into: sandbox)
        let result = try await loopsim(["test"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.filter { $0.hasPrefix("ok") }.count == scenarios.count, "\(result)")
    }

    @Test func singleFilesCanBeGivenAsPaths() async throws {
        let sandbox = try Sandbox()
        let scenarios = try copyTraces(into: sandbox)
        let picked = Array(scenarios.prefix(2))
        let result = try await loopsim(["test"] + picked, in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.filter { $0.hasPrefix("ok") }.count == picked.count, "\(result)")
    }

    @Test func anEditedScenarioFailsWithAHunkDiffTheFirstDifferingEventAndAnArtifact() async throws {
        let sandbox = try Sandbox()
        let scenarios = try copyTraces(into: sandbox)
        let edited = try editOneScenario(in: sandbox, scenarios)
        let golden = String(edited.dropLast(".loop".count)) + ".trace.jsonl"
        let goldenBefore = try sandbox.read(golden)

        let result = try await loopsim(["test", "Traces"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        let out = result.stdout
        #expect(result.stdoutLines.contains { $0.hasPrefix("FAIL") && $0.contains(edited) }, "\(result)")
        #expect(out.contains("\(scenarios.count - 1) passed, 1 failed"), "\(result)")

        // The hunk diff.
        let lines = result.stdoutLines
        #expect(lines.contains { $0.hasPrefix("--- ") && $0.contains(golden) }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("+++ ") }, "\(result)")
        let hunk = try Regex(#"^@@ -[0-9]+(,[0-9]+)? \+[0-9]+(,[0-9]+)? @@"#)
        #expect(lines.contains { $0.prefixMatch(of: hunk) != nil }, "no '@@ -a,b +c,d @@' hunk header\n\(result)")
        #expect(lines.contains { $0.hasPrefix("-{") && $0.contains("\"ev\":\"log\"") && !$0.contains("\"text\":\"edited ") },
                "the diff removes the original log\n\(result)")
        #expect(lines.contains { $0.hasPrefix("+{") && $0.contains("\"text\":\"edited ") },
                "the diff adds the edited log\n\(result)")

        // The first differing event.
        let first = try #require(lines.firstIndex { $0.contains("first differing event") }, "\(result)")
        let following = lines[(first + 1)...].prefix(2)
        #expect(following.contains { $0.contains("expected") && $0.contains("\"ev\":\"log\"") && !$0.contains("edited ") }, "\(result)")
        #expect(following.contains { $0.contains("actual") && $0.contains("\"text\":\"edited ") }, "\(result)")

        // The artifact: the actual trace, which is what `run --trace x.jsonl` writes.
        let artifacts = sandbox.files(under: "loopsim-out/artifacts")
        #expect(artifacts.count == 1, "one artifact for one failing scenario: \(artifacts)")
        let artifact = try #require(artifacts.first)
        #expect(out.contains(artifact), "the output names the artifact\n\(result)")
        let run = try await loopsim(["run", edited, "--trace", "actual.jsonl"], in: sandbox.url)
        #expect(run.status == 0 || run.status == 1, "an edited log may fail an expectation, nothing worse\n\(run)")
        #expect(try sandbox.read("loopsim-out/artifacts/" + artifact) == (try sandbox.read("actual.jsonl")),
                "the artifact is the actual JSONL trace")

        #expect(try sandbox.read(golden) == goldenBefore, "a failing check does not touch the golden")
    }

    @Test func artifactsGoToTheFolderGivenWithArtifacts() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/a.loop", Fixtures.passing)
        try sandbox.write("s/a.trace.jsonl", "{\"t\":0,\"iter\":0,\"ev\":\"run.begin\",\"mode\":\"default\",\"depth\":1}\n")
        let result = try await loopsim(["test", "s", "--artifacts", "out/arts"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(sandbox.files(under: "out/arts").count == 1, "\(result)")
        #expect(!sandbox.exists("loopsim-out"), "\(result)")
    }

    /// In a unified diff (diff -u, git) the removed lines of a change come
    /// before the added ones.
    @Test func theHunkDiffListsRemovedLinesBeforeAddedLines() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/a.loop", Fixtures.passing)
        let record = try await loopsim(["test", "s", "--record", "missing"], in: sandbox.url)
        #expect(record.status == 1, "\(record)")
        try sandbox.write("s/a.loop", Fixtures.passing.replacingOccurrences(of: "log \"fired\"", with: "log \"fired!\""))
        let result = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        let lines = result.stdoutLines
        let removed = try #require(lines.firstIndex { $0.hasPrefix("-{") && $0.contains("\"text\":\"fired\"") }, "\(result)")
        let added = try #require(lines.firstIndex { $0.hasPrefix("+{") && $0.contains("\"text\":\"fired!\"") }, "\(result)")
        #expect(removed < added, "'-' line comes after its '+' line\n\(result)")
    }

    /// Two failing scenarios with the same file name in different folders
    /// must not overwrite each other's artifact.
    @Test func sameNamedScenariosInDifferentFoldersGetDistinctArtifacts() async throws {
        let sandbox = try Sandbox()
        let staleGolden = "{\"t\":0,\"iter\":0,\"ev\":\"run.begin\",\"mode\":\"default\",\"depth\":1}\n"
        try sandbox.write("s/one/same.loop", Fixtures.passing)
        try sandbox.write("s/one/same.trace.jsonl", staleGolden)
        try sandbox.write("s/two/same.loop", Fixtures.passing.replacingOccurrences(of: "\"tap\"", with: "\"tap two\""))
        try sandbox.write("s/two/same.trace.jsonl", staleGolden)
        let result = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("0 passed, 2 failed"), "\(result)")
        let artifacts = sandbox.files(under: "loopsim-out/artifacts")
        #expect(artifacts.count == 2, "one artifact per failing scenario, got \(artifacts)\n\(result)")
        let contents = Set(artifacts.compactMap { try? sandbox.read("loopsim-out/artifacts/" + $0) })
        #expect(contents.count == 2, "the two artifacts hold the two different actual traces")
    }

    @Test func aScenarioWithoutGoldenFailsAndSaysHowToRecordIt() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/new.loop", Fixtures.passing)
        let result = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("FAIL") && $0.contains("s/new.loop") }, "\(result)")
        #expect(result.stdout.contains("LOOPSIM_RECORD=missing"), "the message says how to record\n\(result)")
        #expect(!sandbox.exists("s/new.trace.jsonl"), "nothing is recorded without a record mode")
    }

    @Test func aScenarioWithAParseErrorFailsWithItsDiagnostic() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/bad.loop", Fixtures.syntaxErrors[0].text)
        try sandbox.write("s/good.loop", Fixtures.passing)
        _ = try await loopsim(["test", "s/good.loop", "--record", "missing"], in: sandbox.url)
        let result = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("s/bad.loop:3:5: error:") || result.stderr.contains("s/bad.loop:3:5: error:"), "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("ok") && $0.hasSuffix("s/good.loop") }, "the other scenarios still run\n\(result)")
    }

    @Test func aScenarioWhoseExpectationFailsFailsEvenWhenTheTraceMatches() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/f.loop", Fixtures.failing)
        _ = try await loopsim(["test", "s", "--record", "missing"], in: sandbox.url)
        let result = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("never"), "the failing expectation is shown\n\(result)")
        #expect(!sandbox.exists("loopsim-out"), "no artifact: the trace matched")
    }

    @Test func aFolderWithoutScenariosFails() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.file("empty"), withIntermediateDirectories: true)
        let result = try await loopsim(["test", "empty"], in: sandbox.url)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("empty"), "\(result)")
    }
}
