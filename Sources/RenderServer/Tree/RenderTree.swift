import RenderModel
import RenderWire

/// The render server's copy of the layer tree, built by applying commits in
/// order, with the bitmaps they shipped and the damage they caused.
///
/// Each layer keeps its `LayerState`, its parent (the display for roots,
/// which the wire calls parent 0; none for a detached layer, which is not
/// drawn) and its ordered sublayers. After every commit the tree updates,
/// for the layers the commit touched and their subtrees, each layer's
/// transform to the display and the pixel box it can paint; the **damage**
/// of a commit is the region (``DamageRegion``) of the old and new boxes of
/// every subtree whose layer changed state or place, or whose contents
/// bitmap was replaced, clipped to the display.
///
///     let tree = RenderTree(displayWidth: 320, displayHeight: 240)
///     let damage = try tree.apply(diff)      // the pixels this commit changed
///     compositor.render(tree, into: &frame, damage: damage)
public final class RenderTree {
    /// Display width in pixels.
    public let displayWidth: Int
    /// Display height in pixels.
    public let displayHeight: Int

    var nodes: [LayerID: RenderNode] = [:]
    var roots: [RenderNode] = []
    var rootOrder: [RenderNode]?
    /// Contents bitmaps, every pixel validly premultiplied.
    var textures: [ImageID: Bitmap] = [:]
    var imageUsers: [ImageID: Set<LayerID>] = [:]

    /// The damage of every commit applied since the last `takeDamage()`.
    public private(set) var pendingDamage = DamageRegion()
    /// The sequence number of the last commit applied.
    public private(set) var lastSequence: UInt64 = 0
    /// The virtual time of the last commit applied.
    public private(set) var lastTime: Int64 = 0

    private var stamp: UInt64 = 0
    private var dirty: [RenderNode] = []
    private var refresh: [RenderNode] = []
    /// Layers whose own paints changed, and nothing else (`repaint`).
    private var repainted: [RenderNode] = []
    private var commitDamage = DamageRegion()

    /// An empty tree for a display of `displayWidth` × `displayHeight`.
    public init(displayWidth: Int, displayHeight: Int) {
        precondition(displayWidth > 0 && displayHeight > 0, "RenderTree needs a display of at least 1×1, got \(displayWidth)×\(displayHeight)")
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
    }

    /// The whole display as a pixel rect.
    public var displayRect: PixelRect { PixelRect(x: 0, y: 0, width: displayWidth, height: displayHeight) }

    // MARK: Applying commits

    /// Applies `diff`'s operations in order and answers its damage (empty
    /// when no pixel can have changed); the damage is also added to
    /// `pendingDamage`.
    ///
    /// - Throws: `RenderTreeError` for an operation on an unknown layer, a
    ///   duplicate `create`, layer id 0, a move under an unknown parent, into
    ///   the layer's own subtree or past the end of the siblings, or a value
    ///   of the wrong kind. The operations before it stay applied (and their
    ///   damage counted); the rest of the commit is not applied.
    @discardableResult
    public func apply(_ diff: CommitDiff) throws(RenderTreeError) -> DamageRegion {
        defer {
            lastSequence = diff.sequence
            lastTime = diff.time
        }
        return try apply(ops: diff.ops)
    }

    /// Stores a backing store that arrived outside a commit (`bitmapShared`):
    /// the same as a `bitmap` operation, damaging the layers that show it.
    @discardableResult
    public func storeBitmap(_ image: ImageID, _ bitmap: Bitmap) -> DamageRegion {
        (try? apply(ops: [.bitmap(image, bitmap)])) ?? DamageRegion()
    }

    private func apply(ops: [DiffOp]) throws(RenderTreeError) -> DamageRegion {
        stamp &+= 1
        commitDamage = DamageRegion()
        var failure: RenderTreeError?
        for (index, op) in ops.enumerated() {
            do {
                try apply(op, index: index)
            } catch {
                failure = error
                break
            }
        }
        finishCommit()
        let damage = commitDamage
        pendingDamage.formUnion(damage)
        commitDamage = DamageRegion()
        if let failure { throw failure }
        return damage
    }

