import LoopSimTrace

/// The port a receive returned (`livePort` in `__CFRunLoopRun`).
enum LivePort {
    case none
    case wakeUp(WakeReason)
    case timer
    case mainQueue
    case port(SimPort)
}

extension SimRunLoop {
    /// CFRunLoopRunInMode / CFRunLoopRunSpecific.
    ///
    /// - Parameters:
    ///   - mode: the mode to run; ``RunLoopMode/common`` returns `finished` at once.
    ///   - timeout: nanoseconds; ≤ 0 polls (one pass); above
    ///     ``Nanoseconds/timerIntervalLimit`` never times out.
    ///   - returnAfterSourceHandled: return `handledSource` after the first
    ///     version-0 source, version-1 message or main-queue drain.
    ///   - passLimit: LoopSim only: end with `stopped` after this many passes,
    ///     as if CFRunLoopStop were called at the end of the last one.
    /// - Returns: the run result. A missing or empty mode returns `finished`
    ///   without Entry/Exit; `idle` means the thread would sleep forever.
    /// - Throws: ``RunLoopError`` when the loop is kept busy without virtual
    ///   time advancing, or when an unbounded run passes ``settleDeadline``.
    @discardableResult
    public func run(in mode: RunLoopMode, timeout: Nanoseconds, returnAfterSourceHandled: Bool = false,
                    passLimit: Int? = nil) throws -> RunResult {
        let depth = runDepth + 1
        let found = mode == .common ? nil : modeState(mode, create: false)
        guard let m = found, !isEmpty(m) else {
            if mode == .common, !commonModesRunWarned {
                commonModesRunWarned = true
                context.emit(.warn(text: "a run in kCFRunLoopCommonModes returns finished at once; run a concrete mode"))
            }
            context.emit(.runBegin(mode: mode.rawValue, depth: depth))
            context.emit(.runEnd(mode: mode.rawValue, depth: depth, result: .finished))
            return .finished
        }
        // The feeder as the outermost run begins: the one told it ends, even
        // if a callout attaches or ends one meanwhile.
        let feeder = depth == 1 ? mainQueueFeeder : nil
        feeder?.runWillBegin(self)
        defer { feeder?.runDidEnd(self) }
        if hot.records.count == depth { hot.records.append(RunRecord(ignoreWakeUps: false)) }
        let record = hot.records[depth]
        record.hot.mode = m
        record.hot.stopped = false
        record.hot.ignoreWakeUps = false
        hot.runDepth = depth
        if context.trace != nil {
            context.emit(.runBegin(mode: mode.rawValue, depth: depth))
        }
        var result = RunResult.idle
        do {
            defer {
                record.hot.mode = nil
                hot.runDepth = depth - 1
            }
            do {
                try doObservers(.entry, m)
                result = try runPasses(m, record, timeout: timeout, stopAfterHandle: returnAfterSourceHandled, passLimit: passLimit)
                try doObservers(.exit, m)
            } catch is IdleUnwind {
                result = .idle
            }
        }
        if context.trace != nil {
            context.emit(.runEnd(mode: mode.rawValue, depth: depth, result: result))
        }
        #if LOOPSIM_INTERNAL_CHECKS
        if depth == 1 { _checkInvariants() }   // after every outermost run (docs/internals/safety.md, "Invariants")
        #endif
        if result == .idle, depth > 1 { throw IdleUnwind() }
        return result
    }

    /// CFRunLoopRun: runs the default mode until a run returns `stopped` or
    /// `finished` (or the thread becomes idle).
    @discardableResult
    public func runUntilStoppedOrFinished() throws -> RunResult {
        while true {
            let r = try run(in: .default, timeout: .max)  // 1.0e10 s: above the limit, never times out
            if r == .stopped || r == .finished || r == .idle { return r }
        }
    }

    /// `__CFRunLoopModeIsEmpty`: no sources, ports or timers, no block that
    /// would run here, and not the main-queue case. Observers do not count.
    func isEmpty(_ m: ModeState) -> Bool {
        if isMainQueueCase(m) { return false }
        if !m.hasNoItems { return false }
        return !hasBlock(for: m)
    }

    func isMainQueueCase(_ m: ModeState) -> Bool {
        isMain && hot.drainDepth == 0 && isCommon(m.name)
    }

