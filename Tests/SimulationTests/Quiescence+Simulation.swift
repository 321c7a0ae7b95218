import LoopSimTestSupport
import Simulation
import Testing

/// A simulation registered for the end-of-test quiescence check: its
/// `pendingWork()` when the test ends must be exactly `leaving`, and its
/// run loop's and layer context's invariants must hold.
func checkedSimulation(leaving: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) -> Simulation {
    let sim = Simulation()
    QuiescenceRegistry.current?.register(at: sourceLocation) { (sim.pendingWork(), leaving) }
    QuiescenceRegistry.current?.registerInvariants(of: "run loop", at: sourceLocation) { sim.mainLoop._invariantViolations() }
    QuiescenceRegistry.current?.registerInvariants(of: "layer context", at: sourceLocation) { sim.layers._invariantViolations() }
    return sim
}
