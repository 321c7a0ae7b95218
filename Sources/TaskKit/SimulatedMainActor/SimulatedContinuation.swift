import RunLoopKit

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
        if !executor.isOnSimulatedMainThread { fatalError("a SimulatedContinuation was resumed off the simulated main thread; resume it from the simulation's callouts or @SimulatedMainActor code") }
        // fatalError: the message prints in every build, as Swift's own does.
        if self.result != nil { fatalError("SWIFT TASK CONTINUATION MISUSE: simulation.withContinuation tried to resume its continuation more than once") }
        self.result = result
        if let parking, parking.job != nil { executor.scheduleWake(parking, on: loop) }
    }
}
