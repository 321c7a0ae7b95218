import RenderModel
import Testing

/// The one apply of a commit diff.
@Suite("LayerTree: applying commits")
struct LayerTreeTests {
    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    /// Layers 1 (root) ⊃ 2 ⊃ 3, and 4 detached.
    func sample() throws -> LayerTree {
        var tree = LayerTree()
        try tree.apply(CommitDiff(sequence: 1, time: 10, ops: [
            .create(1), .create(2), .create(3), .create(4),
            .set(1, .bounds, .rect(r(0, 0, 50, 50))), .set(2, .backgroundColor, .color(.red)),
            .move(1, parent: 0, index: 0), .move(2, parent: 1, index: 0), .move(3, parent: 2, index: 0),
        ]))
        return tree
    }

    func failure(_ ops: [DiffOp], on tree: LayerTree) -> (LayerTreeError, LayerTree)? {
        var copy = tree
        do {
            try copy.apply(CommitDiff(sequence: 9, time: 0, ops: ops))
            return nil
        } catch {
            return (error, copy)
        }
    }

    @Test("create, move and set build the tree; the commit's sequence and time are recorded")
    func buildsTree() throws {
        let tree = try sample()
        #expect(tree.rootIDs == [1])
        #expect(tree.sublayers(of: 1) == [2])
        #expect(tree.parent(of: 1) == 0)
        #expect(tree.parent(of: 3) == 2)
        #expect(tree.parent(of: 4) == nil)
        #expect(tree.state(of: 2)?.backgroundColor == .red)
        #expect(tree.layerIDs == [1, 2, 3, 4])
        #expect(tree.lastSequence == 1 && tree.lastTime == 10)
    }

    @Test("each applied operation reports what it changed")
    func reportsChanges() throws {
        var tree = try sample()
        var changes: [LayerTree.Change] = []
        let image = ImageID(rawValue: 5)
        try tree.apply(CommitDiff(sequence: 2, time: 20, ops: [
            .move(3, parent: 1, index: 1), .set(4, .contents, .image(image)),
            .bitmap(image, Bitmap(width: 1, height: 1)), .remove(1),
        ])) { changes.append($0) }
        var shown = LayerState()
        shown.contents = image
        #expect(changes == [
            .moved(3, from: 2, to: 1, index: 1), .set(4, .contents, state: shown),
            .storedBitmap(image, users: [4]), .removed(1, formerParent: 0, formerSublayers: [2, 3]),
        ])
        // Removing a layer detaches its sublayers (they stay).
        #expect(tree.rootIDs == [])
        #expect(tree.parent(of: 2) == nil && tree.parent(of: 3) == nil)
        #expect(tree.users(of: image) == [4])
    }

    @Test("unknown ids, duplicates, id 0, cycles, bad indices and bad values are typed errors that change nothing")
    func errors() throws {
        let tree = try sample()
        let (unknown, _) = try #require(failure([.set(99, .opacity, .number(1))], on: tree))
        #expect(unknown == LayerTreeError(kind: .unknownLayer, opIndex: 0, op: "set", layer: 99, reason: "layer 99 does not exist"))
        #expect(unknown.description == "op 0 (set of layer 99): layer 99 does not exist")
        #expect(failure([.remove(42)], on: tree)?.0.kind == .unknownLayer)
        #expect(failure([.create(2)], on: tree)?.0.kind == .duplicateLayer)
        #expect(failure([.create(0)], on: tree)?.0.kind == .reservedLayer)
        #expect(failure([.move(0, parent: 1, index: 0)], on: tree)?.0.kind == .reservedLayer)
        #expect(failure([.move(1, parent: 77, index: 0)], on: tree)?.0.kind == .unknownParent)
        #expect(failure([.move(2, parent: 2, index: 0)], on: tree)?.0.reason == "a layer cannot be its own sublayer")
        #expect(failure([.move(3, parent: 1, index: 2)], on: tree)?.0.kind == .indexOutOfRange)
        #expect(failure([.move(4, parent: 0, index: 2)], on: tree)?.0.reason == "index 2 is past the end of 1 siblings")

        let (cycle, afterCycle) = try #require(failure([.create(10), .move(1, parent: 3, index: 0)], on: tree))
        #expect(cycle.description == "op 1 (move of layer 1): layer 3 is inside layer 1; the move would make a cycle")
        // What came before the bad op stays applied; the bad op changed nothing.
        #expect(afterCycle.contains(10))
        #expect(afterCycle.rootIDs == [1] && afterCycle.parent(of: 1) == 0)
        #expect(afterCycle.lastSequence == 9)

        let (bad, afterBad) = try #require(failure([.set(1, .opacity, .bool(true))], on: tree))
        #expect(bad.kind == .badValue)
        #expect(bad.reason == "property 'opacity' [opacity] expects a number, got a bool")
        #expect(afterBad.state(of: 1) == tree.state(of: 1))
    }

    @Test("a snapshot rebuilds an equal tree from empty")
    func snapshotReplay() throws {
        var tree = try sample()
        let image = ImageID(rawValue: 2)
        try tree.apply(CommitDiff(sequence: 4, time: 40, ops: [
            .bitmap(image, Bitmap(width: 2, height: 1, fill: RGBA8(r: 1, g: 2, b: 3, a: 255))),
            .set(3, .contents, .image(image)), .set(3, .zPosition, .number(2)), .move(4, parent: 0, index: 0),
        ]))
        let snapshot = tree.snapshot()
        #expect(snapshot.sequence == 4 && snapshot.time == 40 && snapshot.transactions.isEmpty)
        #expect(snapshot.ops.first == .bitmap(image, Bitmap(width: 2, height: 1, fill: RGBA8(r: 1, g: 2, b: 3, a: 255))))
        var fresh = LayerTree()
        try fresh.apply(snapshot)
        #expect(fresh == tree)
        #expect(fresh.snapshot() == snapshot)
    }

    @Test("a copy keeps the state it had when the original moves on")
    func valueSemantics() throws {
        var tree = try sample()
        let before = tree
        try tree.apply(CommitDiff(sequence: 2, time: 20, ops: [.set(2, .backgroundColor, .color(.green))]))
        #expect(before.state(of: 2)?.backgroundColor == .red)
        #expect(tree.state(of: 2)?.backgroundColor == .green)
    }
}
