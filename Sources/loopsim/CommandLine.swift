import LoopSimSystem
import LoopSimTools
import LoopSimTrace

/// One option of a subcommand, declared once: the parser reads its name
/// and whether it takes a value, the help prints its label and text, and
/// the suggestion for a misspelt option comes from the same list.
struct Option {
    /// `--trace`.
    var name: String
    /// What follows the name in the help (`<path>`, `<dir>|none`), for an
    /// option that takes a value; nil for a flag.
    var value: String?
    /// The help text.
    var help: String

    /// An option that takes a value: `--trace <path>`, given as
    /// `--trace PATH` or `--trace=PATH`.
    static func value(_ name: String, _ value: String, _ help: String) -> Option {
        Option(name: name, value: value, help: help)
    }

    /// A flag: `--quiet`, which takes no value.
    static func flag(_ name: String, _ help: String) -> Option {
        Option(name: name, value: nil, help: help)
    }

    /// The help's left column: `--trace <path>`.
    var label: String { value.map { "\(name) \($0)" } ?? name }
}

/// One subcommand, described the swift-argument-parser way: its name and
/// the line the root help gives it, its help, and its options — the one
/// declaration that both ``help()`` and ``parse(_:)`` read.
struct CommandSpec {
    var name: String
    /// The root help's line for it (`loopsim --help`).
    var summary: String
    var abstract: String
    var usage: String
    var arguments: [(String, String)] = []
    var options: [Option] = []
    var discussion: String = ""
    /// A check of the raw arguments before they are parsed (`frames`
    /// refuses negative numbers, which would read as unknown options).
    var precheck: (@Sendable ([String]) throws -> Void)?

    func help() -> String {
        var out = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n"
        if !discussion.isEmpty { out += "\n\(discussion)\n" }
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for (name, text) in arguments { out += formatRow(name, text) }
        }
        out += "\nOPTIONS:\n"
        for option in options { out += formatRow(option.label, option.help) }
        out += formatRow("-h, --help", "Show help information.")
        return out
    }

    /// Parses `args` against ``options``.
    func parse(_ args: [String]) throws -> ParsedArguments {
        try precheck?(args)
        return try ParsedArguments(args, valueOptions: Set(options.filter { $0.value != nil }.map(\.name)),
                                   flagOptions: Set(options.filter { $0.value == nil }.map(\.name)))
    }
}

/// A help row: the name in a 26-column field (on its own line when it is
/// longer), then the text.
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
    Console.error(text)
}

/// Writes to standard output.
func printOut(_ text: String, terminator: String = "\n") {
    Console.out(text, terminator: terminator)
}
