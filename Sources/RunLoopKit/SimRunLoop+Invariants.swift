/// The loop's invariants, checked as swift-collections checks its own
/// (`_checkInvariants()`): compiled in debug builds, which the tests are,
/// and called by the tests at teardown (docs/internals/safety.md, "Invariants"); a
/// release build has neither the checks nor their cost.
extension SimRunLoop {
    /// Traps, naming every invariant that does not hold (none in a
    /// release build).
    package func _checkInvariants() {
        #if DEBUG
        let broken = _invariantViolations()
        precondition(broken.isEmpty, "SimRunLoop: \(broken.count) invariant(s) broken:\n" + broken.joined(separator: "\n"))
        #endif
    }

    /// The invariants that do not hold, one sentence each: empty when all
    /// do (and always in a release build). O(items in every mode).
    ///
    /// - Modes: the creation order and the table by name hold the same
    ///   modes; the common modes are distinct and never `.common` itself.
    /// - The common-mode items are listed once each, and a timer or an
    ///   observer among them is on this loop or on none. (Not "in every
    ///   common mode": removing an item from one named mode leaves the
    ///   common-mode items alone, as CF does, docs/reference/run-loop-rules.md §8.
    ///   Nor "valid": an item taken out of every mode by name and then
    ///   invalidated stays listed, and never joins a mode again.)
    /// - Each mode's items are distinct and valid; observers are in order,
    ///   timers by fire time; the observer mask covers every observer.
    /// - An item and the modes it is in agree both ways: a timer's and an
    ///   observer's loop and mode list, a source's and a port's
    ///   memberships.
    /// - Runs: a record per active run, the base record ignoring wake-ups;
    ///   blocks in sequence order, none numbered past the last; outside a
    ///   run, nothing is waiting, draining or detached.
    /// - The context's outside events are in delivery order.
    package func _invariantViolations() -> [String] {
        #if DEBUG
        var out: [String] = []
        checkModes(&out)
        checkItems(&out)
        checkCommonItems(&out)
        checkRuns(&out)
        out += context._invariantViolations()
        return out
        #else
        return []
        #endif
    }

    #if DEBUG
    private func checkModes(_ out: inout [String]) {
        if modeOrder.count != modeStates.count { out.append("\(modeOrder.count) modes in creation order, \(modeStates.count) by name") }
        for m in modeOrder where modeStates[m.name] !== m { out.append("mode \(m.name) is not the mode of its name") }
        if let m = hot.lastMode, modeStates[m.name] !== m { out.append("the last mode looked up, \(m.name), is not the mode of its name") }
        if Set(hot.commonModes).count != hot.commonModes.count { out.append("the common modes \(hot.commonModes) repeat one") }
        if hot.commonModes.contains(.common) { out.append("kCFRunLoopCommonModes is listed among the common modes") }
    }

    /// The items added with `.common`, of each kind.
    private func checkCommonItems(_ out: inout [String]) {
        func once(_ kind: String, _ items: [AnyObject]) {
            if Set(items.map(ObjectIdentifier.init)).count != items.count { out.append("a common-mode \(kind) is listed twice") }
        }
        once("source", commonSources)
        once("port", commonPorts)
        once("observer", commonObservers)
        once("timer", commonTimers)
        for o in commonObservers where o.runLoop != nil && o.runLoop !== self { out.append("common-mode observer '\(o.name)' belongs to another loop") }
        for t in commonTimers where t.hot.runLoop != nil && t.hot.runLoop !== self { out.append("common-mode timer '\(t.name)' belongs to another loop") }
    }

