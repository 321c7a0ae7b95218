import Foundation
import LayerKit
import LoopSimTrace
import RenderModel
import Scenario
import Simulation
import Testing

/// An app team's test: the tap's yellow never reaches the screen, because
/// the main thread is blocked before the run loop commits it.
@Suite struct ButtonTests {
    let scenario = """
        display size=(200,100) hz=60
        view button frame=(50,30,100,40) background=red

        at 1s:
            set button.background = yellow
            sleep 3s
            set button.background = green

        run until=6s
        expect never visible button.background == yellow
        """

    /// A fresh folder for this test's frames.
    func framesFolder(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        return folder
    }

    @Test func yellowNeverReachesTheScreen() throws {
        let outcome = try ScenarioRunner.run(source: scenario, path: "button.loop", render: .spawn(frames: framesFolder("button")))
        #expect(outcome.failure == nil)
        #expect(outcome.allPassed)
        #expect(outcome.pendingWork.isEmpty)

        // A trace event: the tap's commit, at 4 s, carries one transaction.
        let commits = outcome.events.compactMap { event -> (Int64, TraceEvent.CommitInfo)? in
            if case .commit(let info) = event.kind { return (event.t, info) }
            return nil
        }
        #expect(commits.count == 2)
        #expect(commits.last?.0 == 4_000_000_000)
        #expect(commits.last?.1.changed == 1)

        // A pixel of a presented frame: red before the tap, green after it.
        let before = try #require(try outcome.frameImage(onScreenAt: 500_000_000))
        let after = try #require(try outcome.frameImage(onScreenAt: 5_000_000_000))
        #expect(before.pixel(x: 100, y: 50) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(after.pixel(x: 100, y: 50) == RGBA8(r: 0, g: 255, b: 0, a: 255))
        #expect(outcome.presentedValue("button", .backgroundColor, at: 5_000_000_000) == .color(RGBA(r: 0, g: 1, b: 0)))
    }

    @Test func aSimulationDrivenStepByStep() throws {
        let sim = Simulation()
        try sim.attachRenderServer(.spawn, display: .init(width: 64, height: 64), frames: framesFolder("steps"))
        defer { sim.detachRenderServer() }
        let box = sim.layers.makeLayer(name: "box", root: true)
        try box.set(.bounds, .rect(Rect(x: 0, y: 0, width: 64, height: 64)))
        try box.set(.position, .point(Point(x: 32, y: 32)))
        try box.set(.backgroundColor, .color(RGBA(r: 0, g: 0, b: 1)))
        #expect(sim.pendingWork() == ["implicit transaction 1 (begun at 0s) is still open"])

        try sim.step()                     // one pass: the implicit commit ships the box
        #expect(sim.layers.commits.count == 1)
        try sim.advance(to: 100_000_000)   // the vsync latches it; on screen a vsync later
        let shown = try #require(sim.presentedState(of: box, at: sim.now))
        #expect(shown.value(of: .backgroundColor) == .color(RGBA(r: 0, g: 0, b: 1)))
        let frame = try #require(try sim.frameImage(onScreenAt: sim.now))
        #expect(frame.pixel(x: 10, y: 10) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(sim.pendingWork().isEmpty)
    }
}
