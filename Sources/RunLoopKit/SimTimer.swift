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
    /// The stored but unused `order` argument of CFRunLoopTimerCreate.
    public let order: Int
    let callout: (SimTimer) throws -> Void

    /// What a pass reads and writes, in the timer's one stored property not
    /// checked for exclusivity at run time (docs/internals/safety.md, "Exclusivity").
    struct Hot {
        var tolerance: Nanoseconds = 0
        var fireTime: Nanoseconds
        var nextFireDate: Nanoseconds
        var isValid = true
        var isFiring = false
        weak var runLoop: SimRunLoop?
        var modes: [RunLoopMode] = []
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot: Hot

    /// Tolerance in nanoseconds, as stored by ``setTolerance(_:)``.
    public var tolerance: Nanoseconds { hot.tolerance }
    /// When the timer next fires (CF's `fireTSR`).
    public var fireTime: Nanoseconds { hot.fireTime }
    /// CFRunLoopTimerGetNextFireDate: the date being fired while the callout
    /// runs, the set date after SetNextFireDate (even a past one).
    public var nextFireDate: Nanoseconds { hot.nextFireDate }
    /// False once invalidated.
    public var isValid: Bool { hot.isValid }
    /// Whether its callout is running.
    public var isFiring: Bool { hot.isFiring }
    /// The loop the timer is in, if any.
    public var runLoop: SimRunLoop? { hot.runLoop }
    /// The modes it is in, in the order it was added to them.
    public var modes: [RunLoopMode] { hot.modes }

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
        self.callout = callout
        hot = Hot(fireTime: SimTimer.clamp(fireDate, now: context.now), nextFireDate: fireDate)
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
        hot.tolerance = interval > 0 ? min(t, interval / 2) : t
    }

    /// Whether the timer repeats.
    public var repeats: Bool { interval > 0 }
}
