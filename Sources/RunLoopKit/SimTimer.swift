/// A run-loop timer (CFRunLoopTimer) in virtual time.
///
/// `fireTime` (CF's `fireTSR`) drives firing; ``nextFireDate`` is the date as
/// reported or set. A timer belongs to at most one run loop, and fires at most
/// once per pass however many of that loop's modes it is in. Missed fires are
/// skipped and the phase of the original schedule is kept.
public final class SimTimer {
    public let name: String
    /// Interval in nanoseconds; 0 for a one-shot timer.
    public let interval: Nanoseconds
    /// Tolerance in nanoseconds, as stored by ``setTolerance(_:)``.
    @exclusivity(unchecked) public private(set) var tolerance: Nanoseconds = 0
    /// The stored but unused `order` argument of CFRunLoopTimerCreate.
    public let order: Int
    /// When the timer next fires (CF's `fireTSR`).
    @exclusivity(unchecked) public internal(set) var fireTime: Nanoseconds
    /// CFRunLoopTimerGetNextFireDate: the date being fired while the callout
    /// runs, the set date after SetNextFireDate (even a past one).
    @exclusivity(unchecked) public internal(set) var nextFireDate: Nanoseconds
    @exclusivity(unchecked) public internal(set) var isValid = true
    @exclusivity(unchecked) public internal(set) var isFiring = false
    /// The loop the timer is in, if any.
    @exclusivity(unchecked) public internal(set) weak var runLoop: SimRunLoop?
    /// The modes it is in, in the order it was added to them.
    @exclusivity(unchecked) public internal(set) var modes: [RunLoopMode] = []
    let callout: (SimTimer) throws -> Void

    /// Creates a timer first due at `fireDate` (absolute virtual time).
    ///
    /// As in CF, the firing time is fixed at creation: a past date means "now"
    /// (the creation time), a date more than ``Nanoseconds/timerIntervalLimit``
    /// ahead is clamped. A negative interval becomes 0 (one-shot).
    public init(name: String, fireDate: Nanoseconds, interval: Nanoseconds = 0, order: Int = 0,
                context: SimContext, callout: @escaping (SimTimer) throws -> Void) {
        self.name = name
        self.interval = max(0, interval)
        self.order = order
        self.nextFireDate = fireDate
        self.fireTime = SimTimer.clamp(fireDate, now: context.now)
        self.callout = callout
    }

    static func clamp(_ date: Nanoseconds, now: Nanoseconds) -> Nanoseconds {
        if date <= now { return now }
        if date - now > .timerIntervalLimit { return VirtualTime.saturatingSum(now, .timerIntervalLimit) }
        return date
    }

    /// CFRunLoopTimerSetTolerance: a repeating timer keeps at most half its
    /// interval; negative values become 0. Tolerance only ever delays a fire.
    public func setTolerance(_ value: Nanoseconds) {
        let t = max(0, value)
        tolerance = interval > 0 ? min(t, interval / 2) : t
    }

    /// Whether the timer repeats.
    public var repeats: Bool { interval > 0 }
}
