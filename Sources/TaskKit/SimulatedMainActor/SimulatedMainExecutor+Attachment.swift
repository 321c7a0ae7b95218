import RunLoopKit

/// Attaching a simulation to ``SimulatedMainActor``, and ending it.
extension SimulatedMainExecutor {
    /// Attaches the simulation whose main loop is `loop`: from now on the
    /// actor's jobs go on that loop's main queue.
    ///
    /// - Throws: ``SimulatedMainActorError/alreadyAttached`` when another
    ///   simulation is attached (one at a time: the actor is a singleton).
    ///   Attaching the same loop again does nothing.
    public func attach(_ loop: SimRunLoop) throws(SimulatedMainActorError) {
        precondition(loop.isMain, "SimulatedMainExecutor.attach: only a main run loop (isMain: true) has a main queue to run the actor's jobs")
        if self.loop === loop, guardedAttached { return }
        _ = SimulatedPool.isInstalled
        try attachGuarded()
        self.loop = loop
        pending = []
        pendingHead = 0
        parked = []
        poolHops = []
        jobCount = 0
        generation += 1
        ending = false
        loop.mainQueueFeeder = self
    }

    /// Ends the attached simulation's hold on the actor, so that nothing is
    /// left waiting on it (never a hang):
    ///
    /// 1. the jobs in the inbox and on the main queue run, in order, on the
    ///    calling thread, outside the run loop (untraced);
    /// 2. the jobs of Swift's pool taken over on the simulated main thread
    ///    (``SimulatedPool``) run; every task parked in a simulated sleep,
    ///    yield or continuation is resumed, in the order it parked, with
    ///    ``SimulatedMainActorError/simulationEnded(_:)`` thrown from its
    ///    `await` (its wake is removed from the simulation);
    /// 3. what those tasks do next runs the same way — a new sleep throws at
    ///    once — until no job is left;
    /// 4. the actor is detached: a later enqueue traps.
    ///
    /// Traps inside a run of the loop, and after 100,000 jobs (a task that
    /// loops forever catching the error would never let the end finish).
    public func end(_ loop: SimRunLoop) {
        guard self.loop === loop, guardedAttached else { return }
        precondition(loop.runDepth == 0, "a simulation attached to @SimulatedMainActor was ended inside one of its own runs; end it after the run returns")
        claim()
        defer { release() }
        ending = true
        loop.mainQueueFeeder = nil
        var jobs = 0
        while true {
            takeIn(loop)
            if !parked.isEmpty {
                let tasks = parked
                parked = []
                for p in tasks { p.wake(.ended, in: loop.context) }
                continue
            }
            if let hop = poolHops.first {
                runPoolHop(hop)
                continue
            }
            guard pendingHead < pending.count else { break }
            runNextPending()
            jobs += 1
            precondition(jobs < 100_000, "tasks on @SimulatedMainActor kept running after their simulation ended (100,000 jobs); "
                + "a task that catches SimulatedMainActorError.simulationEnded and goes on waiting never lets the end finish: let the error end it.")
        }
        detachGuarded()
        self.loop = nil
        pending = []
        pendingHead = 0
        ending = false
    }

    /// The message of ``SimulatedMainActorError/simulationEnded(_:)`` for `what`.
    static func endedMessage(_ what: String) -> String {
        "\(what) was awaited on a simulation that is not attached to @SimulatedMainActor: it has ended (or was never attached), "
            + "so virtual time will not pass for it. Attach the simulation (sim.attachSimulatedMainActor() or sim.withSimulatedMainActor { … }) "
            + "and await only while it runs."
    }
}
