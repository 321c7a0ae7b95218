import RenderModel
import Testing
@testable import LayerKit

/// W4 on the client: the commit phases walk a 50,000-deep chain in tree
/// order without recursion and without a path per layer.
struct LayerDeepTreeTests {
    // 5,000 was 1.5 s+ when quadratic; 50,000 overflowed the stack releasing the chain (Layer.deinit).
    @Test("a 50,000-deep chain commits once, laid out parents first, every layer in the diff, and is released")
    func deepChain() throws {
        let w = LayerWorld()
        var top = w.layers.makeLayer(root: true)
        let root = top
        for _ in 1..<50_000 {
            let child = w.layers.makeLayer()
            top.addSublayer(child)
            top = child
        }
        try w.run(until: 0.1)
        #expect(w.shipped.count == 1)
        let record = try #require(w.shipped.first)
        // Every layer but the leaf gained a sublayer, so needs layout: parents first.
        #expect(record.layout.count == 49_999)
        #expect(record.layout.first == root.traceName)
        #expect(record.changed == 50_000)
        try w.layers.layoutSubtree(root)   // iterative: no stack overflow
    }
}

/// The tree limits on the client (docs/reference/limits.md): a commit that would
/// leave more layers, or a deeper tree, than the limits allow is refused
/// before it is sent (`TreeLimitError`), so the server never has to.
struct LayerTreeLimitTests {
    @Test("a chain as deep as the limit commits; an addSublayer that hangs a chain one deeper fails the commit, and nothing is sent")
    func depth() throws {
        let w = LayerWorld()
        w.layers.treeLimits = .init(depth: 3)
        let a = w.layers.makeLayer(name: "a", root: true), b = w.layers.makeLayer(name: "b"), c = w.layers.makeLayer(name: "c")
        a.addSublayer(b)
        b.addSublayer(c)
        try w.run(until: 0.1)
        #expect(w.shipped.count == 1)
        let d = w.layers.makeLayer(name: "d"), e = w.layers.makeLayer(name: "e")
        d.addSublayer(e)       // detached: 2 deep
        w.at(0.2) { c.addSublayer(d) }
        let error = #expect(throws: TreeLimitError.self) { try w.run(until: 0.3) }
        #expect(error?.description == "the commit cannot be sent: the tree would be 5 layers deep (at layer 'e'); the limit is 3 (docs/reference/limits.md)")
        // d and e went out detached (2 deep); the move under c never did.
        #expect(w.shipped.count == 2)
        #expect(!w.shipped.flatMap(\.diff.ops).contains(.move(d.id, parent: c.id, index: 0)))
    }

    @Test("one layer past the layer limit fails the commit that would send it")
    func layerCount() throws {
        let w = LayerWorld()
        w.layers.treeLimits = .init(layers: 2)
        w.layers.makeLayer(root: true)
        w.layers.makeLayer(root: true)
        try w.run(until: 0.1)
        w.at(0.2) { w.layers.makeLayer(root: true) }
        let error = #expect(throws: TreeLimitError.self) { try w.run(until: 0.3) }
        #expect(error?.reason == "the tree would hold 3 layers; the limit is 2")
        #expect(w.shipped.count == 1)
    }

    @Test("the default limits are the table's")
    func defaults() {
        #expect(LayerContext.TreeLimits() == .init(layers: RenderLimits.maxLayerCount, depth: RenderLimits.maxTreeDepth))
        #expect(RenderLimits.maxTreeDepth > 50_000)   // the deep-chain tests stay inside the limit
    }
}
