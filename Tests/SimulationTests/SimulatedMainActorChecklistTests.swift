import LayerKit
import LoopSimSystem
import LoopSimTestSupport
import LoopSimTrace
import RenderModel
import RunLoopKit
import Simulation
import TaskKit
import Testing

/// More of the spec's checklist (A8) with real Swift tasks: where jobs run
/// among drains, blocks and nested runs.
@Suite(.quiescent, .simulatedMainActor) struct SimulatedMainActorChecklistTests {
    typealias T = SimulatedMainActorTests
    static let t0 = T.t0, ms = T.ms

    @Test("A8.2 a task started from a main-queue block waits for the pass after the drain: blue commits first, then yellow, both at t0")
    func firstJobAfterADrain() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let box = try T.box(in: sim)
            T.timer(sim, at: Self.t0) {
                sim.mainLoop.enqueueMain(name: "async main") {
                    try box.set(.backgroundColor, blue)
                    Task { try box.set(.backgroundColor, yellow) }
                }
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(T.digest(sim) == [
            "\(Self.t0) timer tk", "\(Self.t0) async main", "\(Self.t0) set box #0000ffff", "\(Self.t0) commit changed=1",
            "\(Self.t0) SimulatedMainActor job 1", "\(Self.t0) set box #ffff00ff", "\(Self.t0) commit changed=1",
        ])
        #expect(sim.layers.commits.count == 3)
    }

    @Test("A8.9 two tasks in one drain: a1 b1 in one drain, one BeforeWaiting, then a2 b2")
    func twoTasksInOneDrain() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            T.timer(sim, at: Self.t0) {
                for name in ["a", "b"] {
                    Task {
                        sim.log("\(name)1")
                        try await sim.yield()
                        sim.log("\(name)2")
                    }
                }
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(sim.logs.map(\.text) == ["a1", "b1", "a2", "b2"])
        // Jobs 1 and 2 share a pass, and so do jobs 3 and 4; a BeforeWaiting comes between.
        let events = sim.recorder!.events
        func iter(_ job: Int) -> Int? { events.first { $0.kind == .callout(kind: .mainQueue, name: "SimulatedMainActor job \(job)") }?.iter }
        #expect(iter(1) == iter(2) && iter(3) == iter(4) && iter(1)! < iter(3)!)
        func index(_ job: Int) -> Int? { events.firstIndex { $0.kind == .callout(kind: .mainQueue, name: "SimulatedMainActor job \(job)") } }
        let between = events[index(2)!..<index(3)!]
        #expect(between.filter { $0.kind == .activity(.beforeWaiting, mode: "default") }.count == 1)
    }

    @Test("A8.12 a sleep that ends while the main thread is blocked: the job is enqueued during the block and runs in the next pass, through the shortcut")
    func sleepEndsDuringABlock() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            T.timer(sim, at: 1_000_000_000, "start") {
                Task {
                    try await sim.sleep(for: .milliseconds(100))
                    sim.log("woke")
                }
            }
            T.timer(sim, at: 1_050_000_000, "blk") { sim.context.block(for: 200 * Self.ms) }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(sim.logs.map(\.time) == [1_250_000_000])
        let events = sim.recorder!.events
        let blk = try #require(events.firstIndex { $0.kind == .calloutEnd(kind: .timer, name: "blk") })
        let job = try #require(events.firstIndex { $0.kind == .callout(kind: .mainQueue, name: "SimulatedMainActor job 2") })
        // No BeforeWaiting between the timer's callout and the job: the shortcut took it.
        #expect(!events[blk..<job].contains { $0.kind == .activity(.beforeWaiting, mode: "default") })
    }

    @Test("A8.15 no jobs inside a drain: a task started in a main-queue block that runs a nested run waits for the block to return")
    func noJobsInsideADrain() throws {
        let sim = checkedSimulation(leaving: ["repeating timer 'keep' (every 0.01s) next due at 2s in mode default"])
        try sim.withSimulatedMainActor { sim in
            let keep = SimTimer(name: "keep", fireDate: 10 * Self.ms, interval: 10 * Self.ms, context: sim.context) { _ in }
            sim.mainLoop.add(keep, to: .default)
            T.timer(sim, at: 1_000_000_000) {
                sim.mainLoop.enqueueMain(name: "async main") {
                    Task { sim.log("job") }
                    try sim.run(limit: .duration(300 * Self.ms))
                }
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(sim.logs.map(\.time) == [1_300_000_000])
    }

    @Test("a job enqueued on another thread during a callout waits in the inbox; the next servicing (here the shortcut after the timer's pass) takes it in")
    func inboxDuringARun() throws {
        let sim = checkedSimulation()
        let recorder = Recorder()
        try sim.withSimulatedMainActor { sim in
            T.timer(sim, at: Self.t0) {
                // A thread of its own (not Swift's pool), joined before the
                // callout returns, so the enqueue happens at a known point.
                let thread = try SystemThread.start { _ = Task { @SimulatedMainActor in recorder.append("job") } }
                thread.join()
                #expect(sim.mainLoop.pendingMainQueueCount == 0)
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(recorder.all == ["job"])
        #expect(T.digest(sim) == ["\(Self.t0) timer tk", "\(Self.t0) SimulatedMainActor job 1"])
        #expect(SimulatedMainActorLifecycleTests.notes(sim) == ["\(Self.t0) 1 @SimulatedMainActor job(s) enqueued on another thread taken into the main queue"])
    }

    @Test("A8.14 a custom mode that is not common holds jobs back: the task's first job runs only after the nested modal run returns")
    func customModeHoldsJobsBack() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let modal = RunLoopMode(rawValue: "modal")
            let keep = SimTimer(name: "modal keep", fireDate: 10_000_000_000, context: sim.context) { _ in }
            sim.mainLoop.add(keep, to: modal)
            T.timer(sim, at: 1_000_000_000) {
                Task { sim.log("job") }
                try sim.run(mode: modal, limit: .duration(500 * Self.ms))
                sim.mainLoop.invalidate(keep)
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(sim.logs.map(\.time) == [1_500_000_000])
    }

    @Test("A8.16 a task started in a BeforeWaiting observer: that pass's commit comes first, then the wait returns at once for the job")
    func taskFromABeforeWaitingObserver() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let box = try T.box(in: sim)
            T.timer(sim, at: Self.t0) {
                try box.set(.backgroundColor, blue)
                let starter = SimObserver(name: "starter", activities: .beforeWaiting, repeats: false, order: 100) { _, _ in
                    Task { try box.set(.backgroundColor, yellow) }
                }
                sim.mainLoop.add(starter, to: .common)
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(T.digest(sim) == [
            "\(Self.t0) timer tk", "\(Self.t0) set box #0000ffff", "\(Self.t0) commit changed=1",
            "\(Self.t0) SimulatedMainActor job 1", "\(Self.t0) set box #ffff00ff", "\(Self.t0) commit changed=1",
        ])
        let wakes = sim.recorder!.events.filter { $0.t == Self.t0 }.compactMap { if case .wake(let r) = $0.kind { r } else { nil } }
        #expect(wakes.contains(.mainQueue))
    }
}
