import LoopSimTestSupport
import RenderModel
import RunLoopKit
import Testing
@testable import LayerKit

/// docs/reference/core-animation-rules.md §7 items 25–30 (geometry, defaults, flags) and the
/// commit phases.
@Suite(.quiescent) struct LayerTests {
    @Test("7.25 frame from bounds, position and anchor, and back", arguments: [
        (0.5, 0.5, Rect(x: 150, y: 75, width: 100, height: 50)),
        (0.0, 0.0, Rect(x: 200, y: 100, width: 100, height: 50)),
    ])
    func geometry(ax: Double, ay: Double, frame: Rect) throws {
        let w = LayerWorld()
        w.leaves = ["implicit transaction 1 (begun at 0s) is still open"]   // no loop runs: the layer is only measured
        let l = w.layers.makeLayer()
        try l.set(.bounds, .rect(Rect(x: 0, y: 0, width: 100, height: 50)))
        try l.set(.position, .point(Point(x: 200, y: 100)))
        try l.set(.anchorPoint, .point(Point(x: ax, y: ay)))
        #expect(l.state.frame == frame)
        try l.set(.anchorPoint, .point(Point(x: 0.5, y: 0.5)))
        try l.set(.frame, .rect(Rect(x: 10, y: 20, width: 30, height: 40)))
        #expect(l.state.position == Point(x: 25, y: 40))
        #expect(l.state.bounds.size == Size(width: 30, height: 40))
    }

    @Test("7.26 a new layer has CALayer's defaults, nil sublayers and is its own model")
    func defaults() {
        let w = LayerWorld()
        w.leaves = ["implicit transaction 1 (begun at 0s) is still open"]
        let l = w.layers.makeLayer()
        #expect(l.sublayers == nil)
        #expect(l.model() === l)
        #expect(l.state == LayerState())
        #expect(!l.needsLayout && !l.needsDisplay)
    }

    @Test("7.29 layout flags: setNeedsLayout, layoutIfNeeded, and tree changes mark the superlayer, not the child")
    func layoutFlags() throws {
        let w = LayerWorld()
        w.leaves = ["implicit transaction 1 (begun at 0s) is still open"]
        let parent = w.layers.makeLayer(root: true)
        let child = w.layers.makeLayer()
        var calls = 0
        parent.layoutBody = { _ in calls += 1 }
        #expect(!parent.needsLayout)
        parent.setNeedsLayout()
        #expect(parent.needsLayout)
        try parent.layoutIfNeeded()
        #expect(!parent.needsLayout && calls == 1)
        parent.addSublayer(child)
        #expect(parent.needsLayout && !child.needsLayout)
        try parent.layoutIfNeeded()
        child.removeFromSuperlayer()
        #expect(parent.needsLayout)
        try parent.layoutIfNeeded()
        parent.insertSublayer(child, at: 0)
        #expect(parent.needsLayout)
        try parent.layoutIfNeeded()
        try child.set(.bounds, .rect(Rect(x: 0, y: 0, width: 5, height: 5)))
        #expect(child.needsLayout)
    }

    @Test("layoutIfNeeded starts at the highest ancestor that needs layout")
    func layoutIfNeededFromTop() throws {
        let w = LayerWorld()
        w.leaves = ["implicit transaction 1 (begun at 0s) is still open"]
        let a = w.layers.makeLayer(name: "a", root: true), b = w.layers.makeLayer(name: "b"), c = w.layers.makeLayer(name: "c")
        a.addSublayer(b); b.addSublayer(c)
        var order: [String] = []
        for l in [a, b, c] { l.layoutBody = { order.append($0.traceName) } }
        try a.layoutIfNeeded()
        order.removeAll()
        a.setNeedsLayout(); c.setNeedsLayout()
        try c.layoutIfNeeded()
        #expect(order == ["a", "c"])
    }

    @Test("7.30 display flags: setNeedsDisplay then the display phase draws once; a bounds change does not redisplay")
    func displayFlags() throws {
        let w = LayerWorld()
        let l = w.layers.makeLayer(name: "l", root: true)
        try l.set(.bounds, .rect(Rect(x: 0, y: 0, width: 4, height: 4)))
        var draws = 0
        l.drawBody = { _, ctx in draws += 1; ctx.fillRect(Rect(x: 0, y: 0, width: 4, height: 4), color: .white) }
        try w.layers.flush()
        #expect(draws == 1 && !l.needsDisplay)
        try l.set(.bounds, .rect(Rect(x: 0, y: 0, width: 8, height: 8)))
        #expect(!l.needsDisplay)
        l.setNeedsDisplay()
        #expect(l.needsDisplay)
        try w.layers.flush()
        #expect(draws == 2)
        #expect(w.shipped.last?.display == ["l"])
    }

    @Test("reparenting removes the layer from its old superlayer")
    func reparent() {
        let w = LayerWorld()
        w.leaves = ["implicit transaction 1 (begun at 0s) is still open"]
        let a = w.layers.makeLayer(root: true), b = w.layers.makeLayer(root: true), c = w.layers.makeLayer()
        a.addSublayer(c)
        b.addSublayer(c)
        #expect(a.sublayers?.isEmpty == true)
        #expect(b.sublayers?.first === c && c.superlayer === b)
    }

    @Test("the constraints pass runs bottom-up before layout, which runs top-down")
    func phaseOrder() throws {
        let w = LayerWorld()
        let a = w.layers.makeLayer(name: "a", isView: true, root: true)
        let b = w.layers.makeLayer(name: "b", isView: true), c = w.layers.makeLayer(name: "c", isView: true)
        a.addSublayer(b); b.addSublayer(c)
        var order: [String] = []
        for l in [a, b, c] {
            l.constraintsBody = { order.append("constraints \($0.traceName)") }
            l.layoutBody = { order.append("layout \($0.traceName)") }
            l.setNeedsLayout()
        }
        try w.layers.flush()
        #expect(order == ["constraints c", "constraints b", "constraints a", "layout a", "layout b", "layout c"])
    }

    @Test("the diff carries only what changed: nothing for untouched layers")
    func diffFollowsChanges() throws {
        let w = LayerWorld()
        let root = w.layers.makeLayer(root: true)
        var kids: [Layer] = []
        for _ in 0..<50 { let k = w.layers.makeLayer(isView: true); root.addSublayer(k); kids.append(k) }   // views: no implicit actions
        try w.layers.flush()
        try kids[7].set(.opacity, .number(0.5))
        try kids[7].set(.opacity, .number(0.5))     // same value again: not a second change
        try w.layers.flush()
        let last = try #require(w.shipped.last)
        #expect(last.changed == 1)
        #expect(last.diff.ops == [.set(kids[7].id, .opacity, .number(0.5))])
    }

    @Test("the commit record counts the bytes the context's byte count gives for its diff")
    func encodedByteCount() throws {
        let w = LayerWorld()
        var encoded: [CommitDiff] = []
        w.layers.encodedByteCount = { diff in
            encoded.append(diff)
            return 7 + diff.ops.count
        }
        let root = w.layers.makeLayer(root: true)
        try root.set(.backgroundColor, .color(.orange))
        try w.layers.flush()
        let record = try #require(w.shipped.last)
        #expect(encoded == [record.diff])
        #expect(record.bytes == 7 + record.diff.ops.count)
    }
}
