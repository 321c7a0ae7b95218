import Foundation
import LoopSimTools
import LoopSimTrace

/// The version printed by `loopsim --version`.
let loopsimVersion = "0.1.0"

/// One subcommand: its declaration (name, summary, help, options) and what
/// runs it once its arguments are parsed.
struct Subcommand {
    var spec: CommandSpec
    var run: (ParsedArguments) throws -> Int32
}

/// The subcommands, in the order the root help lists them: the one list.
let subcommands: [Subcommand] = [
    Subcommand(spec: RunCommand.spec, run: RunCommand.run),
    Subcommand(spec: TestCommand.spec, run: TestCommand.run),
    Subcommand(spec: BenchCommand.spec, run: BenchCommand.run),
    Subcommand(spec: FramesCommand.spec, run: FramesCommand.run),
    Subcommand(spec: WhyCommand.spec, run: WhyCommand.run),
    Subcommand(spec: DiffCommand.spec, run: DiffCommand.run),
    Subcommand(spec: ReportCommand.spec, run: ReportCommand.run),
]

@MainActor func subcommand(named name: String) -> Subcommand? { subcommands.first { $0.spec.name == name } }

let rootHelp = """
OVERVIEW: LoopSim — a deterministic model of the loop that turns app code into pixels
(CFRunLoop, transactions, layers, the render server), in virtual time.

USAGE: loopsim <subcommand>

OPTIONS:
\(formatRow("--version", "Show the version."))\(formatRow("-h, --help", "Show help information."))
SUBCOMMANDS:
\(subcommands.map { formatRow($0.spec.name, $0.spec.summary) }.joined())\(formatRow("help", "Show help for a subcommand."))
  See 'loopsim help <subcommand>' for detailed help.
"""

func usageFailure(_ error: UsageError, _ spec: CommandSpec?) -> Int32 {
    printError("Error: \(error.message)")
    if let spec {
        printError("Usage: \(spec.usage)")
        printError("  See 'loopsim \(spec.name) --help' for more information.")
    } else {
        printError("Usage: loopsim <subcommand>")
        printError("  See 'loopsim --help' for more information.")
    }
    return ExitStatus.usage
}

/// Parse, validate, run: the subcommand's arguments parsed against its
/// options (usage errors: exit 64), its help if asked for, else its run.
@MainActor func mainEntry(_ argv: [String]) -> Int32 {
    let names = subcommands.map(\.spec.name)
    guard let first = argv.first else {
        return usageFailure(UsageError(message: "missing subcommand (\(names.joined(separator: ", ")) or help)"), nil)
    }
    switch first {
    case "-h", "--help":
        printOut(rootHelp)
        return ExitStatus.success
    case "--version":
        printOut(loopsimVersion)
        return ExitStatus.success
    case "help":
        if argv.count == 1 { printOut(rootHelp); return ExitStatus.success }
        guard let command = subcommand(named: argv[1]) else {
            return usageFailure(UsageError(message: "unknown subcommand '\(argv[1])'"), nil)
        }
        printOut(command.spec.help())
        return ExitStatus.success
    default:
        guard let command = subcommand(named: first) else {
            var message = "unknown subcommand '\(first)'"
            if let close = Spelling.suggestion(for: first, from: names.sorted(), maxDistance: 2) {
                message += "; did you mean '\(close)'?"
            }
            return usageFailure(UsageError(message: message), nil)
        }
        do {
            let parsed = try command.spec.parse(Array(argv.dropFirst()))
            if parsed.wantsHelp {
                printOut(command.spec.help())
                return ExitStatus.success
            }
            return try command.run(parsed)
        } catch let error as UsageError {
            return usageFailure(error, command.spec)
        } catch let error as NoInputError {
            printError("Error: \(error.message)")
            return ExitStatus.noInput
        } catch {
            printError("Error: \(error)")
            return ExitStatus.failure
        }
    }
}

exit(mainEntry(Array(CommandLine.arguments.dropFirst())))
