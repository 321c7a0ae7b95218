/// The model values of one layer — everything `docs/reference/core-animation-rules.md` §2.2–§2.3
/// gives a layer except its place in the tree — with Core Animation's defaults.
///
/// Both sides share it: `LayerKit` keeps one per layer and diffs it at
/// commit, the render server keeps one per render-tree node. `frame` is
/// computed from `bounds`, `position`, `anchorPoint` and `transform`
/// (`LayerState+Frame.swift`); `LayerProperty` names every property for
/// generic reads, writes and diffs.
///
///     var state = LayerState()
///     state.frame = Rect(x: 10, y: 20, width: 30, height: 40)
///     state.position   // (25, 40)
///     state.bounds     // (0, 0, 30, 40)
public struct LayerState: Hashable, Sendable {
    /// The layer's own coordinate space. Default: the empty rect at (0, 0).
    public var bounds: Rect = .zero
    /// Where the anchor point sits in the superlayer's space. Default (0, 0).
    public var position: Point = .zero
    /// The point of the bounds, in unit coordinates, that `position` names and
    /// that `transform` turns about. Default (0.5, 0.5).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Applied about the anchor point. Default identity.
    public var transform: Transform2D = .identity
    /// Higher is closer to the viewer among siblings. Default 0.
    public var zPosition: Double = 0
    /// Whether the layer and its subtree are skipped when drawing. Default false.
    public var isHidden = false
    /// Whether contents and sublayers are clipped to the (rounded) bounds.
    /// Default false.
    public var masksToBounds = false
    /// Radius of the rounded corners of background and border. Default 0.
    public var cornerRadius: Double = 0
    /// What paints the layer itself — every property of paint class
    /// ``LayerPropertyDescriptor/PaintClass/ownPaint`` — stored together, so
    /// that the render server tells a change that repaints only the layer
    /// from one that moves it by comparing this group
    /// (`docs/internals/property-table.md`). Read and write the properties
    /// by their own names.
    public var paint = Paint()
    private var storedOpacity: Double = 1

    /// The properties of ``paint``, with Core Animation's defaults.
    public struct Paint: Hashable, Sendable {
        /// Width of the border, drawn inset from the bounds. Default 0.
        public var borderWidth: Double = 0
        /// Colour of the border. Default opaque black.
        public var borderColor: RGBA = .black
        /// Fill behind the contents; `nil` draws nothing. Default nil.
        public var backgroundColor: RGBA? = nil
        /// The bitmap shown, if any. Default nil.
        public var contents: ImageID? = nil
        /// How `contents` is placed in the bounds. Default `.resize`.
        public var contentsGravity: ContentsGravity = .resize
        /// Bitmap pixels per point of `contents`: a bitmap `w` pixels wide
        /// is `w / contentsScale` points wide where the gravity does not
        /// scale it. Default 1 (a standalone layer's, as in Core Animation).
        public var contentsScale: Double = 1

        /// Every paint at its default.
        public init() {}
    }

    /// Width of the border, drawn inset from the bounds. Default 0.
    public var borderWidth: Double { get { paint.borderWidth } set { paint.borderWidth = newValue } }
    /// Colour of the border. Default opaque black.
    public var borderColor: RGBA { get { paint.borderColor } set { paint.borderColor = newValue } }
    /// Fill behind the contents; `nil` draws nothing. Default nil.
    public var backgroundColor: RGBA? { get { paint.backgroundColor } set { paint.backgroundColor = newValue } }
    /// The bitmap shown, if any. Default nil.
    public var contents: ImageID? { get { paint.contents } set { paint.contents = newValue } }
    /// How `contents` is placed in the bounds. Default `.resize`.
    public var contentsGravity: ContentsGravity { get { paint.contentsGravity } set { paint.contentsGravity = newValue } }
    /// Bitmap pixels per point of `contents`. Default 1.
    public var contentsScale: Double { get { paint.contentsScale } set { paint.contentsScale = newValue } }
    /// A layer state with every property at its default.
    public init() {}

    /// Opacity in 0…1, default 1. Values outside the range are clamped when
    /// set, as Core Animation does; NaN becomes 0.
    public var opacity: Double {
        get { storedOpacity }
        set { storedOpacity = newValue > 0 ? Swift.min(newValue, 1) : 0 }
    }
}
