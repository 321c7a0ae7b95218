import LoopSimTrace
import RunLoopKit

/// Real suspensions in virtual time: sleep, yield, continuations.
extension SimulatedMainExecutor {
    /// `Task.sleep` in virtual time: a dispatch timer, not a run-loop timer
    /// (docs/concurrency.md). The wake is an outside event at `now +
    /// duration` (independent of run-loop modes); it puts the task's next job
    /// on the main queue, where the main-queue rules decide when it runs.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (checked when
    ///   the sleep starts and when it wakes);
    ///   ``SimulatedMainActorError/simulationEnded(_:)`` when `loop`'s
    ///   simulation is not attached, or ends during the sleep;
    ///   ``SimulatedMainActorError/timeOutOfRange(_:)`` past the end of
    ///   virtual time.
    @SimulatedMainActor
    public func sleep(_ duration: Nanoseconds, on loop: SimRunLoop) async throws {
        try checkAttached(loop, "simulation.sleep(for:)")
        try Task.checkCancellation()
        let context = loop.context
        guard let wake = VirtualTime.checkedSum(context.now, max(0, duration)) else {
            throw SimulatedMainActorError.timeOutOfRange(VirtualTime.outOfRange("simulation.sleep(for: \(duration) ns)", from: context.now).description)
        }
        try await park(.sleep, wakeAt: wake, label: "simulation.sleep wakes a task at \(TimeLiteral.format(wake))", on: loop)
        try Task.checkCancellation()
    }

    /// `Task.yield` in virtual time: the task parks, and its wake is an
    /// outside event at the current instant, delivered at the next receive
    /// (after the pass's BeforeWaiting and its commit), as a resumption
    /// through the cooperative pool is (docs/concurrency.md).
    @SimulatedMainActor
    public func yield(on loop: SimRunLoop) async throws {
        try checkAttached(loop, "simulation.yield()")
        try await park(.yield, wakeAt: loop.context.now, label: "simulation.yield resumes a task", on: loop)
    }

    /// `withCheckedContinuation` in virtual time. `body` runs at once, on
    /// the simulated main actor; when it resumed the continuation already,
    /// the call returns without suspending. Otherwise the task parks until
    /// ``SimulatedContinuation/resume(with:)``, whose wake is an outside
    /// event at the instant of the resume (the pool hop of the model: the
    /// resumed job arrives after the resuming pass's commit).
    @SimulatedMainActor
    public func withContinuation<T>(on loop: SimRunLoop, _ body: (SimulatedContinuation<T>) -> Void) async throws -> T {
        try checkAttached(loop, "simulation.withContinuation")
        let continuation = SimulatedContinuation<T>(loop: loop)
        body(continuation)
        if let result = continuation.result { return try result.get() }
        let parking = Parking(.continuation)
        continuation.parking = parking
        parking.onParked = { [unowned self] p in self.parked.append(p) }
        let outcome = await ParkingSpot(parking).outcome()
        if outcome == .ended { throw SimulatedMainActorError.simulationEnded(Self.endedMessage("simulation.withContinuation")) }
        return try continuation.result!.get()
    }

    /// Wakes a task parked by a continuation (``SimulatedContinuation``).
    func scheduleWake(_ parking: Parking, on loop: SimRunLoop) {
        parking.wakeEvent = loop.context.schedule(at: loop.context.now, label: nil, pendingAs: "a resumed continuation wakes a task") { [unowned self] in
            self.unpark(parking, loop.context)
        }
    }

    @SimulatedMainActor
    private func park(_ kind: Parking.Kind, wakeAt wake: Nanoseconds, label: String, on loop: SimRunLoop) async throws {
        let parking = Parking(kind)
        parking.onParked = { [unowned self] p in
            self.parked.append(p)
            p.wakeEvent = loop.context.schedule(at: wake, label: nil, pendingAs: label) { [unowned self] in self.unpark(p, loop.context) }
        }
        let outcome = await ParkingSpot(parking).outcome()
        if outcome == .ended { throw SimulatedMainActorError.simulationEnded(Self.endedMessage(kind == .sleep ? "simulation.sleep(for:)" : "simulation.yield()")) }
    }

    private func unpark(_ parking: Parking, _ context: SimContext) {
        if let i = parked.firstIndex(where: { $0 === parking }) { parked.remove(at: i) }
        parking.wakeEvent = nil
        parking.wake(.woken, in: context)
    }

    private func checkAttached(_ loop: SimRunLoop, _ what: String) throws(SimulatedMainActorError) {
        guard self.loop === loop, !ending else { throw .simulationEnded(Self.endedMessage(what)) }
    }
}

/// A continuation resumed in virtual time (``SimulatedMainExecutor/withContinuation(on:_:)``).
/// Resume it exactly once, on the simulated main thread (a timer's, a
/// source's or a main-queue callout, or another task on the actor).
public final class SimulatedContinuation<T> {
    let loop: SimRunLoop
    var result: Result<T, any Error>?
    var parking: Parking?

    init(loop: SimRunLoop) { self.loop = loop }

    /// Resumes the task with `value`.
    public func resume(returning value: T) { resume(with: .success(value)) }

    /// Resumes the task by throwing `error` from its `await`.
    public func resume(throwing error: any Error) { resume(with: .failure(error)) }

    /// Resumes the task with `result`. Traps when resumed twice (Swift's
    /// message) or off the simulated main thread.
    public func resume(with result: Result<T, any Error>) {
        let executor = SimulatedMainExecutor.shared
        precondition(executor.isOnSimulatedMainThread, "a SimulatedContinuation was resumed off the simulated main thread; resume it from the simulation's callouts or @SimulatedMainActor code")
        precondition(self.result == nil, "SWIFT TASK CONTINUATION MISUSE: simulation.withContinuation tried to resume its continuation more than once")
        self.result = result
        if let parking, parking.job != nil { executor.scheduleWake(parking, on: loop) }
    }
}
