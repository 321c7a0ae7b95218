import Raster
import RenderModel

/// Damage: which pixels a commit may have changed. A change that can move
/// or reshape a subtree (`touch`) damages the subtree's box where it was; a
/// change to a layer's own paints only (`repaint`) damages its own box;
/// `finishCommit` adds where they are now.
extension RenderTree {
    /// Answers the damage accumulated since the last call and clears it.
    public func takeDamage() -> DamageRegion {
        var changed: [PixelRect]?
        return takeDamage(changed: &changed)
    }

    /// Answers the damage accumulated since the last call, and in
    /// `changed` the boxes it was made of before any merge (a node's old
    /// and new box joined when their box is no larger than the two): they
    /// too hold every pixel that may have changed, in fewer pixels than
    /// the region's rectangles when the merges joined far-apart boxes —
    /// what the server re-encodes in the P6 file. `nil` when there were
    /// more than ``maxChangedRects``. The array passed in (the one the last
    /// call answered) is kept for the next frame's boxes, so that a step
    /// allocates nothing once warm.
    public func takeDamage(changed: inout [PixelRect]?) -> DamageRegion {
        var spare = changed ?? []
        spare.removeAll(keepingCapacity: true)
        changed = hot.pendingChanged
        hot.pendingChanged = spare
        defer { hot.pendingDamage = DamageRegion() }
        return pendingDamage
    }

    /// Marks the whole display damaged (a new output, a lost frame).
    public func damageAll() {
        hot.pendingDamage = DamageRegion(displayRect)
        hot.pendingChanged = [displayRect]
    }

    /// Adds `box` to the commit's damage, and to its unmerged boxes: where
    /// `node` was when `old` (its old box, recorded for it in this commit
    /// by ``recordOld(_:_:)``), joined with that when their box is no
    /// larger than the two.
    func damage(_ box: PixelRect, newBoxOf node: RenderNode) {
        if mergesDamage { hot.commitDamage.add(box) }
        if node.hot.changedMark == hot.stamp {
            let old = hot.commitChanged[node.hot.changedIndex]
            let joined = old.union(box)
            if joined.area <= old.area + box.area {
                hot.commitChanged[node.hot.changedIndex] = joined
                return
            }
        }
        hot.commitChanged.append(box)
    }

    /// Adds `box`, `node`'s box before the commit, to the commit's damage
    /// and unmerged boxes, remembering where for its new box.
    func recordOld(_ box: PixelRect, of node: RenderNode) {
        if mergesDamage { hot.commitDamage.add(box) }
        node.hot.changedMark = hot.stamp
        node.hot.changedIndex = hot.commitChanged.count
        hot.commitChanged.append(box)
    }

    /// Records the node's subtree as damaged where it was, once per commit.
    func touch(_ node: RenderNode) {
        guard node.hot.mark != hot.stamp else { return }
        node.hot.mark = hot.stamp
        hot.dirty.append(node)
        if let box = node.hot.subtreeBox { recordOld(box, of: node) }
    }

    /// Whether setting `property` can change only the layer's own pixels
    /// (its background, contents and border), not its sublayers' or where
    /// anything is: the property table's paint class
    /// (``LayerPropertyDescriptor/PaintClass``) for this node.
    func paintsOnlyItself(_ property: LayerProperty, _ node: RenderNode) -> Bool {
        property.paintClass.paintsOnlyItself(clips: node.hot.state.masksToBounds, hasSublayers: !node.hot.children.isEmpty)
    }

    /// Records the node's own paint box as damaged where it was, once per
    /// commit; `finishCommit` adds where it is now. Its sublayers are not
    /// damaged (unless another change touches the subtree).
    func repaint(_ node: RenderNode) {
        guard node.hot.mark != hot.stamp, node.hot.repaintMark != hot.stamp else { return }
        node.hot.repaintMark = hot.stamp
        hot.repainted.append(node)
        if let box = node.hot.ownBox { recordOld(box, of: node) }
    }

    /// A layer gains its first sublayer or loses its last: with opacity
    /// below 1 its own paints switch between being multiplied by the opacity
    /// and being composited as a group, so its own pixels are damaged.
    func groupingChanges(_ node: RenderNode) {
        let opacity = RGBA8.byte(node.hot.state.opacity)
        if opacity > 0, opacity < 255 {
            if let box = node.hot.ownBox {
                if mergesDamage { hot.commitDamage.add(box) }
                hot.commitChanged.append(box)
            }
        }
    }
}
