import Foundation
import LoopSimTrace

/// The version printed by `loopsim --version`.
let loopsimVersion = "0.1.0"

let rootHelp = """
OVERVIEW: LoopSim — a deterministic model of the loop that turns app code into pixels
(CFRunLoop, transactions, layers, the render server), in virtual time.

USAGE: loopsim <subcommand>

OPTIONS:
  --version               Show the version.
  -h, --help              Show help information.

SUBCOMMANDS:
  run                     Run a scenario and print its trace and expectations.
  test                    Run the golden scenarios under Traces/ and compare their traces.
  bench                   Run the benchmarks (warm-up, N runs, percentiles).
  frames                  Inspect a run's frames: list, pixel, diff, png, sheet.
  why                     Say what became of every set of a layer property.
  diff                    Compare two runs: the first diverging event, the frames that differ.
  report                  Write a run's report: one self-contained HTML page.
  help                    Show help for a subcommand.

  See 'loopsim help <subcommand>' for detailed help.
"""

let commands: [String: CommandSpec] = [
    "run": RunCommand.spec,
    "test": TestCommand.spec,
    "bench": BenchCommand.spec,
    "frames": FramesCommand.spec,
    "why": WhyCommand.spec,
    "diff": DiffCommand.spec,
    "report": ReportCommand.spec,
]

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

func mainEntry(_ argv: [String]) -> Int32 {
    guard let first = argv.first else {
        return usageFailure(UsageError(message: "missing subcommand (run, test, frames, why, diff, report, bench or help)"), nil)
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
        guard let spec = commands[argv[1]] else {
            return usageFailure(UsageError(message: "unknown subcommand '\(argv[1])'"), nil)
        }
        printOut(spec.help())
        return ExitStatus.success
    default:
        let rest = Array(argv.dropFirst())
        do {
            switch first {
            case "run": return try RunCommand.main(rest)
            case "test": return try TestCommand.main(rest)
            case "bench": return try BenchCommand.main(rest)
            case "frames": return try FramesCommand.main(rest)
            case "why": return try WhyCommand.main(rest)
            case "diff": return try DiffCommand.main(rest)
            case "report": return try ReportCommand.main(rest)
            default:
                var message = "unknown subcommand '\(first)'"
                if let close = Spelling.suggestion(for: first, from: commands.keys.sorted(), maxDistance: 2) {
                    message += "; did you mean '\(close)'?"
                }
                throw UsageError(message: message)
            }
        } catch let error as UsageError {
            return usageFailure(error, commands[first])
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
