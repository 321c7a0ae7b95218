import LoopSimTestSupport
import RenderModel
@testable import RenderServer
import RunLoopKit
import Testing
@testable import Simulation

/// The client waits for a `presented` asleep, not spinning, after a frame
/// the server drew on both cores (docs/internals/render-server.md, "Spin, then
/// sleep"): only wall time depends on it, so what is checked is the rule
/// the client follows, frame by frame.
@Suite(.quiescent) struct TwoCoreWaitTests {
    @Test("the client's two-core threshold is the server's: a damage that large is drawn in two bands")
    func thresholdIsTheServers() {
        #expect(RenderState.twoCoreDamage == FrameDrawing.minimumSplitPixels)
    }

    @Test("after a large frame the next wait sleeps; after a small one, or none, it spins again")
    func followsTheLastFrame() throws {
        let sim = checkedSimulation()
        try sim.attachRenderServer(.thread(.renderServer), display: .init(width: 320, height: 240), frames: nil)
        defer { sim.detachRenderServer() }
        let big = sim.layers.makeLayer(name: "big", isView: true, root: true)   // a view: no implicit animation
        try big.set(.bounds, .rect(Rect(x: 0, y: 0, width: 200, height: 100)))   // 20,000 pixels
        try big.set(.position, .point(Point(x: 100, y: 50)))
        try big.set(.backgroundColor, .color(.orange))
        var seen: [Bool] = []
        func frame() throws {
            try sim.layers.flush()
            try sim.run(limit: .duration(20_000_000))   // past the next vsync
            seen.append(sim.render!.serverDrawsOnTwoCores)
        }
        try frame()
        try big.set(.bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10)))   // the old 200 × 100 box is damaged
        try frame()
        try big.set(.backgroundColor, .color(.white))   // a 10 × 10 repaint
        try frame()
        #expect(seen == [true, true, false])
    }
}
