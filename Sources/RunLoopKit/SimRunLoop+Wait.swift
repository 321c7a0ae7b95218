import LoopSimTrace

extension SimRunLoop {
    /// CFRunLoopWakeUp: posts one wake-up message unless the innermost run
    /// ignores wake-ups (from its wait until the start of its next pass, or
    /// always when the loop is not running). Wake-ups coalesce.
    public func wakeUp(reason: WakeReason = .wakeUp) {
        guard !innermost.hot.ignoreWakeUps else { return }
        if !hot.wakeUpPending {
            hot.wakeUpPending = true
            hot.wakeUpTime = context.now
            hot.wakeUpReason = reason
        }
    }

    /// CFRunLoopStop: stops the innermost run at the end of its current pass.
    /// Does nothing (and is not remembered) when the loop is not running.
    public func stop() {
        guard runDepth > 0 else { return }
        innermost.hot.stopped = true
        wakeUp()
    }

    /// `_CFRunLoopStopMode`: sets the mode's persistent stop flag (creating
    /// the mode) and wakes the loop; the current or next run of it returns
    /// `stopped`.
    public func stop(mode: RunLoopMode) {
        modeState(mode, create: true)!.hot.stopped = true
        wakeUp()
    }

    /// The port a receive takes now, if any: the earliest to become ready,
    /// ties broken in a fixed order (wake-up, timer, main queue, then
    /// version-1 ports in registration order). `consumesTimeout` when the
    /// run's timeout is what woke it.
    private func earliestReadyPort(_ m: ModeState, dispatchPort: Bool, deadline: Nanoseconds?,
                                   timeoutFired: Bool) -> (LivePort, consumesTimeout: Bool)? {
        let now = context.now
        var bestTime = Nanoseconds.max, bestRank = Int.max
        var best = LivePort.none
        var timeout = false
        @inline(__always) func better(_ time: Nanoseconds, _ rank: Int) -> Bool {
            time < bestTime || (time == bestTime && rank < bestRank)
        }
        if hot.wakeUpPending {
            bestTime = hot.wakeUpTime; bestRank = 0; best = .wakeUp(hot.wakeUpReason)
        }
        if let deadline, !timeoutFired, deadline <= now, better(deadline, 0) {
            bestTime = deadline; bestRank = 0; best = .wakeUp(.timeout); timeout = true
        }
        if !m.hot.timers.isEmpty, let d = m.nextTimerDeadline() {
            let wakeAt = options.toleranceWake == .soft ? d.soft : d.hard
            if wakeAt <= now, better(wakeAt, 1) { bestTime = wakeAt; bestRank = 1; best = .timer; timeout = false }
        }
        if dispatchPort, !hot.mainQueue.isEmpty, better(hot.mainQueueReadyTime, 2) {
            bestTime = hot.mainQueueReadyTime; bestRank = 2; best = .mainQueue; timeout = false
        }
        for p in m.hot.ports where p.isValid {
            if let t = p.firstMessageTime, better(t, 3 + p.hot.registration) {
                bestTime = t; bestRank = 3 + p.hot.registration; best = .port(p); timeout = false
            }
        }
        return bestRank == .max ? nil : (best, timeout)
    }

