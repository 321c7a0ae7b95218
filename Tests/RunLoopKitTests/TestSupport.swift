import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// One second of virtual time.
let S: Nanoseconds = 1_000_000_000

/// `x` seconds of virtual time (exact for the decimal values the tests use).
func sec(_ x: Double) -> Nanoseconds { Nanoseconds((x * 1e9).rounded()) }

/// A virtual time in seconds, as the checklist writes it: `10`, `3.5`, `1.1`.
func secs(_ t: Nanoseconds) -> String {
    var s = TimeLiteral.format(t)
    s.removeLast()  // the trailing "s"
    return s
}

/// The checklist's short name of one activity.
func code(_ a: RunLoopActivity) -> String {
    switch a {
    case .entry: return "E"
    case .beforeTimers: return "BT"
    case .beforeSources: return "BS"
    case .beforeWaiting: return "BW"
    case .afterWaiting: return "AW"
    case .exit: return "X"
    default: return "?\(a.rawValue)"
    }
}

/// A simulated thread with one run loop, a trace, and a log written in the
/// notation of docs/reference/run-loop-rules.md §14: `E BT BS S:a T:x@1 B:k D:d P:p BW AW@10 X`.
///
/// Observers made by ``observe(_:order:prefix:extra:)`` record activities
/// (AfterWaiting with the virtual time in seconds); the callouts made by the
/// helpers record themselves (timers with the time they fire at).
final class Sim {
    let context: SimContext
    let trace = TraceRecorder()
    let loop: SimRunLoop
    var log: [String] = []

    /// What the test means to leave pending at its end (checked when the
    /// simulated thread goes away: `pendingWork()` must be exactly this).
    var leaves: [String] = []

    init(main: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        context = SimContext()
        context.trace = trace
        loop = SimRunLoop(context: context, isMain: main)
        QuiescenceRegistry.current?.register(at: sourceLocation) { (self.loop.pendingWork(), self.leaves) }
        QuiescenceRegistry.current?.registerInvariants(of: "run loop", at: sourceLocation) { self.loop._invariantViolations() }
    }


    /// The current virtual time.
    var now: Nanoseconds { context.now }

    /// The log so far, space-separated.
    var line: String { log.joined(separator: " ") }

    /// Returns the log so far and starts a new one.
    func take() -> String {
        defer { log = [] }
        return line
    }

    func note(_ s: String) { log.append(s) }

    /// Notes `s@t`, t being the current virtual time in seconds.
    func stamp(_ s: String) { log.append("\(s)@\(secs(now))") }

    /// How the observers write one activity: AfterWaiting carries its time.
    func activity(_ a: RunLoopActivity) -> String {
        a == .afterWaiting ? "AW@\(secs(now))" : code(a)
    }

    /// The all-activities observer O (order 0 by default), added to `mode`.
    @discardableResult
    func observe(_ mode: RunLoopMode = .default, order: Int = 0, name: String = "O", prefix: String = "",
                 activities: RunLoopActivity = .allActivities, repeats: Bool = true,
                 extra: ((RunLoopActivity) throws -> Void)? = nil) -> SimObserver {
        let o = SimObserver(name: name, activities: activities, repeats: repeats, order: order) { _, act in
            self.note(prefix + self.activity(act))
            try extra?(act)
        }
        loop.add(o, to: mode)
        return o
    }

    /// An observer that only runs `body` (it does not log by itself).
    @discardableResult
    func observer(_ name: String, _ activities: RunLoopActivity, order: Int, in mode: RunLoopMode = .default,
                  repeats: Bool = true, _ body: @escaping (RunLoopActivity) throws -> Void) -> SimObserver {
        let o = SimObserver(name: name, activities: activities, repeats: repeats, order: order) { _, act in try body(act) }
        loop.add(o, to: mode)
        return o
    }

    /// A version-0 source that logs `S:name` when performed.
    @discardableResult
    func source(_ name: String, order: Int = 0, in modes: [RunLoopMode] = [.default], signalled: Bool = false,
                _ body: ((SimSource) throws -> Void)? = nil,
                schedule: ((SimRunLoop, RunLoopMode) -> Void)? = nil,
                cancel: ((SimRunLoop, RunLoopMode) -> Void)? = nil) -> SimSource {
        let src = SimSource(name: name, order: order, schedule: schedule, cancel: cancel) { s in
            self.note("S:\(name)")
            try body?(s)
        }
        for m in modes { loop.add(src, to: m) }
        if signalled { src.signal(in: context) }
        return src
    }

    /// A timer that logs `T:name@t` when it fires.
    @discardableResult
    func timer(_ name: String, at date: Nanoseconds, interval: Nanoseconds = 0, order: Int = 0,
               in modes: [RunLoopMode] = [.default], _ body: ((SimTimer) throws -> Void)? = nil) -> SimTimer {
        let t = SimTimer(name: name, fireDate: date, interval: interval, order: order, context: context) { t in
            self.stamp("T:\(name)")
            try body?(t)
        }
        for m in modes { loop.add(t, to: m) }
        return t
    }

    /// A block (CFRunLoopPerformBlock) that logs `B:name`.
    func block(_ name: String, in modes: [RunLoopMode] = [.default], _ body: (() throws -> Void)? = nil) {
        loop.perform(in: modes, name: name) {
            self.note("B:\(name)")
            try body?()
        }
    }

    /// A main-queue item that logs `D:name`.
    func dispatchMain(_ name: String, _ body: (() throws -> Void)? = nil) {
        loop.enqueueMain(name: name) {
            self.note("D:\(name)")
            try body?()
        }
    }

    /// A version-1 port that logs `P:name` for each message.
    @discardableResult
    func port(_ name: String, in modes: [RunLoopMode] = [.default]) -> SimPort {
        let p = SimPort(name: name) { _, _ in self.note("P:\(name)") }
        for m in modes { loop.add(p, to: m) }
        return p
    }

    /// A BeforeWaiting observer (order 1) that logs `next=<nextFireDate>` of `t`.
    func watchNextFireDate(_ t: SimTimer, in mode: RunLoopMode = .default) {
        observer("next", .beforeWaiting, order: 1, in: mode) { _ in self.note("next=\(secs(t.nextFireDate))") }
    }

    /// Runs `mode` (timeout in nanoseconds).
    @discardableResult
    func run(_ mode: RunLoopMode = .default, _ timeout: Nanoseconds, handled: Bool = false) throws -> RunResult {
        try loop.run(in: mode, timeout: timeout, returnAfterSourceHandled: handled)
    }

    /// The trace events of kind `ev`.
    func events(_ ev: String) -> [TraceEvent] { trace.events.filter { $0.name == ev } }

    /// The names of the callouts in the trace, in order.
    var calloutNames: [String] { trace.events.compactMap(\.calloutName) }
}

extension TraceEvent {
    /// The name of a `callout` event.
    var calloutName: String? { if case .callout(_, let name, _) = kind { name } else { nil } }
    /// The reason of a `wake` event.
    var wakeReason: WakeReason? { if case .wake(let reason) = kind { reason } else { nil } }
    /// The result and mode of a `run.end` event.
    var runResult: RunResult? { if case .runEnd(_, _, let result) = kind { result } else { nil } }
    var runEndMode: String? { if case .runEnd(let mode, _, _) = kind { mode } else { nil } }
}
