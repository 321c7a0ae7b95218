import LayerKit
import LoopSimTrace
import RunLoopKit
import Scenario
import Simulation
import Testing

/// A finished run releases everything it made (docs/guide/library.md): a library
/// user or `loopsim test` running many scenarios in one process must not
/// keep each run's simulation, trace and layers alive.
@Suite struct ReleaseTests {
    struct Weak {
        weak var simulation: Simulation?
        weak var context: SimContext?
        weak var loop: SimRunLoop?
        weak var layers: LayerContext?
        weak var recorder: TraceRecorder?
        var alive: [String] {
            [("simulation", simulation as AnyObject?), ("context", context), ("loop", loop), ("layers", layers), ("recorder", recorder)]
                .compactMap { $0.1 == nil ? nil : $0.0 }
        }
    }

    func run(_ source: String, render: Bool) throws -> Weak {
        var w = Weak()
        do {
            let outcome = try ScenarioRunner.run(source: source, render: render ? .init(transport: .thread(.renderServer), frames: "/nonexistent/loopsim-release/frames") : nil)
            let sim = outcome.simulation
            w.simulation = sim; w.context = sim.context; w.loop = sim.mainLoop; w.layers = sim.layers; w.recorder = sim.recorder
        }
        return w
    }

    @Test(arguments: [false, true])
    func aPlainRunReleasesItsSimulation(render: Bool) throws {
        let w = try run("""
            layer root frame=(0,0,100,100) background=red
            timer t every=10ms:
                set root.background = blue
            at 5ms:
                set root.background = green
            at 2s signal s
            source s:
                log "s"
            displaylink dl:
                set root.opacity = 0.5
            run until=50ms
            """, render: render)
        #expect(w.alive == [])
    }

    @Test(arguments: [false, true])
    func aBusyRunReleasesItsSimulation(render: Bool) throws {
        let w = try run("""
            at 34ms signal spin
            source spin order=0:
                log "spin"
                signal spin nowake
            run until=1.5s
            """, render: render)
        #expect(w.alive == [])
    }
}
