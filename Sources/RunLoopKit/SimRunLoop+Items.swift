/// Adding and removing sources, ports, observers and timers (CFRunLoopAdd…/Remove…).
///
/// Adding with ``RunLoopMode/common`` records the item among the common-mode
/// items and adds it to every common mode, now and later. Removing with
/// `.common` takes it out of every common mode, but only if it was added that
/// way. Adding to a named mode creates the mode.
extension SimRunLoop {
    // MARK: Adding and removing

    /// Adds a version-0 source; its `schedule` callout runs for each mode it joins.
    public func add(_ source: SimSource, to mode: RunLoopMode) { addItem(source, to: mode) }

    /// Removes a version-0 source; its `cancel` callout runs for each mode it leaves.
    public func remove(_ source: SimSource, from mode: RunLoopMode) { removeItem(source, from: mode) }

    /// Adds a version-1 port. Its registration number (the tie-break among
    /// ports signalled together) is taken the first time it is added anywhere.
    public func add(_ port: SimPort, to mode: RunLoopMode) {
        guard port.isValid else { return }
        if port.hot.registration == .max { port.hot.registration = context.nextSequence() }
        addItem(port, to: mode)
    }

    /// Removes a version-1 port.
    public func remove(_ port: SimPort, from mode: RunLoopMode) { removeItem(port, from: mode) }

    /// Adds an observer. An observer belongs to one loop: adding it to a
    /// second loop is ignored, as is adding it to a mode it is already in.
    public func add(_ observer: SimObserver, to mode: RunLoopMode) { addItem(observer, to: mode) }

    /// Removes an observer; one that is in no mode any more belongs to no loop.
    public func remove(_ observer: SimObserver, from mode: RunLoopMode) { removeItem(observer, from: mode) }

    /// Adds a timer. A timer belongs to one loop: adding it to another loop is
    /// ignored. Its fire time is not recomputed: a timer created for t=1 and
    /// added at t=5 is already due.
    public func add(_ timer: SimTimer, to mode: RunLoopMode) { addItem(timer, to: mode) }

    /// Removes a timer; one that is in no mode any more belongs to no loop.
    public func remove(_ timer: SimTimer, from mode: RunLoopMode) { removeItem(timer, from: mode) }

    // MARK: The common-mode fan-out, once for every kind of item

    /// Adds `item` to `mode`, or with `.common` records it among the
    /// common-mode items and adds it to every common mode.
    func addItem<Item: RunLoopItem>(_ item: Item, to mode: RunLoopMode) {
        guard item.mayJoin(self) else { return }
        if mode == .common {
            guard !self[keyPath: Item.commonItems].contains(where: { $0 === item }) else { return }
            self[keyPath: Item.commonItems].append(item)
            for m in commonModes { addToMode(item, m) }
        } else {
            addToMode(item, mode)
        }
    }

    /// Removes `item` from `mode`, or with `.common` from every common mode
    /// (only if it was added with `.common`).
    func removeItem<Item: RunLoopItem>(_ item: Item, from mode: RunLoopMode) {
        if mode == .common {
            guard let i = self[keyPath: Item.commonItems].firstIndex(where: { $0 === item }) else { return }
            self[keyPath: Item.commonItems].remove(at: i)
            for m in commonModes { removeFromMode(item, m) }
        } else {
            removeFromMode(item, mode)
        }
    }

    /// Adds `item` to one named mode (creating the mode) unless it is there.
    func addToMode<Item: RunLoopItem>(_ item: Item, _ mode: RunLoopMode) {
        guard item.mayJoin(self) else { return }
        let m = modeState(mode, create: true)!
        guard !m[keyPath: Item.modeItems].contains(where: { $0 === item }) else { return }
        item.join(m, of: self)
    }

    /// Takes `item` out of one named mode, if it is there.
    func removeFromMode<Item: RunLoopItem>(_ item: Item, _ mode: RunLoopMode) {
        guard let m = modeState(mode, create: false),
              let i = m[keyPath: Item.modeItems].firstIndex(where: { $0 === item }) else { return }
        m[keyPath: Item.modeItems].remove(at: i)
        item.leave(mode, of: self)
    }

    /// CFRunLoopTimerInvalidate: removes the timer from every mode; a timer
    /// invalidated in its own callout is not rescheduled.
    public func invalidate(_ timer: SimTimer) {
        guard timer.isValid else { return }
        timer.hot.isValid = false
        for mode in timer.modes { removeTimerFromModeOnly(timer, mode) }
        timer.hot.modes.removeAll()
        commonTimers.removeAll { $0 === timer }
        timer.hot.runLoop = nil
    }

    private func removeTimerFromModeOnly(_ timer: SimTimer, _ mode: RunLoopMode) {
        if let m = modeState(mode, create: false), let i = m.hot.timers.firstIndex(where: { $0 === timer }) { m.hot.timers.remove(at: i) }
    }

