import LoopSimTrace
import RunLoopKit

/// The jobs of Swift's cooperative pool enqueued on the simulated main
/// thread (``SimulatedPool``): outside events at the current instant.
extension SimulatedMainExecutor {
    /// Takes `job` over when it was enqueued on the global executor from the
    /// simulated main thread: an outside event at the current instant runs
    /// it on ``SimulatedPool`` (ending: the end runs it). False otherwise —
    /// no simulation attached (a lock-free check), or another thread.
    func takePoolJob(_ job: UnownedJob) -> Bool {
        guard hasAttachment, isOnSimulatedMainThread, let loop else { return false }
        countPoolJob(at: loop.context.now)
        let hop = PoolHop(job: job)
        poolHops.append(hop)
        if !ending {
            hop.event = loop.context.schedule(at: loop.context.now, label: nil, pendingAs: "a job of Swift's cooperative pool") { [unowned self] in
                self.runPoolHop(hop)
            }
        }
        return true
    }

    /// The most pool jobs at one instant of virtual time: past it, the pool
    /// is kept busy forever (its outside events would be delivered without
    /// end, and time would never move: a hang), so the run stops with a trap.
    static let poolJobsPerInstantLimit = 100_000

    private func countPoolJob(at now: Nanoseconds) {
        if now != poolInstant {
            poolInstant = now
            poolJobsAtInstant = 0
        }
        poolJobsAtInstant += 1
        if poolJobsAtInstant > Self.poolJobsPerInstantLimit {
            fatalError("Swift's cooperative pool ran \(Self.poolJobsPerInstantLimit) jobs at t=\(TimeLiteral.format(now)) of the simulation without virtual time advancing. "
                + "A task that yields or re-enqueues itself in a loop (while true { await Task.yield() }) keeps the pool busy forever, "
                + "and so does such a task left running when the simulation ends. "
                + "Let virtual time pass in the loop (try await sim.sleep(for:)), or end the loop (check Task.isCancelled and cancel the task).")
        }
    }

    /// Runs `hop`'s job on the pool, once.
    func runPoolHop(_ hop: PoolHop) {
        guard let job = hop.job else { return }
        hop.job = nil
        if let i = poolHops.firstIndex(where: { $0 === hop }) { poolHops.remove(at: i) }
        if let id = hop.event, let loop { loop.context.cancel(id) }
        hop.event = nil
        job.runSynchronously(on: SimulatedPool.shared.asUnownedTaskExecutor())
    }
}

/// A pool job waiting for its outside event.
final class PoolHop {
    var job: UnownedJob?
    var event: Int?

    init(job: UnownedJob) { self.job = job }
}
