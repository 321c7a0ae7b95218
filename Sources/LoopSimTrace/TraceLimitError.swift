/// A run recorded more trace events than its limit allows: the events up
/// to the limit are kept, the run stops (`docs/reference/limits.md`).
public struct TraceLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The limit that was reached.
    public var limit: Int
    /// The virtual time of the first event not kept, nanoseconds.
    public var time: Int64

    public init(limit: Int, time: Int64) {
        self.limit = limit
        self.time = time
    }

    public var description: String {
        "the trace reached its limit of \(limit) events at \(TimeLiteral.format(time)); the run stops there, and the trace ends with the last event kept (docs/reference/limits.md). Run for less virtual time, or with fewer timers and sources firing"
    }
}
