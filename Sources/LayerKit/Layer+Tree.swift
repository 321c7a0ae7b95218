import RenderModel

/// Tree operations with CALayer's rules and its needsLayout side effects.
extension Layer {
    /// addSublayer: appends `child` (removing it from its old superlayer).
    public func addSublayer(_ child: Layer) {
        insertSublayer(child, at: sublayers?.count ?? 0)
    }

    /// insertSublayer(_:at:): `index` is clamped to the number of sublayers
    /// (after removing `child` from its old place).
    public func insertSublayer(_ child: Layer, at index: Int) {
        precondition(child !== self, "Layer.insertSublayer: a layer cannot be its own sublayer")
        // A layer without sublayers can only be an ancestor of itself
        // (checked above): inserting a new leaf under a deep chain costs
        // nothing per level.
        var a: Layer? = (child.sublayers ?? []).isEmpty ? nil : self
        while let x = a {
            precondition(x !== child, "Layer.insertSublayer: '\(child.traceName)' is an ancestor of '\(traceName)'; that would make a cycle")
            a = x.superlayer
        }
        context.noteMutation()
        child.detach()
        var list = sublayers ?? []
        let i = max(0, min(index, list.count))
        list.insert(child, at: i)
        for j in i..<list.count { list[j].siblingIndex = j }
        sublayers = list
        child.superlayer = self
        markNeedsLayout()
        context.recordMove(child, parent: id, index: UInt32(i))
    }

    /// removeFromSuperlayer: the old superlayer needs layout.
    public func removeFromSuperlayer() {
        guard superlayer != nil || isRoot else { return }
        context.noteMutation()
        detach()
        context.recordMove(self, parent: nil, index: 0)
    }

    /// replaceSublayer(_:with:).
    public func replaceSublayer(_ old: Layer, with new: Layer) {
        guard let i = sublayers?.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: i)
    }

    /// Takes the layer out of its parent's list (or the display's roots).
    func detach() {
        if let parent = superlayer {
            if let i = parent.sublayers?.firstIndex(where: { $0 === self }) {
                parent.sublayers!.remove(at: i)
                for j in i..<parent.sublayers!.count { parent.sublayers![j].siblingIndex = j }
            }
            parent.markNeedsLayout()
            superlayer = nil
        }
        if isRoot {
            isRoot = false
            if let i = context.roots.firstIndex(where: { $0 === self }) {
                context.roots.remove(at: i)
                for j in i..<context.roots.count { context.roots[j].siblingIndex = j }
            }
        }
    }
}
