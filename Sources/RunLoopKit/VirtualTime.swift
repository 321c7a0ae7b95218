import LoopSimTrace

/// Checked arithmetic on virtual time: the one place that says where time
/// ends and what happens past it (`docs/reference/limits.md`).
///
/// Virtual time is an `Int64` count of nanoseconds from 0 to ``end``
/// (`Int64.max`, about 292 years). A time that would pass the end is not
/// wrapped or trapped on: a **deadline** or **bound** past the end means "no
/// bound" and saturates (``saturatingSum(_:_:)``); a time the simulation
/// would actually **reach** (a sleep's end, a vsync, an event) is an error
/// (``sum(_:_:what:)`` throws ``RunLoopError/timeOutOfRange(_:)``).
package enum VirtualTime {
    /// The last instant of virtual time, `Int64.max` ns (about 292 years).
    public static let end: Nanoseconds = .max

    /// `a + b`, or `nil` when it would pass ``end`` (or go below `Int64.min`).
    @inline(__always)
    public static func checkedSum(_ a: Nanoseconds, _ b: Nanoseconds) -> Nanoseconds? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }

    /// `a + b`, clamped to ``end`` (for a non-negative `b`): a bound past the
    /// end of time is no bound.
    @inline(__always)
    public static func saturatingSum(_ a: Nanoseconds, _ b: Nanoseconds) -> Nanoseconds {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// `a + b`, or ``RunLoopError/timeOutOfRange(_:)`` naming `what` (for
    /// example "sleep 10s") when the sum would pass the end of time.
    public static func sum(_ a: Nanoseconds, _ b: Nanoseconds, what: @autoclosure () -> String) throws(RunLoopError) -> Nanoseconds {
        guard let s = checkedSum(a, b) else { throw outOfRange(what(), from: a) }
        return s
    }

    /// The error for `what`, which would end past the end of time when
    /// started at `start`.
    public static func outOfRange(_ what: String, from start: Nanoseconds) -> RunLoopError {
        .timeOutOfRange("\(what) at \(TimeLiteral.format(start)) would end past the end of virtual time (\(end) ns): times past 292 years are not supported. Use a shorter time.")
    }
}
