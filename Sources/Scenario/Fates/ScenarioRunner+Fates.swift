import LayerKit
import LoopSimTrace

/// The fates under a failed `expect visible` or `expect never visible`
/// (docs/guide/fates.md).
extension ScenarioRunner {
    /// The most fates listed under one failed expectation.
    static let maxFatesListed = 8

    /// `LAYER.PROP` of every `expect visible` and `expect never visible`.
    static func fateTargets(_ file: ScenarioFile) -> Set<String> {
        var out: Set<String> = []
        for case .expect(let e) in file.statements {
            switch e.kind {
            case .visible(let layer, let property, _, _), .neverVisible(let layer, let property, _):
                out.insert("\(layer).\(property.languageName)")
            default:
                continue
            }
        }
        return out
    }

    /// The fate of every set of `layer`.`property` to `value` (the trace's
    /// spelling), as lines; or one line saying there was none. At most
    /// ``maxFatesListed`` lines, then how many more.
    func fateLines(_ layer: String, _ property: LayerPropertyName, _ value: String) -> [String] {
        let all = ChangeFate.fates(in: fateEvents)
        let fates = ChangeFate.fates(in: all, layer: layer, prop: property.languageName, value: value)
        guard !fates.isEmpty else {
            let others = ChangeFate.fates(in: all, layer: layer, prop: property.languageName)
            var line = "no set gave \(layer).\(property.languageName) the value \(ColorNames.spoken(value))"
            if !others.isEmpty {
                var seen: [String] = []
                for f in others where !seen.contains(f.set.value) { seen.append(f.set.value) }
                line += " (it was set to " + seen.prefix(Self.maxFatesListed).map(ColorNames.spoken).joined(separator: ", ")
                    + (seen.count > Self.maxFatesListed ? ", …" : "") + ")"
            }
            return [line]
        }
        var lines = fates.prefix(Self.maxFatesListed).map { $0.chain() }
        if fates.count > Self.maxFatesListed { lines.append("… and \(fates.count - Self.maxFatesListed) more") }
        return lines
    }

    /// The events the fates are computed from: the recorded trace, or what
    /// the ``ChangeFateRecorder`` kept of a streamed one.
    private var fateEvents: [TraceEvent] {
        fateRecorder?.events ?? simulation.recorder?.events ?? []
    }
}
