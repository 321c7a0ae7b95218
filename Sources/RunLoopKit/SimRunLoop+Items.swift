/// Adding and removing sources, ports, observers and timers (CFRunLoopAdd…/Remove…).
///
/// Adding with ``RunLoopMode/common`` records the item among the common-mode
/// items and adds it to every common mode, now and later. Removing with
/// `.common` takes it out of every common mode, but only if it was added that
/// way. Adding to a named mode creates the mode.
extension SimRunLoop {
    // MARK: Version-0 sources

    public func add(_ source: SimSource, to mode: RunLoopMode) {
        guard source.isValid else { return }
        if mode == .common {
            guard !commonSources.contains(where: { $0 === source }) else { return }
            commonSources.append(source)
            for m in commonModes { addSourceToMode(source, m) }
        } else {
            addSourceToMode(source, mode)
        }
    }

    public func remove(_ source: SimSource, from mode: RunLoopMode) {
        if mode == .common {
            guard let i = commonSources.firstIndex(where: { $0 === source }) else { return }
            commonSources.remove(at: i)
            for m in commonModes { removeSourceFromMode(source, m) }
        } else {
            removeSourceFromMode(source, mode)
        }
    }

    func addSourceToMode(_ source: SimSource, _ mode: RunLoopMode) {
        guard source.isValid else { return }
        let m = modeState(mode, create: true)!
        guard !m.sources0.contains(where: { $0 === source }) else { return }
        m.sources0.append(source)
        source.memberships.append((self, mode))
        source.schedule?(self, mode)
    }

    func removeSourceFromMode(_ source: SimSource, _ mode: RunLoopMode) {
        guard let m = modeState(mode, create: false), let i = m.sources0.firstIndex(where: { $0 === source }) else { return }
        m.sources0.remove(at: i)
        source.memberships.removeAll { $0.loop === self && $0.mode == mode }
        source.cancel?(self, mode)
    }

    // MARK: Version-1 ports

    public func add(_ port: SimPort, to mode: RunLoopMode) {
        guard port.isValid else { return }
        if port.registration == .max { port.registration = context.nextSequence() }
        if mode == .common {
            guard !commonPorts.contains(where: { $0 === port }) else { return }
            commonPorts.append(port)
            for m in commonModes { addPortToMode(port, m) }
        } else {
            addPortToMode(port, mode)
        }
    }

    public func remove(_ port: SimPort, from mode: RunLoopMode) {
        if mode == .common {
            guard let i = commonPorts.firstIndex(where: { $0 === port }) else { return }
            commonPorts.remove(at: i)
            for m in commonModes { removePortFromMode(port, m) }
        } else {
            removePortFromMode(port, mode)
        }
    }

    func addPortToMode(_ port: SimPort, _ mode: RunLoopMode) {
        guard port.isValid else { return }
        let m = modeState(mode, create: true)!
        guard !m.ports.contains(where: { $0 === port }) else { return }
        m.ports.append(port)
        port.memberships.append((self, mode))
    }

    func removePortFromMode(_ port: SimPort, _ mode: RunLoopMode) {
        guard let m = modeState(mode, create: false), let i = m.ports.firstIndex(where: { $0 === port }) else { return }
        m.ports.remove(at: i)
        port.memberships.removeAll { $0.loop === self && $0.mode == mode }
    }

    // MARK: Observers

    /// Adds an observer. An observer belongs to one loop: adding it to a
    /// second loop is ignored, as is adding it to a mode it is already in.
    public func add(_ observer: SimObserver, to mode: RunLoopMode) {
        guard observer.isValid, observer.runLoop == nil || observer.runLoop === self else { return }
        if mode == .common {
            guard !commonObservers.contains(where: { $0 === observer }) else { return }
            commonObservers.append(observer)
            for m in commonModes { addObserverToMode(observer, m) }
        } else {
            addObserverToMode(observer, mode)
        }
    }

