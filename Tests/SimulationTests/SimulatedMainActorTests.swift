import LayerKit
import LoopSimTestSupport
import LoopSimTrace
import RenderModel
import RunLoopKit
import Simulation
import TaskKit
import Testing

let yellow = PropertyValue.color(RGBA(r: 1, g: 1, b: 0))
let green = PropertyValue.color(RGBA(r: 0, g: 1, b: 0))
let blue = PropertyValue.color(RGBA(r: 0, g: 0, b: 1))

/// Real `async` code on `@SimulatedMainActor` (docs/reference/concurrency.md, "From
/// Swift"): jobs are main-queue callouts, and the commit points are those of
/// the scenario statements (t0 = 1.005 s, off the 60 Hz vsync grid).
@Suite(.quiescent, .simulatedMainActor) struct SimulatedMainActorTests {
    static let t0: Nanoseconds = 1_005_000_000
    static let ms: Nanoseconds = 1_000_000

    /// The trace reduced to what the rules are about: main-queue callouts,
    /// `set`s (by value) and commits, each with its time.
    static func digest(_ sim: Simulation, from: Nanoseconds = 1) -> [String] {
        sim.recorder!.events.filter { $0.t >= from }.compactMap { e in
            switch e.kind {
            case .callout(.mainQueue, let name, _): return "\(e.t) \(name)"
            case .callout(.timer, let name, _): return "\(e.t) timer \(name)"
            case .set(let layer, _, let value, _): return "\(e.t) set \(layer) \(value)"
            case .commit(let info): return "\(e.t) commit changed=\(info.changed)"
            default: return nil
            }
        }
    }

    /// A layer `box`, committed by the first pass.
    @SimulatedMainActor static func box(in sim: Simulation) throws -> Layer {
        let box = sim.layers.makeLayer(name: "box", root: true)
        try box.set(.backgroundColor, .color(RGBA(r: 1, g: 0, b: 0)))
        try sim.step()
        return box
    }

    /// A one-shot timer at `time` in the common modes.
    @SimulatedMainActor static func timer(_ sim: Simulation, at time: Nanoseconds, _ name: String = "tk", _ body: @escaping () throws -> Void) {
        let t = SimTimer(name: name, fireDate: time, context: sim.context) { _ in try body() }
        sim.mainLoop.add(t, to: .common)
    }

    @Test("A8.4 a simulated sleep is a commit point: yellow commits at t0, the next job runs at t0+100ms and commits green")
    func sleepIsACommitPoint() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let box = try Self.box(in: sim)
            Self.timer(sim, at: Self.t0) {
                Task {
                    try box.set(.backgroundColor, yellow)
                    try await sim.sleep(for: .milliseconds(100))
                    try box.set(.backgroundColor, green)
                }
            }
            try sim.advance(to: 2_000_000_000)
        }
        let t1 = Self.t0 + 100 * Self.ms
        #expect(Self.digest(sim) == [
            "\(Self.t0) timer tk",
            "\(Self.t0) SimulatedMainActor job 1", "\(Self.t0) set box #ffff00ff", "\(Self.t0) commit changed=1",
            "\(t1) SimulatedMainActor job 2", "\(t1) set box #00ff00ff", "\(t1) commit changed=1",
        ])
        // The wake came through the main queue's port, not a run-loop timer.
        let wakes = sim.recorder!.events.filter { $0.t == t1 }.compactMap { if case .wake(let r) = $0.kind { r } else { nil } }
        #expect(wakes == [.mainQueue])
    }

    @Test("A8.1 a task started in a timer callout runs before the commit: the timer's blue and the job's yellow ship in one commit")
    func firstJobMergedWithTheCallout() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let box = try Self.box(in: sim)
            Self.timer(sim, at: Self.t0) {
                try box.set(.backgroundColor, blue)
                Task { try box.set(.backgroundColor, yellow) }
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(Self.digest(sim) == [
            "\(Self.t0) timer tk", "\(Self.t0) set box #0000ffff",
            "\(Self.t0) SimulatedMainActor job 1", "\(Self.t0) set box #ffff00ff", "\(Self.t0) commit changed=1",
        ])
        #expect(sim.layers.commits.count == 2)
    }

    @Test("A8.3 a yield is a commit point: yellow and green are two commits at t0")
    func yieldIsACommitPoint() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let box = try Self.box(in: sim)
            Self.timer(sim, at: Self.t0) {
                Task {
                    try box.set(.backgroundColor, yellow)
                    try await sim.yield()
                    try box.set(.backgroundColor, green)
                }
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(Self.digest(sim) == [
            "\(Self.t0) timer tk",
            "\(Self.t0) SimulatedMainActor job 1", "\(Self.t0) set box #ffff00ff", "\(Self.t0) commit changed=1",
            "\(Self.t0) SimulatedMainActor job 2", "\(Self.t0) set box #00ff00ff", "\(Self.t0) commit changed=1",
        ])
    }

    @Test("A8.7 a continuation resumed from a timer arrives after the timer's commit: blue and green are two commits")
    func continuationResumedFromATimer() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let box = try Self.box(in: sim)
            var waiting: SimulatedContinuation<Int>?
            Task {
                try box.set(.backgroundColor, yellow)
                let value = try await sim.withContinuation { waiting = $0 }
                sim.log("resumed with \(value)")
                try box.set(.backgroundColor, green)
            }
            Self.timer(sim, at: 2_000_000_000) {
                try box.set(.backgroundColor, blue)
                waiting?.resume(returning: 7)
            }
            try sim.advance(to: 3_000_000_000)
        }
        let t = 2_000_000_000 as Nanoseconds
        #expect(Self.digest(sim, from: t) == [
            "\(t) timer tk", "\(t) set box #0000ffff", "\(t) commit changed=1",
            "\(t) SimulatedMainActor job 2", "\(t) set box #00ff00ff", "\(t) commit changed=1",
        ])
        #expect(sim.logs.map(\.text) == ["resumed with 7"])
    }

    @Test("A8.10 jobs are FIFO with enqueueMain blocks: task, async main, task run in one drain in that order")
    func fifoWithMainQueueBlocks() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            Self.timer(sim, at: Self.t0) {
                Task { sim.log("t") }
                sim.mainLoop.enqueueMain(name: "d") { sim.log("d") }
                Task { sim.log("u") }
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(sim.logs.map(\.text) == ["t", "d", "u"])
        #expect(Self.digest(sim) == ["\(Self.t0) timer tk", "\(Self.t0) SimulatedMainActor job 1", "\(Self.t0) d", "\(Self.t0) SimulatedMainActor job 2"])
    }

    @Test("R3 awaiting another simulated-main-actor function that does not suspend is no commit point: one job, one commit")
    func nonSuspendingAwait() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let box = try Self.box(in: sim)
            @SimulatedMainActor func paint(_ value: PropertyValue) async throws { try box.set(.backgroundColor, value) }
            Self.timer(sim, at: Self.t0) {
                Task {
                    try await paint(yellow)
                    try box.set(.backgroundColor, green)
                }
            }
            try sim.advance(to: 2_000_000_000)
        }
        #expect(Self.digest(sim) == [
            "\(Self.t0) timer tk", "\(Self.t0) SimulatedMainActor job 1",
            "\(Self.t0) set box #ffff00ff", "\(Self.t0) set box #00ff00ff", "\(Self.t0) commit changed=1",
        ])
    }

    @Test("A8.13 a simulated sleep is a dispatch timer: it wakes inside a tracking run, where a default-mode timer waits")
    func sleepIgnoresModes() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            Self.timer(sim, at: 1_000_000_000, "scroll") {
                Task {
                    try await sim.sleep(for: .milliseconds(100))
                    sim.log("woke")
                }
                try sim.run(mode: .tracking, limit: .duration(500 * Self.ms))
            }
            let tick = SimTimer(name: "tick", fireDate: 1_050_000_000, context: sim.context) { _ in sim.log("tick") }
            sim.mainLoop.add(tick, to: .default)
            try sim.advance(to: 2_000_000_000)
        }
        #expect(sim.logs.map(\.text) == ["woke", "tick"])
        #expect(sim.logs.map(\.time) == [1_100_000_000, 1_500_000_000])
    }
}

