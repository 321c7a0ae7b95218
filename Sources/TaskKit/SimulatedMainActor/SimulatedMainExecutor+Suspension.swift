import LoopSimTrace
import RunLoopKit

/// Real suspensions in virtual time: sleep, yield, continuations.
extension SimulatedMainExecutor {
    /// `Task.sleep` in virtual time: a dispatch timer, not a run-loop timer
    /// (docs/reference/concurrency.md). The wake is an outside event at `now +
    /// duration` (independent of run-loop modes); it puts the task's next job
    /// on the main queue, where the main-queue rules decide when it runs.
    ///
    /// - Throws: `CancellationError` when the task is cancelled: a cancel on
    ///   the simulated main thread (or before the sleep starts) wakes it at
    ///   the instant of the cancel, through the pool (its next job arrives
    ///   after that pass's commit); a cancel from another thread is seen at
    ///   the deadline;
    ///   ``SimulatedMainActorError/simulationEnded(_:)`` when `loop`'s
    ///   simulation is not attached, or ends during the sleep;
    ///   ``SimulatedMainActorError/timeOutOfRange(_:)`` past the end of
    ///   virtual time.
    @SimulatedMainActor
    public func sleep(_ duration: Nanoseconds, on loop: SimRunLoop) async throws {
        try checkAttached(loop, "simulation.sleep(for:)")
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
    /// through the cooperative pool is (docs/reference/concurrency.md).
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
        // A task cancelled before its sleep starts still suspends, and
        // resumes at once with the error (Task.sleep's cancelledBeforeStarted).
        if kind == .sleep, Task.isCancelled { parking.cancelRequested = true }
        parking.onParked = { [unowned self] p in
            self.parked.append(p)
            let at = p.cancelRequested ? loop.context.now : wake
            p.wakeEvent = loop.context.schedule(at: at, label: nil, pendingAs: label) { [unowned self] in self.unpark(p, loop.context) }
        }
        let outcome: Parking.Outcome
        if kind == .sleep {
            // Task.sleep's cancellation handler resumes it at once: here, a
            // wake at the instant of the cancel (a pool hop), when the cancel
            // comes from the simulated main thread.
            outcome = await withTaskCancellationHandler {
                await ParkingSpot(parking).outcome()
            } onCancel: {
                SimulatedMainExecutor.shared.cancelled(parking)
            }
        } else {
            outcome = await ParkingSpot(parking).outcome()
        }
        if outcome == .ended { throw SimulatedMainActorError.simulationEnded(Self.endedMessage(kind == .sleep ? "simulation.sleep(for:)" : "simulation.yield()")) }
    }

    /// A sleeping task was cancelled. On the simulated main thread (a
    /// callout, another job) its wake moves to now; from another thread
    /// nothing changes: the sleep throws at its deadline.
    nonisolated func cancelled(_ parking: Parking) {
        guard isOnSimulatedMainThread, let loop else { return }
        guard parking.job != nil else {
            parking.cancelRequested = true      // not parked yet: wake at once when it is
            return
        }
        guard let id = parking.wakeEvent else { return }
        loop.context.cancel(id)
        parking.wakeEvent = loop.context.schedule(at: loop.context.now, label: nil, pendingAs: "a cancelled sleep wakes a task") { [unowned self] in
            self.unpark(parking, loop.context)
        }
    }

    func unpark(_ parking: Parking, _ context: SimContext) {
        if let i = parked.firstIndex(where: { $0 === parking }) { parked.remove(at: i) }
        parking.wakeEvent = nil
        parking.wake(.woken, in: context)
    }

    private func checkAttached(_ loop: SimRunLoop, _ what: String) throws(SimulatedMainActorError) {
        guard self.loop === loop, !ending else { throw .simulationEnded(Self.endedMessage(what)) }
    }
}
