import LoopSimTrace

/// The simulated machine around the run loops: the virtual clock, the queue of
/// things the outside world does at exact virtual times, and the trace.
///
/// Time only moves forward, and only when the simulated thread sleeps in a
/// run loop's wait or is blocked by ``block(for:)``. Outside events due at the
/// same instant run in the order they were scheduled, except that an event
/// scheduled with ``scheduleAfterThread(at:label:_:)`` waits until the
/// simulated thread is done with its instant.
///
/// Not thread-safe and not `Sendable`: the whole simulation is single-threaded.
public final class SimContext {
    /// What the loops read and write all the time, in the context's one
    /// stored property not checked for exclusivity at run time
    /// (docs/internals/safety.md, "Exclusivity").
    struct Hot {
        var now: Nanoseconds = 0
        fileprivate var sequence = 0
        var trace: TraceSink?
        var pass = 0
        /// Pending outside events, sorted by (time, seq).
        fileprivate var outside: [OutsideEvent] = []
        fileprivate var outsideHead = 0
        fileprivate var nextSeq = 0
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot = Hot()

    /// The current virtual time in nanoseconds.
    public var now: Nanoseconds { hot.now }

    /// The next number of the simulation-wide sequence that breaks ties
    /// between same-instant signals and registrations.
    public func nextSequence() -> Int {
        hot.sequence += 1
        return hot.sequence
    }

    /// The trace sink, or nil when nothing is recorded (the fast path).
    public var trace: TraceSink? {
        get { hot.trace }
        set { hot.trace = newValue }
    }
    /// The number of run-loop passes begun so far, over every loop and depth.
    public var pass: Int { hot.pass }

    struct OutsideEvent {
        var time: Nanoseconds
        /// Delivered only once the thread is done with `time`
        /// (``scheduleAfterThread(at:label:_:)``).
        var afterThread: Bool
        var seq: Int
        var label: String?
        /// How ``pendingOutsideEvents`` names an untraced event (nil: not listed).
        var pendingAs: String?
        var action: () -> Void
    }

    public init(trace: TraceSink? = nil) {
        hot.trace = trace
    }

    /// Records a trace event at the current time and pass.
    /// The kind is an autoclosure, so nothing is built when tracing is off.
    @inline(__always)
    public func emit(_ kind: @autoclosure () -> TraceEvent.Kind) {
        guard let trace else { return }
        trace.record(TraceEvent(t: now, iter: pass, kind()))
    }

    /// Schedules `action` to happen "on another thread" at virtual time
    /// `time` (a past time means at the next opportunity). The action must
    /// only change state (signal, post, enqueue, wake up); it runs while the
    /// simulated thread sleeps or is blocked. Same-time events run in the order
    /// they were scheduled. `label` names it in the trace's `post` event (nil:
    /// the simulation's own bookkeeping, not traced).
    ///
    /// `pendingAs` names an untraced event (`label` nil) in
    /// ``pendingOutsideEvents``, so that a stream of the simulation's own
    /// events (a display link's vsyncs) shows in the list of what keeps a
    /// run from settling. Returns the event's id, for ``cancel(_:)``.
    @discardableResult
    public func schedule(at time: Nanoseconds, label: String?, pendingAs: String? = nil,
                         _ action: @escaping () -> Void) -> Int {
        let id = hot.nextSeq
        insert(OutsideEvent(time: time, afterThread: false, seq: id, label: label, pendingAs: pendingAs, action: action))
        return id
    }

    /// Removes a pending event scheduled with ``schedule(at:label:pendingAs:_:)``;
    /// nothing happens when it was delivered already. O(pending events).
    public func cancel(_ id: Int) {
        guard let index = hot.outside[hot.outsideHead...].firstIndex(where: { $0.seq == id }) else { return }
        hot.outside.remove(at: index)
    }

    /// Schedules `action` to happen at virtual time `time`, but only once the
    /// simulated thread is done with that instant: when its clock passes
    /// `time` (a block, or a sleep until a later time), or when it sleeps at
    /// `time` with nothing left to do there. Everything the thread does at
    /// `time` — the callouts of timers, sources and blocks due then, and the
    /// commits they make — happens before it. (A vsync at `v_k` latches
    /// every commit at `v_k` this way: `docs/reference/core-animation-rules.md`
    /// choice 1.) Among themselves such events keep their scheduling order,
    /// after the ordinary events of the same instant.
    public func scheduleAfterThread(at time: Nanoseconds, label: String?, _ action: @escaping () -> Void) {
        insert(OutsideEvent(time: time, afterThread: true, seq: hot.nextSeq, label: label, action: action))
    }

