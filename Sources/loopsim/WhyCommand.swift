import LoopSimSystem
import LoopSimTrace
import Scenario

/// `loopsim why RUN LAYER.PROP[==VALUE]`: the fate of every matching set
/// (docs/fates.md). RUN is a scenario, which is run, or a recorded JSON
/// Lines trace (`*.jsonl`), which is read.
enum WhyCommand {
    static let spec = CommandSpec(
        name: "why",
        abstract: "Say what became of every set of a layer property: shipped and on screen, overwritten, or never committed.",
        usage: "loopsim why <run> <layer.prop[==value]>",
        arguments: [
            ("<run>", "A scenario file (*.loop), which is run with an in-process render server, or a recorded trace (*.jsonl)."),
            ("<layer.prop[==value]>", "The property, like button.background; ==value keeps the sets to that value (the trace's spelling, or a colour's name: ==yellow)."),
        ],
        discussion: """
        Prints one line per matching set, in trace order: when it was set and in
        which transaction, then the commit that shipped it and the frame that
        showed it (with its latency), or the set that overwrote it before any
        commit, or that its transaction was never committed.

        Exit status: 0 when a set matched, 1 when none did, 2 for a scenario or
        trace that does not read or run, 64 for a usage error, 66 when <run>
        cannot be read.
        """)

    /// A parsed `LAYER.PROP[==VALUE]`.
    struct Query: Equatable {
        var layer: String
        var prop: String
        var value: String?

        init(_ text: String) throws(UsageError) {
            var target = Substring(text)
            if let range = text.range(of: "==") {
                target = text[..<range.lowerBound]
                value = String(text[range.upperBound...])
                if value!.isEmpty { throw Self.invalid(text) }
            }
            guard let dot = target.firstIndex(of: "."), dot != target.startIndex, target.index(after: dot) != target.endIndex
            else { throw Self.invalid(text) }
            layer = String(target[..<dot])
            // A property's Core Animation key names it too (button.backgroundColor);
            // the trace spells it by its language name.
            let spelled = String(target[target.index(after: dot)...])
            prop = LayerPropertyName(spelled: spelled)?.languageName ?? spelled
        }

        private static func invalid(_ text: String) -> UsageError {
            UsageError(message: "the value '\(text)' is invalid for '<layer.prop[==value]>' (expected LAYER.PROP or LAYER.PROP==VALUE, like button.background==yellow)")
        }
    }

    static func main(_ args: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(args, valueOptions: [], flagOptions: [])
        if parsed.wantsHelp { printOut(spec.help()); return ExitStatus.success }
        switch parsed.positionals.count {
        case 0: throw UsageError(message: "missing expected argument '<run>'")
        case 1: throw UsageError(message: "missing expected argument '<layer.prop[==value]>'")
        case 2: break
        default: throw UsageError(message: "unexpected argument '\(parsed.positionals[2])'")
        }
        let path = parsed.positionals[0]
        let query = try Query(parsed.positionals[1])

        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try FileSystem.readFile(path)
        } catch {
            printError("Error: cannot read '\(path)': \(error.errno.message)")
            return ExitStatus.noInput
        }
        guard let events = events(of: path, bytes) else { return ExitStatus.scenarioError }
        let all = ChangeFate.fates(in: events)
        let matching = ChangeFate.fates(in: all, layer: query.layer, prop: query.prop, value: query.value)
        guard !matching.isEmpty else {
            printError(noMatch(query, all, in: path))
            return ExitStatus.failure
        }
        for fate in matching { printOut(fate.chain(target: true)) }
        return ExitStatus.success
    }

    /// The run's events: the trace read back, or the scenario run (with a
    /// render server in a thread, no frame files). Nil after printing why
    /// they cannot be had.
    private static func events(of path: String, _ bytes: [UInt8]) -> [TraceEvent]? {
        if path.hasSuffix(".jsonl") {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                printError("Error: '\(path)' is not UTF-8 text")
                return nil
            }
            do throws(TraceParseError) {
                return try JSONLTraceReader.parse(text)
            } catch {
                printError("\(path):\(error.line ?? 1):\(error.column): error: \(error.message)")
                return nil
            }
        }
        let outcome: ScenarioOutcome
        do throws(Diagnostic) {
            outcome = try ScenarioRunner.run(file: path, render: .init(transport: .thread(.renderServer), frames: nil))
        } catch {
            printError(error.description)
            return nil
        }
        if let failure = outcome.failure {
            printError(failure.description)
            return nil
        }
        return outcome.events
    }

    /// "no set of button.bg in RUN", with the closest property that was set.
    private static func noMatch(_ q: Query, _ all: [ChangeFate], in path: String) -> String {
        let target = "\(q.layer).\(q.prop)"
        var message = "Error: no set of \(target)\(q.value.map { " to \($0)" } ?? "") in '\(path)'"
        var targets: [String] = []
        for f in all where !targets.contains(f.set.target) { targets.append(f.set.target) }
        if q.value != nil, targets.contains(target) {
            let values = all.filter { $0.set.target == target }.map { ColorNames.spoken($0.set.value) }
            var seen: [String] = []
            for v in values where !seen.contains(v) { seen.append(v) }
            message += "; it was set to " + seen.prefix(8).joined(separator: ", ") + (seen.count > 8 ? ", …" : "")
        } else if let close = Spelling.suggestion(for: target, from: targets, maxDistance: 3) {
            message += "; did you mean '\(close)'?"
        } else if !targets.isEmpty {
            message += "; properties set: " + targets.prefix(8).joined(separator: ", ") + (targets.count > 8 ? ", …" : "")
        }
        return message
    }
}
