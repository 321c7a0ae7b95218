import LoopSimTestSupport
import RenderModel
import Testing
@testable import LayerKit

/// The crash-recovery snapshot comes from the model tree (ARCHITECTURE rule 3).
@Suite(.quiescent) struct CommittedSnapshotTests {
    /// Every shipped commit applied in order through the one apply.
    func applied(_ w: LayerWorld) throws -> LayerTree {
        var tree = LayerTree()
        for record in w.shipped { try tree.apply(record.diff) }
        return tree
    }

    func rebuilt(_ w: LayerWorld) throws -> LayerTree {
        var tree = LayerTree()
        try tree.apply(w.layers.committedSnapshot())
        return tree
    }

    @Test("the snapshot rebuilds the tree every shipped commit built: states, places, bitmaps, sequence and time")
    func matchesShippedCommits() throws {
        let w = LayerWorld()
        let root = w.layers.makeLayer(name: "root", root: true)
        let a = w.layers.makeLayer(name: "a"), b = w.layers.makeLayer(name: "b"), c = w.layers.makeLayer(name: "c")
        root.addSublayer(a)
        root.addSublayer(b)
        b.addSublayer(c)
        try a.set(.backgroundColor, .color(.red))
        c.drawBody = { _, ctx in ctx.fillRect(Rect(x: 0, y: 0, width: 2, height: 2), color: .white) }
        try c.set(.bounds, .rect(Rect(x: 0, y: 0, width: 2, height: 2)))
        try w.layers.flush()
        // A second commit reorders, detaches and adds a root.
        root.insertSublayer(b, at: 0)
        c.removeFromSuperlayer()
        let other = w.layers.makeLayer(name: "other", root: true)
        try other.set(.opacity, .number(0.5))
        try w.layers.flush()

        let snapshot = w.layers.committedSnapshot()
        #expect(snapshot.sequence == w.shipped.last?.sequence)
        #expect(snapshot.time == w.shipped.last?.time)
        let expected = try applied(w)
        #expect(try rebuilt(w) == expected)
        #expect(expected.rootIDs == [root.id, other.id])
        #expect(expected.sublayers(of: root.id) == [b.id, a.id])
        #expect(expected.parent(of: c.id) == nil)
        #expect(expected.bitmaps.count == 1)
    }

    @Test("changes not committed yet — sets, creates, moves in an open transaction — are not in the snapshot")
    func leavesOutUncommittedChanges() throws {
        let w = LayerWorld()
        let root = w.layers.makeLayer(name: "root", root: true)
        let a = w.layers.makeLayer(name: "a")
        root.addSublayer(a)
        try a.set(.backgroundColor, .color(.red))
        try w.layers.flush()
        let committed = try applied(w)

        w.layers.begin()
        try a.set(.backgroundColor, .color(.yellow))
        a.removeFromSuperlayer()
        let late = w.layers.makeLayer(name: "late")
        root.addSublayer(late)
        #expect(try rebuilt(w) == committed)
        #expect(try rebuilt(w).state(of: a.id)?.backgroundColor == .red)

        try w.layers.commit()
        #expect(try rebuilt(w) == (try applied(w)))
        #expect(try rebuilt(w).sublayers(of: root.id) == [late.id])
    }

    @Test("before any commit the snapshot is empty")
    func emptyBeforeFirstCommit() {
        let w = LayerWorld()
        w.leaves = ["implicit transaction 1 (begun at 0s) is still open"]
        w.layers.makeLayer(root: true)
        #expect(w.layers.committedSnapshot() == CommitDiff(sequence: 0, time: 0, ops: []))
    }
}
