import LoopSimTrace

/// Swift concurrency in the language (`docs/reference/concurrency.md`): tasks, awaits,
/// structured children, cancellation and continuations.

/// How a `task` statement makes its task.
package enum TaskFlavor: String, Sendable, Equatable {
    /// `task t:` — `Task { }`, isolation inherited from the context.
    case inherit
    /// `task t detached:` — `Task.detached { }`, on the pool.
    case detached
    /// `task t immediate:` — `Task.immediate { }`: runs in the caller until
    /// it suspends.
    case immediate
    /// `task t main:` — `Task { @MainActor in }`.
    case main
}

/// What an `await` waits for.
package enum AwaitKind: Sendable, Equatable {
    /// `await yield`
    case yield
    /// `await sleep D [tolerance=D] [nothrow]`
    case sleep(Int64, tolerance: Int64, nothrow: Bool)
    /// `await background D`
    case background(Int64)
    /// `await main:` with its synchronous block.
    case main(body: [Action])
    /// `await continuation c` (body nil) or `await continuation c:` with a
    /// body that runs synchronously first.
    case continuation(name: String, body: [Action]?)
    /// `await value t`
    case value(String)
}

/// The task statements added to ``ActionKind`` (see `ActionKind.task`).
package enum TaskAction: Sendable, Equatable {
    /// `task NAME [detached|immediate|main]:`
    case task(name: String, flavor: TaskFlavor, body: [Action])
    /// `await …` (only directly in a task, `async let` or `addTask` body).
    case await(AwaitKind)
    /// `async let NAME:` — a child on the pool, started now.
    case asyncLet(name: String, body: [Action])
    /// `group:` — `withTaskGroup`; waits for every child at its end.
    case group(body: [Action])
    /// `addTask NAME:` inside a `group:`.
    case addTask(name: String, body: [Action])
    /// `cancel NAME` — every live instance of the task or child.
    case cancel(String)
    /// `checkCancellation` — `try Task.checkCancellation()`.
    case checkCancellation
}

/// `pool cores=N hop=D`.
package struct PoolDecl: Sendable, Equatable {
    /// nil: unbounded.
    package var cores: Int?
    package var hop: Int64
    package var location: SourceLocation
}
