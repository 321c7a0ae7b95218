import Raster
import RenderModel
import RenderServer
import RenderWire
import Testing

@Suite("RenderTree: applying commits")
struct RenderTreeApplyTests {
    @Test("create, move, set and remove build the tree in order")
    func buildsTree() throws {
        let tree = RenderTree(displayWidth: 100, displayHeight: 100)
        var ops = Ops()
        ops.layer(1, frame: rect(0, 0, 50, 50))
        ops.layer(2, parent: 1, index: 0, frame: rect(0, 0, 10, 10))
        ops.layer(3, parent: 1, index: 0, frame: rect(0, 0, 10, 10))
        ops.layer(4, parent: nil, frame: rect(0, 0, 10, 10))
        try tree.applyChecked(ops.commit())
        #expect(tree.rootIDs == [1])
        #expect(tree.children(of: 1) == [3, 2])
        #expect(tree.parent(of: 2) == 1)
        #expect(tree.parent(of: 1) == 0)
        #expect(tree.parent(of: 4) == nil)
        #expect(tree.state(of: 2)?.bounds == rect(0, 0, 10, 10))
        #expect(tree.state(of: 2)?.position == Point(x: 5, y: 5))
        #expect(tree.layerIDs == [1, 2, 3, 4])

        // Moving within the same parent: the index counts after removal.
        try tree.applyChecked(CommitDiff(sequence: 2, time: 0, ops: [.move(3, parent: 1, index: 1)]))
        #expect(tree.children(of: 1) == [2, 3])

        // Removing a layer detaches its sublayers (they stay, undrawn).
        try tree.applyChecked(CommitDiff(sequence: 3, time: 0, ops: [.remove(1)]))
        #expect(!tree.contains(1))
        #expect(tree.rootIDs == [])
        #expect(tree.parent(of: 2) == nil)
        #expect(tree.parent(of: 3) == nil)
        #expect(tree.screenBox(of: 2) == nil)
        #expect(tree.lastSequence == 3)
    }

    @Test("move to no parent detaches; parent 0 appends to the display's roots")
    func detachAndRoots() throws {
        let tree = RenderTree(displayWidth: 10, displayHeight: 10)
        var ops = Ops()
        ops.layer(1, index: 0, frame: rect(0, 0, 5, 5), [(.backgroundColor, .color(.red))])
        ops.layer(2, index: 1, frame: rect(0, 0, 5, 5))
        try tree.applyChecked(ops.commit())
        #expect(tree.rootIDs == [1, 2])
        try tree.applyChecked(CommitDiff(sequence: 2, time: 0, ops: [.move(1, parent: nil, index: 0)]))
        #expect(tree.rootIDs == [2])
        #expect(tree.parent(of: 1) == nil)
        #expect(tree.screenBox(of: 1) == nil)
    }

    func failure(_ ops: [DiffOp], on tree: RenderTree) -> LayerTreeError? {
        do {
            try tree.applyChecked(CommitDiff(sequence: 9, time: 0, ops: ops))
            return nil
        } catch {
            return error
        }
    }

    @Test("unknown ids, duplicates, id 0, cycles and bad indices are typed errors")
    func errors() throws {
        let tree = RenderTree(displayWidth: 10, displayHeight: 10)
        var ops = Ops()
        ops.layer(1, frame: rect(0, 0, 5, 5))
        ops.layer(2, parent: 1, frame: rect(0, 0, 5, 5))
        ops.layer(3, parent: 2, frame: rect(0, 0, 5, 5))
        try tree.applyChecked(ops.commit())

        let unknown = try #require(failure([.set(99, .opacity, .number(1))], on: tree))
        #expect(unknown.kind == .unknownLayer)
        #expect(unknown.layer == 99)
        #expect(unknown.description == "op 0 (set of layer 99): layer 99 does not exist")
        #expect(failure([.remove(42)], on: tree)?.kind == .unknownLayer)
        #expect(failure([.move(42, parent: 0, index: 0)], on: tree)?.kind == .unknownLayer)
        #expect(failure([.create(2)], on: tree)?.kind == .duplicateLayer)
        #expect(failure([.create(0)], on: tree)?.kind == .reservedLayer)
        #expect(failure([.move(1, parent: 77, index: 0)], on: tree)?.kind == .unknownParent)

        let cycle = try #require(failure([.create(10), .move(1, parent: 3, index: 0)], on: tree))
        #expect(cycle.kind == .cycle)
        #expect(cycle.opIndex == 1)
        #expect(cycle.description == "op 1 (move of layer 1): layer 3 is inside layer 1; the move would make a cycle")
        #expect(failure([.move(2, parent: 2, index: 0)], on: tree)?.kind == .cycle)
        #expect(failure([.move(3, parent: 1, index: 3)], on: tree)?.kind == .indexOutOfRange)
        #expect(failure([.move(3, parent: 0, index: 2)], on: tree)?.kind == .indexOutOfRange)
        let bad = try #require(failure([.set(1, .opacity, .bool(true))], on: tree))
        #expect(bad.kind == .badValue)
        #expect(bad.reason == "property 'opacity' [opacity] expects a number, got a bool")

        // The tree is intact, and what came before the bad op stays applied.
        #expect(tree.children(of: 1) == [2])
        #expect(tree.children(of: 2) == [3])
        #expect(tree.rootIDs == [1])
        #expect(tree.contains(10))
    }

