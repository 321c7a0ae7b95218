import LoopSimTestSupport
import Testing
@testable import Simulation
import RunLoopKit

/// The simulated main thread: input events, run limits and bounds.
@Suite(.quiescent) struct SimulationTests {
    let second: Nanoseconds = 1_000_000_000

    @Test("an input event is a version-1 message in the common modes: it is handled during a tracking run")
    func inputEventDuringTracking() throws {
        let sim = checkedSimulation()
        sim.postInputEvent(at: 500_000_000, name: "tap") { sim.log("tap") }
        let starter = SimTimer(name: "scroll", fireDate: 100_000_000, context: sim.context) { _ in
            try sim.run(mode: .tracking, limit: .duration(second))
        }
        sim.mainLoop.add(starter, to: .default)
        try sim.run(limit: .until(2 * second))
        #expect(sim.logs.map(\.time) == [500_000_000])
        let event = try #require(sim.recorder?.events.first { if case .callout(.event, _, _) = $0.kind { true } else { false } })
        #expect(event.kind == .callout(kind: .event, name: "tap"))
        // The callout happened inside the nested tracking run (depth 2).
        let begins = sim.recorder!.events.filter { $0.name == "run.begin" }
        #expect(begins.compactMap { if case .runBegin(let mode, _) = $0.kind { mode } else { nil } } == ["default", "tracking"])
    }

    @Test("a timer due exactly at the run's deadline does not fire in it: the timeout wins the tie")
    func timeoutWinsTieWithTimer() throws {
        let sim = checkedSimulation()
        var fired: [Nanoseconds] = []
        let t = SimTimer(name: "t", fireDate: 2 * second, context: sim.context) { _ in fired.append(sim.now) }
        sim.mainLoop.add(t, to: .default)
        let result = try sim.run(limit: .until(2 * second))
        #expect(result == .timedOut)
        #expect(fired.isEmpty)
        try sim.run(limit: .duration(0))
        #expect(fired == [2 * second])
    }

    @Test("run until a time already past runs nothing and warns")
    func untilInThePast() throws {
        let sim = checkedSimulation()
        sim.context.block(for: second)
        let result = try sim.run(limit: .until(second / 2))
        #expect(result == .timedOut)
        #expect(sim.recorder!.events.contains { $0.name == "warn" })
        #expect(!sim.recorder!.events.contains { $0.name == "run.begin" })
    }

    @Test("run iterations=N makes exactly N passes and returns stopped")
    func iterations() throws {
        let sim = checkedSimulation(leaving: ["repeating timer 't' (every 1s) next due at 4s in mode default"])
        let t = SimTimer(name: "t", fireDate: second, interval: second, context: sim.context) { _ in }
        sim.mainLoop.add(t, to: .default)
        let before = sim.context.pass
        let result = try sim.run(limit: .iterations(3))
        #expect(result == .stopped)
        #expect(sim.context.pass - before == 3)
        #expect(sim.now == 3 * second)   // each pass sleeps until the next fire, then fires
    }

    @Test("an unbounded run with nothing to wake it returns idle")
    func idle() throws {
        let sim = checkedSimulation()
        sim.postInputEvent(at: second, name: "tap") { sim.log("tap") }
        let result = try sim.run(limit: .idle(max: 10 * second))
        #expect(result == .idle)
        #expect(sim.now == second)
    }

    @Test("an unbounded run that never settles stops at its bound with an error naming the timer")
    func settleBound() throws {
        let sim = checkedSimulation(leaving: ["repeating timer 'heartbeat' (every 1s) next due at 6s in mode default,tracking"])
        let t = SimTimer(name: "heartbeat", fireDate: second, interval: second, context: sim.context) { _ in }
        sim.mainLoop.add(t, to: .common)
        #expect {
            try sim.run(limit: .idle(max: 5 * second))
        } throws: { error in
            guard case RunLoopError.notSettled(let message) = error else { return false }
            return message.contains("'heartbeat'") && message.contains("5s")
        }
        #expect(sim.mainLoop.settleDeadline == nil)
    }

    @Test("outside events due at a run's start are delivered before its first pass")
    func dueEventsFirst() throws {
        let sim = checkedSimulation()
        var performed = false
        let s = SimSource(name: "s") { _ in performed = true }
        sim.mainLoop.add(s, to: .default)
        sim.context.schedule(at: 0, label: "signal s") { s.signal(in: sim.context) }
        let result = try sim.run(limit: .duration(0))
        #expect(performed)
        #expect(result == .timedOut)
    }
}