    /// Answers the damage accumulated since the last call and clears it.
    public func takeDamage() -> DamageRegion {
        defer { pendingDamage = DamageRegion() }
        return pendingDamage
    }

    /// Marks the whole display damaged (a new output, a lost frame).
    public func damageAll() {
        pendingDamage = DamageRegion(displayRect)
    }

    private func apply(_ op: DiffOp, index: Int) throws(RenderTreeError) {
        switch op {
        case .create(let id):
            guard id != 0 else {
                throw RenderTreeError(kind: .reservedLayer, opIndex: index, op: "create", layer: id, reason: "layer id 0 names the display")
            }
            guard nodes[id] == nil else {
                throw RenderTreeError(kind: .duplicateLayer, opIndex: index, op: "create", layer: id, reason: "layer \(id) already exists")
            }
            nodes[id] = RenderNode(id: id)

        case .remove(let id):
            let node = try existing(id, index: index, op: "remove")
            touch(node)
            detach(node)
            for child in node.children {
                touch(child)
                child.parent = nil
                child.parentID = nil
            }
            node.children = []
            node.order = nil
            node.removed = true
            if let image = node.state.contents { imageUsers[image]?.remove(id) }
            nodes[id] = nil

        case let .move(id, parentID, at):
            let node = try existing(id, index: index, op: "move")
            let newParent: RenderNode?
            let siblings: Int
            switch parentID {
            case nil:
                newParent = nil
                siblings = 0
            case 0?:
                newParent = nil
                siblings = roots.count - (node.parentID == 0 ? 1 : 0)
            case let p?:
                guard let parent = nodes[p] else {
                    throw RenderTreeError(kind: .unknownParent, opIndex: index, op: "move", layer: id, reason: "parent layer \(p) does not exist")
                }
                var a: RenderNode? = parent
                while let x = a {
                    if x === node {
                        let reason = p == id
                            ? "a layer cannot be its own sublayer"
                            : "layer \(p) is inside layer \(id); the move would make a cycle"
                        throw RenderTreeError(kind: .cycle, opIndex: index, op: "move", layer: id, reason: reason)
                    }
                    a = x.parent
                }
                newParent = parent
                siblings = parent.children.count - (node.parent === parent ? 1 : 0)
            }
            if parentID != nil, Int(at) > siblings {
                throw RenderTreeError(kind: .indexOutOfRange, opIndex: index, op: "move", layer: id, reason: "index \(at) is past the end of \(siblings) siblings")
            }
            touch(node)
            detach(node)
            if let parent = newParent {
                if parent.children.isEmpty { groupingChanges(parent) }
                parent.children.insert(node, at: Int(at))
                parent.order = nil
                node.parent = parent
                node.parentID = parent.id
            } else if parentID == 0 {
                roots.insert(node, at: Int(at))
                rootOrder = nil
                node.parentID = 0
            }

        case let .set(id, property, value):
            let node = try existing(id, index: index, op: "set")
            if paintsOnlyItself(property, node) { repaint(node) } else { touch(node) }
            let oldImage = node.state.contents
            do {
                try node.state.setValue(value, for: property)
            } catch {
                throw RenderTreeError(kind: .badValue, opIndex: index, op: "set", layer: id, reason: error.description)
            }
            if property == .zPosition {
                if let parent = node.parent { parent.order = nil } else if node.parentID == 0 { rootOrder = nil }
            }
            let newImage = node.state.contents
            if oldImage != newImage {
                if let old = oldImage { imageUsers[old]?.remove(id) }
                if let new = newImage { imageUsers[new, default: []].insert(id) }
            }

        case let .bitmap(image, bitmap):
            textures[image] = RenderTree.sanitized(bitmap)
            if let users = imageUsers[image] {
                for id in users.sorted() {
                    if let node = nodes[id] { repaint(node) }
                }
            }
        }
    }

    private func existing(_ id: LayerID, index: Int, op: String) throws(RenderTreeError) -> RenderNode {
        guard id != 0 else {
            throw RenderTreeError(kind: .reservedLayer, opIndex: index, op: op, layer: id, reason: "layer id 0 names the display")
        }
        guard let node = nodes[id] else {
            throw RenderTreeError(kind: .unknownLayer, opIndex: index, op: op, layer: id, reason: "layer \(id) does not exist")
        }
        return node
    }

