import Raster
import RenderModel

/// One layer of the render tree, as the compositor walks it: a copy of its
/// state and links to its place (both following the tree's ``LayerTree``,
/// which decides them), and what the tree keeps computed for it (transform
/// to the display, visibility, pixel boxes).
final class RenderNode {
    let id: LayerID

    /// Everything the tree keeps for the node, in its one stored property
    /// not checked for exclusivity at run time (docs/internals/safety.md,
    /// "Exclusivity"): a pass reads it for every node it visits.
    struct Hot {
        var state = LayerState()
        /// `nil` detached, 0 a root of the display, otherwise the parent's id.
        var parentID: LayerID?
        /// The parent node (nil for roots and detached layers).
        weak var parent: RenderNode?
        /// Sublayers in array order.
        var children: [RenderNode] = []
        /// `children` sorted back to front by zPosition, computed on demand
        /// (``RenderTree/orderedChildren(_:)``).
        var order: DrawOrder?

        // Computed by `RenderTree` after every commit.

        /// Maps the layer's own space (its bounds) to display pixels.
        var toDevice: Transform2D = .identity
        /// On the display, and neither it nor an ancestor hidden.
        var visible = false
        /// The display pixels its own background, contents and border can
        /// touch (`nil` when none, or when not visible).
        var ownBox: PixelRect?
        /// `ownBox` joined with the subtree boxes of its sublayers.
        var subtreeBox: PixelRect?

        /// The commit stamp of the last `apply` that touched the node.
        var mark: UInt64 = 0
        /// The commit stamp of the last `apply` that changed only its own paints.
        var repaintMark: UInt64 = 0
        /// Set when the layer has been removed (stale references skip it).
        var removed = false
        /// Where the commit stamped `changedMark` recorded this node's old box
        /// in ``RenderTree/Hot/commitChanged`` (so that its new box can join it).
        var changedIndex = 0
        var changedMark: UInt64 = 0
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot = Hot()

    /// ``Hot/parent``, without reading the weak reference for a root or a
    /// detached layer, whose parent is nil: a weak read is a call into the
    /// runtime with an atomic increment, and the animation bench's step
    /// made a few hundred a frame for its hundred roots.
    var parentNode: RenderNode? { hot.parentID == 0 || hot.parentID == nil ? nil : hot.parent }

    init(id: LayerID) {
        self.id = id
    }
}
