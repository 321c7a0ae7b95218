import RenderModel

/// The tree's invariants, checked as swift-collections checks its own
/// (`_checkInvariants()`): compiled in debug builds, which the tests are,
/// and called by the tests between commits and steps (docs/internals/safety.md,
/// "Invariants"); a release build has neither the checks nor their cost.
extension RenderTree {
    /// Traps, naming every invariant that does not hold (none in a
    /// release build). Call it between commits and animation steps, never
    /// while a part on the helper thread reads the tree.
    package func _checkInvariants() {
        #if DEBUG
        let broken = _invariantViolations()
        precondition(broken.isEmpty, "RenderTree: \(broken.count) invariant(s) broken:\n" + broken.joined(separator: "\n"))
        #endif
    }

    /// The invariants that do not hold, one sentence each: empty when all
    /// do (and always in a release build). O(layers).
    ///
    /// - The nodes are the layers of ``layers``, one each, none removed.
    /// - Each node's place (parent id, parent link, sublayers in order)
    ///   and the display's roots are those of ``layers``, and every link
    ///   goes both ways.
    /// - A draw order kept is its sublayers (or the roots) back to front.
    /// - Each node's boxes are what its state, its bitmap, its transform
    ///   and its sublayers give (as a commit computes them); so are its
    ///   transform and visibility, with its parent's, for a layer no
    ///   animation changes whose node shows its model state.
    /// - The roots' boxes and bands, when up to date, list the roots' boxes
    ///   and each band's roots in draw order; the unmerged boxes lie on the
    ///   display; nothing is left of a commit in progress.
    package func _invariantViolations() -> [String] {
        #if DEBUG
        var out: [String] = []
        checkNodes(&out)
        checkPlaces(&out)
        checkDrawOrders(&out)
        checkGeometry(&out)
        checkPending(&out)
        return out
        #else
        return []
        #endif
    }

    #if DEBUG
    private func checkNodes(_ out: inout [String]) {
        let ids = layers.layerIDs
        for id in ids where hot.nodes[id] == nil { out.append("layer \(id) has no node") }
        let known = Set(ids)
        for (id, node) in hot.nodes {
            if !known.contains(id) { out.append("node \(id) has no layer") }
            if node.id != id { out.append("the node of layer \(id) is node \(node.id)") }
            if node.hot.removed { out.append("node \(id) is marked removed but is still in the tree") }
        }
        if let (ids, nodes) = hot.animatedNodes {
            if ids.count != nodes.count { out.append("animatedNodes: \(ids.count) ids, \(nodes.count) nodes") }
            for (id, node) in zip(ids, nodes) where node !== hot.nodes[id] { out.append("animatedNodes: a stale node for layer \(id)") }
        }
    }

    private func checkPlaces(_ out: inout [String]) {
        var listed: [LayerID: Int] = [:]
        for (id, node) in hot.nodes {
            let parentID = layers.parent(of: id)
            if node.hot.parentID != parentID { out.append("node \(id): parent id \(String(describing: node.hot.parentID)), the layer's \(String(describing: parentID))") }
            switch node.hot.parentID {
            case nil, 0?:
                if node.hot.parent != nil { out.append("node \(id) is a root or detached but links a parent") }
            case let p?:
                if node.hot.parent !== hot.nodes[p] { out.append("node \(id): its parent link is not node \(p)") }
            }
            let children = node.hot.children.map(\.id)
            if children != layers.sublayers(of: id) { out.append("node \(id): sublayers \(children), the layer's \(layers.sublayers(of: id))") }
            for child in node.hot.children {
                listed[child.id, default: 0] += 1
                if child.hot.parent !== node { out.append("node \(child.id) is a sublayer of \(id) but links another parent") }
                if child !== hot.nodes[child.id] { out.append("node \(id) lists a stale node \(child.id)") }
            }
        }
        let roots = hot.roots.map(\.id)
        if roots != layers.rootIDs { out.append("roots \(roots), the layers' \(layers.rootIDs)") }
        for root in hot.roots {
            listed[root.id, default: 0] += 1
            if root.hot.parentID != 0 { out.append("root \(root.id) has parent id \(String(describing: root.hot.parentID))") }
            if root !== hot.nodes[root.id] { out.append("the roots list a stale node \(root.id)") }
        }
        for (id, count) in listed where count > 1 { out.append("node \(id) is listed \(count) times among sublayers and roots") }
    }

