import RenderModel

/// One outermost commit: what ran in each phase and what shipped.
public struct CommitRecord: Sendable {
    public var sequence: UInt64
    /// Virtual time of the commit.
    public var time: Int64
    /// Ids of the transactions it contains (the outermost and every nested
    /// one committed inside it), in commit order.
    public var transactions: [Int]
    /// Per transaction: (id, first mutation or begin time), for commit latency.
    public var firstMutations: [(Int, Int64)]
    /// Views whose updateConstraints ran (bottom-up), before layout.
    public var constraints: [String]
    public var layout: [String]
    public var display: [String]
    public var prepare: [String]
    /// Layers the diff mentions.
    public var changed: Int
    public var diff: CommitDiff
    public var bytes: Int
    /// The transactions whose frame was due at a vsync before their first
    /// mutation — those opened in a display-link callout that ran late —
    /// with that vsync's time (``LayerContext/withFrameDeadline(_:_:)``).
    public var frameDeadlines: [Int: Int64] = [:]
    /// Where each phase ran in virtual time; `time` is the end of `commit`.
    public var phases: CommitPhaseTimes
}