    /// Step 10: receive one message from the mode's port set (plus the main
    /// queue's port in the main-queue case). Polls when `poll`, otherwise
    /// sleeps, moving virtual time to the next deadline or outside event.
    func receive(_ m: ModeState, poll: Bool, dispatchPort: Bool, deadline: Nanoseconds?,
                 timeoutFired: inout Bool) throws -> LivePort {
        if let next = context.nextOutsideEventTime, next <= context.now { context.deliverDueEvents() }
        // A poll with nothing that could be ready: no message to look for.
        if poll, !hot.wakeUpPending, deadline == nil, m.hot.timers.isEmpty, m.hot.ports.isEmpty, !(dispatchPort && !hot.mainQueue.isEmpty) {
            return .none
        }
        if !poll, context.trace != nil {
            var until: Nanoseconds? = deadline.flatMap { timeoutFired ? nil : $0 }
            if let d = m.nextTimerDeadline() {
                let w = options.toleranceWake == .soft ? d.soft : d.hard
                until = min(until ?? w, w)
            }
            context.emit(.sleep(mode: m.name.rawValue, until: until))
        }
        while true {
            if dispatchPort, let feeder = mainQueueFeeder { takeIn(from: feeder) }
            if let (live, consumesTimeout) = earliestReadyPort(m, dispatchPort: dispatchPort, deadline: deadline, timeoutFired: timeoutFired) {
                var reason = WakeReason.port
                switch live {
                case .wakeUp(let r):
                    // One message on the wake-up port: a pending wake-up and
                    // the timeout's coalesce.
                    reason = hot.wakeUpPending ? hot.wakeUpReason : r
                    if consumesTimeout || (deadline.map { $0 <= context.now } ?? false) { timeoutFired = true }
                    hot.wakeUpPending = false
                case .timer: reason = .timer
                case .mainQueue: reason = .mainQueue
                case .port, .none: reason = .port
                }
                if !poll {
                    context.emit(.wake(reason: reason))
                }
                return live
            }
            if poll { return .none }
            var next = Nanoseconds.max
            if let d = m.nextTimerDeadline() { next = options.toleranceWake == .soft ? d.soft : d.hard }
            if let deadline, !timeoutFired { next = min(next, deadline) }
            if let e = context.nextOutsideEventTime { next = min(next, max(e, context.now)) }
            if next == .max {
                context.emit(.note(text: "nothing can ever wake the loop in mode \(m.name.rawValue): idle"))
                throw IdleUnwind()
            }
            if let bound = settleDeadline, next > bound {
                throw RunLoopError.notSettled(notSettledMessage(bound: bound))
            }
            context.sleep(until: next)
        }
    }

    /// Describes what is still pending: timers, signalled sources, queued
    /// messages, blocks, main-queue items and outside events.
    public func pendingWork() -> [String] {
        var out: [String] = []
        var seenTimers: [SimTimer] = []
        for m in modeOrder {
            for t in m.hot.timers where !seenTimers.contains(where: { $0 === t }) {
                seenTimers.append(t)
                let kind = t.repeats ? "repeating timer '\(t.name)' (every \(TimeLiteral.format(t.interval)))" : "timer '\(t.name)'"
                out.append("\(kind) next due at \(TimeLiteral.format(t.fireTime)) in mode \(t.modes.map(\.rawValue).joined(separator: ","))")
            }
        }
        var seenSources: [SimSource] = []
        for m in modeOrder {
            for s in m.hot.sources0 where s.isSignalled && !seenSources.contains(where: { $0 === s }) {
                seenSources.append(s)
                out.append("source '\(s.name)' signalled")
            }
            for p in m.hot.ports where p.pendingCount > 0 {
                out.append("port '\(p.name)' with \(p.pendingCount) queued message(s)")
            }
        }
        if !hot.mainQueue.isEmpty { out.append("\(hot.mainQueue.count) main-queue item(s)") }
        if let feeder = mainQueueFeeder { out += feeder.pendingWork() }
        if pendingBlockCount > 0 { out.append("\(pendingBlockCount) pending block(s)") }
        for e in context.pendingOutsideEvents {
            out.append("outside event '\(e.label)' at \(TimeLiteral.format(e.time))")
        }
        return out
    }

    private func notSettledMessage(bound: Nanoseconds) -> String {
        let pending = pendingWork()
        let list = pending.isEmpty ? "nothing visible" : pending.prefix(8).joined(separator: "; ")
        return "the run did not settle by t=\(TimeLiteral.format(bound)) (its bound of virtual time); still pending: \(list). "
            + "A repeating timer or a steady stream of events keeps a loop busy forever; "
            + "invalidate the timer when it is done, run with until=T instead, or raise the bound with max=."
    }
}
