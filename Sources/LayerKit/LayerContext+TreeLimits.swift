import RenderModel

extension LayerContext {
    /// The limits a commit is held to (the table's by default; lower for
    /// tests).
    public struct TreeLimits: Hashable, Sendable {
        public var layers: Int
        public var depth: Int
        public init(layers: Int = RenderLimits.maxLayerCount, depth: Int = RenderLimits.maxTreeDepth) {
            self.layers = layers
            self.depth = depth
        }
    }

    /// Throws when the tree the next diff leaves would pass ``treeLimits``:
    /// every layer made counts (layers are never destroyed), and only the
    /// subtrees of the layers moved under a parent since the last commit
    /// can be deeper than before (``TreeDepth``).
    func checkTreeLimits() throws(TreeLimitError) {
        if layers.count > treeLimits.layers {
            throw TreeLimitError(reason: "the tree would hold \(layers.count) layers; the limit is \(treeLimits.layers)")
        }
        var moved: [LayerID] = []
        for case let .move(id, parent?, _) in treeLog where parent != 0 { moved.append(id) }
        guard let deepest = TreeDepth.deepest(below: moved, parent: { self.layer($0)?.superlayer?.id },
                                              sublayers: { self.layer($0)?.sublayers?.map(\.id) ?? [] }),
              deepest.depth > treeLimits.depth else { return }
        let name = layer(deepest.layer)?.traceName ?? "#\(deepest.layer)"
        throw TreeLimitError(reason: "the tree would be \(deepest.depth) layers deep (at layer '\(name)'); the limit is \(treeLimits.depth)")
    }
}
