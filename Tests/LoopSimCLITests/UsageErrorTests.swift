import Foundation
import Testing
import LoopSimTestSupport

/// Usage errors: `Error: …`, `Usage: …`, `See '… --help'` on stderr,
/// nothing on stdout, exit status 64.
@Suite(.tags(.endToEnd)) struct UsageErrorTests {
    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// Text the `Error:` line must contain.
        var mentions: [String]
        /// The command whose `--help` the error points at.
        var seeHelpOf: String
        var testDescription: String { arguments.isEmpty ? "(no arguments)" : arguments.joined(separator: " ") }
    }

    static let cases: [UsageCase] = [
        UsageCase(arguments: ["rnu", "x.loop"], mentions: ["rnu", "did you mean 'run'"], seeHelpOf: "loopsim"),
        UsageCase(arguments: ["tset"], mentions: ["tset", "did you mean 'test'"], seeHelpOf: "loopsim"),
        UsageCase(arguments: ["help", "nope"], mentions: ["nope"], seeHelpOf: "loopsim"),
        UsageCase(arguments: ["run", "x.loop", "--frmat", "text"], mentions: ["--frmat", "did you mean '--format'"], seeHelpOf: "loopsim run"),
        UsageCase(arguments: ["run", "x.loop", "--json"], mentions: ["--json"], seeHelpOf: "loopsim run"),
        UsageCase(arguments: ["run", "x.loop", "--trace"], mentions: ["--trace"], seeHelpOf: "loopsim run"),
        UsageCase(arguments: ["run", "x.loop", "--format"], mentions: ["--format"], seeHelpOf: "loopsim run"),
        UsageCase(arguments: ["run"], mentions: ["<file>"], seeHelpOf: "loopsim run"),
        UsageCase(arguments: ["run", "--trace", "out.jsonl"], mentions: ["<file>"], seeHelpOf: "loopsim run"),
        UsageCase(arguments: ["run", "a.loop", "b.loop"], mentions: ["b.loop"], seeHelpOf: "loopsim run"),
        UsageCase(arguments: ["run", "x.loop", "--format", "xml"], mentions: ["xml", "--format"], seeHelpOf: "loopsim run"),
        UsageCase(arguments: ["run", "x.loop", "--format=yaml"], mentions: ["yaml", "--format"], seeHelpOf: "loopsim run"),
        UsageCase(arguments: ["test", "--record", "sometimes"], mentions: ["sometimes"], seeHelpOf: "loopsim test"),
        UsageCase(arguments: ["test", "--recrod", "all"], mentions: ["--recrod", "did you mean '--record'"], seeHelpOf: "loopsim test"),
        UsageCase(arguments: ["bench", "nope"], mentions: ["nope"], seeHelpOf: "loopsim bench"),
        UsageCase(arguments: ["bench", "--runs", "0"], mentions: ["--runs"], seeHelpOf: "loopsim bench"),
        UsageCase(arguments: ["bench", "--runs", "many"], mentions: ["--runs"], seeHelpOf: "loopsim bench"),
        UsageCase(arguments: ["bench", "--json=yes"], mentions: ["--json"], seeHelpOf: "loopsim bench"),
    ]

    @Test(arguments: cases)
    func usageErrorsPrintErrorUsageAndSeeHelpAndExit64(_ usageCase: UsageCase) async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(usageCase.arguments, in: sandbox.url)
        expectUsageError(result, mentioning: usageCase.mentions, seeHelpOf: usageCase.seeHelpOf)
    }

    /// No subcommand is a usage error (issue 2, item 6; the brief of the CLI
    /// tests): `Error:` + `Usage:` + `See 'loopsim --help'` on stderr, exit 64.
    @Test func noSubcommandIsAUsageErrorOnStandardError() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim([], in: sandbox.url)
        expectUsageError(result, mentioning: [], seeHelpOf: "loopsim")
    }

    @Test func anInvalidRecordModeFromTheEnvironmentIsAUsageError() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s/a.loop", Fixtures.passing)
        let result = try await loopsim(["test", "s"], in: sandbox.url, environment: ["LOOPSIM_RECORD": "sometimes"])
        expectUsageError(result, mentioning: ["sometimes"], seeHelpOf: "loopsim test")
        #expect(!sandbox.exists("s/a.trace.jsonl"), "nothing is recorded on a usage error")
    }

    @Test func aUsageErrorRunsNothingAndWritesNoTrace() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("a.loop", Fixtures.passing)
        let result = try await loopsim(["run", "a.loop", "--trace", "out.jsonl", "--format", "xml"], in: sandbox.url)
        expectUsageError(result, mentioning: ["xml"], seeHelpOf: "loopsim run")
        #expect(!sandbox.exists("out.jsonl"))
    }
}
