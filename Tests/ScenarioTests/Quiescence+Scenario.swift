import LoopSimTestSupport
import Scenario
import Testing

/// Registers `outcome` for the end-of-test quiescence check: its
/// `pendingWork` (as of the scenario's last statement) must be exactly
/// `leaving`.
func quiescent(_ outcome: ScenarioOutcome, leaving: [String] = [],
               sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ScenarioOutcome {
    QuiescenceRegistry.current?.register(at: sourceLocation) { (outcome.pendingWork, leaving) }
    return outcome
}
