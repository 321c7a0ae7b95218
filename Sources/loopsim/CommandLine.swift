import Foundation
import LoopSimTrace

/// A usage error: printed as `Error: …`, then the command's usage and a
/// pointer to its help; exit status 64.
struct UsageError: Error {
    var message: String
}

/// An input file or folder named on the command line does not exist:
/// printed as `Error: …` (no usage, no caret); exit status 66.
struct NoInputError: Error {
    var message: String
}

/// Exit statuses of the CLI.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let scenarioError: Int32 = 2
    static let usage: Int32 = 64
    /// EX_NOINPUT (sysexits.h): an input file or folder does not exist.
    static let noInput: Int32 = 66
}

/// One subcommand, described the swift-argument-parser way.
struct CommandSpec {
    var name: String
    var abstract: String
    var usage: String
    var arguments: [(String, String)] = []
    var options: [(String, String)] = []
    var discussion: String = ""

    func help() -> String {
        var out = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n"
        if !discussion.isEmpty { out += "\n\(discussion)\n" }
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for (name, text) in arguments { out += formatRow(name, text) }
        }
        out += "\nOPTIONS:\n"
        for (name, text) in options + [("-h, --help", "Show help information.")] { out += formatRow(name, text) }
        return out
    }
}

func formatRow(_ name: String, _ text: String) -> String {
    let pad = 26
    if name.count + 2 >= pad { return "  \(name)\n" + String(repeating: " ", count: pad) + "\(text)\n" }
    return "  " + name + String(repeating: " ", count: pad - 2 - name.count) + text + "\n"
}

/// Parsed arguments of one subcommand: positionals, options with a value,
/// and flags. Validation happens in the command.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    /// Parses `args` against the known option names (which take a value) and
    /// flag names. `--opt=value` and `--opt value` are both accepted.
    init(_ args: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            if a == "-h" || a == "--help" { wantsHelp = true; continue }
            var name = a
            var inline: String?
            if let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            if valueOptions.contains(name) {
                if values[name] != nil { throw UsageError(message: "option '\(name)' given twice") }
                if let inline {
                    values[name] = inline
                } else {
                    guard i < args.count else { throw UsageError(message: "missing value for '\(name)'") }
                    values[name] = args[i]
                    i += 1
                }
            } else if flagOptions.contains(name) {
                if inline != nil { throw UsageError(message: "flag '\(name)' takes no value") }
                flags.insert(name)
            } else {
                let known = (valueOptions.union(flagOptions)).sorted()
                var message = "unknown option '\(name)'"
                if let close = Spelling.suggestion(for: name, from: known, maxDistance: 3) {
                    message += "; did you mean '\(close)'?"
                }
                throw UsageError(message: message)
            }
        }
    }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write((text + "\n").data(using: .utf8)!)
}

/// Writes to standard output without buffering surprises at exit.
func printOut(_ text: String, terminator: String = "\n") {
    FileHandle.standardOutput.write((text + terminator).data(using: .utf8)!)
}
