import LoopSimTrace
import RenderModel
import RunLoopKit
import Simulation
import Testing

/// The trace limit (docs/reference/limits.md): a run that would record more trace
/// events than the limit stops with an error, keeping the events up to it.
@Suite("Trace event limit")
struct TraceLimitTests {
    @Test("past the limit the run stops with an error naming the limit and the time; the trace keeps exactly the limit")
    func stops() throws {
        let simulation = Simulation(traceLimit: 50)
        var fired = 0
        let timer = SimTimer(name: "tick", fireDate: 1_000_000, interval: 1_000_000, context: simulation.context) { _ in fired += 1 }
        simulation.mainLoop.add(timer, to: .default)
        let error = #expect(throws: TraceLimitError.self) { try simulation.run(limit: .duration(1_000_000_000)) }
        #expect(error?.limit == 50)
        #expect(error?.description.hasPrefix("the trace reached its limit of 50 events at ") == true)
        #expect(simulation.recorder?.events.count == 50)
        // Stopped at the next pass, not after 1,000 timer fires.
        #expect(fired < 20)
        #expect(simulation.now < 100_000_000)
    }

    @Test("a simulation's trace is bounded by the table's limit by default")
    func defaultLimit() {
        #expect(Simulation().recorder?.limit == RenderLimits.maxTraceEvents)
        #expect(RenderLimits.maxTraceEvents == 4_194_304)
    }
}
