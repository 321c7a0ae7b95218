extension LayerTree {
    /// A commit that rebuilds this tree from empty: the bitmaps (by id), a
    /// `create` per layer (by id) with the properties that differ from the
    /// defaults (in `LayerProperty.stored` order) and an `addAnimation` per
    /// attached animation (in application order), then the roots in order
    /// and every layer's sublayers in order (layers by id). Carries the last
    /// commit's sequence number and time, and no transactions.
    ///
    /// Applying it to an empty tree gives a tree equal to this one.
    public func snapshot() -> CommitDiff {
        var ops: [DiffOp] = []
        for image in bitmaps.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            ops.append(.bitmap(image, bitmaps[image]!))
        }
        let ids = layerIDs
        for id in ids {
            ops.append(.create(id))
            ops += LayerTree.setOps(id, layers[id]!.state)
            let timing = layers[id]!.timing
            if timing != .layerDefault {
                ops.append(.timing(id, speed: timing.speed, timeOffset: timing.timeOffset, beginTime: timing.beginTime))
            }
            for entry in layers[id]!.animations.entries {
                ops.append(.addAnimation(id, key: entry.key, entry.animation))
            }
        }
        for (i, root) in rootIDs.enumerated() {
            ops.append(.move(root, parent: 0, index: UInt32(i)))
        }
        for id in ids {
            for (i, child) in layers[id]!.sublayers.enumerated() {
                ops.append(.move(child, parent: id, index: UInt32(i)))
            }
        }
        return CommitDiff(sequence: lastSequence, time: lastTime, ops: ops)
    }

    /// The `set` operations that take a new layer `id` from the defaults to
    /// `state`, in `LayerProperty.stored` order.
    public static func setOps(_ id: LayerID, _ state: LayerState) -> [DiffOp] {
        let defaults = LayerState()
        var ops: [DiffOp] = []
        for property in LayerProperty.stored {
            let value = state.value(of: property)
            if value != defaults.value(of: property) { ops.append(.set(id, property, value)) }
        }
        return ops
    }
}
