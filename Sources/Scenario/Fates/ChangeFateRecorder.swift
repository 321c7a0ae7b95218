import LoopSimTrace

/// Keeps, from a trace that is streamed and not kept (`loopsim run`), the
/// few events the fates of some properties need, and hands every event on
/// to `next` unchanged.
///
/// Kept: the `set` events of the `targets` (`LAYER.PROP`), and the
/// `commit`, `latency` and `frame` events of their transactions (a commit's
/// `changes` cut to the targets). So memory follows the changes of the
/// properties that `expect visible` and `expect never visible` name, not
/// the length of the run.
final class ChangeFateRecorder: TraceSink {
    private let next: TraceSink
    private let targets: Set<String>
    private var txns: Set<Int> = []
    /// The events kept, in order.
    private(set) var events: [TraceEvent] = []

    init(next: TraceSink, targets: Set<String>) {
        self.next = next
        self.targets = targets
    }

    var limitError: TraceLimitError? { next.limitError }

    func record(_ event: TraceEvent) {
        next.record(event)
        switch event.kind {
        case .set(let layer, let prop, _, let txn):
            guard targets.contains("\(layer).\(prop)") else { return }
            txns.insert(txn)
            events.append(event)
        case .commit(var c):
            guard c.txns.contains(where: txns.contains) else { return }
            c.changes = c.changes?.filter { change in
                // LAYER.PROP=VALUE; `frame` ships as bounds and position.
                guard let eq = change.firstIndex(of: "="), let dot = change[..<eq].lastIndex(of: ".") else { return false }
                let layer = change[..<dot], prop = change[change.index(after: dot)..<eq]
                return targets.contains("\(layer).\(prop)")
                    || ((prop == "bounds" || prop == "position") && targets.contains("\(layer).frame"))
            }
            events.append(TraceEvent(t: event.t, iter: event.iter, .commit(c)))
        case .latency(let l):
            if txns.contains(l.txn) { events.append(event) }
        case .frame(let f):
            if f.txns.contains(where: txns.contains) { events.append(event) }
        default:
            return
        }
    }
}
