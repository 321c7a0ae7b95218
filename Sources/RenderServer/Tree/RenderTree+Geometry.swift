import Raster
import RenderModel

/// What the tree computes for the compositor: render order, and after each
/// commit the transform, visibility and pixel boxes of the touched subtrees.
extension RenderTree {
    // MARK: Render order

    /// The display's roots back to front (by zPosition, ties in order).
    func orderedRoots() -> DrawOrder {
        if let order = hot.rootOrder { return order }
        let roots = hot.roots
        let order = DrawOrder(RenderOrder.backToFront(roots.map(\.hot.state.zPosition)).map { roots[$0] })
        hot.rootOrder = order
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
        if hot.rootBoxesStamp == hot.stamp, hot.rootBoxes.count == roots.count { return }
        let none = RootBox(x0: 0, y0: 0, x1: 0, y1: 0)
        if hot.rootBoxes.count != roots.count { hot.rootBoxes = Array(repeating: none, count: roots.count) }
        hot.rootBoxes.withUnsafeMutableBufferPointer { boxes in
            for (i, root) in roots.nodes.enumerated() {
                if root.hot.visible, let b = root.hot.subtreeBox {
                    boxes[i] = RootBox(x0: b.x, y0: b.y, x1: b.maxX, y1: b.maxY)
                } else {
                    boxes[i] = none
                }
            }
        }
        indexRootBands()
        hot.rootBoxesStamp = hot.stamp
    }

