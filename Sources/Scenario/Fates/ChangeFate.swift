import LoopSimTrace

/// What became of one `set` of a model-layer property, computed after the
/// run from its trace (`docs/guide/fates.md`).
///
/// A set either **shipped** in a commit (and then reached the screen in a
/// frame, was replaced before any frame latched it, or was never shown
/// before the run ended), was **overwritten** by a later set of the same
/// property before any commit took it, shipped **nothing** because the
/// server already had that value, or was **never committed** because its
/// transaction was still open when the run ended.
///
///     let fates = ChangeFate.fates(in: outcome.events)
///     for fate in fates where fate.set.layer == "button" { print(fate.chain()) }
///     // yellow: set at 1.000 s in txn 2, overwritten at 4.000 s by green in the same transaction; never committed
///
/// Everything needed is in the JSON Lines trace (`set.txn`, `commit.txns`
/// and `commit.changes`, `latency`, `frame`), so the fates of a recorded
/// trace are those of the run that wrote it.
public struct ChangeFate: Sendable, Equatable {
    /// The set, as its `set` event recorded it.
    public var set: PropertySet
    /// What became of it.
    public var outcome: Outcome

    public init(set: PropertySet, outcome: Outcome) {
        self.set = set
        self.outcome = outcome
    }

    /// What became of a set.
    public enum Outcome: Sendable, Equatable {
        /// The commit shipped the value; `screen` says what the render
        /// server did with it.
        case shipped(CommitRef, screen: Screen)
        /// A later set of the same property (`by`) replaced the value
        /// before any commit took it.
        case overwritten(by: PropertySet)
        /// The last set before `commit`, but the server already had the
        /// value: the commit's `changes` do not list it.
        case unchanged(CommitRef)
        /// Its transaction was still open when the run (or the trace)
        /// ended: no commit ever contained it.
        case neverCommitted
    }

    /// A commit, as its `commit` event recorded it.
    public struct CommitRef: Sendable, Equatable {
        /// When the diff was sent (ns).
        public var t: Int64
        /// The transactions it contained.
        public var txns: [Int]

        public init(t: Int64, txns: [Int]) {
            self.t = t
            self.txns = txns
        }
    }

    /// What the render server did with a shipped value.
    public enum Screen: Sendable, Equatable {
        /// On screen from this frame on (the transaction's `latency` event:
        /// its vsync index, on-screen time, latency and hitch), with the
        /// frame's file when the vsync changed a pixel (`frame` event).
        case onScreen(TraceEvent.LatencyInfo, file: String?)
        /// A later commit (`by`'s) replaced the value before or at the
        /// vsync that would have shown it (`frame`): never on screen.
        case replaced(by: PropertySet, frame: Int64)
        /// No frame showed it: the run ended first, or there was no render
        /// server.
        case notShown
    }

    /// Whether the value reached the screen.
    public var reachedScreen: Bool {
        if case .shipped(_, .onScreen) = outcome { return true }
        return false
    }
}

/// One `set` event: a model-layer property changed at `t` in transaction
/// `txn`, to `value` in the trace's spelling.
public struct PropertySet: Sendable, Equatable {
    public var t: Int64
    public var layer: String
    public var prop: String
    public var value: String
    public var txn: Int

    public init(t: Int64, layer: String, prop: String, value: String, txn: Int) {
        self.t = t
        self.layer = layer
        self.prop = prop
        self.value = value
        self.txn = txn
    }

    /// `LAYER.PROP`.
    public var target: String { "\(layer).\(prop)" }
}