    private func checkDrawOrders(_ out: inout [String]) {
        func isOrder(_ order: DrawOrder, of nodes: [RenderNode]) -> Bool {
            let expected = RenderOrder.backToFront(nodes.map(\.hot.state.zPosition)).map { nodes[$0] }
            return order.count == expected.count && zip(order.nodes, expected).allSatisfy { $0 === $1 }
        }
        if let order = hot.rootOrder, !isOrder(order, of: hot.roots) { out.append("the roots' draw order is not the roots back to front") }
        for (id, node) in hot.nodes {
            if let order = node.hot.order, !isOrder(order, of: node.hot.children) {
                out.append("node \(id): its draw order is not its sublayers back to front")
            }
        }
    }

    private func checkGeometry(_ out: inout [String]) {
        let display = displayRect
        for (id, node) in hot.nodes {
            let parent = node.parentNode
            // A layer no animation changes is drawn from its model state:
            // when its node holds that state, its place and visibility are
            // what the state gives. Not checked for an animated layer, whose
            // node can hold the model state under the presented place
            // between a commit that sets one of its paint-only properties and
            // the next step, which shows the presented state again (the
            // known issue in docs/internals/safety.md, "Invariants", is when it does not).
            if layers.animations(of: id).isEmpty, node.hot.state == layers.state(of: id) {
                let visible = (parent.map { $0.hot.visible } ?? (node.hot.parentID == 0)) && !node.hot.state.isHidden
                if node.hot.visible != visible { out.append("node \(id): visible \(node.hot.visible), its state and parent give \(visible)") }
                let toDevice = RenderTree.localTransform(node.hot.state).concatenating(parent?.hot.toDevice ?? .identity)
                if node.hot.toDevice != toDevice { out.append("node \(id): its transform to the display is not its state's and its parent's") }
            }
            let ownBox = node.hot.visible ? paintBox(node, clip: display) : nil
            if node.hot.ownBox != ownBox { out.append("node \(id): own box \(String(describing: node.hot.ownBox)), its state gives \(String(describing: ownBox))") }
            let subtreeBox = RenderTree.joinedBox(node)
            if node.hot.subtreeBox != subtreeBox {
                out.append("node \(id): subtree box \(String(describing: node.hot.subtreeBox)), its own and its sublayers' give \(String(describing: subtreeBox))")
            }
        }
        guard hot.rootBoxesStamp == hot.stamp, let order = hot.rootOrder else { return }
        if hot.rootBoxes.count != order.count { out.append("\(hot.rootBoxes.count) root boxes for \(order.count) roots") }
        for (i, root) in order.nodes.enumerated() where i < hot.rootBoxes.count {
            let box = hot.rootBoxes[i]
            let b = root.hot.visible ? root.hot.subtreeBox : nil
            let e = b.map { RootBox(x0: $0.x, y0: $0.y, x1: $0.maxX, y1: $0.maxY) } ?? RootBox(x0: 0, y0: 0, x1: 0, y1: 0)
            if (e.x0, e.y0, e.x1, e.y1) != (box.x0, box.y0, box.x1, box.y1) { out.append("root box \(i) is not root \(root.id)'s subtree box") }
        }
        let h = Self.rootBandHeight
        let bands = (displayHeight + h - 1) / h
        let starts = hot.rootBandStarts, indexes = hot.rootBandIndexes
        guard starts.count == bands + 1, starts.first == 0, starts.last == indexes.count,
              zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            out.append("the root bands' starts \(starts) do not index \(indexes.count) entries in \(bands) bands")
            return
        }
        for b in 0..<bands {
            let listed = Array(indexes[starts[b]..<starts[b + 1]])
            // The rows a box touches on the display, in bands of `h`.
            let expected = hot.rootBoxes.indices.filter { i in
                let y0 = Swift.max(hot.rootBoxes[i].y0, 0), y1 = Swift.min(hot.rootBoxes[i].y1, displayHeight)
                return y1 > y0 && y0 / h <= b && b <= (y1 - 1) / h
            }
            if listed != expected { out.append("band \(b) lists roots \(listed), their boxes give \(expected)") }
        }
    }

    private func checkPending(_ out: inout [String]) {
        if !hot.dirty.isEmpty || !hot.refresh.isEmpty || !hot.repainted.isEmpty {
            out.append("a commit's work is left: \(hot.dirty.count) dirty, \(hot.refresh.count) to refresh, \(hot.repainted.count) repainted")
        }
        if !hot.commitDamage.rects.isEmpty { out.append("a commit's damage was not handed on") }
        if let changed = hot.pendingChanged {
            if changed.count > Self.maxChangedRects { out.append("\(changed.count) unmerged boxes, more than \(Self.maxChangedRects)") }
            for r in changed where !displayRect.contains(r) { out.append("an unmerged box \(r) is not on the display") }
        } else if !hot.mergesDamage {
            out.append("the unmerged boxes are nil while damage is not merged")
        }
    }
    #endif
}
