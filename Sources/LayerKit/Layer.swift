import RenderModel

/// A model layer (CALayer), or the layer of a view (UIView) when `isView`.
///
/// Property writes take effect at once on the model (`state`) and are
/// recorded in the current transaction; they reach the render server only
/// when the outermost transaction commits. Tree operations follow CALayer:
/// adding a layer that has a superlayer removes it from the old one first,
/// and the superlayer (not the added child) then needs layout.
///
/// Layers belong to one ``LayerContext`` and are not thread-safe.
public final class Layer {
    /// Creation number, also the layer's identity on the wire.
    public let id: LayerID
    /// The scenario's name, or nil (the trace then writes `#<id>`).
    public let name: String?
    /// A view's layer: the view is its delegate, so it has no implicit
    /// actions, and it takes part in the constraints pass.
    public let isView: Bool
    /// The model values.
    public internal(set) var state = LayerState()
    /// The animations attached on the app side, in `animationKeys()`
    /// order (finished ones leave when the render server reports their end).
    public internal(set) var animations = LayerAnimations()
    /// The animations as of the last commit, with the begin times the
    /// render server stamped: what a crash snapshot carries.
    var committedAnimations = LayerAnimations()
    /// Whether the layer was on the display in a commit: only then does it
    /// have implicit actions (choice 3).
    var wasOnDisplayInACommit = false
    /// The timing the render server has (as of the last commit).
    var committedTiming = LayerTiming()
    /// The layer's own CAMediaTiming values (``setTiming(_:)``).
    public internal(set) var timing = LayerTiming()
    /// Back-to-front order; nil until the first sublayer is added (as CALayer).
    public internal(set) var sublayers: [Layer]?
    public internal(set) weak var superlayer: Layer?
    /// A root layer is attached to the display (the window's layer).
    public internal(set) var isRoot = false
    /// The layer's index in its superlayer's `sublayers` (or, for a root,
    /// in the display's roots), kept by the tree operations: the commit
    /// phases put the marked layers in tree order by it, without walking
    /// their siblings.
    var siblingIndex = 0
    /// Set through `markNeedsLayout()` and friends, which also queue the
    /// layer, so the phases visit only what was marked.
    public internal(set) var needsLayout = false
    public internal(set) var needsDisplay = false
    /// Views only: updateConstraints runs in the next constraints pass.
    public internal(set) var needsUpdateConstraints = false

    /// layoutSublayers(of:) / layoutSubviews.
    public var layoutBody: ((Layer) throws -> Void)?
    /// The virtual time each layoutSublayers call of this layer takes, in
    /// place of ``LayerContext/costs``' `layout` (`layout NAME cost=2ms:`).
    public var layoutCost: Int64?
    /// The virtual time each draw of this layer takes, in place of the
    /// per-pixel `display` cost (`draw NAME cost=500us:`).
    public var drawCost: Int64?
    /// draw(in:) / draw(_:): draws into a new backing store of the layer's size.
    public var drawBody: ((Layer, DrawingContext) throws -> Void)? {
        didSet { if drawBody != nil { markNeedsDisplay() } }
    }
    /// updateConstraints (views only).
    public var constraintsBody: ((Layer) throws -> Void)? {
        didSet { if constraintsBody != nil, isView { markNeedsUpdateConstraints() } }
    }

    unowned let context: LayerContext
    /// The state the render server has (nil: never committed).
    var committed: LayerState?
    /// Where the render server has the layer, as of the last commit: `nil`
    /// detached (or never committed), 0 a root of the display, otherwise
    /// the parent's id.
    var committedParent: LayerID?
    /// The sublayers the render server has under the layer, in order.
    var committedSublayers: [LayerID] = []
    /// Whether the layer is in the context's dirty list.
    var isDirty = false
    /// The properties set since the last commit: the only ones the commit
    /// compares with `committed`, so that a commit costs what changed.
    var setSinceCommit = LayerProperty.Set()

    init(id: LayerID, name: String?, isView: Bool, context: LayerContext) {
        self.id = id
        self.name = name
        self.isView = isView
        self.context = context
    }

    /// Releases a deep subtree without recursion (docs/reference/limits.md, deep
    /// trees): each sublayer this layer alone keeps is emptied of its own
    /// sublayers before it goes, so no deinit releases the next level.
    /// Layers held elsewhere (by the context, by the user) are left as
    /// they are.
    deinit {
        guard var pending = sublayers else { return }
        sublayers = nil
        while var layer = pending.popLast() {
            if isKnownUniquelyReferenced(&layer), let children = layer.sublayers {
                layer.sublayers = nil
                pending.append(contentsOf: children)
            }
        }
    }

    /// The name the trace uses: the scenario's, or `#<id>`.
    public var traceName: String { name ?? "#\(id)" }

    /// `model()`: a model layer is its own model.
    public func model() -> Layer { self }

    func markNeedsLayout() {
        guard !needsLayout else { return }
        needsLayout = true
        context.layoutQueue.append(self)
    }

    func markNeedsDisplay() {
        guard !needsDisplay else { return }
        needsDisplay = true
        context.displayQueue.append(self)
    }

    func markNeedsUpdateConstraints() {
        guard !needsUpdateConstraints else { return }
        needsUpdateConstraints = true
        context.constraintsQueue.append(self)
    }

    /// Whether the layer is in the tree on the display.
    var isOnDisplay: Bool { topAncestor.isRoot }

    /// The topmost ancestor (self when it has no superlayer).
    var topAncestor: Layer {
        var l = self
        while let s = l.superlayer { l = s }
        return l
    }
}