    @Test("a snapshot rebuilds the same tree, bitmaps and pixels from empty")
    func snapshotReplay() throws {
        var ops = Ops()
        var image = Bitmap(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { image[x, y] = px(UInt8(40 * x), UInt8(90 * y), 200) } }
        ops.bitmap(7, image)
        ops.layer(1, frame: rect(2, 2, 40, 30), [(.backgroundColor, .color(.blue)), (.cornerRadius, .number(6)), (.masksToBounds, .bool(true))])
        ops.layer(2, parent: 1, index: 0, frame: rect(-4, 4, 20, 20), [(.contents, .image(ImageID(rawValue: 7))), (.transform, .transform(.rotation(degrees: 20)))])
        ops.layer(3, parent: 1, index: 1, frame: rect(10, 10, 20, 12), [(.backgroundColor, .color(RGBA(r: 1, g: 0.5, b: 0, a: 0.6))), (.zPosition, .number(-1)), (.borderWidth, .number(2))])
        ops.layer(4, index: 1, frame: rect(30, 20, 16, 16), [(.backgroundColor, .color(.green)), (.opacity, .number(0.4))])
        ops.layer(5, parent: 4, index: 0, frame: rect(2, 2, 6, 6), [(.backgroundColor, .color(.red))])
        ops.layer(6, parent: nil, frame: rect(0, 0, 3, 3), [(.isHidden, .bool(true))])
        let (tree, frame) = try render(ops, width: 48, height: 40)

        let snapshot = tree.snapshot()
        #expect(snapshot.sequence == 1)
        let fresh = RenderTree(displayWidth: 48, displayHeight: 40)
        let damage = try fresh.applyChecked(snapshot)
        #expect(damage.bounds == tree.subtreeBox(of: 1)?.union(tree.subtreeBox(of: 4)!))
        #expect(fresh.layerIDs == tree.layerIDs)
        #expect(fresh.rootIDs == tree.rootIDs)
        for id in tree.layerIDs {
            #expect(fresh.state(of: id) == tree.state(of: id))
            #expect(fresh.children(of: id) == tree.children(of: id))
            #expect(fresh.parent(of: id) == tree.parent(of: id))
        }
        #expect(fresh.bitmap(ImageID(rawValue: 7)) == image)
        #expect(Compositor().render(fresh) == frame)
        #expect(fresh.snapshot() == snapshot)
    }

    @Test("bitmaps that are not validly premultiplied get colour clamped to alpha")
    func sanitizesBitmaps() throws {
        let tree = RenderTree(displayWidth: 4, displayHeight: 4)
        let bad = Bitmap(width: 1, height: 1, pixels: [200, 10, 90, 100])
        try tree.applyChecked(CommitDiff(sequence: 1, time: 0, ops: [.bitmap(ImageID(rawValue: 1), bad)]))
        #expect(tree.bitmap(ImageID(rawValue: 1))?.pixels == [100, 10, 90, 100])
    }
}

@Suite("RenderTree: damage")
struct RenderTreeDamageTests {
    func scene() throws -> RenderTree {
        let tree = RenderTree(displayWidth: 100, displayHeight: 80)
        var ops = Ops()
        ops.layer(1, frame: rect(10, 10, 40, 30), [(.backgroundColor, .color(.red))])
        ops.layer(2, parent: 1, frame: rect(5, 5, 10, 10), [(.backgroundColor, .color(.blue))])
        ops.layer(3, index: 1, frame: rect(60, 40, 20, 20))
        #expect(try tree.applyChecked(ops.commit()).bounds == PixelRect(x: 10, y: 10, width: 40, height: 30))
        #expect(tree.takeDamage().bounds == PixelRect(x: 10, y: 10, width: 40, height: 30))
        #expect(tree.pendingDamage.isEmpty)
        return tree
    }

