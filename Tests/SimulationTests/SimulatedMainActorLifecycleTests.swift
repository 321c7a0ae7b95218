import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Simulation
import Synchronization
import TaskKit
import Testing

/// What jobs and tasks record, from any thread.
final class Recorder: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// Driving `@SimulatedMainActor` from a test: the inbox for jobs from other
/// threads, attaching and ending, and the misuses that must give a clear
/// error, never a hang (docs/reference/concurrency.md, "From Swift").
@Suite(.quiescent, .simulatedMainActor) struct SimulatedMainActorLifecycleTests {
    static func notes(_ sim: Simulation) -> [String] {
        sim.recorder!.events.compactMap { if case .note(let text) = $0.kind { "\($0.t) \(text)" } else { nil } }
    }

    @Test("a task started on the test's thread outside any run waits in the inbox and runs at the run's first servicing, on the simulated main thread")
    func inboxTakenInAtTheNextServicing() throws {
        let sim = checkedSimulation()
        try sim.attachSimulatedMainActor()
        defer { sim.endSimulatedMainActor() }
        let recorder = Recorder()
        Task { @SimulatedMainActor in recorder.append("ran, main thread: \(SimulatedMainExecutor.shared.isOnSimulatedMainThread)") }
        #expect(sim.pendingWork() == ["1 @SimulatedMainActor job(s) in the inbox, enqueued on other threads"])
        #expect(recorder.all.isEmpty)
        try sim.step()
        #expect(recorder.all == ["ran, main thread: true"])
        #expect(Self.notes(sim) == ["0 1 @SimulatedMainActor job(s) enqueued on another thread taken into the main queue"])
        let callouts = sim.recorder!.events.compactMap { if case .callout(.mainQueue, let name, _) = $0.kind { name } else { nil } }
        #expect(callouts == ["SimulatedMainActor job 1"])
    }

    @Test("jobs enqueued on other threads, each awaited by the test before the next step, run in enqueue order: the same trace on every repetition")
    func otherThreadsAwaitedStepByStep() async throws {
        var traces: [[String]] = []
        for _ in 0..<10 {
            let sim = checkedSimulation()
            try sim.attachSimulatedMainActor()
            let recorder = Recorder()
            for step in 0..<3 {
                for i in 0..<2 {
                    // Another thread (Swift's global executor) starts the task.
                    await Task.detached { _ = Task { @SimulatedMainActor in recorder.append("\(step).\(i)") } }.value
                }
                try sim.step()
            }
            sim.endSimulatedMainActor()
            #expect(recorder.all == ["0.0", "0.1", "1.0", "1.1", "2.0", "2.1"])
            traces.append(sim.recorder!.events.map { "\($0.t) \($0.iter) \($0.kind)" })
        }
        #expect(Set(traces).count == 1)
    }

    @Test("a sleep that the simulation's end interrupts throws simulationEnded, and a sleep on the ended simulation throws at once: the task ends, nothing hangs")
    func sleepOnAnEndedSimulation() async throws {
        let sim = checkedSimulation()
        let recorder = Recorder()
        let task = try sim.withSimulatedMainActor { sim in
            let task = Task {
                do { try await sim.sleep(for: .seconds(1)) } catch { recorder.append("first: \(error)") }
                do { try await sim.sleep(for: .seconds(1)) } catch { recorder.append("second: \(error)") }
                recorder.append("now \(sim.now)")
            }
            try sim.advance(to: 500_000_000)
            #expect(sim.pendingWork() == ["outside event 'simulation.sleep wakes a task at 1s' at 1s"])
            return task
        }
        await task.value
        #expect(recorder.all.count == 3)
        #expect(recorder.all.first?.hasPrefix("first: simulation.sleep(for:) was awaited on a simulation that is not attached") == true)
        #expect(recorder.all.dropFirst().first?.hasPrefix("second: simulation.sleep(for:) was awaited on a simulation that is not attached") == true)
        #expect(recorder.all.last == "now 500000000")
        #expect(!sim.isAttachedToSimulatedMainActor)
    }