extension SimulatedMainActorTests {
    @Test("A8.23 a cancel during a simulated sleep, from a timer at 2s, resumes the task at 2s with CancellationError, after the timer pass's commit")
    func cancelDuringASleep() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            let task = Task {
                do { try await sim.sleep(for: .seconds(10)) } catch { sim.log("\(type(of: error))") }
            }
            Self.timer(sim, at: 2_000_000_000) { task.cancel() }
            try sim.advance(to: 3_000_000_000)
        }
        #expect(sim.logs.map(\.text) == ["CancellationError"])
        #expect(sim.logs.map(\.time) == [2_000_000_000])
        #expect(Self.digest(sim, from: 2_000_000_000) == ["2000000000 timer tk", "2000000000 SimulatedMainActor job 2"])
    }

    @Test("A8.26 a task cancelled before its sleep starts still suspends, and resumes at the same instant with CancellationError: two jobs")
    func cancelledBeforeTheSleep() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            Self.timer(sim, at: Self.t0) {
                let task = Task {
                    do { try await sim.sleep(for: .seconds(1)) } catch { sim.log("\(type(of: error))") }
                }
                task.cancel()
            }
            try sim.advance(to: 3_000_000_000)
        }
        #expect(sim.logs.map(\.text) == ["CancellationError"])
        #expect(sim.logs.map(\.time) == [Self.t0])
        #expect(Self.digest(sim) == ["\(Self.t0) timer tk", "\(Self.t0) SimulatedMainActor job 1", "\(Self.t0) SimulatedMainActor job 2"])
    }
}

extension SimulatedMainActorTests {
    @Test("inside the scope the calling thread is the actor's: preconditionIsolated holds there and in a job")
    func isolationHoldsInTheScope() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            SimulatedMainActor.shared.preconditionIsolated()
            Task { SimulatedMainActor.shared.preconditionIsolated(); sim.log("job") }
            try sim.step()
        }
        #expect(sim.logs.map(\.text) == ["job"])
    }
}

extension SimulatedMainActorTests {
    @Test("run(for:) takes a Duration; a sleep that wakes exactly at a run's end is delivered, and the timeout wins the tie: its job runs in the next run")
    func runForADuration() throws {
        let sim = checkedSimulation()
        try sim.withSimulatedMainActor { sim in
            Task {
                try await sim.sleep(for: .milliseconds(100))
                sim.log("woke")
            }
            try sim.run(for: .milliseconds(50))
            #expect(sim.now == 50 * Self.ms && sim.logs.isEmpty)
            try sim.run(for: .milliseconds(50))
            #expect(sim.now == 100 * Self.ms && sim.logs.isEmpty)
            #expect(sim.pendingWork() == ["1 main-queue item(s)"])
            try sim.run(for: .zero)              // a polling run drains it
            #expect(sim.logs.map(\.time) == [100 * Self.ms])
        }
    }
}
