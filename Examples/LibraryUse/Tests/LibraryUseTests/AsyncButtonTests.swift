import Foundation
import LayerKit
import RenderModel
import RunLoopKit
import Simulation
import TaskKit
import Testing

/// An app team's test of real `async` code: a tap's task sets yellow,
/// awaits a sleep in virtual time and sets green. The sleep is a commit
/// point, so yellow reaches the screen for 100 ms before green.
@Suite(.serialized) struct AsyncButtonTests {
    let red = RGBA(r: 1, g: 0, b: 0), yellow = RGBA(r: 1, g: 1, b: 0), green = RGBA(r: 0, g: 1, b: 0)

    /// The app's code: what the button's tap handler starts.
    @SimulatedMainActor
    func loadWithSpinnerColour(_ button: Layer, in sim: Simulation) async throws {
        try button.set(.backgroundColor, .color(yellow))
        try await sim.sleep(for: .milliseconds(100))        // Task.sleep, in virtual time
        try button.set(.backgroundColor, .color(green))
    }

    @Test func yellowShowsDuringTheAwaitedSleep() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-async-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        let sim = Simulation()
        try sim.attachRenderServer(.spawn, display: .init(width: 64, height: 64), frames: folder)
        defer { sim.detachRenderServer() }

        let button = try sim.withSimulatedMainActor { sim in   // this closure is @SimulatedMainActor code
            let button = sim.layers.makeLayer(name: "button", isView: true, root: true)   // a view: no implicit animation
            try button.set(.bounds, .rect(Rect(x: 0, y: 0, width: 64, height: 64)))
            try button.set(.position, .point(Point(x: 32, y: 32)))
            try button.set(.backgroundColor, .color(red))
            // The tap at 1.005 s: its handler starts a task on the simulated main actor.
            sim.postInputEvent(at: 1_005_000_000, name: "tap") {
                Task { try await self.loadWithSpinnerColour(button, in: sim) }
            }
            try sim.advance(to: 2_000_000_000)
            return button
        }

        // Which colours the user saw, in order, and when.
        var seen: [(Int64, RGBA)] = []
        for p in sim.presentations {
            guard case .color(let c)? = sim.presentedState(of: button, at: p.present)?.value(of: .backgroundColor) else { continue }
            if seen.last?.1 != c { seen.append((p.present, c)) }
        }
        #expect(seen.map(\.1) == [red, yellow, green])
        let yellowOn = try #require(seen.dropFirst().first?.0), greenOn = try #require(seen.last?.0)
        #expect(yellowOn > 1_005_000_000 && greenOn > 1_105_000_000)
        #expect(greenOn - yellowOn == 100_000_000)          // on screen for the sleep's 100 ms
        let frame = try #require(try sim.frameImage(onScreenAt: yellowOn))
        #expect(frame.pixel(x: 10, y: 10) == RGBA8(r: 255, g: 255, b: 0, a: 255))
        #expect(try sim.frameImage(onScreenAt: greenOn)?.pixel(x: 10, y: 10) == RGBA8(r: 0, g: 255, b: 0, a: 255))
        #expect(sim.pendingWork().isEmpty)
    }
}
