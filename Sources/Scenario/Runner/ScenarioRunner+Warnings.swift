import LayerKit
import LoopSimTrace

/// Something in a scenario that had no effect — an outside event the run
/// never reached, an expectation after the end, a transaction option no
/// animation used — positioned at its statement (`docs/guide/guard-rails.md`).
/// It does not fail the run: it is a `warn` trace event at the end of the
/// run and, from `loopsim run`, a line on standard error.
public struct ScenarioWarning: Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COL: warning: MESSAGE`, the way `loopsim` prints it.
    public var description: String { "\(location): warning: \(message)" }

    /// The `warn` event's text: `line L: MESSAGE` (the trace does not name
    /// the file, so a golden does not depend on the path it was run by).
    public var traceText: String { "line \(location.line): \(message)" }
}

/// What the guard rails watch while a scenario runs: which outside events
/// were handled, the last `send` to each port, and the `transaction`
/// options set and whether an animation read them. Memory stays bounded
/// by the file's statements (one entry per source location).
struct GuardRails {
    /// One per `at` statement executed (copies of a loop's body included).
    struct Outside {
        var event: ExternalEvent
        var handled = false
    }
    var outside: [Outside] = []
    /// The last statement that sent to each port.
    var lastSend: [String: SourceLocation] = [:]

    /// The `transaction` actions of one source location.
    struct Options {
        var location: SourceLocation
        /// `duration=`, `timing=`, as written.
        var written: [String]
        /// Transactions not yet committed, with the keys set on each.
        var pending: [(Transaction, [String])] = []
        /// Keys some committed transaction's animation read.
        var used: Set<String> = []
        var transactions = 0
    }
    var options: [Options] = []

    /// Folds the committed transactions of `options[i]` into its counts.
    mutating func settle(_ i: Int, all: Bool = false) {
        var kept: [(Transaction, [String])] = []
        for (t, keys) in options[i].pending {
            guard t.isCommitted || all else { kept.append((t, keys)); continue }
            for key in keys where t.readKeys.contains(key) { options[i].used.insert(key) }
        }
        options[i].pending = kept
    }
}

extension ScenarioRunner {
    /// Notes a `send` statement or action, for a port that is never drained.
    func noteSend(to port: String, at location: SourceLocation) {
        guardRails.lastSend[port] = location
    }

    /// Notes a `transaction duration= timing=` action on the transaction it set.
    func noteTransactionOptions(duration: Int64?, timing: String?, at location: SourceLocation) {
        var keys: [String] = [], written: [String] = []
        if let duration { keys.append(TransactionKey.animationDuration); written.append("duration=\(TimeLiteral.format(duration))") }
        if let timing { keys.append(TransactionKey.animationTimingFunction); written.append("timing=\(timing)") }
        guard !keys.isEmpty, let t = layerContext.current else { return }
        let index: Int
        if let i = guardRails.options.firstIndex(where: { $0.location == location }) {
            index = i
        } else {
            guardRails.options.append(GuardRails.Options(location: location, written: written))
            index = guardRails.options.count - 1
        }
        guardRails.settle(index)
        guardRails.options[index].pending.append((t, keys))
        guardRails.options[index].transactions += 1
    }

    /// The warnings of a run that ended at `end` (ns) with `expectations`
    /// to check and `pending` work left (``Simulation/pendingWork()``), in
    /// file order; each is also traced as a `warn` event.
    func guardRailWarnings(end: Int64, expectations: [Expectation], pending: [String]) -> [ScenarioWarning] {
        var out: [ScenarioWarning] = []
        let endText = TimeLiteral.format(end)
        if !file.statements.contains(where: { if case .run = $0 { return true } else { return false } }) {
            out.append(ScenarioWarning(location: SourceLocation(file: file.path, line: 1, column: 1),
                                       message: "the file has no `run`: the run loop never ran, so no timer, outside event or commit happened; add `run until=idle` (or `run until=T`)"))
        } else {
            var lastRun: SourceLocation?
            for case .run(let r) in file.statements { lastRun = r.location }
            var seen: [SourceLocation] = []
            for o in guardRails.outside where !o.handled && !seen.contains(o.event.location) {
                seen.append(o.event.location)
                let copies = guardRails.outside.filter { !$0.handled && $0.event.location == o.event.location }.count
                let what = "`at \(TimeLiteral.format(o.event.time))`" + (copies > 1 ? " (and \(copies - 1) more from this line)" : "")
                let message: String
                if let lastRun, o.event.location.line > lastRun.line {
                    message = "\(what) comes after the last `run` (line \(lastRun.line)), so no run delivered it: it was dropped; move it above that run, or add a run after it"
                } else if o.event.time > end {
                    message = "\(what) is after the last run ended at \(endText): it was dropped; end the last run later (`run until=\(TimeLiteral.format(o.event.time))` or more) or remove it"
                } else {
                    message = "\(what) was never handled before the last run ended at \(endText): it was dropped; run the loop longer, in a mode that handles it"
                }
                out.append(ScenarioWarning(location: o.event.location, message: message))
            }
            for (name, port) in ports.sorted(by: { $0.key < $1.key }) where port.pendingCount > 0 {
                let location = guardRails.lastSend[name] ?? SourceLocation(file: file.path, line: 1, column: 1)
                out.append(ScenarioWarning(location: location,
                                           message: "port '\(name)' still holds \(port.pendingCount) message(s) when the last run ends at \(endText): the `send` was never handled; run the loop longer, in a mode the port is in"))
            }
        }
        // Past the end, an expectation sees the state the run left; that is
        // only a surprise when work was still pending (a timer, an event,
        // a commit not on screen), which would have changed it.
        for e in expectations where !pending.isEmpty {
            guard let at = expectationTime(e.kind), at > end else { continue }
            out.append(ScenarioWarning(location: e.location,
                                       message: "the expectation's time at=\(TimeLiteral.format(at)) is after the run ended at \(endText) with work still pending (\(pending[0])\(pending.count > 1 ? ", …" : "")): it checks the state the run left, not what would have happened by then; run until=\(TimeLiteral.format(at)) or more"))
        }
        for i in guardRails.options.indices {
            guardRails.settle(i, all: true)
            let o = guardRails.options[i]
            guard o.used.isEmpty else { continue }
            let count = o.transactions == 1 ? "its transaction" : "any of its \(o.transactions) transactions"
            out.append(ScenarioWarning(location: o.location,
                                       message: "`transaction \(o.written.joined(separator: " "))`: no animation in \(count) used it (view layers have no implicit actions, disableActions=true turns them off, and an action reads the values when a property is set after this line); set a standalone layer's property after it, or use `animate`"))
        }
        out.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        for w in out { simulation.warn(w.traceText) }
        return out
    }

    /// The time an expectation looks at, if it names one.
    private func expectationTime(_ kind: ExpectationKind) -> Int64? {
        switch kind {
        case .log(_, let at): at
        case .visible(_, _, _, let at), .presentation(_, _, _, let at, _): at
        case .pixel(_, _, _, let at, _): at
        case .taskEnded(_, let at, _): at
        case .commits, .frames, .neverVisible: nil
        }
    }
}
