import LoopSimTrace
import RunLoopKit
import TaskKit
import Testing

/// `TaskScheduler` on a bare main run loop: the enqueue paths, the pool's
/// cores, cancellation of a sleep, and continuation misuse
/// (docs/reference/concurrency.md).
@Suite struct TaskSchedulerTests {
    let recorder = TraceRecorder()
    let context: SimContext
    let loop: SimRunLoop
    let scheduler: TaskScheduler

    init() {
        context = SimContext(trace: recorder)
        loop = SimRunLoop(context: context, isMain: true)
        scheduler = TaskScheduler(loop: loop)
    }

    /// A task whose jobs return `outcomes` in turn, then end.
    func task(_ name: String, _ isolation: TraceEvent.TaskExecutor, _ outcomes: [JobOutcome], log: @escaping (String) -> Void = { _ in }) -> ScriptedTask {
        var remaining = outcomes
        return scheduler.create(name: name, kind: isolation == .main ? .task : .detached, isolation: isolation, parent: nil) { task in
            log("\(task.name)#\(task.jobs)")
            return remaining.isEmpty ? .end(.returned) : remaining.removeFirst()
        }
    }

    func run(for duration: Int64) throws {
        // A timer keeps the default mode alive for the run.
        let keep = SimTimer(name: "keep", fireDate: duration, interval: 0, context: context) { _ in }
        loop.add(keep, to: .default)
        _ = try loop.run(in: .default, timeout: duration)
    }

    @Test("a main task started on the main thread is enqueued directly; with taskStart = .viaPool, one hop later")
    func enqueuePaths() throws {
        let direct = task("a", .main, [])
        scheduler.start(direct, from: .main)
        #expect(loop.pendingMainQueueCount == 1)

        scheduler.taskStart = .viaPool
        let viaPool = task("b", .main, [])
        scheduler.start(viaPool, from: .main)
        #expect(loop.pendingMainQueueCount == 1)
        try run(for: 1_000)
        #expect(direct.result == .returned && viaPool.result == .returned)
        #expect(loop.pendingMainQueueCount == 0)
    }

    @Test("with one core, two busy pool jobs run one after the other; each sleep keeps its core")
    func oneCore() throws {
        scheduler.cores = 1
        let a = task("a", .pool, [.suspend(.busy(100))])
        let b = task("b", .pool, [.suspend(.busy(100))])
        scheduler.start(a, from: .pool)
        scheduler.start(b, from: .pool)
        try run(for: 1_000)
        #expect(a.endTime == 100 && b.endTime == 200)
    }

    @Test("cancelling a sleeping task removes its wake and resumes it at once with reason cancel")
    func cancelInterruptsASleep() throws {
        let t = task("t", .main, [.suspend(.sleep(10_000))])
        scheduler.start(t, from: .main)
        context.schedule(at: 500, label: "cancel") { [scheduler] in scheduler.cancel(t, by: .outside, from: .outside) }
        try run(for: 1_000)
        #expect(t.endTime == 500 && t.isCancelled && t.lastResume == .cancel)
        #expect(context.pendingOutsideEvents.isEmpty)
        #expect(recorder.events.contains { $0.t == 500 && $0.kind == .taskResume(task: 1, reason: .cancel, from: .outside) })
    }

    @Test("a continuation resumed twice throws the misuse; resumed before its await, the await does not suspend")
    func continuationMisuse() throws {
        let c = scheduler.continuation("c")
        let t = task("t", .main, [])
        #expect(c.arm(t))
        try scheduler.resume(c, from: .main)
        #expect(c.isResumed)
        #expect(throws: ContinuationMisuse.self) { try scheduler.resume(c, from: .main) }

        let early = scheduler.continuation("early")
        try scheduler.resume(early, from: .outside)
        #expect(!early.arm(t))
        #expect(early.state == .done)
    }
}
