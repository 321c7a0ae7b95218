import LoopSimSystem
import LoopSimTrace
import RunLoopKit
import Synchronization

/// The `SerialExecutor` of ``SimulatedMainActor``: its jobs are blocks on
/// the main queue of the simulation attached to it.
///
/// - ``enqueue(_:)`` on the simulated main thread (the thread running the
///   attached simulation, or inside its `withSimulatedMainActor` scope)
///   appends the job to the main queue at once, as `DispatchQueue.main.async`
///   does: FIFO with the simulation's other main-queue blocks.
/// - ``enqueue(_:)`` on any other thread puts the job in a locked inbox;
///   the main queue takes the inbox in at its next servicing
///   (``MainQueueFeeder``), or before the simulated thread's next
///   main-queue enqueue.
/// - A main-queue item runs its job with `runSynchronously(on:)`, inside a
///   `mainQueue` callout named `SimulatedMainActor job N` (N counts the
///   jobs since the simulation was attached).
/// - With no simulation attached, ``enqueue(_:)`` traps with a message:
///   nothing would ever run the job.
///
/// Thread-safe where it must be: the inbox, the attachment and the owner
/// thread are guarded by a mutex; everything else (the loop, the queue of
/// jobs not yet run, the parked tasks) is touched only by the simulated
/// main thread, which is checked (`@unchecked Sendable` on that basis).
public final class SimulatedMainExecutor: SerialExecutor, MainQueueFeeder, @unchecked Sendable {
    /// The executor of ``SimulatedMainActor``.
    public static let shared = SimulatedMainExecutor()

    struct Guarded {
        var attached = false
        var inbox: [UnownedJob] = []
        /// The simulated main thread, while a run or a scope holds it.
        var owner: ThreadIdentity?
        var claims = 0
    }

    private let guarded = Mutex(Guarded())
    /// The inbox's length, read without the lock on every servicing.
    private let inboxCount = Atomic<Int>(0)
    /// Whether a simulation is attached, read without the lock by the
    /// global executor's hook (``SimulatedPool``) on every job of the process.
    private let attachedFlag = Atomic<Bool>(false)
    var hasAttachment: Bool { attachedFlag.load(ordering: .acquiring) }

    // The simulated main thread's state (see the type's discussion).
    /// The attached simulation's main loop.
    var loop: SimRunLoop?
    /// Jobs put on the main queue and not yet run, in main-queue order.
    var pending: [UnownedJob] = []
    var pendingHead = 0
    /// Tasks suspended in a simulated sleep, yield or continuation.
    var parked: [Parking] = []
    /// Jobs of Swift's pool enqueued on the simulated main thread, not run yet.
    var poolHops: [PoolHop] = []
    /// The instant of the last pool job, and how many ran at it.
    var poolInstant: Nanoseconds = -1
    var poolJobsAtInstant = 0
    var jobCount = 0
    /// Counts attachments: a main-queue item left from an earlier one (its
    /// job run by that simulation's end) does nothing.
    var generation = 0
    var ending = false