    public func remove(_ observer: SimObserver, from mode: RunLoopMode) {
        if mode == .common {
            guard let i = commonObservers.firstIndex(where: { $0 === observer }) else { return }
            commonObservers.remove(at: i)
            for m in commonModes { removeObserverFromMode(observer, m) }
        } else {
            removeObserverFromMode(observer, mode)
        }
    }

    func addObserverToMode(_ observer: SimObserver, _ mode: RunLoopMode) {
        guard observer.isValid, observer.runLoop == nil || observer.runLoop === self else { return }
        let m = modeState(mode, create: true)!
        guard !m.observers.contains(where: { $0 === observer }) else { return }
        m.insertObserver(observer)
        observer.modes.append(mode)
        observer.runLoop = self
    }

    func removeObserverFromMode(_ observer: SimObserver, _ mode: RunLoopMode) {
        guard let m = modeState(mode, create: false), let i = m.observers.firstIndex(where: { $0 === observer }) else { return }
        m.observers.remove(at: i)
        observer.modes.removeAll { $0 == mode }
        if observer.modes.isEmpty { observer.runLoop = nil }
    }

    // MARK: Timers

    /// Adds a timer. A timer belongs to one loop: adding it to another loop is
    /// ignored. Its fire time is not recomputed: a timer created for t=1 and
    /// added at t=5 is already due.
    public func add(_ timer: SimTimer, to mode: RunLoopMode) {
        guard timer.isValid, timer.runLoop == nil || timer.runLoop === self else { return }
        if mode == .common {
            guard !commonTimers.contains(where: { $0 === timer }) else { return }
            commonTimers.append(timer)
            for m in commonModes { addTimerToMode(timer, m) }
        } else {
            addTimerToMode(timer, mode)
        }
    }

    public func remove(_ timer: SimTimer, from mode: RunLoopMode) {
        if mode == .common {
            guard let i = commonTimers.firstIndex(where: { $0 === timer }) else { return }
            commonTimers.remove(at: i)
            for m in commonModes { removeTimerFromMode(timer, m) }
        } else {
            removeTimerFromMode(timer, mode)
        }
    }

    func addTimerToMode(_ timer: SimTimer, _ mode: RunLoopMode) {
        guard timer.isValid, timer.runLoop == nil || timer.runLoop === self else { return }
        let m = modeState(mode, create: true)!
        guard !m.timers.contains(where: { $0 === timer }) else { return }
        m.insertTimer(timer)
        timer.modes.append(mode)
        timer.runLoop = self
    }

    func removeTimerFromMode(_ timer: SimTimer, _ mode: RunLoopMode) {
        guard let m = modeState(mode, create: false), let i = m.timers.firstIndex(where: { $0 === timer }) else { return }
        m.timers.remove(at: i)
        timer.modes.removeAll { $0 == mode }
        if timer.modes.isEmpty { timer.runLoop = nil }
    }

    /// CFRunLoopTimerInvalidate: removes the timer from every mode; a timer
    /// invalidated in its own callout is not rescheduled.
    public func invalidate(_ timer: SimTimer) {
        guard timer.isValid else { return }
        timer.isValid = false
        for mode in timer.modes { removeTimerFromModeOnly(timer, mode) }
        timer.modes.removeAll()
        commonTimers.removeAll { $0 === timer }
        timer.runLoop = nil
    }

    private func removeTimerFromModeOnly(_ timer: SimTimer, _ mode: RunLoopMode) {
        if let m = modeState(mode, create: false), let i = m.timers.firstIndex(where: { $0 === timer }) { m.timers.remove(at: i) }
    }

    /// CFRunLoopTimerSetNextFireDate: a past date means "now"; the date is
    /// reported unclamped by ``SimTimer/nextFireDate``.
    public func setNextFireDate(_ timer: SimTimer, _ date: Nanoseconds) {
        guard timer.isValid else { return }
        timer.fireTime = SimTimer.clamp(date, now: context.now)
        timer.nextFireDate = date
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
        return m.sources0.contains { $0 === item } || m.ports.contains { $0 === item }
            || m.observers.contains { $0 === item } || m.timers.contains { $0 === item }
    }
}
