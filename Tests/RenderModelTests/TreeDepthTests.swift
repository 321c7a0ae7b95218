import RenderModel
import Testing

/// `TreeDepth.deepest`, the walk both sides hold a tree to
/// `RenderLimits.maxTreeDepth` with (docs/reference/limits.md).
@Suite struct TreeDepthTests {
    /// parent of each layer (absent: a root).
    func deepest(_ parents: [LayerID: LayerID], below tops: [LayerID]) -> (depth: Int, layer: LayerID)? {
        var children: [LayerID: [LayerID]] = [:]
        for (child, parent) in parents.sorted(by: { $0.key < $1.key }) { children[parent, default: []].append(child) }
        return TreeDepth.deepest(below: tops, parent: { parents[$0] }, sublayers: { children[$0] ?? [] })
    }

    @Test("the depth counts the root and the layer; only the subtrees of the tops are walked; the lowest id wins a tie")
    func depths() throws {
        // 1 ← 2 ← 3 ← 4, and 2 ← 5; 6 alone.
        let parents: [LayerID: LayerID] = [2: 1, 3: 2, 4: 3, 5: 2]
        #expect(deepest(parents, below: [1])! == (4, 4))
        #expect(deepest(parents, below: [5])! == (3, 5))
        #expect(deepest(parents, below: [6])! == (1, 6))
        #expect(deepest(parents, below: [5, 3, 2])! == (4, 4))
        #expect(deepest([2: 1, 3: 1], below: [1])! == (2, 2))
        #expect(deepest(parents, below: []) == nil)
    }

    @Test("a 100,000-deep chain with every layer a top is walked in linear time, without recursion")
    func deepChain() throws {
        let n: LayerID = 100_000
        let result = TreeDepth.deepest(below: (1...n).reversed(), parent: { $0 == 1 ? nil : $0 - 1 },
                                       sublayers: { $0 == n ? [] : [$0 + 1] })
        #expect(result! == (Int(n), n))
    }
}