    func change(_ tree: RenderTree, _ ops: [DiffOp]) throws -> PixelRect? {
        try tree.applyChecked(CommitDiff(sequence: 2, time: 0, ops: ops)).bounds
    }

    @Test("a property change damages the layer's subtree box")
    func propertyChange() throws {
        let tree = try scene()
        #expect(try change(tree, [.set(2, .backgroundColor, .color(.green))]) == PixelRect(x: 15, y: 15, width: 10, height: 10))
        #expect(try change(tree, [.set(1, .opacity, .number(0.5))]) == PixelRect(x: 10, y: 10, width: 40, height: 30))
        // A layer that paints nothing damages nothing.
        #expect(try change(tree, [.set(3, .opacity, .number(0.5))]) == nil)
    }

    @Test("a change to a layer's own paints damages only its own box, not its sublayers'")
    func ownPaints() throws {
        let tree = try scene()
        // Layer 1 (10, 10, 40, 30) holds layer 2; its colour, border and corner repaint only itself.
        #expect(try change(tree, [.set(1, .backgroundColor, .color(.green))]) == PixelRect(x: 10, y: 10, width: 40, height: 30))
        // Layer 3 paints nothing and holds nothing: a colour makes it paint, and damages where it now paints.
        #expect(try change(tree, [.set(3, .backgroundColor, .color(.green))]) == PixelRect(x: 60, y: 40, width: 20, height: 20))
        // A container without paint of its own, holding a sublayer far away: its colour damages nothing.
        var ops = Ops()
        ops.layer(4, index: 2, frame: rect(0, 0, 0, 0))
        ops.layer(5, parent: 4, frame: rect(80, 60, 10, 10), [(.backgroundColor, .color(.red))])
        try tree.applyChecked(CommitDiff(sequence: 3, time: 0, ops: ops.ops))
        _ = tree.takeDamage()
        #expect(try tree.applyChecked(CommitDiff(sequence: 4, time: 0, ops: [.set(4, .backgroundColor, .color(.blue))])).isEmpty)
        // contentsScale is a paint of its own too (the table's paint class): nothing painted, nothing damaged.
        #expect(try tree.applyChecked(CommitDiff(sequence: 4, time: 0, ops: [.set(4, .contentsScale, .number(2))])).isEmpty)
        // Opacity of a layer with sublayers is a group change: the subtree.
        #expect(try change(tree, [.set(1, .opacity, .number(0.5))]) == PixelRect(x: 10, y: 10, width: 40, height: 30))
        #expect(try tree.applyChecked(CommitDiff(sequence: 5, time: 0, ops: [.set(4, .opacity, .number(0.5))])).rects == [PixelRect(x: 80, y: 60, width: 10, height: 10)])
        // A corner radius clips the sublayers of a masking layer: the subtree.
        #expect(try tree.applyChecked(CommitDiff(sequence: 6, time: 0, ops: [.set(4, .masksToBounds, .bool(true))])).rects == [PixelRect(x: 80, y: 60, width: 10, height: 10)])
    }

    @Test("a move damages where the subtree was and where it is")
    func move() throws {
        let tree = try scene()
        let damage = try tree.applyChecked(CommitDiff(sequence: 2, time: 0, ops: [.set(1, .position, .point(Point(x: 60, y: 55)))]))
        // From (10, 10, 40, 30) to (40, 40, 40, 30): two rectangles, not their 70 × 60 box.
        #expect(damage.rects == [PixelRect(x: 10, y: 10, width: 40, height: 30), PixelRect(x: 40, y: 40, width: 40, height: 30)])
        #expect(damage.bounds == PixelRect(x: 10, y: 10, width: 70, height: 60))
        #expect(tree.screenBox(of: 2) == PixelRect(x: 45, y: 45, width: 10, height: 10))
        let moved = try change(tree, [.move(2, parent: 3, index: 0)])
        #expect(moved == PixelRect(x: 45, y: 45, width: 30, height: 10))
        #expect(tree.subtreeBox(of: 1) == PixelRect(x: 40, y: 40, width: 40, height: 30))
        #expect(tree.subtreeBox(of: 3) == PixelRect(x: 65, y: 45, width: 10, height: 10))
    }

