import Raster
import RenderModel

/// The render server's copy of the layer tree, built by applying commits in
/// order, with the bitmaps they shipped and the damage they caused.
///
/// The layers' states, places and bitmaps are a ``LayerTree`` (`layers`),
/// which applies every operation and refuses a bad one; the render tree
/// follows the change it reports in its own nodes — object links the
/// compositor walks, each with a copy of its layer's state — and keeps
/// there what it computes: after every commit, for the layers the commit
/// touched and their subtrees, each layer's transform to the display and
/// the pixel box it can paint. The **damage** of a commit is the region
/// (``DamageRegion``) of the old and new boxes of every subtree whose layer
/// changed state or place, or whose contents bitmap was replaced, clipped
/// to the display (`RenderTree+Damage.swift`).
///
///     let tree = RenderTree(displayWidth: 320, displayHeight: 240)
///     let damage = try tree.apply(diff)      // the pixels this commit changed
///     compositor.render(tree, into: &frame, damage: damage)
public final class RenderTree {
    /// Display width in pixels.
    public let displayWidth: Int
    /// Display height in pixels.
    public let displayHeight: Int

    /// What commits, animation steps and passes read and write, in the
    /// tree's one stored property not checked for exclusivity at run time
    /// (docs/internals/safety.md, "Exclusivity").
    struct Hot {
        var nodes: [LayerID: RenderNode] = [:] {
            didSet { animatedNodes = nil }
        }
        /// The nodes of `layers.animatedLayerIDs`, in that order, for the
        /// ids they were found for: an animation step that takes its states
        /// from a lookahead reaches each node without a dictionary lookup (a
        /// hundred a frame in the animation bench). Dropped whenever a node
        /// comes or goes; used only while the ids are the same.
        var animatedNodes: (ids: [LayerID], nodes: [RenderNode?])?
        var roots: [RenderNode] = []
        /// ``RenderTree/orderedRoots()``, once made (nil until then).
        var rootOrder: DrawOrder?
        /// The subtree boxes of ``RenderTree/orderedRoots()`` in that order
        /// (x0, y0, x1, y1; empty for a root that paints nothing), in one
        /// flat array so that a pass skips the roots outside its region
        /// without reaching into their nodes; made at the first draw after
        /// a commit (``RenderTree/updateRootBoxes()``, `rootBoxesStamp`).
        var rootBoxes: [RootBox] = []
        var rootBoxesStamp: UInt64 = .max
        /// The roots of ``rootBoxes`` by band of
        /// ``RenderTree/rootBandHeight`` display rows, made with them: band
        /// `b` lists, in draw order, the indexes of the roots whose box
        /// touches its rows, at
        /// `rootBandIndexes[rootBandStarts[b] ..< rootBandStarts[b + 1]]`. A
        /// pass whose region lies in one or two bands visits only their roots
        /// (the animation bench's hundred squares and a hundred damaged boxes
        /// a frame: ten thousand box tests a frame before).
        var rootBandStarts: [Int] = []
        var rootBandIndexes: [Int] = []

        /// ``RenderTree/pendingDamage``.
        var pendingDamage = DamageRegion()

        /// While not nil, the animation step records here each node state it
        /// replaces, by layer, so that a frame drawn ahead can be taken back
        /// (``RenderTree/takeBack(_:)``; docs/internals/render-server.md, "Drawing ahead").
        var shownBefore: [(LayerID, LayerState)]?

        /// The stamp of the commit being applied (nodes it touched carry it).
        var stamp: UInt64 = 0
        /// Nodes whose subtree the commit touched.
        var dirty: [RenderNode] = []
        /// Nodes whose subtree box may have changed.
        var refresh: [RenderNode] = []
        /// Layers whose own paints changed, and nothing else (`repaint`).
        var repainted: [RenderNode] = []
        var commitDamage = DamageRegion()
        /// The boxes the commit damaged, unmerged (a node's old and new box
        /// as one when they overlap enough), and those of every commit since
        /// the last ``RenderTree/takeDamage(changed:)``: `nil` once past
        /// ``RenderTree/maxChangedRects``.
        var commitChanged: [PixelRect] = []
        var pendingChanged: [PixelRect]? = []
        /// ``RenderTree/mergesDamage``.
        var mergesDamage = true
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot = Hot()

