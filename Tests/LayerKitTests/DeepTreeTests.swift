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
