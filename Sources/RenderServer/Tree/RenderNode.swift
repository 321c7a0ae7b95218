import RenderModel

/// One layer of the render tree, as the compositor walks it: a copy of its
/// state and links to its place (both following the tree's ``LayerTree``,
/// which decides them), and what the tree keeps computed for it (transform
/// to the display, visibility, pixel boxes).
final class RenderNode {
    let id: LayerID
    @exclusivity(unchecked) var state = LayerState()
    /// `nil` detached, 0 a root of the display, otherwise the parent's id.
    @exclusivity(unchecked) var parentID: LayerID?
    /// The parent node (nil for roots and detached layers).
    @exclusivity(unchecked) weak var parent: RenderNode?
    /// ``parent``, without reading the weak reference for a root or a
    /// detached layer, whose parent is nil: a weak read is a call into the
    /// runtime with an atomic increment, and the animation bench's step
    /// made a few hundred a frame for its hundred roots.
    var parentNode: RenderNode? { parentID == 0 || parentID == nil ? nil : parent }
    /// Sublayers in array order.
    @exclusivity(unchecked) var children: [RenderNode] = []
    /// `children` sorted back to front by zPosition, computed on demand.
    @exclusivity(unchecked) var order: [RenderNode]?

    // Computed by `RenderTree` after every commit.

    /// Maps the layer's own space (its bounds) to display pixels.
    @exclusivity(unchecked) var toDevice: Transform2D = .identity
    /// On the display, and neither it nor an ancestor hidden.
    @exclusivity(unchecked) var visible = false
    /// The display pixels its own background, contents and border can
    /// touch (`nil` when none, or when not visible).
    @exclusivity(unchecked) var ownBox: PixelRect?
    /// `ownBox` joined with the subtree boxes of its sublayers.
    @exclusivity(unchecked) var subtreeBox: PixelRect?

    /// The commit stamp of the last `apply` that touched the node.
    @exclusivity(unchecked) var mark: UInt64 = 0
    /// The commit stamp of the last `apply` that changed only its own paints.
    @exclusivity(unchecked) var repaintMark: UInt64 = 0
    /// Set when the layer has been removed (stale references skip it).
    @exclusivity(unchecked) var removed = false
    /// Where the commit stamped `changedMark` recorded this node's old box
    /// in ``RenderTree/commitChanged`` (so that its new box can join it).
    @exclusivity(unchecked) var changedIndex = 0
    @exclusivity(unchecked) var changedMark: UInt64 = 0

    init(id: LayerID) {
        self.id = id
    }
}
