import LoopSimTrace
import RunLoopKit

/// One Swift task on the simulated machine (`docs/reference/concurrency.md`): a
/// `Task { }`, `Task.detached { }`, `Task.immediate { }`, an `async let`
/// child or a task-group child.
///
/// A task does not run code itself: its ``step`` closure runs one job (the
/// code from a resumption to the next suspension) and says how the job
/// ended (``JobOutcome``); the ``TaskScheduler`` decides where and when the
/// next job runs. Not `Sendable`: the simulation is single-threaded.
public final class ScriptedTask {
    /// Where a task is in its life.
    public enum State: Equatable, Sendable {
        /// A job is enqueued (on the main queue or the pool) or about to be.
        case queued
        /// A job is running.
        case running
        /// Suspended at an `await`.
        case suspended(on: TraceEvent.TaskReason)
        /// The body finished.
        case ended(TraceEvent.TaskResult)
    }

    /// The task's number, in creation order from 1 (the trace's `task`).
    public let id: Int
    /// The instance's name: the statement's name, then `NAME.2`, `NAME.3`, ….
    public let name: String
    public let kind: TraceEvent.TaskKind
    /// Where its jobs run.
    public let isolation: TraceEvent.TaskExecutor
    /// The structured parent (`async let`, `addTask`); nil for unstructured tasks.
    public private(set) weak var parent: ScriptedTask?
    /// Structured children, in creation order.
    public internal(set) var children: [ScriptedTask] = []
    /// Whether `cancel()` was called on it (or on a structured ancestor).
    public internal(set) var isCancelled = false
    public internal(set) var state: State = .queued
    /// Jobs so far (the last job's number).
    public internal(set) var jobs = 0
    /// Why the last resumption happened (`cancel` when a sleep was
    /// interrupted by cancellation); nil before the first.
    public internal(set) var lastResume: TraceEvent.TaskReason?
    /// When the body finished.
    public internal(set) var endTime: Nanoseconds?

    /// Runs one job; called by the scheduler on the task's executor.
    let step: (ScriptedTask) throws -> JobOutcome
    /// The pending wake of a `Task.sleep` (an outside event's id).
    var sleepWake: Int?
    /// Tasks waiting for this one to end, and why (`value` or `children`).
    var waiters: [(task: ScriptedTask, reason: TraceEvent.TaskReason)] = []
    /// Children still running while this task waits for them (`children`).
    var pendingChildren = 0

    init(id: Int, name: String, kind: TraceEvent.TaskKind, isolation: TraceEvent.TaskExecutor, parent: ScriptedTask?,
         step: @escaping (ScriptedTask) throws -> JobOutcome) {
        self.id = id
        self.name = name
        self.kind = kind
        self.isolation = isolation
        self.parent = parent
        self.step = step
    }

    /// Whether the body finished.
    public var hasEnded: Bool {
        if case .ended = state { return true }
        return false
    }

    /// How the body finished, or nil while it runs.
    public var result: TraceEvent.TaskResult? {
        if case .ended(let r) = state { return r }
        return nil
    }
}

/// How a job ended: at a suspension point, or at the end of the body.
public enum JobOutcome {
    case suspend(Suspension)
    case end(TraceEvent.TaskResult)
}

/// What a job suspended on (`task.suspend`'s `on`), and `busy`, which is not
/// a suspension.
public enum Suspension {
    /// `await Task.yield()`.
    case yield
    /// `try await Task.sleep(for: D)`: a dispatch timer at now + D, not a
    /// run-loop timer.
    case sleep(Nanoseconds)
    /// A non-isolated async function doing D of work on the pool.
    case background(Nanoseconds)
    /// `withCheckedContinuation`, not resumed yet (armed by
    /// ``ScriptedContinuation/arm(_:)``).
    case continuation(ScriptedContinuation)
    /// `await t.value` of a task that has not ended.
    case value(ScriptedTask)
    /// Waiting for structured children (a group's end, an `async let`'s
    /// scope exit).
    case children([ScriptedTask])
    /// A pool task's `await MainActor.run { }`: its next job runs on main.
    case main
    /// The end of that main job: the next job runs on the pool again.
    case backToPool
    /// `sleep D` in a pool job: the core stays busy for D, then the same job
    /// goes on. Not a suspension point.
    case busy(Nanoseconds)
}