    private func checkItems(_ out: inout [String]) {
        func distinct(_ items: [AnyObject]) -> Bool { Set(items.map(ObjectIdentifier.init)).count == items.count }
        // The modes (of this loop) each timer and observer is in, by identity.
        var timerModes: [ObjectIdentifier: (SimTimer, [RunLoopMode])] = [:]
        var observerModes: [ObjectIdentifier: (SimObserver, [RunLoopMode])] = [:]
        var sourceModes: [ObjectIdentifier: (SimSource, [RunLoopMode])] = [:]
        var portModes: [ObjectIdentifier: (SimPort, [RunLoopMode])] = [:]
        for m in modeOrder {
            let h = m.hot
            let name = m.name
            if !distinct(h.sources0) || !distinct(h.ports) || !distinct(h.observers) || !distinct(h.timers) {
                out.append("mode \(name) holds an item twice")
            }
            if !zip(h.observers, h.observers.dropFirst()).allSatisfy({ $0.order <= $1.order }) { out.append("mode \(name): observers out of order") }
            if !zip(h.timers, h.timers.dropFirst()).allSatisfy({ $0.hot.fireTime <= $1.hot.fireTime }) { out.append("mode \(name): timers out of fire-time order") }
            for o in h.observers where o.activities.rawValue & ~h.observerMask != 0 { out.append("mode \(name): the observer mask misses observer '\(o.name)'") }
            for t in h.timers {
                if !t.hot.isValid { out.append("mode \(name) holds invalid timer '\(t.name)'") }
                if t.hot.runLoop !== self { out.append("mode \(name) holds timer '\(t.name)', which belongs to another loop") }
                timerModes[ObjectIdentifier(t), default: (t, [])].1.append(name)
            }
            for o in h.observers {
                if !o.hot.isValid { out.append("mode \(name) holds invalid observer '\(o.name)'") }
                if o.runLoop !== self { out.append("mode \(name) holds observer '\(o.name)', which belongs to another loop") }
                observerModes[ObjectIdentifier(o), default: (o, [])].1.append(name)
            }
            for s in h.sources0 {
                if !s.hot.isValid { out.append("mode \(name) holds invalid source '\(s.name)'") }
                sourceModes[ObjectIdentifier(s), default: (s, [])].1.append(name)
            }
            for p in h.ports {
                if !p.hot.isValid { out.append("mode \(name) holds invalid port '\(p.name)'") }
                if p.hot.head > p.hot.queue.count { out.append("port '\(p.name)': its queue's head is past its end") }
                portModes[ObjectIdentifier(p), default: (p, [])].1.append(name)
            }
        }
        for (t, modes) in timerModes.values where t.hot.modes.sorted(by: Self.byName) != modes.sorted(by: Self.byName) {
            out.append("timer '\(t.name)' lists modes \(t.hot.modes), but is in \(modes)")
        }
        for (o, modes) in observerModes.values where o.modes.sorted(by: Self.byName) != modes.sorted(by: Self.byName) {
            out.append("observer '\(o.name)' lists modes \(o.modes), but is in \(modes)")
        }
        for (s, modes) in sourceModes.values {
            let listed = s.memberships.filter { $0.loop === self }.map(\.mode)
            if listed.sorted(by: Self.byName) != modes.sorted(by: Self.byName) { out.append("source '\(s.name)' lists modes \(listed), but is in \(modes)") }
        }
        for (p, modes) in portModes.values {
            let listed = p.memberships.filter { $0.loop === self }.map(\.mode)
            if listed.sorted(by: Self.byName) != modes.sorted(by: Self.byName) { out.append("port '\(p.name)' lists modes \(listed), but is in \(modes)") }
        }
    }

    private static func byName(_ a: RunLoopMode, _ b: RunLoopMode) -> Bool { a.rawValue < b.rawValue }

    private func checkRuns(_ out: inout [String]) {
        let records = hot.records, depth = hot.runDepth
        guard depth >= 0, records.count > depth else {
            out.append("run depth \(depth) with \(records.count) run record(s)")
            return
        }
        if Set(records.map(ObjectIdentifier.init)).count != records.count { out.append("a run record is used twice") }
        if !records[0].hot.ignoreWakeUps || records[0].hot.mode != nil { out.append("the base run record is running or takes wake-ups") }
        for (i, r) in records.enumerated().dropFirst() where (r.hot.mode != nil) != (i <= depth) {
            out.append("run record \(i) \(r.hot.mode == nil ? "has no mode" : "has a mode") at run depth \(depth)")
        }
        func inOrder(_ seqs: [Int]) -> Bool { zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 } && (seqs.last ?? 0) <= hot.blockSeq }
        let queues = [("common", commonBlocks)] + modeOrder.map { ($0.name.rawValue, $0.blocks) }
        for (name, q) in queues {
            guard q.hot.head <= q.hot.items.count else {
                out.append("the blocks of \(name): the head is past the end")
                continue
            }
            if !inOrder(q.hot.items[q.hot.head...].map(\.seq)) { out.append("the blocks of \(name) are out of sequence order") }
        }
        if !inOrder(hot.multiModeBlocks.map(\.seq)) { out.append("the blocks for several modes are out of sequence order") }
        let detached = hot.detachedUpTo
        if !zip(detached, detached.dropFirst()).allSatisfy({ $0 <= $1 }) || (detached.last ?? 0) > hot.blockSeq || detached.count > depth {
            out.append("the detached block ranges \(detached) do not fit \(depth) run(s) and \(hot.blockSeq) block(s)")
        }
        if !isMain, !hot.mainQueue.isEmpty { out.append("a loop that is not the main one holds main-queue items") }
        if hot.drainDepth > depth { out.append("a main-queue drain outside a run") }
        if depth == 0, hot.isWaiting { out.append("waiting outside a run") }
    }
    #endif
}
