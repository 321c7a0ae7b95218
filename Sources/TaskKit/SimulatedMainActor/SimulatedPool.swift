import LoopSimSystem

/// Swift's cooperative pool (the global concurrent executor), as seen from
/// the simulated main thread: a job that code running there enqueues on the
/// global executor — a resumption through the pool (a continuation resumed,
/// `Task.yield()`), a non-isolated async function, a detached task, a
/// child task — becomes an outside event of the simulation at the current
/// instant (a hop of 0 ns), delivered at the main thread's next receive or
/// during a block, and runs there, on this executor. A job enqueued on any
/// other thread goes to the real pool, as before.
///
/// The jobs are taken over through the Swift runtime's
/// `swift_task_enqueueGlobal_hook` (installed once, the first time a
/// simulation is attached; a hook installed before it is kept and called
/// for the jobs it passes on). Without that symbol nothing is taken over,
/// and such jobs leave virtual time (docs/reference/concurrency.md, "From Swift").
final class SimulatedPool: TaskExecutor, @unchecked Sendable {
    /// The pool of the simulated main thread.
    static let shared = SimulatedPool()

    private init() {}

    /// Only a task whose executor preference is this pool enqueues here
    /// (LoopSim makes none): on the simulated main thread the job is the
    /// pool's; elsewhere it goes to Swift's global executor.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if !SimulatedMainExecutor.shared.takePoolJob(job) { globalConcurrentExecutor.enqueue(job) }
    }

    func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// The runtime's hook variable, if the runtime exports it.
    /// `nonisolated(unsafe)`: the pointer is set once (a lazy `let`); the
    /// variable it points to is written only by ``isInstalled``'s
    /// initializer, which runs once (`swift_once`), and read by the runtime.
    nonisolated(unsafe) private static let hookSlot: UnsafeMutablePointer<Hook?>? =
        RuntimeSymbol.address(of: "swift_task_enqueueGlobal_hook")?.assumingMemoryBound(to: Hook?.self)

    /// The hook that was installed before ours (read before ours goes in).
    private static let previousHook: Hook? = hookSlot?.pointee

    /// Installs the hook (once, thread-safe); false when the runtime has no
    /// hook variable.
    static let isInstalled: Bool = {
        guard let slot = hookSlot else { return false }
        _ = previousHook
        slot.pointee = { job, original in
            if SimulatedMainExecutor.shared.takePoolJob(job) { return }
            if let previous = SimulatedPool.previousHook { previous(job, original) } else { original(job) }
        }
        return true
    }()
}
