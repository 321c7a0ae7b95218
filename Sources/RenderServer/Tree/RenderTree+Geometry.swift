import RenderModel

/// What the tree computes for the compositor: render order, and after each
/// commit the transform, visibility and pixel boxes of the touched subtrees.
extension RenderTree {
    // MARK: Render order

    /// The display's roots back to front (by zPosition, ties in order).
    func orderedRoots() -> [RenderNode] {
        if let order = rootOrder { return order }
        let order = RenderOrder.backToFront(roots.map(\.state.zPosition)).map { roots[$0] }
        rootOrder = order
        return order
    }

    /// A root's subtree box as ``RenderTree/rootBoxes`` keeps it: its
    /// edges, so that a pass's test is four compares (a `PixelRect`, whose
    /// far edges are sums, cost the 3 s animation bench ~6 M instructions
    /// a thread more).
    struct RootBox {
        var x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// Brings ``rootBoxes`` up to date: the subtree boxes of
    /// ``orderedRoots()``, in that order, an empty one for a root that
    /// paints nothing (hidden, or no box). Rebuilt in place (no allocation
    /// once it has its size) at the first call after a commit; a read
    /// only, after that.
    func updateRootBoxes() {
        let roots = orderedRoots()
        if rootBoxesStamp == stamp, rootBoxes.count == roots.count { return }
        let none = RootBox(x0: 0, y0: 0, x1: 0, y1: 0)
        if rootBoxes.count != roots.count { rootBoxes = Array(repeating: none, count: roots.count) }
        rootBoxes.withUnsafeMutableBufferPointer { boxes in
            for (i, root) in roots.enumerated() {
                if root.visible, let b = root.subtreeBox {
                    boxes[i] = RootBox(x0: b.x, y0: b.y, x1: b.maxX, y1: b.maxY)
                } else {
                    boxes[i] = none
                }
            }
        }
        indexRootBands()
        rootBoxesStamp = stamp
    }

    /// Lists the roots of each band (``rootBandStarts``,
    /// ``rootBandIndexes``) from ``rootBoxes``: two passes over them, in
    /// place once the arrays have their size.
    private func indexRootBands() {
        let h = Self.rootBandHeight
        let bands = (displayHeight + h - 1) / h
        rootBandStarts.removeAll(keepingCapacity: true)
        rootBandStarts.append(contentsOf: repeatElement(0, count: bands + 1))
        let height = displayHeight
        func bandsOf(_ box: RootBox) -> Range<Int> {
            let y0 = Swift.max(box.y0, 0), y1 = Swift.min(box.y1, height)
            return y1 > y0 ? y0 / h ..< (y1 - 1) / h + 1 : 0..<0
        }
        rootBandStarts.withUnsafeMutableBufferPointer { starts in
            // Counts at `starts[b + 1]`, then their running sums.
            for box in rootBoxes {
                for b in bandsOf(box) { starts[b + 1] += 1 }
            }
            for b in 0..<bands { starts[b + 1] += starts[b] }
            rootBandIndexes.removeAll(keepingCapacity: true)
            rootBandIndexes.append(contentsOf: repeatElement(0, count: starts[bands]))
            rootBandIndexes.withUnsafeMutableBufferPointer { indexes in
                // Filled from each band's start, which then moves to its end;
                // shifted back after.
                for (i, box) in rootBoxes.enumerated() {
                    for b in bandsOf(box) {
                        indexes[starts[b]] = i
                        starts[b] += 1
                    }
                }
            }
            for b in stride(from: bands, to: 0, by: -1) { starts[b] = starts[b - 1] }
            starts[0] = 0
        }
    }

    /// `node`'s sublayers back to front.
    func orderedChildren(_ node: RenderNode) -> [RenderNode] {
        if let order = node.order { return order }
        let children = node.children
        let order = RenderOrder.backToFront(children.map(\.state.zPosition)).map { children[$0] }
        node.order = order
        return order
    }

    /// ``orderedRoots()`` as a buffer of the array the tree keeps, for a
    /// pass (`Pass`): valid until the next commit changes the tree.
    func orderedRootsBuffer() -> UnsafeBufferPointer<RenderNode> {
        if rootOrder == nil { _ = orderedRoots() }
        return rootOrder!.withUnsafeBufferPointer { $0 }
    }

    /// ``orderedChildren(_:)`` as a buffer of the array `node` keeps, for a
    /// pass (`Pass`): valid until the next commit changes the tree.
    func orderedChildrenBuffer(_ node: RenderNode) -> UnsafeBufferPointer<RenderNode> {
        if node.children.isEmpty { return UnsafeBufferPointer(start: nil, count: 0) }
        if node.order == nil { _ = orderedChildren(node) }
        return node.order!.withUnsafeBufferPointer { $0 }
    }

    /// Computes every draw order kept lazily (``orderedRoots()`` and their
    /// boxes, each node's ``orderedChildren(_:)``) now, so that passes drawing on
    /// several threads at once only read the tree.
    func settleDrawOrders() {
        updateRootBoxes()
        for node in nodes.values where !node.children.isEmpty && node.order == nil { _ = orderedChildren(node) }
    }

