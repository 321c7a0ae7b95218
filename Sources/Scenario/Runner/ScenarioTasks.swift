import LoopSimTrace
import TaskKit

/// What a scenario's run knows about its Swift tasks: the scheduler (made
/// with the first task statement, so that scenarios without tasks are
/// unchanged), every instance by statement name, and the task whose job is
/// running now.
struct ScenarioTasks {
    /// The running job's task and whether it runs on the pool; nil outside
    /// any task (a callout, or a nested run inside a job).
    struct Current {
        var task: ScriptedTask
        var pool: Bool
    }

    var scheduler: TaskScheduler?
    /// Every instance of each `task`, `async let` and `addTask` name, in
    /// creation order (`NAME`, `NAME.2`, …).
    var instances: [String: [ScriptedTask]] = [:]
    var current: Current?

    /// The name the next instance of `name` gets.
    func instanceName(_ name: String) -> String {
        let count = instances[name]?.count ?? 0
        return count == 0 ? name : "\(name).\(count + 1)"
    }
}

/// The interpreter's state for one task: a program counter per open block
/// (the body, a `group:`, an `await main:` or `await continuation c:`
/// block), the `async let` children of the body, and the exit in progress.
final class TaskProgram {
    enum FrameKind {
        case body
        /// A `group:` and the children its `addTask`s made.
        case group([ScriptedTask])
        /// `await continuation c:`: suspends at the end unless resumed.
        case continuation(ScriptedContinuation)
        /// `await main:`: a pool task goes back to the pool at the end.
        case awaitMain
    }

    struct Frame {
        var actions: [Action]
        var pc = 0
        var pool: Bool
        var kind: FrameKind
    }

    var frames: [Frame]
    /// The body's `async let` children, in declaration order.
    var asyncLets: [(name: String, task: ScriptedTask, awaited: Bool)] = []
    /// Set when the body has finished (normally or by cancellation): the
    /// `async let` children are then cancelled and awaited.
    var exiting: TraceEvent.TaskResult?
    /// The job suspended in `await sleep`: whether it was `nothrow`.
    var sleeping: Bool?

    init(body: [Action], pool: Bool) {
        frames = [Frame(actions: body, pool: pool, kind: .body)]
    }
}

/// `checkCancellation` (or an interrupted `await sleep`) in a cancelled
/// task: CancellationError ends the body.
struct TaskCancelled: Error {}