    /// The layers' states and places, and the bitmaps (every pixel validly
    /// premultiplied): what the commits applied. Not in ``hot``: its
    /// `apply` reports each change to the nodes (``hot``) as it makes it,
    /// so the two are modified at once. Checked, a few accesses a frame.
    public internal(set) var layers = LayerTree()
    static let rootBandHeight = 64

    /// The damage of every commit applied since the last `takeDamage()`.
    public var pendingDamage: DamageRegion { hot.pendingDamage }

    /// The most unmerged boxes kept between two frames.
    static let maxChangedRects = 4_096
    /// Whether the commits' damage is merged into ``pendingDamage`` (a
    /// ``DamageRegion``, which costs a few thousand instructions a box).
    /// When nothing reads its rectangles — no frame files, no render cost
    /// (docs/internals/render-server.md, "Two cores") — a server turns it off and
    /// draws the unmerged boxes of ``takeDamage(changed:)``: the region
    /// then stays empty (but for ``damageAll()``), the boxes are never
    /// `nil` (past ``maxChangedRects`` they are the whole display), and
    /// `apply` answers an empty region.
    package var mergesDamage: Bool {
        get { hot.mergesDamage }
        set { hot.mergesDamage = newValue }
    }

    /// An empty tree for a display of `displayWidth` × `displayHeight`.
    public init(displayWidth: Int, displayHeight: Int) {
        precondition(displayWidth > 0 && displayHeight > 0, "RenderTree needs a display of at least 1×1, got \(displayWidth)×\(displayHeight)")
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
    }

    /// Takes the nodes apart one by one: a node's `children` hold its
    /// sublayers strongly (and `order` too), so letting a 50,000-deep chain go at once would
    /// release it recursively, one stack frame per level.
    deinit {
        for node in hot.nodes.values {
            node.hot.children = []
            node.hot.order = nil
        }
    }

    /// The whole display as a pixel rect.
    public var displayRect: PixelRect { PixelRect(x: 0, y: 0, width: displayWidth, height: displayHeight) }

    /// The sequence number of the last commit applied.
    public var lastSequence: UInt64 { layers.lastSequence }
    /// The virtual time of the last commit applied.
    public var lastTime: Int64 { layers.lastTime }

    // MARK: Reading the tree

    /// Whether the tree holds layer `id`.
    public func contains(_ id: LayerID) -> Bool { layers.contains(id) }

    /// The number of layers (attached or not).
    public var layerCount: Int { layers.layerCount }

    /// Every layer id, ascending.
    public var layerIDs: [LayerID] { layers.layerIDs }

    /// The state of layer `id`, or `nil` when there is no such layer.
    public func state(of id: LayerID) -> LayerState? { layers.state(of: id) }

    /// The parent of layer `id`: 0 for a root of the display, `nil` for a
    /// detached (or unknown) layer.
    public func parent(of id: LayerID) -> LayerID? { layers.parent(of: id) }

    /// The sublayers of layer `id` in array order (empty for an unknown layer).
    public func children(of id: LayerID) -> [LayerID] { layers.sublayers(of: id) }

    /// The display's roots in order.
    public var rootIDs: [LayerID] { layers.rootIDs }

    /// The bitmap shipped as `id` (validly premultiplied), if any.
    public func bitmap(_ id: ImageID) -> Bitmap? { layers.bitmap(id) }

    /// The display pixels layer `id` itself can paint, or `nil`.
    public func screenBox(of id: LayerID) -> PixelRect? { hot.nodes[id]?.hot.ownBox }

    /// The display pixels layer `id` and its subtree can paint, or `nil`.
    public func subtreeBox(of id: LayerID) -> PixelRect? { hot.nodes[id]?.hot.subtreeBox }

    /// The transform from layer `id`'s own space to display pixels.
    public func transformToDisplay(of id: LayerID) -> Transform2D? { hot.nodes[id]?.hot.toDevice }

    // MARK: Snapshot

    /// A commit that rebuilds this tree from empty (``LayerTree/snapshot()``):
    /// carries the last commit's sequence number and time.
    public func snapshot() -> CommitDiff { layers.snapshot() }
}
