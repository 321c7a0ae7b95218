import LoopSimTestSupport
import RenderModel
import RenderWire
import Testing
@testable import Simulation
import LayerKit

/// The simulation ships LayerKit's diffs through the wire codec.
@Suite(.quiescent) struct CommitEncodingTests {
    @Test("a shipped diff, bitmap included, decodes to the same diff")
    func encodedRoundTrip() throws {
        let sim = checkedSimulation()
        var shipped: [CommitRecord] = []
        sim.layers.onCommit = { shipped.append($0) }
        let root = sim.layers.makeLayer(root: true)
        try root.set(.backgroundColor, .color(.orange))
        root.drawBody = { _, ctx in ctx.fillRect(Rect(x: 0, y: 0, width: 2, height: 2), color: .white) }
        try root.set(.bounds, .rect(Rect(x: 0, y: 0, width: 2, height: 2)))
        try sim.layers.flush()
        let record = try #require(shipped.last)
        let bytes = CommitCodec.encode(record.diff)
        #expect(record.bytes == bytes.count)
        #expect(try CommitCodec.decode(bytes) == record.diff)
    }
}
