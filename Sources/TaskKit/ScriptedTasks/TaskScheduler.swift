import LoopSimTrace
import RunLoopKit

/// Swift concurrency on the simulated main thread (`docs/reference/concurrency.md`):
/// MainActor jobs are items of the main dispatch queue (`SimRunLoop`'s
/// ``SimRunLoop/enqueueMain(name:_:)``, FIFO with `DispatchQueue.main.async`
/// blocks, callout kind `mainQueue`, named `task NAME#JOB`), and the
/// cooperative pool is another thread: everything it does is an outside
/// event of the ``SimContext``, delivered while the main thread waits or is
/// blocked.
///
/// Resumptions come back through the pool (R5): a resumed MainActor task is
/// enqueued on the main queue one ``hop`` after its `task.resume`, by an
/// outside event, so a 0-ns hop made during a callout lands at the main
/// thread's next receive — after the next BeforeWaiting.
///
/// ```swift
/// let scheduler = TaskScheduler(loop: mainLoop)
/// let task = scheduler.create(name: "t", kind: .task, isolation: .main, parent: nil) { task in
///     // one job: run until the next suspension
///     return task.jobs == 1 ? .suspend(.yield) : .end(.returned)
/// }
/// scheduler.start(task, from: .main)   // enqueued on the main queue
/// ```
///
/// Not thread-safe, like the run loop it drives.
public final class TaskScheduler {
    /// How a main-isolated task started from the main thread gets its first
    /// job onto the main queue.
    public enum TaskStart: Sendable {
        /// Swift 6 (SE-0431): enqueued directly, as `DispatchQueue.main.async`.
        case direct
        /// Before SE-0431: started on the global executor, then a hop.
        case viaPool
    }

    public let loop: SimRunLoop
    public var context: SimContext { loop.context }
    /// The latency of a hop between the pool and the main queue (ns).
    public var hop: Nanoseconds = 0
    /// The pool's cores; nil: unbounded.
    public var cores: Int?
    public var taskStart = TaskStart.direct
    /// Every task made so far, in creation order.
    public private(set) var tasks: [ScriptedTask] = []
    /// The first error a pool job threw (it cannot throw into the run
    /// loop); once set, nothing else runs.
    public private(set) var failure: (any Error)?
    /// Called once with ``failure``.
    public var onFailure: ((any Error) -> Void)?

    enum PoolWork {
        case job(ScriptedTask, Int)
        case background(ScriptedTask, Nanoseconds)
    }

    var ready: [PoolWork] = []
    var readyHead = 0
    var busyCores = 0
    var pumpScheduled = false
    var continuations: [String: ScriptedContinuation] = [:]

    public init(loop: SimRunLoop) {
        self.loop = loop
    }

    /// The continuation slot named `name` (made on first use).
    public func continuation(_ name: String) -> ScriptedContinuation {
        if let c = continuations[name] { return c }
        let c = ScriptedContinuation(name: name)
        continuations[name] = c
        return c
    }

    /// Makes a task (`task.create`); it runs nothing until ``start(_:from:)``
    /// or ``runImmediately(_:)``.
    public func create(name: String, kind: TraceEvent.TaskKind, isolation: TraceEvent.TaskExecutor, parent: ScriptedTask?,
                       step: @escaping (ScriptedTask) throws -> JobOutcome) -> ScriptedTask {
        let task = ScriptedTask(id: tasks.count + 1, name: name, kind: kind, isolation: isolation, parent: parent, step: step)
        tasks.append(task)
        parent?.children.append(task)
        context.emit(.taskCreate(task: task.id, name: name, kind: kind, isolation: isolation, parent: parent?.id))
        return task
    }

    /// Enqueues the first job: directly on the main queue for a main task
    /// started on the main thread (``taskStart``), else through a hop; on
    /// the pool for a pool task.
    public func start(_ task: ScriptedTask, from executor: TraceEvent.TaskExecutor) {
        switch (task.isolation, executor) {
        case (.main, .main) where taskStart == .direct:
            enqueueMain(task, reason: .start)
        case (.main, _):
            afterHop { $0.enqueueMain(task, reason: .start) }
        case (.pool, .main):
            afterHop { $0.enqueuePool(task, reason: .start) }
        case (.pool, .pool):
            enqueuePool(task, reason: .start)
        }
    }

    /// `Task.immediate`: job 1 runs now, inside the caller, until the first
    /// real suspension.
    public func runImmediately(_ task: ScriptedTask) throws {
        task.jobs = 1
        if task.isolation == .pool {
            context.emit(.taskRun(task: task.id, job: 1, executor: .pool))
            busyCores += 1
            runPoolStep(task, job: 1)
            return
        }
        context.emit(.taskRun(task: task.id, job: 1, executor: .main))
        try runMain(task, job: 1)
    }

    // MARK: Jobs

    /// Appends a job of `task` to the main queue (`task.enqueue`).
    func enqueueMain(_ task: ScriptedTask, reason: TraceEvent.TaskReason) {
        guard failure == nil, !task.hasEnded else { return }
        task.jobs += 1
        let job = task.jobs
        task.state = .queued
        context.emit(.taskEnqueue(task: task.id, job: job, executor: .main, reason: reason))
        let name = "task \(task.name)#\(job)"
        loop.enqueueMain(name: name) { [unowned self] in
            context.emit(.taskRun(task: task.id, job: job, executor: .main))
            try runMain(task, job: job)
        }
    }

    private func runMain(_ task: ScriptedTask, job: Int) throws {
        guard failure == nil else { return }
        task.state = .running
        let outcome = try task.step(task)
        handle(outcome, of: task, job: job)
    }

    /// Runs `body` one hop from now, as the pool (an outside event).
    func afterHop(_ body: @escaping (TaskScheduler) -> Void) {
        context.schedule(at: VirtualTime.saturatingSum(context.now, hop), label: nil) { [unowned self] in
            guard failure == nil else { return }
            body(self)
        }
    }

    /// Records the first failure and reports it (``onFailure``); from then
    /// on nothing else runs.
    public func fail(_ error: any Error) {
        guard failure == nil else { return }
        failure = error
        onFailure?(error)
    }

    /// The tasks that have not ended, in creation order.
    public var liveTasks: [ScriptedTask] { tasks.filter { !$0.hasEnded } }
}