    /// Records the node's subtree as damaged where it was, once per commit.
    private func touch(_ node: RenderNode) {
        guard node.mark != stamp else { return }
        node.mark = stamp
        dirty.append(node)
        if let box = node.subtreeBox { commitDamage.add(box) }
    }

    /// Whether setting `property` can change only the layer's own pixels
    /// (its background, contents and border), not its sublayers' or where
    /// anything is: colours, the border, contents and their gravity, the
    /// corner radius of a layer that does not clip, the opacity of a layer
    /// without sublayers.
    private func paintsOnlyItself(_ property: LayerProperty, _ node: RenderNode) -> Bool {
        switch property {
        case .backgroundColor, .borderColor, .borderWidth, .contents, .contentsGravity: true
        case .cornerRadius: !node.state.masksToBounds
        case .opacity: node.children.isEmpty
        default: false
        }
    }

    /// Records the node's own paint box as damaged where it was, once per
    /// commit; `finishCommit` adds where it is now. Its sublayers are not
    /// damaged (unless another change touches the subtree).
    private func repaint(_ node: RenderNode) {
        guard node.mark != stamp, node.repaintMark != stamp else { return }
        node.repaintMark = stamp
        repainted.append(node)
        if let box = node.ownBox { commitDamage.add(box) }
    }

    /// Takes the node out of its parent's sublayers or the display's roots.
    private func detach(_ node: RenderNode) {
        if let parent = node.parent {
            if let i = parent.children.firstIndex(where: { $0 === node }) { parent.children.remove(at: i) }
            if parent.children.isEmpty { groupingChanges(parent) }
            parent.order = nil
            refresh.append(parent)
        } else if node.parentID == 0 {
            if let i = roots.firstIndex(where: { $0 === node }) { roots.remove(at: i) }
            rootOrder = nil
        }
        node.parent = nil
        node.parentID = nil
    }

    /// A layer gains its first sublayer or loses its last: with opacity
    /// below 1 its own paints switch between being multiplied by the opacity
    /// and being composited as a group, so its own pixels are damaged.
    private func groupingChanges(_ node: RenderNode) {
        let opacity = RGBA8.byte(node.state.opacity)
        if opacity > 0, opacity < 255 {
            if let box = node.ownBox { commitDamage.add(box) }
        }
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

    // MARK: Reading the tree

    /// Whether the tree holds layer `id`.
    public func contains(_ id: LayerID) -> Bool { nodes[id] != nil }

    /// The number of layers (attached or not).
    public var layerCount: Int { nodes.count }

    /// Every layer id, ascending.
    public var layerIDs: [LayerID] { nodes.keys.sorted() }

    /// The state of layer `id`, or `nil` when there is no such layer.
    public func state(of id: LayerID) -> LayerState? { nodes[id]?.state }

    /// The parent of layer `id`: 0 for a root of the display, `nil` for a
    /// detached (or unknown) layer.
    public func parent(of id: LayerID) -> LayerID? { nodes[id]?.parentID }

    /// The sublayers of layer `id` in array order (empty for an unknown layer).
    public func children(of id: LayerID) -> [LayerID] { nodes[id]?.children.map(\.id) ?? [] }

    /// The display's roots in order.
    public var rootIDs: [LayerID] { roots.map(\.id) }

    /// The bitmap shipped as `id` (validly premultiplied), if any.
    public func bitmap(_ id: ImageID) -> Bitmap? { textures[id] }

    /// The display pixels layer `id` itself can paint, or `nil`.
    public func screenBox(of id: LayerID) -> PixelRect? { nodes[id]?.ownBox }

    /// The display pixels layer `id` and its subtree can paint, or `nil`.
    public func subtreeBox(of id: LayerID) -> PixelRect? { nodes[id]?.subtreeBox }

    /// The transform from layer `id`'s own space to display pixels.
    public func transformToDisplay(of id: LayerID) -> Transform2D? { nodes[id]?.toDevice }

    // MARK: Snapshot

    /// A commit that rebuilds this tree from empty: the bitmaps (by id),
    /// a `create` per layer (by id), the properties that differ from the
    /// defaults (in `LayerProperty.stored` order), then the roots in order
    /// and every layer's sublayers in order. Carries the last commit's
    /// sequence number and time.
    public func snapshot() -> CommitDiff {
        var ops: [DiffOp] = []
        for image in textures.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            ops.append(.bitmap(image, textures[image]!))
        }
        let ids = layerIDs
        let defaults = LayerState()
        for id in ids {
            ops.append(.create(id))
            let state = nodes[id]!.state
            for property in LayerProperty.stored {
                let value = state.value(of: property)
                if value != defaults.value(of: property) {
                    ops.append(.set(id, property, value))
                }
            }
        }
        for (i, root) in roots.enumerated() {
            ops.append(.move(root.id, parent: 0, index: UInt32(i)))
        }
        for id in ids {
            for (i, child) in nodes[id]!.children.enumerated() {
                ops.append(.move(child.id, parent: id, index: UInt32(i)))
            }
        }
        return CommitDiff(sequence: lastSequence, time: lastTime, ops: ops)
    }