    /// `__CFRunLoopRun`.
    private func runPasses(_ m: ModeState, _ record: RunRecord, timeout: Nanoseconds,
                           stopAfterHandle: Bool, passLimit: Int?) throws -> RunResult {
        // (a) a stop from an Entry observer, or a persistent mode stop.
        if record.hot.stopped { record.hot.stopped = false; return .stopped }
        if m.hot.stopped { m.hot.stopped = false; return .stopped }
        // (b)-(d)
        let dispatchPort = isMainQueueCase(m)
        let pollRun = timeout <= 0
        let deadline: Nanoseconds? = (pollRun || timeout > .timerIntervalLimit) ? nil : VirtualTime.saturatingSum(context.now, timeout)
        var timeoutFired = false
        var didDispatchPortLastTime = true
        var passes = 0
        while true {
            try beginPass()
            record.hot.ignoreWakeUps = false                                // 1
            try doObservers(.beforeTimers, m)                               // 2
            try doObservers(.beforeSources, m)                              // 3
            try doBlocks(m)                                                 // 4
            var handled = try doSources0(m, stopAfterHandle: stopAfterHandle) // 5
            if handled { try doBlocks(m) }
            let poll = handled || pollRun                                   // 6
            var live = LivePort.none
            if dispatchPort, let feeder = mainQueueFeeder { takeIn(from: feeder) }
            if dispatchPort, !didDispatchPortLastTime, !hot.mainQueue.isEmpty { // 7
                live = .mainQueue
            } else {
                didDispatchPortLastTime = false                             // 8
                if !poll { try doObservers(.beforeWaiting, m) }             // 9
                hot.isWaiting = true
                do {
                    live = try receive(m, poll: poll, dispatchPort: dispatchPort, deadline: deadline, timeoutFired: &timeoutFired) // 10
                } catch {
                    hot.isWaiting = false   // the run ends in its wait (idle, or past its settle bound)
                    throw error
                }
                record.hot.ignoreWakeUps = true
                hot.isWaiting = false
                if !poll { try doObservers(.afterWaiting, m) }
            }
            record.hot.ignoreWakeUps = true                                 // 11
            switch live {
            case .none, .wakeUp:
                break
            case .timer:
                try doTimers(m, limit: context.now)
            case .mainQueue:
                try drainMainQueue()
                handled = true
                didDispatchPortLastTime = true
            case .port(let p):
                if try doSource1(p) { handled = true }
            }
            try doBlocks(m)                                                 // 12
            passes += 1
            // 13: exit checks in their precedence.
            if handled && stopAfterHandle { return .handledSource }
            if pollRun { return .timedOut }
            if let deadline, context.now >= deadline { return .timedOut }
            if record.hot.stopped { record.hot.stopped = false; return .stopped }
            if m.hot.stopped { m.hot.stopped = false; return .stopped }
            if isEmpty(m) { return .finished }
            if let passLimit, passes >= passLimit { return .stopped }
        }
    }

    /// Counts passes and enforces the busy bound; stops the run once the
    /// trace has refused an event past its limit (docs/reference/limits.md).
    private func beginPass() throws {
        if let full = context.trace?.limitError { throw full }
        context.hot.pass += 1
        let now = context.now
        if now != hot.lastPassTime {
            hot.lastPassTime = now
            hot.passesAtSameTime = 0
            hot.busyCounts = nil
            return
        }
        hot.passesAtSameTime += 1
        guard hot.passesAtSameTime >= options.busyPassLimit else { return }
        if hot.busyCounts == nil {
            hot.busyCounts = [:]
            busyOrder = []
        } else if hot.passesAtSameTime >= options.busyPassLimit + 64 {
            throw RunLoopError.busy(busyMessage())
        }
    }

    private func busyMessage() -> String {
        let counts = hot.busyCounts ?? [:]
        let culprits = busyOrder.sorted { (counts[$0] ?? 0, busyOrder.firstIndex(of: $1) ?? 0) > (counts[$1] ?? 0, busyOrder.firstIndex(of: $0) ?? 0) }
        let named = culprits.prefix(4).map { "\($0) (\(counts[$0] ?? 0) calls in the last 64 passes)" }
        let who = named.isEmpty ? "nothing that made a callout (a pending wake-up or message)" : named.joined(separator: ", ")
        return "the run loop made \(options.busyPassLimit) passes at t=\(TimeLiteral.format(context.now)) without virtual time advancing; "
            + "it was kept busy by \(who). "
            + "A source that re-signals itself, a block or main-queue item that re-enqueues itself, or a timer set into the past keeps the loop from sleeping; "
            + "stop re-arming it, or let virtual time pass (sleep) in its callout."
    }

    /// Makes one callout, traced as `callout` / `callout.end`. The name is
    /// only built when the callout is traced or the busy bound is watching.
    @inline(__always)
    func callout(_ kind: CalloutKind, _ name: @autoclosure () -> String, frame: TraceEvent.FrameTimestamps? = nil,
                 _ body: () throws -> Void) throws {
        if context.trace == nil && hot.busyCounts == nil { return try body() }
        let name = name()
        context.emit(.callout(kind: kind, name: name, frame: frame))
        if hot.busyCounts != nil { noteBusy(kind, name) }
        try body()
        context.emit(.calloutEnd(kind: kind, name: name))
    }

