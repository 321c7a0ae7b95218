// The closed sets of values of the task events (`docs/guide/trace-format.md`,
// `docs/reference/concurrency.md`). Their raw values are the strings the trace writes.

extension TraceEvent {
    /// How a task was made (`task.create`'s `kind`).
    public enum TaskKind: String, Sendable, CaseIterable {
        /// `task NAME:` or `task NAME main:` (`Task { }`).
        case task
        /// `task NAME immediate:` (`Task.immediate { }`).
        case immediate
        /// `task NAME detached:` (`Task.detached { }`).
        case detached
        /// `async let NAME:`, a structured child.
        case asyncLet
        /// `addTask NAME:` in a `group:`, a structured child.
        case groupChild
    }

    /// Where a task's jobs run: the main queue or the cooperative pool.
    public enum TaskExecutor: String, Sendable, CaseIterable {
        case main, pool
    }

    /// Why a job was enqueued, what a task suspended on, or why it resumed.
    public enum TaskReason: String, Sendable, CaseIterable {
        case start, yield, sleep, background, continuation, main, value, children, cancel
    }

    /// What made a suspended task runnable again (`task.resume`'s `from`).
    public enum TaskResumeSource: String, Sendable, CaseIterable {
        /// Work on the cooperative pool (a wake, a hop, a child's end).
        case pool
        /// The main thread (a main-context `resume` or `cancel`).
        case main
        /// Another thread (`at T resume`, `at T cancel`).
        case outside
    }

    /// Who set a task's cancellation flag (`task.cancel`'s `by`).
    public enum TaskCancelSource: String, Sendable, CaseIterable {
        /// A `cancel` action.
        case action
        /// `at T cancel`.
        case outside
        /// The cancellation of its structured parent.
        case parent
        /// The end of the `async let`'s scope.
        case scope
    }

    /// How a task's body finished (`task.end`'s `result`).
    public enum TaskResult: String, Sendable, CaseIterable {
        case returned, cancelled
    }
}
