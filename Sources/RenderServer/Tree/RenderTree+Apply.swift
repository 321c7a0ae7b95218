import RenderModel

/// Applying commits: the diff goes through ``LayerTree/apply(_:observe:)``
/// (the one apply, which refuses a bad operation before changing anything);
/// the render nodes follow each change it reports, recording damage
/// where the changed subtrees were (`RenderTree+Damage.swift`), and
/// `finishCommit` adds where they are now (`RenderTree+Geometry.swift`).
extension RenderTree {
    /// Applies `diff`'s operations in order and answers its damage (empty
    /// when no pixel can have changed); the damage is also added to
    /// `pendingDamage`.
    ///
    /// - Throws: `LayerTreeError` for an operation on an unknown layer, a
    ///   duplicate `create`, layer id 0, a move under an unknown parent, into
    ///   the layer's own subtree or past the end of the siblings, or a value
    ///   of the wrong kind. The operations before it stay applied (and their
    ///   damage counted); the rest of the commit is not applied.
    @discardableResult
    public func apply(_ diff: CommitDiff) throws(LayerTreeError) -> DamageRegion {
        beginCommit()
        var failure: LayerTreeError?
        do {
            try layers.apply(RenderTree.sanitized(diff)) { follow($0) }
        } catch {
            failure = error
        }
        let damage = endCommit()
        if let failure { throw failure }
        return damage
    }

    /// Stores a backing store that arrived outside a commit (`bitmapShared`):
    /// the same as a `bitmap` operation, damaging the layers that show it.
    @discardableResult
    public func storeBitmap(_ image: ImageID, _ bitmap: Bitmap) -> DamageRegion {
        beginCommit()
        follow(layers.store(image, RenderTree.sanitized(bitmap)))
        return endCommit()
    }

    func beginCommit() {
        hot.stamp &+= 1
        hot.commitDamage = DamageRegion()
        hot.commitChanged.removeAll(keepingCapacity: true)
    }

    func endCommit() -> DamageRegion {
        finishCommit()
        let damage = hot.commitDamage
        if mergesDamage { hot.pendingDamage.formUnion(damage) }
        if let count = hot.pendingChanged?.count, count + hot.commitChanged.count <= Self.maxChangedRects {
            hot.pendingChanged!.append(contentsOf: hot.commitChanged)
        } else {
            hot.pendingChanged = mergesDamage ? nil : [displayRect]
        }
        hot.commitDamage = DamageRegion()
        #if LOOPSIM_INTERNAL_CHECKS
        _checkInvariants()   // after every commit and step (docs/internals/safety.md, "Invariants")
        #endif
        return damage
    }

    /// Brings the render nodes in step with one change `layers` made.
    private func follow(_ change: LayerTree.Change) {
        switch change {
        case .created(let id):
            hot.nodes[id] = RenderNode(id: id)
        case .removed(let id, _, _):
            let node = hot.nodes[id]!
            touch(node)
            detach(node)
            for child in node.hot.children {
                touch(child)
                child.hot.parent = nil
                child.hot.parentID = nil
            }
            node.hot.children = []
            node.hot.order = nil
            node.hot.removed = true
            hot.nodes[id] = nil
        case let .moved(id, _, to, index):
            let node = hot.nodes[id]!
            touch(node)
            detach(node)
            switch to {
            case nil:
                break
            case 0?:
                hot.roots.insert(node, at: index)
                hot.rootOrder = nil
                node.hot.parentID = 0
            case let p?:
                let parent = hot.nodes[p]!
                if parent.hot.children.isEmpty { groupingChanges(parent) }
                parent.hot.children.insert(node, at: index)
                parent.hot.order = nil
                node.hot.parent = parent
                node.hot.parentID = p
            }
        case let .set(id, property, state):
            let node = hot.nodes[id]!
            if paintsOnlyItself(property, node) {
                // Only the property: a node that shows an animation's
                // state keeps its place, which a paint does not move; the
                // next step brings it to its presentation state, or to
                // the model's when the commit also took its animation off.
                repaint(node)
                do { try node.hot.state.setValue(state.value(of: property), for: property) } catch { node.hot.state = state }
            } else {
                touch(node)
                node.hot.state = state
            }
            if property == .zPosition {
                if let parent = node.hot.parent { parent.hot.order = nil } else if node.hot.parentID == 0 { hot.rootOrder = nil }
            }
        case let .storedBitmap(_, users):
            for id in users {
                if let node = hot.nodes[id] { repaint(node) }
            }
        case .animations, .timing:
            // Kept by `layers`; the next frame evaluates them
            // (`RenderTree+Animations.swift`).
            break
        }
    }

    /// Takes the node out of its parent's sublayers or the display's roots.
    private func detach(_ node: RenderNode) {
        if let parent = node.hot.parent {
            if let i = parent.hot.children.firstIndex(where: { $0 === node }) { parent.hot.children.remove(at: i) }
            if parent.hot.children.isEmpty { groupingChanges(parent) }
            parent.hot.order = nil
            hot.refresh.append(parent)
        } else if node.hot.parentID == 0 {
            if let i = hot.roots.firstIndex(where: { $0 === node }) { hot.roots.remove(at: i) }
            hot.rootOrder = nil
        }
        node.hot.parent = nil
        node.hot.parentID = nil
    }

    /// `diff` with every bitmap's colour channels clamped to its alpha.
    private static func sanitized(_ diff: CommitDiff) -> CommitDiff {
        guard diff.ops.contains(where: { if case .bitmap = $0 { true } else { false } }) else { return diff }
        var copy = diff
        copy.ops = diff.ops.map { op in
            guard case let .bitmap(image, bitmap) = op else { return op }
            return .bitmap(image, sanitized(bitmap))
        }
        return copy
    }

    /// A bitmap whose colour channels are at most its alpha (a copy only
    /// when some pixel is not validly premultiplied).
    static func sanitized(_ bitmap: Bitmap) -> Bitmap {
        let bytes = bitmap.pixels
        var valid = true
        var i = 0
        while i + 3 < bytes.count {
            let a = bytes[i + 3]
            if bytes[i] > a || bytes[i + 1] > a || bytes[i + 2] > a {
                valid = false
                break
            }
            i += 4
        }
        if valid { return bitmap }
        var fixed = bytes
        i = 0
        while i + 3 < fixed.count {
            let a = fixed[i + 3]
            fixed[i] = Swift.min(fixed[i], a)
            fixed[i + 1] = Swift.min(fixed[i + 1], a)
            fixed[i + 2] = Swift.min(fixed[i + 2], a)
            i += 4
        }
        return Bitmap(width: bitmap.width, height: bitmap.height, pixels: fixed)
    }
}
