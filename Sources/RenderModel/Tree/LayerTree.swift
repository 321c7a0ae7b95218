/// The layer tree as a commit leaves it: every layer's state and place, and
/// the bitmaps the commits shipped — the one place that applies a
/// ``CommitDiff``.
///
/// A value type: copying it is cheap (its storage is shared until one copy
/// changes), so a client can keep the tree each frame showed. The render
/// server's `RenderTree` applies every operation through one, then follows
/// the ``LayerTree/Change`` it reports to update its damage and geometry;
/// the simulation applies the commits each frame latched to one, so that
/// `expect visible` reads the state the server drew.
///
///     var tree = LayerTree()
///     try tree.apply(diff)                  // LayerTreeError names the bad op
///     tree.state(of: 3)?.backgroundColor
///     let rebuild = tree.snapshot()         // one commit that rebuilds it
///
/// Each layer has a parent: the display (the wire's parent 0) for a root,
/// none for a detached layer (kept, not drawn), or another layer.
public struct LayerTree: Hashable, Sendable {
    /// One layer: its state, its parent and its sublayers in array order.
    public struct Layer: Hashable, Sendable {
        /// The layer's properties.
        public internal(set) var state = LayerState()
        /// `nil` detached, 0 a root of the display, otherwise the parent's id.
        public internal(set) var parent: LayerID?
        /// Sublayers in array order (back to front before zPosition).
        public internal(set) var sublayers: [LayerID] = []
        /// The animations attached, in application order
        /// (`docs/reference/animations.md`).
        public internal(set) var animations = LayerAnimations()
        /// The layer's own timing (`MediaTiming.layerDefault` until a
        /// `timing` operation sets its speed, timeOffset and beginTime).
        public internal(set) var timing = MediaTiming.layerDefault
    }

    /// Every layer, by id.
    public internal(set) var layers: [LayerID: Layer] = [:]
    /// The display's roots in order.
    public internal(set) var rootIDs: [LayerID] = []
    /// Every bitmap shipped, by id.
    public internal(set) var bitmaps: [ImageID: Bitmap] = [:]
    /// The pixel bytes of every bitmap stored, counted as they are stored.
    public internal(set) var bitmapBytes = 0
    /// The layers whose `contents` name each image.
    var imageUsers: [ImageID: Set<LayerID>] = [:]
    /// The sequence number of the last commit applied.
    public internal(set) var lastSequence: UInt64 = 0
    /// The virtual time of the last commit applied, nanoseconds.
    public internal(set) var lastTime: Int64 = 0
    /// The layers holding at least one animation, ascending (so a frame
    /// visits them in a fixed order without sorting or allocating).
    public internal(set) var animatedLayerIDs: [LayerID] = []
    /// Animations taken off by operations since the last
    /// ``advanceAnimations(toMediaTime:began:ended:)`` (removed by key or
    /// all, replaced under their key, or on a removed layer), in order: the
    /// next frame reports them as ended, not finished.
    var droppedAnimations: [AnimationReport] = []
    /// The steps known to change nothing (``QuietSteps``); any operation
    /// applied ends them.
    var quiet = QuietSteps()
    /// Where the animated layers are in ``layers`` (``AnimatedPositions``).
    var animatedPositions = AnimatedPositions()

    /// An empty tree: no layers, no bitmaps, before any commit.
    public init() {}

    /// Whether the tree holds layer `id`.
    public func contains(_ id: LayerID) -> Bool { layers[id] != nil }

    /// The number of layers (attached or not).
    public var layerCount: Int { layers.count }

    /// Every layer id, ascending.
    public var layerIDs: [LayerID] { layers.keys.sorted() }

    /// The state of layer `id`, or `nil` when there is no such layer.
    public func state(of id: LayerID) -> LayerState? { layers[id]?.state }

    /// The parent of layer `id`: 0 for a root of the display, `nil` for a
    /// detached (or unknown) layer.
    public func parent(of id: LayerID) -> LayerID? { layers[id]?.parent }

    /// The sublayers of layer `id` in array order (empty for an unknown layer).
    public func sublayers(of id: LayerID) -> [LayerID] { layers[id]?.sublayers ?? [] }

    /// The animations attached to layer `id` (none for an unknown layer).
    public func animations(of id: LayerID) -> LayerAnimations { layers[id]?.animations ?? LayerAnimations() }

    /// The bitmap shipped as `id`, if any.
    public func bitmap(_ id: ImageID) -> Bitmap? { bitmaps[id] }

    /// The layers whose `contents` name `image`, ascending.
    public func users(of image: ImageID) -> [LayerID] { imageUsers[image].map { $0.sorted() } ?? [] }
}
