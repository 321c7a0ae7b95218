import RunLoopKit
import TaskKit

/// Real `async` Swift code in virtual time: the simulation as the main
/// thread of ``SimulatedMainActor`` (docs/reference/concurrency.md, "From Swift").
///
///     let sim = Simulation()
///     try sim.withSimulatedMainActor { sim in       // the body is @SimulatedMainActor code
///         let box = sim.layers.makeLayer(name: "box", root: true)
///         Task {                                     // a task on the simulated main actor
///             try box.set(.backgroundColor, .color(yellow))
///             try await sim.sleep(for: .milliseconds(100))
///             try box.set(.backgroundColor, .color(green))
///         }
///         try sim.advance(to: 1_000_000_000)         // runs its jobs in virtual time
///     }
extension Simulation {
    /// Attaches this simulation to ``SimulatedMainActor``: the actor's jobs
    /// become blocks on this simulation's main queue. Jobs enqueued on the
    /// thread that runs the simulation go on the queue at once; jobs
    /// enqueued on other threads (a test's own async context) wait in a
    /// locked inbox that the main queue takes in at its next servicing.
    ///
    /// - Throws: ``SimulatedMainActorError/alreadyAttached`` when another
    ///   simulation is attached (one at a time).
    public func attachSimulatedMainActor() throws(SimulatedMainActorError) {
        try SimulatedMainExecutor.shared.attach(mainLoop)
    }

    /// Ends this simulation's hold on ``SimulatedMainActor`` (nothing when it
    /// is not attached): the jobs left run off the loop, tasks parked in
    /// ``sleep(for:)``, ``yield()`` or ``withContinuation(_:)`` are resumed
    /// with ``SimulatedMainActorError/simulationEnded(_:)``, and the actor is
    /// detached (``SimulatedMainExecutor/end(_:)``). A simulation that goes
    /// away ends it too.
    public func endSimulatedMainActor() {
        SimulatedMainExecutor.shared.end(mainLoop)
    }

    /// Whether this simulation is the one attached to ``SimulatedMainActor``.
    public var isAttachedToSimulatedMainActor: Bool {
        SimulatedMainExecutor.shared.isAttached(mainLoop)
    }

    /// Runs `body` as `@SimulatedMainActor` code on the calling thread, which
    /// is the simulated main thread until it returns: tasks it starts put
    /// their first job on the main queue at once (FIFO with `enqueueMain`),
    /// and the runs it makes (``run(mode:limit:returnAfterSource:)``,
    /// ``step(mode:)``, ``advance(to:mode:)``) run their jobs.
    ///
    /// Attaches the simulation for the scope when it was not attached, and
    /// then ends it (``endSimulatedMainActor()``) when `body` returns or throws.
    ///
    /// - Throws: ``SimulatedMainActorError/alreadyAttached`` when another
    ///   simulation is attached; whatever `body` throws.
    public func withSimulatedMainActor<R>(_ body: @SimulatedMainActor (Simulation) throws -> R) throws -> R {
        let executor = SimulatedMainExecutor.shared
        let attachedHere = !executor.isAttached(mainLoop)
        if attachedHere { try executor.attach(mainLoop) }
        defer { if attachedHere { executor.end(mainLoop) } }
        executor.runWillBegin(mainLoop)
        defer { executor.runDidEnd(mainLoop) }
        // The calling thread now is the actor's executor (checked by the
        // executor on every enqueue), so the body may run as isolated to it,
        // as `MainActor.assumeIsolated` runs its closure.
        typealias Plain = (Simulation) throws -> R
        return try withoutActuallyEscaping(body) { isolated in
            try unsafeBitCast(isolated, to: Plain.self)(self)
        }
    }

    /// `try await Task.sleep(for: duration)` in virtual time: the task's next
    /// job is put on the main queue at `now + duration`, by a dispatch timer
    /// (an outside event, not a run-loop timer: it fires in every mode),
    /// and runs when the main queue is next serviced.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (a cancel
    ///   on the simulated main thread wakes it at once, through the pool; one
    ///   from another thread is seen at the deadline);
    ///   ``SimulatedMainActorError/simulationEnded(_:)``
    ///   when this simulation is not attached or ends during the sleep;
    ///   ``SimulatedMainActorError/timeOutOfRange(_:)`` past the end of
    ///   virtual time.
    @SimulatedMainActor
    public func sleep(for duration: Duration) async throws {
        try await SimulatedMainExecutor.shared.sleep(Simulation.nanoseconds(duration), on: mainLoop)
    }

    /// `await Task.yield()` in virtual time: the task's next job comes back
    /// through the pool, at the next receive, so the pass's BeforeWaiting
    /// (and its commit) comes first: a yield is a commit point.
    @SimulatedMainActor
    public func yield() async throws {
        try await SimulatedMainExecutor.shared.yield(on: mainLoop)
    }

    /// `withCheckedContinuation` in virtual time: `body` runs at once; the
    /// task waits until the continuation is resumed (from a timer's
    /// callout, say), and its next job then arrives after that pass's
    /// commit, as a resumption through the pool does.
    @SimulatedMainActor
    public func withContinuation<T>(_ body: (SimulatedContinuation<T>) -> Void) async throws -> T {
        try await SimulatedMainExecutor.shared.withContinuation(on: mainLoop, body)
    }

    /// Runs the main run loop in `mode` for `duration` of virtual time
    /// (``run(mode:limit:returnAfterSource:)`` with a `.duration` limit):
    /// the `Duration` spelling of a step, for code that sleeps with
    /// ``sleep(for:)``.
    @discardableResult
    public func run(for duration: Duration, mode: RunLoopMode = .default) throws -> RunResult {
        try run(mode: mode, limit: .duration(Simulation.nanoseconds(duration)))
    }

    /// `duration` in whole nanoseconds (rounded down), clamped to `Int64`.
    static func nanoseconds(_ duration: Duration) -> Nanoseconds {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return VirtualTime.saturatingSum(whole, attoseconds / 1_000_000_000)
    }
}