    init() {}

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Puts `job` on the attached simulation's main queue (on the simulated
    /// main thread) or in the inbox (on any other thread).
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let me = ThreadIdentity.current
        let direct: Bool? = guarded.withLock { g in
            guard g.attached else { return nil }
            if g.owner == me { return true }
            g.inbox.append(job)
            inboxCount.add(1, ordering: .releasing)
            return false
        }
        guard let direct else {
            // fatalError, not precondition: the message prints in every build.
            fatalError("a job was enqueued on @SimulatedMainActor, but no simulation is attached to it, so nothing would ever run it. "
                + "A Task { @SimulatedMainActor in … } was started, or a function isolated to it called (a test function marked @SimulatedMainActor is one), "
                + "before sim.attachSimulatedMainActor() (or sim.withSimulatedMainActor { … }), or after that simulation ended; "
                + "or a task resumed through Swift's global executor (Task.sleep, Task.yield, withCheckedContinuation) came back after the end. "
                + "Attach the simulation before starting tasks on it, run @SimulatedMainActor test code inside sim.withSimulatedMainActor { … }, "
                + "await sim.sleep/yield/withContinuation rather than Swift's own, and end the simulation only once its tasks are done (docs/reference/concurrency.md, \"From Swift\").")
        }
        if direct {
            if inboxCount.load(ordering: .acquiring) > 0 { moveInbox() }
            append(job)
        }
    }

    /// `assumeIsolated` and `preconditionIsolated` on the simulated main
    /// actor hold only on the simulated main thread.
    public func checkIsolated() {
        precondition(isOnSimulatedMainThread, "code assumed it runs on @SimulatedMainActor, but this thread is not the simulated main thread: "
            + "only a run of the attached simulation, or its withSimulatedMainActor scope, runs that actor's code.")
    }

    /// Whether the calling thread is the simulated main thread now.
    public var isOnSimulatedMainThread: Bool {
        let me = ThreadIdentity.current
        return guarded.withLock { $0.owner == me }
    }

    /// Whether a simulation whose main loop is `loop` is attached.
    public func isAttached(_ loop: SimRunLoop) -> Bool {
        guardedAttached && self.loop === loop
    }

    // MARK: The simulated main thread

    /// Appends `job` to the queue of jobs not yet run and, unless the
    /// simulation is ending, a main-queue item that runs it.
    private func append(_ job: UnownedJob) {
        pending.append(job)
        guard !ending, let loop else { return }
        jobCount += 1
        let name = loop.context.trace == nil ? "SimulatedMainActor job" : "SimulatedMainActor job \(jobCount)"
        let generation = self.generation
        loop.enqueueMain(name: name) { [unowned self] in
            if generation == self.generation { self.runNextPending() }
        }
    }

    /// Runs the oldest job not yet run (nothing when the simulation's end
    /// has run it already).
    func runNextPending() {
        guard pendingHead < pending.count else { return }
        let job = pending[pendingHead]
        pendingHead += 1
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        } else if pendingHead >= 64, pendingHead * 2 >= pending.count {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
        job.runSynchronously(on: asUnownedSerialExecutor())
    }

    /// Takes the inbox in, in arrival order.
    private func moveInbox() {
        let jobs = guarded.withLock { g in
            let jobs = g.inbox
            g.inbox = []
            inboxCount.store(0, ordering: .releasing)
            return jobs
        }
        guard !jobs.isEmpty else { return }
        if !ending, let loop {
            loop.context.emit(.note(text: "\(jobs.count) @SimulatedMainActor job(s) enqueued on another thread taken into the main queue"))
        }
        for job in jobs { append(job) }
    }

    // MARK: MainQueueFeeder

    public func takeIn(_ loop: SimRunLoop) {
        if inboxCount.load(ordering: .acquiring) > 0 { moveInbox() }
    }

    public func runWillBegin(_ loop: SimRunLoop) { claim() }

    public func runDidEnd(_ loop: SimRunLoop) { release() }

    public func pendingWork() -> [String] {
        var out: [String] = []
        let inbox = inboxCount.load(ordering: .acquiring)
        if inbox > 0 { out.append("\(inbox) @SimulatedMainActor job(s) in the inbox, enqueued on other threads") }
        let waiting = parked.filter { $0.kind == .continuation }.count
        if waiting > 0 { out.append("\(waiting) task(s) suspended in simulation.withContinuation, not resumed") }
        return out
    }

    /// Makes the calling thread the simulated main thread (re-entrant).
    /// Traps when another thread holds it: two threads would run one
    /// single-threaded simulation.
    func claim() {
        let me = ThreadIdentity.current
        let ok = guarded.withLock { g -> Bool in
            if g.owner == nil { g.owner = me; g.claims = 1; return true }
            guard g.owner == me else { return false }
            g.claims += 1
            return true
        }
        if !ok { fatalError("two threads ran the simulation attached to @SimulatedMainActor at once; a simulation is single-threaded: "
            + "run it (run, step, advance, withSimulatedMainActor) from one thread at a time.") }
    }

    var guardedAttached: Bool { guarded.withLock { $0.attached } }

    func attachGuarded() throws(SimulatedMainActorError) {
        let ok = guarded.withLock { g -> Bool in
            guard !g.attached else { return false }
            g.attached = true
            attachedFlag.store(true, ordering: .releasing)
            return true
        }
        if !ok { throw .alreadyAttached }
    }

    func detachGuarded() {
        guarded.withLock { g in
            g.attached = false
            attachedFlag.store(false, ordering: .releasing)
        }
    }

    func release() {
        guarded.withLock { g in
            precondition(g.claims > 0, "SimulatedMainExecutor.release() without a claim: runWillBegin and runDidEnd come in pairs")
            g.claims -= 1
            if g.claims == 0 { g.owner = nil }
        }
    }
}