    @Test("a sleep on a simulation that is not the attached one throws simulationEnded at once")
    func sleepOnADetachedSimulation() throws {
        let sim = checkedSimulation()
        let recorder = Recorder()
        try sim.withSimulatedMainActor { sim in
            let other = Simulation()
            Task {
                do { try await other.sleep(for: .milliseconds(1)); recorder.append("slept") } catch { recorder.append("\(error)") }
            }
            try sim.step()
        }
        #expect(recorder.all.count == 1)
        #expect(recorder.all.first?.hasPrefix("simulation.sleep(for:) was awaited on a simulation that is not attached to @SimulatedMainActor: it has ended (or was never attached)") == true)
    }

    @Test("ending a simulation resumes a task waiting in withContinuation with simulationEnded, so a test awaiting it does not hang")
    func endResumesAContinuation() async throws {
        let sim = checkedSimulation()
        let task = try sim.withSimulatedMainActor { sim in
            let task = Task { () async throws -> Int in
                try await sim.withContinuation { (_: SimulatedContinuation<Int>) in }
            }
            try sim.step()
            #expect(sim.pendingWork() == ["1 task(s) suspended in simulation.withContinuation, not resumed"])
            return task
        }
        await #expect(throws: SimulatedMainActorError.self) { try await task.value }
    }

    @Test("one simulation at a time: a second attach throws alreadyAttached, and succeeds once the first has ended")
    func oneSimulationAtATime() throws {
        let first = checkedSimulation(), second = checkedSimulation()
        try first.attachSimulatedMainActor()
        try first.attachSimulatedMainActor()   // the same one again: nothing happens
        #expect(throws: SimulatedMainActorError.alreadyAttached) { try second.attachSimulatedMainActor() }
        #expect(SimulatedMainActorError.alreadyAttached.description.hasPrefix("another simulation is already attached to @SimulatedMainActor"))
        first.endSimulatedMainActor()
        try second.attachSimulatedMainActor()
        #expect(second.isAttachedToSimulatedMainActor && !first.isAttachedToSimulatedMainActor)
        second.endSimulatedMainActor()
    }

    @Test("a simulation that goes away ends its hold on the actor")
    func deinitEnds() throws {
        do {
            let sim = Simulation()
            try sim.attachSimulatedMainActor()
        }
        let next = checkedSimulation()
        try next.attachSimulatedMainActor()
        next.endSimulatedMainActor()
    }

    @Test("a job enqueued while no simulation is attached traps with a message that names the fix")
    func enqueueWithoutASimulationTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Task { @SimulatedMainActor in }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("a job was enqueued on @SimulatedMainActor, but no simulation is attached to it, so nothing would ever run it."))
        #expect(stderr.contains("Attach the simulation before starting tasks on it"))
    }

    @Test("a SimulatedContinuation resumed twice traps with Swift's message")
    func continuationResumedTwiceTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let sim = Simulation()
            try sim.withSimulatedMainActor { sim in
                Task {
                    let _: Int = try await sim.withContinuation { c in
                        c.resume(returning: 1)
                        c.resume(returning: 2)
                    }
                }
                try sim.step()
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("SWIFT TASK CONTINUATION MISUSE: simulation.withContinuation tried to resume its continuation more than once"))
    }
}

extension SimulatedMainActorLifecycleTests {
    @Test("a simulation attached inside one of its own runs: jobs from then on wait in the inbox until the next servicing, and the run's end stays balanced")
    func attachedInsideARun() throws {
        let sim = checkedSimulation()
        let recorder = Recorder()
        let t = SimTimer(name: "attach", fireDate: 1_000_000_000, context: sim.context) { _ in
            try sim.attachSimulatedMainActor()
            Task { @SimulatedMainActor in recorder.append("job") }
        }
        sim.mainLoop.add(t, to: .common)
        try sim.mainLoop.run(in: .default, timeout: 2_000_000_000)
        #expect(recorder.all == ["job"])
        #expect(!SimulatedMainExecutor.shared.isOnSimulatedMainThread)
        try sim.withSimulatedMainActor { _ in #expect(SimulatedMainExecutor.shared.isOnSimulatedMainThread) }
        sim.endSimulatedMainActor()
    }
}