    // MARK: Render order

    /// The display's roots back to front (by zPosition, ties in order).
    func orderedRoots() -> [RenderNode] {
        if let order = rootOrder { return order }
        let order = RenderOrder.backToFront(roots.map(\.state.zPosition)).map { roots[$0] }
        rootOrder = order
        return order
    }

    /// `node`'s sublayers back to front.
    func orderedChildren(_ node: RenderNode) -> [RenderNode] {
        if let order = node.order { return order }
        let children = node.children
        let order = RenderOrder.backToFront(children.map(\.state.zPosition)).map { children[$0] }
        node.order = order
        return order
    }

    // MARK: Computed geometry

    /// Recomputes the geometry of every touched subtree and the subtree
    /// boxes of their ancestors, adding the new boxes to the damage.
    private func finishCommit() {
        let display = displayRect
        for node in repainted where !node.removed && node.mark != stamp {
            let old = node.ownBox
            node.ownBox = node.visible ? paintBox(node, clip: display) : nil
            if let box = node.ownBox, box != old { commitDamage.add(box) }
            // A new colour paints the same box: the subtree boxes above stand.
            if node.ownBox != old { refresh.append(node) }
        }
        repainted.removeAll(keepingCapacity: true)
        for node in dirty where !node.removed {
            if hasTouchedAncestor(node) { continue }
            recompute(node)
            if let box = node.subtreeBox { commitDamage.add(box) }
            if let parent = node.parent { refresh.append(parent) }
        }
        for start in refresh {
            var current: RenderNode? = start
            while let node = current, !node.removed {
                let box = RenderTree.joinedBox(node)
                if box == node.subtreeBox { break }
                node.subtreeBox = box
                current = node.parent
            }
        }
        dirty.removeAll(keepingCapacity: true)
        refresh.removeAll(keepingCapacity: true)
    }

    private func hasTouchedAncestor(_ node: RenderNode) -> Bool {
        var a = node.parent
        while let x = a {
            if x.mark == stamp { return true }
            a = x.parent
        }
        return false
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
        var preorder: [RenderNode] = []
        var stack: [(RenderNode, Transform2D, Bool)] = []
        if let parent = top.parent {
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

    /// Where the layer's contents bitmap lands in its own space, if it has one.
    func contentsRect(_ node: RenderNode) -> (rect: Rect, bitmap: Bitmap)? {
        guard let image = node.state.contents, let bitmap = textures[image], bitmap.width > 0, bitmap.height > 0 else { return nil }
        let rect = ContentsLayout.rect(bounds: node.state.bounds, imageWidth: Double(bitmap.width), imageHeight: Double(bitmap.height), gravity: node.state.contentsGravity)
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
        let corners = [
            Point(x: r.minX, y: r.minY).applying(t), Point(x: r.maxX, y: r.minY).applying(t),
            Point(x: r.minX, y: r.maxY).applying(t), Point(x: r.maxX, y: r.maxY).applying(t),
        ]
        return deviceBox(corners, clip: clip)
    }
}
