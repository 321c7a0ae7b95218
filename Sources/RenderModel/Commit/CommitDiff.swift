/// A layer's identity on the wire: the client's creation number.
public typealias LayerID = UInt32

/// One change a commit carries to the render server.
///
/// Operations apply in order. A diff mentions only what changed since the
/// previous commit: untouched layers cost nothing.
public enum DiffOp: Hashable, Sendable {
    /// A layer enters the render tree (with default state until `set`s follow).
    case create(LayerID)
    /// A layer leaves the render tree (and every reference to it).
    case remove(LayerID)
    /// A layer is placed under `parent` at `index` among its siblings, after
    /// leaving its previous place. Parent 0 is the display (a root layer);
    /// nil detaches the layer (it is kept, but not rendered).
    case move(LayerID, parent: LayerID?, index: UInt32)
    /// A property of a layer changes.
    case set(LayerID, LayerProperty, PropertyValue)
    /// A new backing store (decoded image or drawn contents) that `contents`
    /// values may name.
    case bitmap(ImageID, Bitmap)
    /// An animation is attached to a layer under `key`, replacing the one
    /// attached under the same key — `CALayer.add(_:forKey:)`; a nil key
    /// never replaces (`docs/reference/animations.md`, "On the wire").
    case addAnimation(LayerID, key: String?, LayerAnimation)
    /// The animation attached under `key` leaves the layer (nothing happens
    /// when there is none) — `removeAnimation(forKey:)`.
    case removeAnimation(LayerID, key: String)
    /// Every animation leaves the layer — `removeAllAnimations()`.
    case removeAllAnimations(LayerID)
    /// The layer's own CAMediaTiming — `speed`, `timeOffset`, `beginTime`
    /// (seconds) — which its animations and its sublayers' run on (§3.1).
    case timing(LayerID, speed: Double, timeOffset: Double, beginTime: Double)
}

/// What one outermost commit sends: its sequence number, its virtual commit
/// time, the operations, and the transactions it carries.
public struct CommitDiff: Hashable, Sendable {
    public var sequence: UInt64
    /// Virtual time of the commit, nanoseconds.
    public var time: Int64
    public var ops: [DiffOp]
    /// Ids of the transactions the commit carries (the outermost and every
    /// nested one committed inside it, in commit order), so the server's
    /// `frames.jsonl` can name them; empty for a snapshot.
    public var transactions: [UInt64]

    public init(sequence: UInt64, time: Int64, ops: [DiffOp], transactions: [UInt64] = []) {
        self.sequence = sequence
        self.time = time
        self.ops = ops
        self.transactions = transactions
    }
}
