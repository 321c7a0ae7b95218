/// How deep a layer tree is below the layers that moved: the one walk both
/// sides use to hold a tree to ``RenderLimits/maxTreeDepth``
/// (`docs/reference/limits.md`).
package enum TreeDepth {
    /// The deepest layer in the subtrees of `tops`, and its depth: the
    /// layers on its path from its root (a root of the display or a
    /// detached layer), both counted. `nil` when `tops` is empty.
    ///
    /// Only layers that moved can be deeper than before, and only their
    /// subtrees, so a commit passes its moved layers. Linear in the layers
    /// of those subtrees plus their paths to the root, without recursion:
    /// each layer's depth is found once (a walk up stops at a layer already
    /// known) and each subtree is walked once, however the tops nest.
    ///
    /// - Parameters:
    ///   - parent: a layer's parent, `nil` for a root or a detached layer.
    ///     The tree must have no cycle.
    ///   - sublayers: a layer's sublayers.
    public static func deepest(below tops: some Sequence<LayerID>, parent: (LayerID) -> LayerID?,
                               sublayers: (LayerID) -> [LayerID]) -> (depth: Int, layer: LayerID)? {
        var depth: [LayerID: Int] = [:]
        var walked = Set<LayerID>()
        var deepest: (depth: Int, layer: LayerID)?
        for top in tops where !walked.contains(top) {
            var stack = [(top, depthOf(top, &depth, parent))]
            walked.insert(top)
            while let (id, d) = stack.popLast() {
                if deepest == nil || d > deepest!.depth || (d == deepest!.depth && id < deepest!.layer) { deepest = (d, id) }
                for child in sublayers(id) where walked.insert(child).inserted {
                    depth[child] = d + 1
                    stack.append((child, d + 1))
                }
            }
        }
        return deepest
    }

    /// The depth of `id`, remembering it and every ancestor's on the way.
    private static func depthOf(_ id: LayerID, _ depth: inout [LayerID: Int], _ parent: (LayerID) -> LayerID?) -> Int {
        var path: [LayerID] = []
        var x: LayerID? = id
        var base = 0
        while let y = x {
            if let known = depth[y] { base = known; break }
            path.append(y)
            x = parent(y)
        }
        for (i, y) in path.reversed().enumerated() { depth[y] = base + i + 1 }
        return depth[id]!
    }
}
