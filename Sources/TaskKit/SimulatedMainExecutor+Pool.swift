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
        let hop = PoolHop(job: job)
        poolHops.append(hop)
        if !ending {
            hop.event = loop.context.schedule(at: loop.context.now, label: nil, pendingAs: "a job of Swift's cooperative pool") { [unowned self] in
                self.runPoolHop(hop)
            }
        }
        return true
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