    private func noteBusy(_ kind: CalloutKind, _ name: String) {
        let key = "\(kind.rawValue) '\(name)'"
        if hot.busyCounts![key] == nil { busyOrder.append(key) }
        hot.busyCounts![key, default: 0] += 1
    }

    // MARK: Observers

    /// `__CFRunLoopDoObservers`: a snapshot of the mode's observers (array
    /// copy-on-write: items added during the pass are not in it), each called
    /// if it matches, is still valid and is not already firing.
    @inline(__always)
    func doObservers(_ activity: RunLoopActivity, _ m: ModeState) throws {
        if m.hot.observerMask & activity.rawValue == 0 && context.trace == nil { return }
        try notifyObservers(activity, m)
    }

    private func notifyObservers(_ activity: RunLoopActivity, _ m: ModeState) throws {
        if context.trace != nil {
            context.emit(.activity(activity.traceActivity, mode: m.name.rawValue))
        }
        if m.hot.observerMask & activity.rawValue == 0 { return }
        let snapshot = m.hot.observers
        let bit = activity.rawValue
        for o in snapshot {
            if o.activities.rawValue & bit == 0 || !o.isValid || o.isFiring { continue }
            o.hot.isFiring = true
            try callout(.observer, o.name) { try o.callout(o, activity) }
            if !o.repeats { o.invalidate() }
            o.hot.isFiring = false
        }
    }

    // MARK: Version-0 and version-1 sources

    /// `__CFRunLoopDoSources0`.
    func doSources0(_ m: ModeState, stopAfterHandle: Bool) throws -> Bool {
        if m.hot.sources0.isEmpty { return false }
        var first: SimSource?
        var count = 0
        for s in m.hot.sources0 where s.isValid && s.signalledTime != nil {
            if first == nil { first = s }
            count += 1
        }
        if count == 0 { return false }
        if count == 1 { return try doSource0(first!) }
        let list = m.hot.sources0.filter { $0.isValid && $0.signalledTime != nil }.sorted { a, b in
            if a.order != b.order { return a.order < b.order }
            if a.signalledTime! != b.signalledTime! { return a.signalledTime! < b.signalledTime! }
            return a.hot.signalSeq < b.hot.signalSeq
        }
        var handled = false
        for s in list {
            let h = try doSource0(s)
            switch options.handledRule {
            case .lastResult: handled = h
            case .sticky: handled = handled || h
            }
            if stopAfterHandle && h { break }
        }
        return handled
    }

    private func doSource0(_ s: SimSource) throws -> Bool {
        guard s.signalledTime != nil else { return false }
        s.unsignal()
        guard s.isValid else { return false }
        try callout(.source0, s.name) { try s.perform(s) }
        return true
    }

    /// `__CFRunLoopDoSource1`: one message, one perform.
    private func doSource1(_ p: SimPort) throws -> Bool {
        guard p.pendingCount > 0 else { return false }
        let message = p.takeMessage()
        guard p.isValid else { return false }
        let name = p.calloutKind == .event && !message.label.isEmpty ? message.label : p.name
        try callout(p.calloutKind, name, frame: message.frame) { try p.perform(p, message) }
        return true
    }

    // MARK: Timers

    /// `__CFRunLoopDoTimers`: a snapshot of the due prefix of the sorted
    /// timer array; each fires at most once.
    func doTimers(_ m: ModeState, limit: Nanoseconds) throws {
        var n = 0
        while n < m.hot.timers.count, m.hot.timers[n].fireTime <= limit { n += 1 }
        if n == 1 {
            // The common case: no snapshot array, so rescheduling the timer
            // moves it in place instead of copying the mode's array.
            let t = m.hot.timers[0]
            if !t.isFiring { try doTimer(t) }
            return
        }
        let snapshot = Array(m.hot.timers[0..<n])
        for t in snapshot where !t.isFiring {
            try doTimer(t)
        }
    }

    /// `__CFRunLoopDoTimer`.
    private func doTimer(_ t: SimTimer) throws {
        guard t.isValid, t.fireTime <= context.now, !t.isFiring, t.runLoop === self else { return }
        let doInvalidate = t.interval == 0
        t.hot.isFiring = true
        let old = t.fireTime
        try callout(.timer, t.name) { try t.callout(t) }
        if doInvalidate { invalidate(t) }
        t.hot.isFiring = false
        guard t.isValid, t.fireTime <= old else { return }   // a later date set in the callout is honoured
        let interval = min(t.interval, .timerIntervalLimit)
        let now = context.now
        var next = old
        if next <= now {
            let k = (now - old) / interval + 1
            let (product, o1) = k.multipliedReportingOverflow(by: interval)
            let (sum, o2) = old.addingReportingOverflow(product)
            next = (o1 || o2) ? .max : sum
        }
        t.hot.fireTime = next
        t.hot.nextFireDate = next
        for mode in t.modes { modeState(mode, create: false)?.reposition(t) }
    }
}
