import LoopSimTestSupport
import Simulation
import Testing

/// A simulation registered for the end-of-test quiescence check: its
/// `pendingWork()` when the test ends must be exactly `leaving`.
func checkedSimulation(leaving: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) -> Simulation {
    let sim = Simulation()
    QuiescenceRegistry.current?.register(at: sourceLocation) { (sim.pendingWork(), leaving) }
    return sim
}
