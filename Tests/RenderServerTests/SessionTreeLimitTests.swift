import RenderModel
import RenderServer
import RenderWire
import Testing

/// The tree limits on the wire (docs/reference/limits.md): a commit or snapshot that
/// would make the render tree hold more layers, or be deeper, than the
/// limits table allows is refused with 277 and the session closes.
@Suite("ServerSession tree limits")
struct SessionTreeLimitTests {
    func session(layers: Int = RenderLimits.maxLayerCount, depth: Int = RenderLimits.maxTreeDepth) -> ServerSession {
        let output = MemoryFrameOutput()
        let s = ServerSession(pid: 1) { _ in output }
        s.treeLimits = (layers, depth)
        _ = s.handle(.hello(.init(width: 16, height: 16, refreshHz: 60, background: .black, outputFolder: "unused")))
        return s
    }

    /// Creates `ids` and hangs each under the one before (the first a root).
    func chain(_ ids: ClosedRange<LayerID>, under top: LayerID? = nil) -> [DiffOp] {
        var ops: [DiffOp] = ids.map { .create($0) }
        for id in ids { ops.append(.move(id, parent: id == ids.lowerBound ? (top ?? 0) : id - 1, index: 0)) }
        return ops
    }

    func refusal(_ replies: [WireMessage]) -> (UInt16, String)? {
        if case .error(let code, let text)? = replies.first { (code, text) } else { nil }
    }

    @Test("layers up to the limit are kept; a commit whose creates pass it is refused with 277 before it is applied, and the session closes")
    func layerCount() throws {
        let s = session(layers: 4)
        #expect(s.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: [.create(1), .create(2), .create(3)]))).isEmpty)
        // Removes count against creates: 3 - 1 + 2 = 4, at the limit.
        #expect(s.handle(.commit(CommitDiff(sequence: 2, time: 0, ops: [.remove(3), .create(4), .create(5)]))).isEmpty)
        let (code, text) = try #require(refusal(s.handle(.commit(CommitDiff(sequence: 3, time: 0, ops: [.create(6)])))))
        #expect(code == ServerErrorCode.treeTooLarge.rawValue)
        #expect(text == "commit 3: the tree would hold 5 layers; the limit is 4 (docs/reference/limits.md)")
        #expect(s.state == .closed)
        #expect(s.inspectTree()?.layers.layerCount == nil)
    }

    @Test("a snapshot is held to the layer limit from an empty tree")
    func snapshotLayerCount() throws {
        let s = session(layers: 2)
        let (code, text) = try #require(refusal(s.handle(.snapshot(CommitDiff(sequence: 1, time: 0, ops: [.create(1), .create(2), .create(3)])))))
        #expect(code == ServerErrorCode.treeTooLarge.rawValue)
        #expect(text.hasPrefix("snapshot: the tree would hold 3 layers; the limit is 2"))
    }

    @Test("a chain as deep as the limit is applied; one layer deeper, or a move that hangs a subtree lower, is refused with 277")
    func depth() throws {
        let s = session(depth: 5)
        #expect(s.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: chain(1...5)))).isEmpty)
        // A second chain of 3, apart: fine; hung under layer 3 it would be 3 + 3 deep.
        #expect(s.handle(.commit(CommitDiff(sequence: 2, time: 0, ops: chain(10...12)))).isEmpty)
        let (code, text) = try #require(refusal(s.handle(.commit(CommitDiff(sequence: 3, time: 0, ops: [.move(10, parent: 3, index: 0)])))))
        #expect(code == ServerErrorCode.treeTooLarge.rawValue)
        #expect(text == "commit 3: the tree would be 6 layers deep (at layer 12); the limit is 5 (docs/reference/limits.md)")
        #expect(s.state == .closed)

        let t = session(depth: 5)
        #expect(t.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: chain(1...5)))).isEmpty)
        let (deeper, _) = try #require(refusal(t.handle(.commit(CommitDiff(sequence: 2, time: 0, ops: [.create(6), .move(6, parent: 5, index: 0)])))))
        #expect(deeper == ServerErrorCode.treeTooLarge.rawValue)
    }

    @Test("a snapshot is held to the depth limit")
    func snapshotDepth() throws {
        let s = session(depth: 3)
        let (code, text) = try #require(refusal(s.handle(.snapshot(CommitDiff(sequence: 1, time: 0, ops: chain(1...4))))))
        #expect(code == ServerErrorCode.treeTooLarge.rawValue)
        #expect(text.hasPrefix("snapshot: the tree would be 4 layers deep (at layer 4); the limit is 3"))
    }

    @Test("the defaults are the limits table's: a chain one past maxTreeDepth is refused, one at it is applied")
    func theTablesDepth() throws {
        let limit = LayerID(RenderLimits.maxTreeDepth)
        #expect(session().treeLimits == (RenderLimits.maxLayerCount, RenderLimits.maxTreeDepth))
        #expect(session().handle(.commit(CommitDiff(sequence: 1, time: 0, ops: chain(1...limit)))).isEmpty)
        let (code, _) = try #require(refusal(session().handle(.commit(CommitDiff(sequence: 1, time: 0, ops: chain(1...limit + 1))))))
        #expect(code == ServerErrorCode.treeTooLarge.rawValue)
    }

    @Test("the defaults are the limits table's: one layer past maxLayerCount is refused before anything is applied")
    func theTablesLayerCount() throws {
        let s = session()
        let creates = (1...LayerID(RenderLimits.maxLayerCount + 1)).map(DiffOp.create)
        let (code, text) = try #require(refusal(s.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: creates)))))
        #expect(code == ServerErrorCode.treeTooLarge.rawValue)
        #expect(text.contains("the limit is \(RenderLimits.maxLayerCount)"))
    }
}