    /// CFRunLoopTimerSetNextFireDate: a past date means "now"; the date is
    /// reported unclamped by ``SimTimer/nextFireDate``.
    public func setNextFireDate(_ timer: SimTimer, _ date: Nanoseconds) {
        guard timer.isValid else { return }
        timer.hot.fireTime = SimTimer.clamp(date, now: context.now)
        timer.hot.nextFireDate = date
        for mode in timer.modes { modeState(mode, create: false)?.reposition(timer) }
    }

    /// Forgets an invalidated item from the common-mode items.
    func forgetCommonItem(_ item: AnyObject) {
        commonSources.removeAll { $0 === item }
        commonPorts.removeAll { $0 === item }
        commonObservers.removeAll { $0 === item }
        commonTimers.removeAll { $0 === item }
    }

    /// Whether `mode` contains the item (by identity).
    public func contains(_ item: AnyObject, in mode: RunLoopMode) -> Bool {
        guard let m = modeState(mode, create: false) else { return false }
        return m.hot.sources0.contains { $0 === item } || m.hot.ports.contains { $0 === item }
            || m.hot.observers.contains { $0 === item } || m.hot.timers.contains { $0 === item }
    }
}

/// What the common-mode fan-out needs from one kind of run-loop item
/// (sources, ports, observers, timers): where the loop and a mode keep it,
/// who may add it, and the bookkeeping when it joins or leaves a mode.
protocol RunLoopItem: AnyObject {
    /// The loop's items of this kind that were added with `.common`.
    static var commonItems: ReferenceWritableKeyPath<SimRunLoop, [Self]> { get }
    /// A mode's items of this kind.
    static var modeItems: ReferenceWritableKeyPath<ModeState, [Self]> { get }
    /// Whether the item may be added to `loop`.
    func mayJoin(_ loop: SimRunLoop) -> Bool
    /// Puts the item into `state`'s list, in that list's order, and records
    /// the membership. Called only when the item is not in the mode yet.
    func join(_ state: ModeState, of loop: SimRunLoop)
    /// Records that the item was taken out of `mode`'s list.
    func leave(_ mode: RunLoopMode, of loop: SimRunLoop)
}

extension SimSource: RunLoopItem {
    static var commonItems: ReferenceWritableKeyPath<SimRunLoop, [SimSource]> { \.commonSources }
    static var modeItems: ReferenceWritableKeyPath<ModeState, [SimSource]> { \.hot.sources0 }
    func mayJoin(_ loop: SimRunLoop) -> Bool { isValid }

    func join(_ state: ModeState, of loop: SimRunLoop) {
        state.hot.sources0.append(self)
        memberships.append(LoopMembership(loop: loop, mode: state.name))
        schedule?(loop, state.name)
    }

    func leave(_ mode: RunLoopMode, of loop: SimRunLoop) {
        memberships.removeAll { $0.loop === loop && $0.mode == mode }
        cancel?(loop, mode)
    }
}

extension SimPort: RunLoopItem {
    static var commonItems: ReferenceWritableKeyPath<SimRunLoop, [SimPort]> { \.commonPorts }
    static var modeItems: ReferenceWritableKeyPath<ModeState, [SimPort]> { \.hot.ports }
    func mayJoin(_ loop: SimRunLoop) -> Bool { isValid }

    func join(_ state: ModeState, of loop: SimRunLoop) {
        state.hot.ports.append(self)
        memberships.append(LoopMembership(loop: loop, mode: state.name))
    }

    func leave(_ mode: RunLoopMode, of loop: SimRunLoop) {
        memberships.removeAll { $0.loop === loop && $0.mode == mode }
    }
}

extension SimObserver: RunLoopItem {
    static var commonItems: ReferenceWritableKeyPath<SimRunLoop, [SimObserver]> { \.commonObservers }
    static var modeItems: ReferenceWritableKeyPath<ModeState, [SimObserver]> { \.hot.observers }
    func mayJoin(_ loop: SimRunLoop) -> Bool { isValid && (runLoop == nil || runLoop === loop) }

    func join(_ state: ModeState, of loop: SimRunLoop) {
        state.insertObserver(self)
        modes.append(state.name)
        runLoop = loop
    }

    func leave(_ mode: RunLoopMode, of loop: SimRunLoop) {
        modes.removeAll { $0 == mode }
        if modes.isEmpty { runLoop = nil }
    }
}

extension SimTimer: RunLoopItem {
    static var commonItems: ReferenceWritableKeyPath<SimRunLoop, [SimTimer]> { \.commonTimers }
    static var modeItems: ReferenceWritableKeyPath<ModeState, [SimTimer]> { \.hot.timers }
    func mayJoin(_ loop: SimRunLoop) -> Bool { isValid && (runLoop == nil || runLoop === loop) }

    func join(_ state: ModeState, of loop: SimRunLoop) {
        state.insertTimer(self)
        hot.modes.append(state.name)
        hot.runLoop = loop
    }

    func leave(_ mode: RunLoopMode, of loop: SimRunLoop) {
        hot.modes.removeAll { $0 == mode }
        if modes.isEmpty { hot.runLoop = nil }
    }
}
