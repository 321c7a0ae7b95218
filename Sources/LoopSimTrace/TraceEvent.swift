/// One event of a trace, in virtual time.
///
/// `t` is virtual nanoseconds since the start of the simulation, `iter` the
/// run-loop pass the event belongs to (0 before the first pass), and `kind`
/// what happened, with its typed payload (`docs/guide/trace-format.md`):
///
///     TraceEvent(t: 16_000_000, iter: 1, .callout(kind: .timer, name: "tick"))
///
/// Events are built only from `Kind`'s cases, so a misspelt kind or key does
/// not compile; the writers switch over `Kind` exhaustively, so a new kind
/// does not compile until every writer handles it.
public struct TraceEvent: Sendable, Equatable {
    public var t: Int64
    public var iter: Int
    public var kind: Kind

    public init(t: Int64, iter: Int, _ kind: Kind) {
        self.t = t
        self.iter = iter
        self.kind = kind
    }

    /// The JSON Lines name of the event's kind (`run.begin`, `callout`, …).
    public var name: String { kind.name }
}