    /// Inserts `item` after every pending event with a smaller or equal
    /// (time, afterThread) key: same-key events keep their scheduling order.
    private func insert(_ item: OutsideEvent) {
        hot.nextSeq += 1
        var lo = hot.outsideHead, hi = hot.outside.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let m = hot.outside[mid]
            if m.time < item.time || (m.time == item.time && (!m.afterThread || item.afterThread)) { lo = mid + 1 } else { hi = mid }
        }
        hot.outside.insert(item, at: lo)
    }

    /// The time of the next pending outside event, if any.
    public var nextOutsideEventTime: Nanoseconds? {
        hot.outsideHead < hot.outside.count ? hot.outside[hot.outsideHead].time : nil
    }

    /// Labels of the outside events still pending, in order.
    public var pendingOutsideEvents: [(time: Nanoseconds, label: String)] {
        hot.outside[hot.outsideHead...].compactMap { e in (e.label ?? e.pendingAs).map { (e.time, $0) } }
    }

    /// Moves the clock to `time`, delivering every outside event due on the way
    /// at its own time. Never moves the clock backwards. An event scheduled
    /// with ``scheduleAfterThread(at:label:_:)`` exactly at `time` stays
    /// pending: the thread may still work at `time` (see ``sleep(until:)``).
    public func advance(to time: Nanoseconds) {
        while hot.outsideHead < hot.outside.count {
            let head = hot.outside[hot.outsideHead]
            guard head.time < time || (head.time == time && !head.afterThread) else { break }
            deliverHead()
        }
        if time > now { hot.now = time }
    }

    /// The simulated thread sleeps, with nothing ready, until `time` (the
    /// next event it could wake for). When `time` is not after ``now`` and
    /// the only events due now wait for the thread
    /// (``scheduleAfterThread(at:label:_:)``), the thread is done with this
    /// instant: the first of them is delivered. Otherwise this is
    /// ``advance(to:)``.
    public func sleep(until time: Nanoseconds) {
        if time <= now, hot.outsideHead < hot.outside.count, hot.outside[hot.outsideHead].time <= now, hot.outside[hot.outsideHead].afterThread {
            deliverHead()
        } else {
            advance(to: time)
        }
    }

    /// Drops every pending outside event without running it. Their actions
    /// often hold the run loop or this context (a scheduled `signal` holds
    /// both), so the owner of a run calls this when it goes: what was never
    /// delivered must not keep the run alive (docs/guide/library.md, "A finished
    /// run releases what it made").
    public func discardOutsideEvents() {
        hot.outside.removeAll()
        hot.outsideHead = 0
    }

    private func deliverHead() {
        let item = hot.outside[hot.outsideHead]
        // A delivered action is dropped at once: it may hold the loop or
        // this context, and the slot is only reclaimed in batches.
        hot.outside[hot.outsideHead].action = {}
        hot.outsideHead += 1
        if item.time > now { hot.now = item.time }
        if let label = item.label { emit(.post(what: label)) }
        item.action()
        if hot.outsideHead > 64, hot.outsideHead * 2 > hot.outside.count {
            hot.outside.removeFirst(hot.outsideHead)
            hot.outsideHead = 0
        }
    }

    /// The context's invariants that do not hold, one sentence each
    /// (``SimRunLoop/_invariantViolations()`` reports them): the pending
    /// outside events lie after the head, in delivery order, and their
    /// numbers were handed out. Empty in a release build.
    package func _invariantViolations() -> [String] {
        #if DEBUG
        guard hot.outsideHead <= hot.outside.count else { return ["the outside events' head is past their end"] }
        var out: [String] = []
        let pending = hot.outside[hot.outsideHead...]
        for (a, b) in zip(pending, pending.dropFirst()) where !(a.time < b.time || (a.time == b.time && (!a.afterThread || b.afterThread))) {
            out.append("outside events out of delivery order at \(TimeLiteral.format(b.time))")
        }
        if pending.contains(where: { $0.seq >= hot.nextSeq }) { out.append("an outside event numbered past the last one handed out") }
        return out
        #else
        return []
        #endif
    }

    /// Delivers the outside events already due at the current time.
    public func deliverDueEvents() {
        advance(to: now)
    }

    /// Blocks the simulated thread for `duration` nanoseconds (a `sleep` in a
    /// callout): the clock advances and outside events are delivered on the
    /// way, but nothing on this thread runs.
    ///
    /// Traps when the block would end past the end of virtual time
    /// (``VirtualTime/end``); a caller with user input checks first with
    /// ``VirtualTime/sum(_:_:what:)``.
    public func block(for duration: Nanoseconds) {
        precondition(duration >= 0, "SimContext.block(for:) needs a non-negative duration, got \(duration)")
        guard let end = VirtualTime.checkedSum(now, duration) else {
            preconditionFailure("SimContext.block(for: \(duration)) at \(now) ns would end past the end of virtual time; check with VirtualTime.sum first")
        }
        emit(.blocked(duration: duration))
        advance(to: end)
    }
}
