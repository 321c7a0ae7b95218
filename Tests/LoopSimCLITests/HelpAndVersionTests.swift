import Foundation
import Testing
import LoopSimTestSupport

/// `--version`, `-h/--help` on every command and `help <subcommand>`.
@Suite(.tags(.endToEnd)) struct HelpAndVersionTests {
    @Test func versionPrintsOneSemanticVersionLineAndExitsZero() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["--version"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let lines = result.stdoutLines
        #expect(lines.count == 1, "\(result)")
        let version = try Regex(#"^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$"#)
        #expect(lines.first.map { $0.wholeMatch(of: version) != nil } == true, "not a semantic version\n\(result)")
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func rootHelpListsTheSubcommands(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(arguments, in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        for heading in ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:"] {
            #expect(result.stdout.contains(heading), "missing \(heading)\n\(result)")
        }
        for option in ["--version", "--help"] {
            #expect(result.stdout.contains(option), "missing \(option)\n\(result)")
        }
        let subcommands = result.stdoutLines.drop { !$0.hasPrefix("SUBCOMMANDS:") }
        for name in ["run", "test", "bench", "help"] {
            #expect(subcommands.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + " ") },
                    "SUBCOMMANDS does not list \(name)\n\(result)")
        }
    }

    struct HelpCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var command: String
        var mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let helpCases: [HelpCase] = [
        HelpCase(arguments: ["run", "--help"], command: "run", mentions: ["ARGUMENTS:", "<file>", "--trace", "--format"]),
        HelpCase(arguments: ["run", "-h"], command: "run", mentions: ["--trace", "--format"]),
        HelpCase(arguments: ["help", "run"], command: "run", mentions: ["--trace", "--format"]),
        HelpCase(arguments: ["test", "--help"], command: "test", mentions: ["ARGUMENTS:", "--record", "LOOPSIM_RECORD"]),
        HelpCase(arguments: ["test", "-h"], command: "test", mentions: ["--record"]),
        HelpCase(arguments: ["help", "test"], command: "test", mentions: ["--record"]),
        HelpCase(arguments: ["bench", "--help"], command: "bench", mentions: ["--json", "runloop"]),
        HelpCase(arguments: ["bench", "-h"], command: "bench", mentions: ["--json"]),
        HelpCase(arguments: ["help", "bench"], command: "bench", mentions: ["--json"]),
        // Help wins over the other arguments, as in swift-argument-parser.
        HelpCase(arguments: ["run", "no-such-file.loop", "--help"], command: "run", mentions: ["--trace"]),
    ]

    @Test(arguments: helpCases)
    func subcommandHelpHasOverviewUsageAndOptions(_ helpCase: HelpCase) async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(helpCase.arguments, in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let out = result.stdout
        #expect(out.hasPrefix("OVERVIEW: "), "\(result)")
        #expect(out.contains("USAGE: loopsim \(helpCase.command)"), "\(result)")
        #expect(out.contains("OPTIONS:"), "\(result)")
        #expect(out.contains("-h, --help"), "\(result)")
        for fragment in helpCase.mentions {
            #expect(out.contains(fragment), "help does not mention \(fragment)\n\(result)")
        }
    }

    @Test(arguments: ["run", "test", "bench"])
    func helpSubcommandPrintsTheSameTextAsDashDashHelp(command: String) async throws {
        let sandbox = try Sandbox()
        let viaHelp = try await loopsim(["help", command], in: sandbox.url)
        let viaFlag = try await loopsim([command, "--help"], in: sandbox.url)
        #expect(viaHelp.status == 0 && viaFlag.status == 0, "\(viaHelp)\n\(viaFlag)")
        #expect(viaHelp.stdout == viaFlag.stdout)
    }
}
