import LayerKit
import LoopSimTestSupport
import LoopSimTrace
import RenderModel
import RunLoopKit
import Simulation
import TaskKit
import Testing

/// Work on Swift's global executor, from a nonisolated async function.
func offTheMainActor(_ recorder: Recorder) async { recorder.append("pool work") }

/// Swift's own awaits on the simulated main thread: what they enqueue on the
/// global executor is a job of the simulated pool, an outside event at the
/// current instant (docs/reference/concurrency.md, "Swift's own awaits"), so they
/// resume in virtual time with the rule R5 commit points.
@Suite(.quiescent, .simulatedMainActor) struct SimulatedMainActorPoolTests {
    typealias T = SimulatedMainActorTests
    static let t0 = T.t0

    @Test("A8.3 with Swift's own Task.yield(): the resumption comes back through the pool, so yellow and green are two commits at t0")
    func swiftYield() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let box = try T.box(in: sim)
            T.timer(sim, at: Self.t0) {
                Task {
                    try box.set(.backgroundColor, yellow)
                    await Task.yield()
                    try box.set(.backgroundColor, green)
                }
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(T.digest(sim) == [
            "\(Self.t0) timer tk",
            "\(Self.t0) SimulatedMainActor job 1", "\(Self.t0) set box #ffff00ff", "\(Self.t0) commit changed=1",
            "\(Self.t0) SimulatedMainActor job 2", "\(Self.t0) set box #00ff00ff", "\(Self.t0) commit changed=1",
        ])
    }

    @Test("A8.7 with Swift's own withCheckedContinuation resumed from a timer: the job arrives after the timer's commit")
    func swiftContinuationFromATimer() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let box = try T.box(in: sim)
            var waiting: CheckedContinuation<Int, Never>?
            Task {
                try box.set(.backgroundColor, yellow)
                let value = await withCheckedContinuation { waiting = $0 }
                sim.log("resumed with \(value)")
                try box.set(.backgroundColor, green)
            }
            T.timer(sim, at: 2_000_000_000) {
                try box.set(.backgroundColor, blue)
                waiting?.resume(returning: 7)
            }
            try sim.advance(to: 3_000_000_000)
        }
        let t = 2_000_000_000 as Nanoseconds
        #expect(T.digest(sim, from: t) == [
            "\(t) timer tk", "\(t) set box #0000ffff", "\(t) commit changed=1",
            "\(t) SimulatedMainActor job 2", "\(t) set box #00ff00ff", "\(t) commit changed=1",
        ])
        #expect(sim.logs.map(\.text) == ["resumed with 7"])
    }

    @Test("awaiting a nonisolated async function hops to the pool and back (SE-0338): a commit point between the two halves")
    func nonisolatedAsyncFunction() throws {
        let sim = checkedSimulation()
        let recorder = Recorder()
        try sim.withSimulatedMainActor { sim in
            let box = try T.box(in: sim)
            T.timer(sim, at: Self.t0) {
                Task {
                    try box.set(.backgroundColor, yellow)
                    await offTheMainActor(recorder)
                    try box.set(.backgroundColor, green)
                }
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(recorder.all == ["pool work"])
        #expect(T.digest(sim) == [
            "\(Self.t0) timer tk",
            "\(Self.t0) SimulatedMainActor job 1", "\(Self.t0) set box #ffff00ff", "\(Self.t0) commit changed=1",
            "\(Self.t0) SimulatedMainActor job 2", "\(Self.t0) set box #00ff00ff", "\(Self.t0) commit changed=1",
        ])
    }

    @Test("a detached task and an async let child run on the simulated pool; awaiting their values resumes the main task in virtual time, the same trace every time")
    func detachedAndAsyncLet() throws {
        var traces: [[String]] = []
        for _ in 0..<10 {
            let sim = checkedSimulation()
            let recorder = Recorder()
            try sim.withSimulatedMainActor { sim in
                T.timer(sim, at: Self.t0) {
                    Task {
                        sim.log("start")
                        let detached = Task.detached { recorder.append("detached"); return 2 }
                        async let child: Int = { recorder.append("child"); return 3 }()
                        let sum = await detached.value + child
                        sim.log("sum \(sum)")
                        try await sim.sleep(for: .milliseconds(10))
                        sim.log("slept")
                    }
                }
                try sim.advance(to: 2_000_000_000)
            }
            #expect(recorder.all == ["detached", "child"])
            #expect(sim.logs.map(\.text) == ["start", "sum 5", "slept"])
            #expect(sim.logs.map(\.time) == [Self.t0, Self.t0, Self.t0 + 10_000_000])
            traces.append(sim.recorder!.events.map { "\($0.t) \($0.iter) \($0.kind)" })
        }
        #expect(Set(traces).count == 1)
    }

    @Test("a pool job still pending when the simulation ends runs at the end")
    func poolJobRunsAtTheEnd() throws {
        let sim = checkedSimulation()
        let recorder = Recorder()
        try sim.withSimulatedMainActor { sim in
            try sim.step()
            _ = Task.detached { recorder.append("pool") }    // enqueued on the simulated main thread
            #expect(sim.pendingWork() == ["outside event 'a job of Swift's cooperative pool' at 0s"])
            #expect(recorder.all.isEmpty)
        }
        #expect(recorder.all == ["pool"])
        #expect(sim.pendingWork().isEmpty)
    }
}

extension SimulatedMainActorPoolTests {
    @Test("a task on the main actor that yields until cancelled is the run loop's busy error, not a hang; cancelled, it lets the end finish")
    func mainTaskYieldingForever() throws {
        let sim = checkedSimulation()
        let recorder = Recorder()
        try sim.withSimulatedMainActor { sim in
            sim.mainLoop.options.busyPassLimit = 1_000
            let task = Task {
                while !Task.isCancelled { await Task.yield() }
                recorder.append("stopped")
            }
            #expect(throws: RunLoopError.self) { try sim.run(limit: .duration(1_000_000)) }
            task.cancel()
        }
        #expect(recorder.all == ["stopped"])
    }

    @Test("a detached task that yields forever stops the run with a trap naming the cause, not a hang")
    func poolTaskYieldingForever() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let sim = Simulation()
            try sim.withSimulatedMainActor { sim in
                _ = Task.detached { while true { await Task.yield() } }
                try sim.run(limit: .duration(1_000_000))
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Swift's cooperative pool ran 100000 jobs at t=0s of the simulation without virtual time advancing"))
    }
}
