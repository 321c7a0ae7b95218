import LoopSimTestSupport
import RenderModel
import Testing
@testable import LayerKit

/// The commit phases visit the marked layers in tree order, found from the
/// layers' sibling indices (docs/reference/layers-and-transactions.md).
@Suite(.quiescent) struct TreeOrderTests {
    /// Pre-order of the display's trees, walked the plain way.
    static func preorder(_ roots: [Layer]) -> [Layer] {
        var out: [Layer] = []
        var stack = Array(roots.reversed())
        while let l = stack.popLast() {
            out.append(l)
            stack += (l.sublayers ?? []).reversed()
        }
        return out
    }

    @Test("after random inserts, moves, removals and replacements, each layer's sibling index is its place, and layout runs in pre-order")
    func randomTrees() throws {
        var rng = SplitMix64(seed: 0x7EE0)
        let w = LayerWorld()
        var all: [Layer] = []
        for r in 0..<3 { all.append(w.layers.makeLayer(name: "r\(r)", root: true)) }
        for i in 0..<60 { all.append(w.layers.makeLayer(name: "l\(i)")) }
        for round in 0..<40 {
            for _ in 0..<8 {
                let child = all[Int.random(in: 3..<all.count, using: &rng)]
                let parent = all[Int.random(in: 0..<all.count, using: &rng)]
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: child.removeFromSuperlayer()
                case 1:
                    if let old = parent.sublayers?.randomElement(using: &rng), old !== child, !Self.isAncestor(child, of: parent) {
                        parent.replaceSublayer(old, with: child)
                    }
                default:
                    guard child !== parent, !Self.isAncestor(child, of: parent) else { continue }
                    parent.insertSublayer(child, at: Int.random(in: 0...(parent.sublayers?.count ?? 0), using: &rng))
                }
            }
            for (i, root) in w.layers.roots.enumerated() { #expect(root.siblingIndex == i) }
            for l in all { for (i, c) in (l.sublayers ?? []).enumerated() { #expect(c.siblingIndex == i, "round \(round)") } }
            try w.layers.flush()
            let marked = all.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
            for l in marked { l.setNeedsLayout() }
            try w.layers.flush()
            let onDisplay = Self.preorder(w.layers.roots)
            let expected = onDisplay.filter { l in marked.contains { $0 === l } }.map(\.traceName)
            #expect(w.shipped.last?.layout == expected, "round \(round)")
        }
        // Marked layers off the display stay queued until they are shown:
        // this test leaves them so.
        w.leaves = w.loop.pendingWork() + w.layers.pendingWork()
    }

    static func isAncestor(_ a: Layer, of b: Layer) -> Bool {
        var x: Layer? = b
        while let y = x { if y === a { return true }; x = y.superlayer }
        return false
    }
}
