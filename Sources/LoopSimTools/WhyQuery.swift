import LoopSimSystem
import LoopSimTrace
import Scenario

/// `loopsim why RUN LAYER.PROP[==VALUE]` (docs/guide/fates.md): the fate of every
/// set of a layer property. RUN is a scenario, which is run (with the
/// in-process render server, no frame files), or a recorded JSON Lines
/// trace (`*.jsonl`), which is read.
package enum WhyQuery {
    /// A parsed `LAYER.PROP[==VALUE]`.
    package struct Query: Equatable {
        package var layer: String
        package var prop: String
        package var value: String?

        package init(_ text: String) throws(UsageError) {
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

    /// Prints the fate of every set `query` matches in `path`; answers the
    /// exit status: 0 when a set matched, 1 when none did, 2 when the run
    /// or trace does not read, 66 when `path` cannot be read.
    package static func run(_ path: String, _ query: Query) -> Int32 {
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try FileSystem.readFile(path, limit: ReadLimit.trace)
        } catch {
            Console.error("Error: cannot read '\(path)': \(ReadLimit.reason(error))")
            return ExitStatus.noInput
        }
        guard let events = events(of: path, bytes) else { return ExitStatus.scenarioError }
        let all = ChangeFate.fates(in: events)
        let matching = ChangeFate.fates(in: all, layer: query.layer, prop: query.prop, value: query.value)
        guard !matching.isEmpty else {
            Console.error(noMatch(query, all, in: path))
            return ExitStatus.failure
        }
        for fate in matching { Console.out(fate.chain(target: true)) }
        return ExitStatus.success
    }

    /// The run's events: the trace read back, or the scenario run (with a
    /// render server in a thread, no frame files). Nil after printing why
    /// they cannot be had.
    private static func events(of path: String, _ bytes: [UInt8]) -> [TraceEvent]? {
        if path.hasSuffix(".jsonl") {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                Console.error("Error: '\(path)' is not UTF-8 text")
                return nil
            }
            do throws(TraceParseError) {
                return try JSONLTraceReader.parse(text)
            } catch {
                Console.error("\(path):\(error.line ?? 1):\(error.column): error: \(error.message)")
                return nil
            }
        }
        let outcome: ScenarioOutcome
        do throws(Diagnostic) {
            outcome = try ScenarioRunner.run(file: path, render: .init(transport: .thread(.renderServer), frames: nil))
        } catch {
            Console.error(error.description)
            return nil
        }
        if let failure = outcome.failure {
            Console.error(failure.description)
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