    /// Recomputes the geometry of every touched subtree and the subtree
    /// boxes of their ancestors, adding the new boxes to the damage.
    func finishCommit() {
        let display = displayRect
        for node in repainted where !node.removed && node.mark != stamp {
            let old = node.ownBox
            node.ownBox = node.visible ? paintBox(node, clip: display) : nil
            if let box = node.ownBox, box != old { damage(box, newBoxOf: node) }
            // A new colour paints the same box: the subtree boxes above stand.
            if node.ownBox != old { refresh.append(node) }
        }
        repainted.removeAll(keepingCapacity: true)
        var covered: [ObjectIdentifier: Bool] = [:]
        for node in dirty where !node.removed {
            if hasTouchedAncestor(node, &covered) { continue }
            recompute(node)
            if let box = node.subtreeBox { damage(box, newBoxOf: node) }
            if let parent = node.parentNode { refresh.append(parent) }
        }
        for start in refresh {
            var current: RenderNode? = start
            while let node = current, !node.removed {
                let box = RenderTree.joinedBox(node)
                if box == node.subtreeBox { break }
                node.subtreeBox = box
                current = node.parentNode
            }
        }
        dirty.removeAll(keepingCapacity: true)
        refresh.removeAll(keepingCapacity: true)
    }

    /// Whether a strict ancestor of `node` was touched by this commit.
    /// `memo` remembers the answer for every node on the walked paths, so
    /// the dirty nodes of a deep chain cost linear time in all, not
    /// quadratic.
    private func hasTouchedAncestor(_ node: RenderNode, _ memo: inout [ObjectIdentifier: Bool]) -> Bool {
        var path: [RenderNode] = []
        var a = node.parentNode
        var answer = false
        while let x = a {
            if x.mark == stamp { answer = true; break }
            if let known = memo[ObjectIdentifier(x)] { answer = known; break }
            path.append(x)
            a = x.parentNode
        }
        // Every node on the path has the same touched strict ancestor (or none).
        for x in path { memo[ObjectIdentifier(x)] = answer }
        return answer
    }

    private static func joinedBox(_ node: RenderNode) -> PixelRect? {
        var box = node.ownBox
        for child in node.children {
            box = box.union(child.subtreeBox)
        }
        return box
    }

    /// Transform, visibility and boxes of `top` and its subtree, from its
    /// parent's (unchanged) values.
    private func recompute(_ top: RenderNode) {
        if top.children.isEmpty {
            // A leaf (every animated square of a grid): the same steps,
            // without the two arrays the walk below needs.
            let (parentTransform, parentVisible) = top.parentNode.map { ($0.toDevice, $0.visible) } ?? (.identity, top.parentID == 0)
            top.toDevice = RenderTree.localTransform(top.state).concatenating(parentTransform)
            top.visible = parentVisible && !top.state.isHidden
            top.ownBox = top.visible ? paintBox(top, clip: displayRect) : nil
            top.subtreeBox = RenderTree.joinedBox(top)
            return
        }
        var preorder: [RenderNode] = []
        var stack: [(RenderNode, Transform2D, Bool)] = []
        if let parent = top.parentNode {
            stack.append((top, parent.toDevice, parent.visible))
        } else {
            stack.append((top, .identity, top.parentID == 0))
        }
        let display = displayRect
        while let (node, parentTransform, parentVisible) = stack.popLast() {
            preorder.append(node)
            node.toDevice = RenderTree.localTransform(node.state).concatenating(parentTransform)
            node.visible = parentVisible && !node.state.isHidden
            node.ownBox = node.visible ? paintBox(node, clip: display) : nil
            for child in node.children.reversed() {
                stack.append((child, node.toDevice, node.visible))
            }
        }
        for node in preorder.reversed() {
            node.subtreeBox = RenderTree.joinedBox(node)
        }
    }

    /// The layer's own space to its superlayer's: the anchor point (in the
    /// bounds) to the origin, then `transform`, then to `position`. The
    /// bounds' origin thereby shifts where sublayers land.
    static func localTransform(_ s: LayerState) -> Transform2D {
        let b = s.bounds.standardized
        let ax = b.minX + s.anchorPoint.x * b.width
        let ay = b.minY + s.anchorPoint.y * b.height
        let t = s.transform
        return Transform2D(
            a: t.a, b: t.b, c: t.c, d: t.d,
            tx: t.tx + s.position.x - (ax * t.a + ay * t.c),
            ty: t.ty + s.position.y - (ax * t.b + ay * t.d)
        )
    }

    /// Where the layer's contents bitmap lands in its own space, if it has
    /// one: `contentsScale` bitmap pixels to a point (a scale that is not a
    /// finite number above 0, which only the wire can send, counts as 1).
    func contentsRect(_ node: RenderNode) -> (rect: Rect, bitmap: Bitmap)? {
        guard let image = node.state.contents, let bitmap = layers.bitmap(image), bitmap.width > 0, bitmap.height > 0 else { return nil }
        let scale = node.state.contentsScale
        let pixelsPerPoint = scale > 0 && scale.isFinite ? scale : 1
        let rect = ContentsLayout.rect(bounds: node.state.bounds, imageWidth: Double(bitmap.width) / pixelsPerPoint,
                                       imageHeight: Double(bitmap.height) / pixelsPerPoint, gravity: node.state.contentsGravity)
        return (rect, bitmap)
    }

    /// The display pixels the node's background, contents and border can touch.
    private func paintBox(_ node: RenderNode, clip: PixelRect) -> PixelRect? {
        let s = node.state
        var area: Rect?
        if s.backgroundColor != nil || s.borderWidth > 0 {
            area = s.bounds.standardized
        }
        if let contents = contentsRect(node) {
            area = area.map { $0.union(contents.rect) } ?? contents.rect.standardized
        }
        guard let r = area, r.width > 0, r.height > 0 else { return nil }
        let t = node.toDevice
        return deviceBox(Point(x: r.minX, y: r.minY).applying(t), Point(x: r.maxX, y: r.minY).applying(t),
                         Point(x: r.minX, y: r.maxY).applying(t), Point(x: r.maxX, y: r.maxY).applying(t), clip: clip)
    }
}
