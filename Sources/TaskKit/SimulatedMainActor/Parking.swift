import RunLoopKit

/// Where a task waits in a simulated sleep, yield or continuation: a
/// one-job executor (the "cooperative pool" of the model, docs/reference/concurrency.md).
///
/// The task suspends by hopping to a ``ParkingSpot`` actor whose executor
/// this is: the Swift runtime enqueues the task here, synchronously, on the
/// simulated main thread, and the job stays until ``wake(_:in:)``. Waking
/// runs it here; it returns to its `@SimulatedMainActor` caller, and that
/// hop enqueues it on the simulated main queue. No thread of Swift's global
/// executor is involved, so the resumption lands at a deterministic point:
/// a wake delivered as an outside event (at the sleep's deadline, or at the
/// next receive for a yield or a resumed continuation) puts the job on the
/// main queue then, and the run loop's rules decide when it runs.
///
/// Touched only on the simulated main thread (checked in ``enqueue(_:)``).
final class Parking: SerialExecutor, @unchecked Sendable {
    enum Kind { case sleep, yield, continuation }
    enum Outcome: Sendable { case woken, ended }

    let kind: Kind
    var job: UnownedJob?
    var outcome = Outcome.woken
    /// The outside event that wakes it, to cancel when the simulation ends.
    var wakeEvent: Int?
    /// The task was cancelled before it parked (a sleep wakes at once).
    var cancelRequested = false
    /// Called once the task is parked (on the simulated main thread).
    var onParked: ((Parking) -> Void)?

    init(_ kind: Kind) { self.kind = kind }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    func enqueue(_ job: consuming ExecutorJob) {
        precondition(self.job == nil, "a simulated sleep, yield or continuation parked two jobs")
        precondition(SimulatedMainExecutor.shared.isOnSimulatedMainThread,
                     "a task parked in a simulated sleep, yield or continuation off the simulated main thread; await them only from @SimulatedMainActor code")
        self.job = UnownedJob(job)
        let parked = onParked
        onParked = nil
        parked?(self)
    }

    /// Resumes the parked task with `outcome`; its hop back to the
    /// simulated main actor enqueues it there. `context` drops the wake event
    /// when the wake comes from elsewhere (the simulation's end).
    func wake(_ outcome: Outcome, in context: SimContext) {
        if let id = wakeEvent {
            wakeEvent = nil
            context.cancel(id)
        }
        guard let job else { return }
        self.job = nil
        self.outcome = outcome
        job.runSynchronously(on: asUnownedSerialExecutor())
    }
}

/// The actor a task hops to in order to park on a ``Parking``.
actor ParkingSpot {
    let parking: Parking

    init(_ parking: Parking) { self.parking = parking }

    nonisolated var unownedExecutor: UnownedSerialExecutor { parking.asUnownedSerialExecutor() }

    /// Returns how the task was woken.
    func outcome() -> Parking.Outcome { parking.outcome }
}