    @Test("hiding, removing and detaching damage the subtree; detached layers damage nothing")
    func visibility() throws {
        let tree = try scene()
        #expect(try change(tree, [.set(1, .isHidden, .bool(true))]) == PixelRect(x: 10, y: 10, width: 40, height: 30))
        #expect(tree.subtreeBox(of: 1) == nil)
        #expect(try change(tree, [.set(2, .backgroundColor, .color(.green))]) == nil)
        #expect(try change(tree, [.set(1, .isHidden, .bool(false))]) == PixelRect(x: 10, y: 10, width: 40, height: 30))
        #expect(try change(tree, [.move(1, parent: nil, index: 0)]) == PixelRect(x: 10, y: 10, width: 40, height: 30))
        #expect(try change(tree, [.set(1, .position, .point(Point(x: 0, y: 0)))]) == nil)
        #expect(try change(tree, [.create(9), .set(9, .backgroundColor, .color(.red))]) == nil)
        #expect(try change(tree, [.move(1, parent: 0, index: 0), .remove(1)]) == nil)
        #expect(tree.parent(of: 2) == nil)
    }

    @Test("replacing a bitmap damages the layers showing it")
    func bitmapReplacement() throws {
        let tree = try scene()
        let image = ImageID(rawValue: 5)
        #expect(try change(tree, [.set(3, .contents, .image(image))]) == nil)
        #expect(try change(tree, [.bitmap(image, Bitmap(width: 2, height: 2, fill: .white))]) == PixelRect(x: 60, y: 40, width: 20, height: 20))
        #expect(try change(tree, [.bitmap(ImageID(rawValue: 6), Bitmap(width: 2, height: 2, fill: .white))]) == nil)
    }

    @Test("damage is clipped to the display and accumulates until taken")
    func clippingAndAccumulation() throws {
        let tree = try scene()
        #expect(try change(tree, [.set(3, .backgroundColor, .color(.red))]) == PixelRect(x: 60, y: 40, width: 20, height: 20))
        #expect(try change(tree, [.set(3, .position, .point(Point(x: 95, y: 75)))]) == PixelRect(x: 60, y: 40, width: 40, height: 40))
        #expect(tree.takeDamage().bounds == PixelRect(x: 60, y: 40, width: 40, height: 40))
        #expect(try change(tree, [.set(3, .position, .point(Point(x: 200, y: 200)))]) == PixelRect(x: 85, y: 65, width: 15, height: 15))
        #expect(try change(tree, [.set(2, .backgroundColor, .color(.green))]) == PixelRect(x: 15, y: 15, width: 10, height: 10))
        #expect(tree.takeDamage().bounds == PixelRect(x: 15, y: 15, width: 85, height: 65))
        tree.damageAll()
        #expect(tree.takeDamage().bounds == PixelRect(x: 0, y: 0, width: 100, height: 80))
    }

    @Test("the bench scene: recolouring rectangle 0 damages exactly 1 % of the display")
    func benchScene() throws {
        let rects = RasterBench.rectangles()
        #expect(rects.count == 1000)
        #expect(rects[0] == RasterBench.Rectangle(x: 592, y: 312, width: 96, height: 96, r: 255, g: 0, b: 0))
        #expect(rects.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x + $0.width <= 1280 && $0.y + $0.height <= 720 })
        let tree = RenderTree(displayWidth: 1280, displayHeight: 720)
        try tree.applyChecked(RasterBench.sceneDiff())
        let damage = try tree.applyChecked(RasterBench.changeDiff(frame: 1))
        #expect(damage.rects == [PixelRect(x: 592, y: 312, width: 96, height: 96)])
        #expect(damage.paintedArea * 100 == 1280 * 720)
    }
}

@Suite("RenderTree: new layers (7.26)")
struct RenderTreeDefaultsTests {
    @Test("a created layer has Core Animation's defaults, no sublayers, and draws nothing; its border defaults to opaque black")
    func defaults() throws {
        var ops = Ops()
        ops.ops += [.create(1), .set(1, .bounds, .rect(rect(0, 0, 10, 10))), .move(1, parent: 0, index: 0)]
        let (tree, frame) = try render(ops, width: 12, height: 12, background: .white)
        let s = try #require(tree.state(of: 1))
        #expect(s.contentsGravity == .resize && s.borderColor == .black && s.opacity == 1 && !s.isHidden)
        #expect(!s.masksToBounds && s.cornerRadius == 0 && s.borderWidth == 0 && s.backgroundColor == nil)
        #expect(s.anchorPoint == Point(x: 0.5, y: 0.5) && s.zPosition == 0 && s.contents == nil)
        #expect(tree.children(of: 1) == [])
        #expect(frame == Bitmap(width: 12, height: 12, fill: .white))

        ops.set(1, .position, .point(Point(x: 5, y: 5)))
        ops.set(1, .borderWidth, .number(1))
        let (_, bordered) = try render(ops, width: 12, height: 12, background: .white)
        #expect(bordered[0, 0] == .black && bordered[9, 5] == .black && bordered[5, 5] == .white && bordered[10, 5] == .white)
    }
}