    /// Lists the roots of each band (``rootBandStarts``,
    /// ``rootBandIndexes``) from ``rootBoxes``: two passes over them, in
    /// place once the arrays have their size.
    private func indexRootBands() {
        let h = Self.rootBandHeight
        let bands = (displayHeight + h - 1) / h
        // Taken out of `hot` while they are written (and put back, with
        // their capacity): `hot` is one property, accessed once at a time.
        let boxes = hot.rootBoxes
        var starts: [Int] = [], indexes: [Int] = []
        swap(&starts, &hot.rootBandStarts)
        swap(&indexes, &hot.rootBandIndexes)
        defer {
            swap(&starts, &hot.rootBandStarts)
            swap(&indexes, &hot.rootBandIndexes)
        }
        starts.removeAll(keepingCapacity: true)
        starts.append(contentsOf: repeatElement(0, count: bands + 1))
        let height = displayHeight
        func bandsOf(_ box: RootBox) -> Range<Int> {
            let y0 = Swift.max(box.y0, 0), y1 = Swift.min(box.y1, height)
            return y1 > y0 ? y0 / h ..< (y1 - 1) / h + 1 : 0..<0
        }
        starts.withUnsafeMutableBufferPointer { starts in
            // Counts at `starts[b + 1]`, then their running sums.
            for box in boxes {
                for b in bandsOf(box) { starts[b + 1] += 1 }
            }
            for b in 0..<bands { starts[b + 1] += starts[b] }
            indexes.removeAll(keepingCapacity: true)
            indexes.append(contentsOf: repeatElement(0, count: starts[bands]))
            indexes.withUnsafeMutableBufferPointer { indexes in
                // Filled from each band's start, which then moves to its end;
                // shifted back after.
                for (i, box) in boxes.enumerated() {
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
    func orderedChildren(_ node: RenderNode) -> DrawOrder {
        if let order = node.hot.order { return order }
        let children = node.hot.children
        let order = DrawOrder(RenderOrder.backToFront(children.map(\.hot.state.zPosition)).map { children[$0] })
        node.hot.order = order
        return order
    }

    /// ``orderedRoots()``'s nodes, for a pass (`Pass`): valid until the
    /// next commit or animation step changes the tree (``DrawOrder``).
    func orderedRootsBuffer() -> UnsafeBufferPointer<RenderNode> {
        orderedRoots().nodes
    }

    /// ``orderedChildren(_:)``'s nodes, for a pass (`Pass`): valid until
    /// the next commit or animation step changes the tree (``DrawOrder``).
    func orderedChildrenBuffer(_ node: RenderNode) -> UnsafeBufferPointer<RenderNode> {
        if node.hot.children.isEmpty { return UnsafeBufferPointer(start: nil, count: 0) }
        return orderedChildren(node).nodes
    }

    /// Computes every draw order kept lazily (``orderedRoots()`` and their
    /// boxes, each node's ``orderedChildren(_:)``) now, so that passes drawing on
    /// several threads at once only read the tree.
    func settleDrawOrders() {
        updateRootBoxes()
        for node in hot.nodes.values where !node.hot.children.isEmpty && node.hot.order == nil { _ = orderedChildren(node) }
    }

    /// Recomputes the geometry of every touched subtree and the subtree
    /// boxes of their ancestors, adding the new boxes to the damage.
    func finishCommit() {
        let display = displayRect
        for node in hot.repainted where !node.hot.removed && node.hot.mark != hot.stamp {
            let old = node.hot.ownBox
            node.hot.ownBox = node.hot.visible ? paintBox(node, clip: display) : nil
            if let box = node.hot.ownBox, box != old { damage(box, newBoxOf: node) }
            // A new colour paints the same box: the subtree boxes above stand.
            if node.hot.ownBox != old { hot.refresh.append(node) }
        }
        hot.repainted.removeAll(keepingCapacity: true)
        var covered: [ObjectIdentifier: Bool] = [:]
        for node in hot.dirty where !node.hot.removed {
            if hasTouchedAncestor(node, &covered) { continue }
            recompute(node)
            if let box = node.hot.subtreeBox { damage(box, newBoxOf: node) }
            if let parent = node.parentNode { hot.refresh.append(parent) }
        }
        for start in hot.refresh {
            var current: RenderNode? = start
            while let node = current, !node.hot.removed {
                let box = RenderTree.joinedBox(node)
                if box == node.hot.subtreeBox { break }
                node.hot.subtreeBox = box
                current = node.parentNode
            }
        }
        hot.dirty.removeAll(keepingCapacity: true)
        hot.refresh.removeAll(keepingCapacity: true)
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
            if x.hot.mark == hot.stamp { answer = true; break }
            if let known = memo[ObjectIdentifier(x)] { answer = known; break }
            path.append(x)
            a = x.parentNode
        }
        // Every node on the path has the same touched strict ancestor (or none).
        for x in path { memo[ObjectIdentifier(x)] = answer }
        return answer
    }

    static func joinedBox(_ node: RenderNode) -> PixelRect? {
        var box = node.hot.ownBox
        for child in node.hot.children {
            box = box.union(child.hot.subtreeBox)
        }
        return box
    }

    /// Transform, visibility and boxes of `top` and its subtree, from its
    /// parent's (unchanged) values.
    private func recompute(_ top: RenderNode) {
        if top.hot.children.isEmpty {
            // A leaf (every animated square of a grid): the same steps,
            // without the two arrays the walk below needs.
            let (parentTransform, parentVisible) = top.parentNode.map { ($0.hot.toDevice, $0.hot.visible) } ?? (.identity, top.hot.parentID == 0)
            top.hot.toDevice = RenderTree.localTransform(top.hot.state).concatenating(parentTransform)
            top.hot.visible = parentVisible && !top.hot.state.isHidden
            top.hot.ownBox = top.hot.visible ? paintBox(top, clip: displayRect) : nil
            top.hot.subtreeBox = RenderTree.joinedBox(top)
            return
        }
        var preorder: [RenderNode] = []
        var stack: [(RenderNode, Transform2D, Bool)] = []
        if let parent = top.parentNode {
            stack.append((top, parent.hot.toDevice, parent.hot.visible))
        } else {
            stack.append((top, .identity, top.hot.parentID == 0))
        }
        let display = displayRect
        while let (node, parentTransform, parentVisible) = stack.popLast() {
            preorder.append(node)
            node.hot.toDevice = RenderTree.localTransform(node.hot.state).concatenating(parentTransform)
            node.hot.visible = parentVisible && !node.hot.state.isHidden
            node.hot.ownBox = node.hot.visible ? paintBox(node, clip: display) : nil
            for child in node.hot.children.reversed() {
                stack.append((child, node.hot.toDevice, node.hot.visible))
            }
        }
        for node in preorder.reversed() {
            node.hot.subtreeBox = RenderTree.joinedBox(node)
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
        guard let image = node.hot.state.contents, let bitmap = layers.bitmap(image), bitmap.width > 0, bitmap.height > 0 else { return nil }
        let scale = node.hot.state.contentsScale
        let pixelsPerPoint = scale > 0 && scale.isFinite ? scale : 1
        let rect = ContentsLayout.rect(bounds: node.hot.state.bounds, imageWidth: Double(bitmap.width) / pixelsPerPoint,
                                       imageHeight: Double(bitmap.height) / pixelsPerPoint, gravity: node.hot.state.contentsGravity)
        return (rect, bitmap)
    }

    /// The display pixels the node's background, contents and border can touch.
    func paintBox(_ node: RenderNode, clip: PixelRect) -> PixelRect? {
        let s = node.hot.state
        var area: Rect?
        if s.backgroundColor != nil || s.borderWidth > 0 {
            area = s.bounds.standardized
        }
        if let contents = contentsRect(node) {
            area = area.map { $0.union(contents.rect) } ?? contents.rect.standardized
        }
        guard let r = area, r.width > 0, r.height > 0 else { return nil }
        let t = node.hot.toDevice
        return deviceBox(Point(x: r.minX, y: r.minY).applying(t), Point(x: r.maxX, y: r.minY).applying(t),
                         Point(x: r.minX, y: r.maxY).applying(t), Point(x: r.maxX, y: r.maxY).applying(t), clip: clip)
    }
}
