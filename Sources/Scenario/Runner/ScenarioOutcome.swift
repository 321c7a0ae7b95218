import LayerKit
import LoopSimTrace
import Simulation

/// What a scenario run produced.
public struct ScenarioOutcome {
    /// The trace, complete up to the end or up to the failure.
    public var events: [TraceEvent]
    public var expectations: [ExpectationResult]
    /// A runtime failure (a busy loop, a run that did not settle), positioned
    /// at the statement that was running.
    public var failure: Diagnostic?
    /// What had no effect (`docs/guide/guard-rails.md`), in file order; empty
    /// when the run failed.
    public var warnings: [ScenarioWarning] = []
    /// What was still pending when the last statement ended (see
    /// ``Simulation/pendingWork()``); empty when the run was quiescent.
    public var pendingWork: [String]
    /// The simulation that ran: its layers, presentations and frames.
    public let simulation: Simulation
    /// The scenario's named layers and views.
    public let layers: [String: Layer]

    /// The fate of every set in ``events`` (``ChangeFate/fates(in:)``);
    /// empty for a streamed trace, whose events are not kept.
    public var fates: [ChangeFate] { ChangeFate.fates(in: events) }

    public var allPassed: Bool { failure == nil && expectations.allSatisfy(\.passed) }
}
