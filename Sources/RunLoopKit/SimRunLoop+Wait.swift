import LoopSimTrace

extension SimRunLoop {
    /// CFRunLoopWakeUp: posts one wake-up message unless the innermost run
    /// ignores wake-ups (from its wait until the start of its next pass, or
    /// always when the loop is not running). Wake-ups coalesce.
    public func wakeUp(reason: WakeReason = .wakeUp) {
        guard !records[records.count - 1].ignoreWakeUps else { return }
        if !wakeUpPending {
            wakeUpPending = true
            wakeUpTime = context.now
            wakeUpReason = reason
        }
    }

    /// CFRunLoopStop: stops the innermost run at the end of its current pass.
    /// Does nothing (and is not remembered) when the loop is not running.
    public func stop() {
        guard !runningModes.isEmpty else { return }
        records[records.count - 1].stopped = true
        wakeUp()
    }

    /// `_CFRunLoopStopMode`: sets the mode's persistent stop flag (creating
    /// the mode) and wakes the loop; the current or next run of it returns
    /// `stopped`.
    public func stop(mode: RunLoopMode) {
        modeState(mode, create: true)!.stopped = true
        wakeUp()
    }

    /// The readiness of one port: when it became ready, and its rank in the
    /// fixed tie-break (wake-up, timer, main queue, source1 by registration).
    private func earliestReadyPort(_ m: ModeState, dispatchPort: Bool, deadline: Nanoseconds?,
                                   timeoutFired: Bool) -> (LivePort, consumesTimeout: Bool)? {
        let now = context.now
        var best: (time: Nanoseconds, rank: Int, port: LivePort, timeout: Bool)?
        func offer(_ time: Nanoseconds, _ rank: Int, _ port: LivePort, timeout: Bool = false) {
            if let b = best, (b.time, b.rank) <= (time, rank) { return }
            best = (time, rank, port, timeout)
        }
        if wakeUpPending { offer(wakeUpTime, 0, .wakeUp(wakeUpReason)) }
        if let deadline, !timeoutFired, deadline <= now { offer(deadline, 0, .wakeUp(.timeout), timeout: true) }
        if let d = m.nextTimerDeadline() {
            let wakeAt = options.toleranceWake == .soft ? d.soft : d.hard
            if wakeAt <= now { offer(wakeAt, 1, .timer) }
        }
        if dispatchPort, !mainQueue.isEmpty { offer(mainQueueReadyTime, 2, .mainQueue) }
        for p in m.ports where p.isValid {
            if let t = p.firstMessageTime { offer(t, 3 + p.registration, .port(p)) }
        }
        guard let best else { return nil }
        return (best.port, best.timeout)
    }

    /// Step 10: receive one message from the mode's port set (plus the main
    /// queue's port in the main-queue case). Polls when `poll`, otherwise
    /// sleeps, moving virtual time to the next deadline or outside event.
    func receive(_ m: ModeState, poll: Bool, dispatchPort: Bool, deadline: Nanoseconds?,
                 timeoutFired: inout Bool) throws -> LivePort {
        context.deliverDueEvents()
        if !poll, context.trace != nil {
            var until: Nanoseconds? = deadline.flatMap { timeoutFired ? nil : $0 }
            if let d = m.nextTimerDeadline() {
                let w = options.toleranceWake == .soft ? d.soft : d.hard
                until = min(until ?? w, w)
            }
            context.emit("sleep", [TraceField("mode", .string(m.name.rawValue)), TraceField("until", until.map { .int($0) } ?? .null)])
        }
        while true {
            if let (live, consumesTimeout) = earliestReadyPort(m, dispatchPort: dispatchPort, deadline: deadline, timeoutFired: timeoutFired) {
                var reason = WakeReason.port
                switch live {
                case .wakeUp(let r):
                    // One message on the wake-up port: a pending wake-up and
                    // the timeout's coalesce.
                    reason = wakeUpPending ? wakeUpReason : r
                    if consumesTimeout || (deadline.map { $0 <= context.now } ?? false) { timeoutFired = true }
                    wakeUpPending = false
                case .timer: reason = .timer
                case .mainQueue: reason = .mainQueue
                case .port, .none: reason = .port
                }
                if !poll {
                    context.emit("wake", [TraceField("reason", .string(reason.rawValue))])
                }
                return live
            }
            if poll { return .none }
            var next = Nanoseconds.max
            if let d = m.nextTimerDeadline() { next = options.toleranceWake == .soft ? d.soft : d.hard }
            if let deadline, !timeoutFired { next = min(next, deadline) }
            if let e = context.nextOutsideEventTime { next = min(next, max(e, context.now)) }
            if next == .max {
                context.emit("note", [TraceField("text", .string("nothing can ever wake the loop in mode \(m.name.rawValue): idle"))])
                throw IdleUnwind()
            }
            if let bound = settleDeadline, next > bound {
                throw RunLoopError.notSettled(notSettledMessage(bound: bound))
            }
            context.advance(to: next)
        }
    }

    /// Describes what is still pending: timers, signalled sources, queued
    /// messages, blocks, main-queue items and outside events.
    public func pendingWork() -> [String] {
        var out: [String] = []
        var seenTimers: [SimTimer] = []
        for m in modeOrder {
            for t in m.timers where !seenTimers.contains(where: { $0 === t }) {
                seenTimers.append(t)
                let kind = t.repeats ? "repeating timer '\(t.name)' (every \(formatTime(t.interval)))" : "timer '\(t.name)'"
                out.append("\(kind) next due at \(formatTime(t.fireTime)) in mode \(t.modes.map(\.rawValue).joined(separator: ","))")
            }
        }
        var seenSources: [SimSource] = []
        for m in modeOrder {
            for s in m.sources0 where s.isSignalled && !seenSources.contains(where: { $0 === s }) {
                seenSources.append(s)
                out.append("source '\(s.name)' signalled")
            }
            for p in m.ports where p.pendingCount > 0 {
                out.append("port '\(p.name)' with \(p.pendingCount) queued message(s)")
            }
        }
        if !mainQueue.isEmpty { out.append("\(mainQueue.count) main-queue item(s)") }
        if pendingBlockCount > 0 { out.append("\(pendingBlockCount) pending block(s)") }
        for e in context.pendingOutsideEvents {
            out.append("outside event '\(e.label)' at \(formatTime(e.time))")
        }
        return out
    }

    private func notSettledMessage(bound: Nanoseconds) -> String {
        let pending = pendingWork()
        let list = pending.isEmpty ? "nothing visible" : pending.prefix(8).joined(separator: "; ")
        return "the run did not settle by t=\(formatTime(bound)) (its bound of virtual time); still pending: \(list). "
            + "A repeating timer or a steady stream of events keeps a loop busy forever; "
            + "invalidate the timer when it is done, run with until=T instead, or raise the bound with max=."
    }
}
