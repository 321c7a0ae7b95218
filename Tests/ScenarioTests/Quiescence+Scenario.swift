import LoopSimTestSupport
import Scenario
import Testing

/// Registers `outcome` for the end-of-test quiescence check: its
/// `pendingWork` (as of the scenario's last statement) must be exactly
/// `leaving`, and its run loop's and layer context's invariants must hold.
func quiescent(_ outcome: ScenarioOutcome, leaving: [String] = [],
               sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ScenarioOutcome {
    QuiescenceRegistry.current?.register(at: sourceLocation) { (outcome.pendingWork, leaving) }
    let sim = outcome.simulation
    QuiescenceRegistry.current?.registerInvariants(of: "run loop", at: sourceLocation) { sim.mainLoop._invariantViolations() }
    QuiescenceRegistry.current?.registerInvariants(of: "layer context", at: sourceLocation) { sim.layers._invariantViolations() }
    return outcome
}
