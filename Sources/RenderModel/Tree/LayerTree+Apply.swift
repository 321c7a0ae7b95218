extension LayerTree {
    /// What one applied operation changed, for a caller that keeps derived
    /// data (the render server's damage and geometry) in step.
    public enum Change: Hashable, Sendable {
        /// A layer entered the tree, detached, with default state.
        case created(LayerID)
        /// A layer left the tree. `formerParent` is where it was (`nil`
        /// detached, 0 the display); `formerSublayers` are now detached.
        case removed(LayerID, formerParent: LayerID?, formerSublayers: [LayerID])
        /// A layer left `from` and is now under `to` (`nil` detached, 0 the
        /// display) at `index` among its siblings.
        case moved(LayerID, from: LayerID?, to: LayerID?, index: Int)
        /// A property of a layer was set (possibly to the value it had);
        /// `state` is the layer's state now.
        case set(LayerID, LayerProperty, state: LayerState)
        /// A bitmap was stored; `users` (ascending) are the layers showing it.
        case storedBitmap(ImageID, users: [LayerID])
        /// The layer's animations changed (one was added, replaced or
        /// removed); `animations` is what the layer holds now.
        case animations(LayerID, LayerAnimations)
        /// The layer's timing changed (``LayerTree/Layer/timing``).
        case timing(LayerID)
    }

    /// Applies `diff`'s operations in order and records its sequence number
    /// and time.
    ///
    /// - Parameter observe: called with each operation's change, in order,
    ///   right after it is applied (it must not touch this tree).
    /// - Throws: `LayerTreeError` for the first operation that cannot apply
    ///   (see ``apply(_:at:)``). The operations before it stay applied (and
    ///   observed); the rest of the commit is not applied. The sequence and
    ///   time are recorded either way.
    public mutating func apply(_ diff: CommitDiff, observe: (Change) -> Void = { _ in }) throws(LayerTreeError) {
        defer {
            lastSequence = diff.sequence
            lastTime = diff.time
        }
        for (index, op) in diff.ops.enumerated() {
            observe(try apply(op, at: index))
        }
    }

    /// Applies one operation, the `index`th of its commit (for the error).
    ///
    /// A refused operation changes nothing.
    ///
    /// - Throws: `LayerTreeError` for an operation on an unknown layer, a
    ///   duplicate `create`, layer id 0, a move under an unknown parent, into
    ///   the layer's own subtree or past the end of the siblings, or a value
    ///   of the wrong kind for the property.
    @discardableResult
    public mutating func apply(_ op: DiffOp, at index: Int) throws(LayerTreeError) -> Change {
        quiet = QuietSteps()
        animatedPositions = AnimatedPositions()
        switch op {
        case .create(let id):
            guard id != 0 else {
                throw LayerTreeError(kind: .reservedLayer, opIndex: index, op: "create", layer: id, reason: "layer id 0 names the display")
            }
            guard layers[id] == nil else {
                throw LayerTreeError(kind: .duplicateLayer, opIndex: index, op: "create", layer: id, reason: "layer \(id) already exists")
            }
            layers[id] = Layer()
            return .created(id)
        case .remove(let id):
            return try remove(id, at: index)
        case let .move(id, parent, position):
            return try move(id, to: parent, index: position, at: index)
        case let .set(id, property, value):
            try requireLayer(id, at: index, op: "set")
            let oldImage = layers[id]!.state.contents
            do {
                try layers[id]!.state.setValue(value, for: property)
            } catch {
                throw LayerTreeError(kind: .badValue, opIndex: index, op: "set", layer: id, reason: error.description)
            }
            noteContents(of: id, was: oldImage)
            return .set(id, property, state: layers[id]!.state)
        case let .bitmap(image, bitmap):
            return store(image, bitmap)
        case let .addAnimation(id, key, animation):
            try requireLayer(id, at: index, op: "addAnimation")
            let replaced = key.flatMap { k in layers[id]!.animations.entries.first { $0.key == k } }
            do {
                try layers[id]!.animations.add(animation, forKey: key)
            } catch {
                let kind: LayerTreeError.Kind = error.field == "layer" ? .tooManyAnimations : .badValue
                throw LayerTreeError(kind: kind, opIndex: index, op: "addAnimation", layer: id, reason: error.description)
            }
            if let replaced { droppedAnimations.append(AnimationReport(layer: id, entry: replaced, finished: false)) }
            noteAnimated(id)
            return .animations(id, layers[id]!.animations)
        case let .removeAnimation(id, key):
            try requireLayer(id, at: index, op: "removeAnimation")
            if let gone = layers[id]!.animations.entries.first(where: { $0.key == key }) {
                droppedAnimations.append(AnimationReport(layer: id, entry: gone, finished: false))
            }
            layers[id]!.animations.removeAnimation(forKey: key)
            noteAnimated(id)
            return .animations(id, layers[id]!.animations)
        case let .timing(id, speed, timeOffset, beginTime):
            try requireLayer(id, at: index, op: "timing")
            layers[id]!.timing.speed = speed
            layers[id]!.timing.timeOffset = timeOffset
            layers[id]!.timing.beginTime = beginTime
            return .timing(id)
        case let .removeAllAnimations(id):
            try requireLayer(id, at: index, op: "removeAllAnimations")
            for gone in layers[id]!.animations.entries {
                droppedAnimations.append(AnimationReport(layer: id, entry: gone, finished: false))
            }
            layers[id]!.animations.removeAll()
            noteAnimated(id)
            return .animations(id, layers[id]!.animations)
        }
    }

    /// Stores a bitmap (a `bitmap` operation, which cannot fail).
    @discardableResult
    public mutating func store(_ image: ImageID, _ bitmap: Bitmap) -> Change {
        bitmapBytes += bitmap.pixels.count - (bitmaps[image]?.pixels.count ?? 0)
        bitmaps[image] = bitmap
        return .storedBitmap(image, users: users(of: image))
    }

    private mutating func remove(_ id: LayerID, at index: Int) throws(LayerTreeError) -> Change {
        try requireLayer(id, at: index, op: "remove")
        let layer = layers[id]!
        detach(id)
        for child in layer.sublayers { layers[child]!.parent = nil }
        if let image = layer.state.contents { imageUsers[image]?.remove(id) }
        for gone in layer.animations.entries {
            droppedAnimations.append(AnimationReport(layer: id, entry: gone, finished: false))
        }
        layers[id] = nil
        noteAnimated(id)
        return .removed(id, formerParent: layer.parent, formerSublayers: layer.sublayers)
    }

    private mutating func move(_ id: LayerID, to parent: LayerID?, index position: UInt32, at index: Int) throws(LayerTreeError) -> Change {
        try requireLayer(id, at: index, op: "move")
        let from = layers[id]!.parent
        let siblings: Int
        switch parent {
        case nil:
            siblings = 0
        case 0?:
            siblings = rootIDs.count - (from == 0 ? 1 : 0)
        case let p?:
            guard let parentLayer = layers[p] else {
                throw LayerTreeError(kind: .unknownParent, opIndex: index, op: "move", layer: id, reason: "parent layer \(p) does not exist")
            }
            // A layer without sublayers can only be its own ancestor: moving
            // a new layer under a deep chain costs nothing per level.
            var ancestor: LayerID? = layers[id]!.sublayers.isEmpty && p != id ? nil : p
            while let a = ancestor, a != 0 {
                if a == id {
                    let reason = p == id
                        ? "a layer cannot be its own sublayer"
                        : "layer \(p) is inside layer \(id); the move would make a cycle"
                    throw LayerTreeError(kind: .cycle, opIndex: index, op: "move", layer: id, reason: reason)
                }
                ancestor = layers[a]?.parent
            }
            siblings = parentLayer.sublayers.count - (from == p ? 1 : 0)
        }
        if parent != nil, Int(position) > siblings {
            throw LayerTreeError(kind: .indexOutOfRange, opIndex: index, op: "move", layer: id, reason: "index \(position) is past the end of \(siblings) siblings")
        }
        detach(id)
        switch parent {
        case nil: break
        case 0?: rootIDs.insert(id, at: Int(position))
        case let p?: layers[p]!.sublayers.insert(id, at: Int(position))
        }
        layers[id]!.parent = parent
        return .moved(id, from: from, to: parent, index: parent == nil ? 0 : Int(position))
    }

    /// Takes layer `id` out of its parent's sublayers or the display's roots.
    private mutating func detach(_ id: LayerID) {
        switch layers[id]!.parent {
        case nil: break
        case 0?: rootIDs.removeAll { $0 == id }
        case let p?: layers[p]!.sublayers.removeAll { $0 == id }
        }
        layers[id]!.parent = nil
    }

    private func requireLayer(_ id: LayerID, at index: Int, op: String) throws(LayerTreeError) {
        guard id != 0 else {
            throw LayerTreeError(kind: .reservedLayer, opIndex: index, op: op, layer: id, reason: "layer id 0 names the display")
        }
        guard layers[id] != nil else {
            throw LayerTreeError(kind: .unknownLayer, opIndex: index, op: op, layer: id, reason: "layer \(id) does not exist")
        }
    }

    private mutating func noteContents(of id: LayerID, was oldImage: ImageID?) {
        let newImage = layers[id]!.state.contents
        guard oldImage != newImage else { return }
        if let old = oldImage { imageUsers[old]?.remove(id) }
        if let new = newImage { imageUsers[new, default: []].insert(id) }
    }
}

extension LayerTree {
    /// The bitmap bytes the tree would keep after storing `bitmaps` (a
    /// commit's `bitmap` operations, or one shared bitmap): a stored image
    /// is replaced, so its old size is taken back first.
    public func bitmapBytes(afterStoring incoming: [(ImageID, Int)]) -> Int {
        var total = bitmapBytes
        var replaced: [ImageID: Int] = [:]
        for (image, bytes) in incoming {
            total -= replaced[image] ?? bitmaps[image]?.pixels.count ?? 0
            total += bytes
            replaced[image] = bytes
        }
        return total
    }
}
