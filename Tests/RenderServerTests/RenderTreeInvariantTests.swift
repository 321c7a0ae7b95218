import Raster
import RenderModel
@testable import RenderServer
import RenderWire
import Testing

/// The render tree's invariant checks (docs/internals/safety.md, "Invariants") find
/// what they are meant to find: each case breaks one invariant of a drawn
/// tree through the test's internal access, and the check names it.
@Suite struct RenderTreeInvariantTests {
    /// Root 1 with sublayers 2 and 3 (3 in front by zPosition, drawn
    /// first in array order), root 4, and detached 5; drawn once, so that
    /// the draw orders and the roots' boxes and bands are made.
    static func tree() throws -> RenderTree {
        var ops = Ops()
        ops.layer(1, frame: rect(10, 10, 100, 100), [(.backgroundColor, .color(.white))])
        ops.layer(2, parent: 1, index: 0, frame: rect(0, 0, 20, 20), [(.backgroundColor, .color(.red))])
        ops.layer(3, parent: 1, index: 1, frame: rect(30, 0, 20, 20), [(.backgroundColor, .color(.blue)), (.zPosition, .number(-1))])
        ops.layer(4, parent: 0, index: 1, frame: rect(150, 90, 40, 40), [(.backgroundColor, .color(.green))])
        ops.layer(5, parent: nil, frame: rect(0, 0, 5, 5))
        let tree = RenderTree(displayWidth: 200, displayHeight: 150)
        try tree.apply(ops.commit())
        _ = Compositor().render(tree)
        return tree
    }

    @Test("a drawn tree's invariants hold, and still after a move, a removal and a refused commit")
    func holds() throws {
        let tree = try Self.tree()
        #expect(tree._invariantViolations() == [])
        try tree.applyChecked(CommitDiff(sequence: 2, time: 0, ops: [.move(3, parent: 4, index: 0), .set(2, .isHidden, .bool(true))]))
        try tree.applyChecked(CommitDiff(sequence: 3, time: 0, ops: [.remove(1)]))
        #expect(throws: LayerTreeError.self) { try tree.applyChecked(CommitDiff(sequence: 4, time: 0, ops: [.move(4, parent: 9, index: 0)])) }
    }

    @Test("a commit that removes a layer's animation and sets a property that only paints it: after the next step the node is where the model puts it, as a tree rebuilt from a snapshot draws it")
    func droppedAnimationAndRepaintLeaveTheNodeBehind() throws {
        var ops = Ops()
        ops.layer(1, frame: rect(10, 10, 20, 20), [(.backgroundColor, .color(.white))])
        var move = LayerAnimation(.position, .basic(BasicAnimation(by: .point(Point(x: 0, y: 30)))), duration: 1)
        move.id = 1
        ops.ops.append(.addAnimation(1, key: "move", move))
        let tree = RenderTree(displayWidth: 100, displayHeight: 100)
        try tree.applyChecked(ops.commit())
        _ = tree.advanceAnimations(toMediaTime: 0)
        _ = tree.advanceAnimations(toMediaTime: 0.5)   // drawn 15 pixels down
        expectTreeInvariants(tree)
        // The node takes the model state (`follow`'s `set`), but a
        // background colour only repaints: its place stays the presented one.
        try tree.apply(CommitDiff(sequence: 2, time: 0, ops: [.removeAnimation(1, key: "move"), .set(1, .backgroundColor, .color(.red))]))
        _ = tree.advanceAnimations(toMediaTime: 0.6)   // shows the model state, which the node already holds: nothing moves
        let fresh = RenderTree(displayWidth: 100, displayHeight: 100)
        try fresh.apply(tree.snapshot())
        #expect(tree._invariantViolations() == [])
        #expect(tree.transformToDisplay(of: 1) == fresh.transformToDisplay(of: 1))
        let samePixels = Compositor().render(tree) == Compositor().render(fresh)
        #expect(samePixels, "the tree draws what a tree rebuilt from its snapshot draws")
    }

    struct Breakage: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// Part of the sentence the check must answer.
        let names: String
        let apply: @Sendable (RenderTree) -> Void
    }

    static let breakages: [Breakage] = [
        Breakage(testDescription: "a layer without its node", names: "layer 3 has no node") { t in t.hot.nodes[3] = nil },
        Breakage(testDescription: "a node marked removed left in the tree", names: "node 2 is marked removed") { t in t.hot.nodes[2]!.hot.removed = true },
        Breakage(testDescription: "a node under another layer's id", names: "the node of layer 3 is node 2") { t in t.hot.nodes[3] = t.hot.nodes[2] },
        Breakage(testDescription: "a parent link to the wrong node", names: "node 3: its parent link is not node 1") { t in t.hot.nodes[3]!.hot.parent = t.hot.nodes[4] },
        Breakage(testDescription: "a sublayer listed twice", names: "node 2 is listed 2 times") { t in t.hot.nodes[1]!.hot.children.append(t.hot.nodes[2]!) },
        Breakage(testDescription: "roots out of step with the layers", names: "roots [4, 1], the layers' [1, 4]") { t in t.hot.roots.reverse() },
        Breakage(testDescription: "a draw order that is not back to front", names: "node 1: its draw order is not its sublayers back to front") { t in
            let node = t.hot.nodes[1]!
            node.hot.order = DrawOrder(node.hot.children)
        },
        Breakage(testDescription: "a stale subtree box", names: "node 4: subtree box nil") { t in t.hot.nodes[4]!.hot.subtreeBox = nil },
        Breakage(testDescription: "a visibility its state does not give", names: "node 5: visible true") { t in t.hot.nodes[5]!.hot.visible = true },
        Breakage(testDescription: "a transform its state does not give", names: "node 2: its transform to the display") { t in t.hot.nodes[2]!.hot.toDevice = .identity },
        Breakage(testDescription: "a commit's work left behind", names: "a commit's work is left") { t in t.hot.dirty.append(t.hot.nodes[2]!) },
        Breakage(testDescription: "an unmerged box off the display", names: "is not on the display") { t in t.hot.pendingChanged = [PixelRect(x: -4, y: 0, width: 8, height: 8)] },
        Breakage(testDescription: "a root box that is not its root's", names: "root box 1 is not root 4's subtree box") { t in t.hot.rootBoxes[1].x1 += 1 },
        Breakage(testDescription: "a band that misses a root", names: "band 2 lists roots [], their boxes give [1]") { t in
            // Root 4 (draw index 1) reaches from band 1 into band 2.
            t.hot.rootBandIndexes.removeLast()
            t.hot.rootBandStarts[t.hot.rootBandStarts.count - 1] -= 1
        },
    ]

    @Test("a broken invariant is named", arguments: breakages)
    func named(_ breakage: Breakage) throws {
        let tree = try Self.tree()
        breakage.apply(tree)
        let broken = tree._invariantViolations()
        #expect(broken.contains { $0.contains(breakage.names) }, "\(broken)")
    }
}
