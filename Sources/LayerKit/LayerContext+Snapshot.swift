import RenderModel

/// What the render server has, kept in the model: each layer's committed
/// state (`Layer.committed`) and place, and every bitmap shipped. The model
/// is the source of truth: a respawned server gets the whole committed tree
/// from it in one `snapshot`.
extension LayerContext {
    /// The whole tree as the last commit left it, as one diff from an empty
    /// tree: every bitmap shipped (by id), a `create` per committed layer
    /// (by id) with the properties of its committed state that differ from
    /// the defaults (`LayerProperty.stored` order), then the committed roots
    /// in order and each committed layer's sublayers in order. It carries
    /// the last commit's sequence and time, and no transactions.
    ///
    /// Changes not committed yet (an open transaction's sets, creates and
    /// moves) are not in it. Applying it to an empty ``LayerTree`` gives the
    /// tree that applying every shipped commit in order gives.
    ///
    /// Complexity: O(layers + bitmaps).
    public func committedSnapshot() -> CommitDiff {
        var ops: [DiffOp] = shippedBitmaps.keys.sorted { $0.rawValue < $1.rawValue }.map { .bitmap($0, shippedBitmaps[$0]!) }
        for layer in layers {
            guard let state = layer.committed else { continue }
            ops.append(.create(layer.id))
            ops += LayerTree.setOps(layer.id, state)
            if layer.committedTiming != LayerTiming() {
                let t = layer.committedTiming
                ops.append(.timing(layer.id, speed: t.speed, timeOffset: Double(t.timeOffset) / 1e9, beginTime: Double(t.beginTime) / 1e9))
            }
            for entry in layer.committedAnimations.entries {
                ops.append(.addAnimation(layer.id, key: entry.key, entry.animation))
            }
        }
        for (i, id) in committedRoots.enumerated() {
            ops.append(.move(id, parent: 0, index: UInt32(i)))
        }
        for layer in layers where layer.committed != nil {
            for (i, child) in layer.committedSublayers.enumerated() {
                ops.append(.move(child, parent: layer.id, index: UInt32(i)))
            }
        }
        return CommitDiff(sequence: sequence, time: commits.last?.time ?? 0, ops: ops)
    }

    /// Brings the committed places up to date with a commit's tree
    /// operations, as the commit ships (when the model's places are the
    /// ones it commits): the moved layers' parents, and the sublayers of
    /// every parent they left or joined.
    ///
    /// Complexity: O(moves + the sublayers of the parents they touch).
    func recordCommittedPlaces(_ treeOps: [DiffOp]) {
        var parents = Set<LayerID>()
        for case let .move(id, parent, _) in treeOps {
            guard let layer = layer(id) else { continue }
            if let old = layer.committedParent { parents.insert(old) }
            if let new = parent { parents.insert(new) }
            layer.committedParent = parent
        }
        for parent in parents {
            if parent == 0 {
                committedRoots = roots.map(\.id)
            } else if let layer = layer(parent) {
                layer.committedSublayers = layer.sublayers?.map(\.id) ?? []
            }
        }
    }

    /// Keeps each layer's ``Layer/committedAnimations`` in step with the
    /// animation operations a commit ships.
    func recordCommittedAnimations(_ treeOps: [DiffOp]) {
        for op in treeOps {
            switch op {
            case let .addAnimation(id, key, animation):
                try? layer(id)?.committedAnimations.add(animation, forKey: key)
            case let .removeAnimation(id, key):
                layer(id)?.committedAnimations.removeAnimation(forKey: key)
            case .removeAllAnimations(let id):
                layer(id)?.committedAnimations.removeAll()
            default:
                break
            }
        }
    }
}
