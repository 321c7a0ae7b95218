import CoreFoundation
import Dispatch
import Foundation
import LoopSimSystem
import RunLoopKit
import TaskKit

/// `loopsim bench executor`: one job's round trip — enqueue, drain, run —
/// through `@SimulatedMainActor`'s custom executor, against
/// `DispatchQueue.main.async` serviced by Foundation's RunLoop (CFRunLoop's
/// main-queue port), in the same process, interleaved.
///
/// - `executor.job`: LoopSim: `Task { @SimulatedMainActor in … }` on the
///   simulated main thread (the runtime's enqueue puts the job on the main
///   queue at once), then a polling run of the main loop drains it and runs
///   it with `runSynchronously(on:)`. Foundation: `DispatchQueue.main.async`
///   of a block doing the same increment, then a polling
///   `CFRunLoopRunInMode(default, 0, true)` on the main thread drains the
///   main queue. LoopSim's side also allocates the task, which the peer's
///   block does not need: the comparison is against the peer at its best.
package enum ExecutorBench {
    package static let batch = 1000

    package static func run(runs: Int, peers: Bool, filter: String?) -> [BenchResult] {
        let name = "executor.job"
        if let filter, !name.contains(filter) { return [] }
        let ours = oursJob(), peer = peerJob()
        let m = measurePair(runs: runs, warmup: max(2, runs / 20), batch: batch, ours: ours, peer: peers ? peer : nil)
        let (ran, peerRan) = (oursCount, peerCount)
        guard ran > 0, !peers || peerRan > 0 else {
            Console.error("bench executor: a side ran no job (LoopSim \(ran), Foundation \(peerRan)): the figures would be meaningless")
            return []
        }
        return [BenchResult(name: name, unit: "ns/job", p50: m.ours.p50, p90: m.ours.p90, p99: m.ours.p99, runs: runs, batch: batch,
                            peer: m.peer?.p50, peerName: "DispatchQueue.main+RunLoop")]
    }

    /// Jobs run on each side (one thread: the benchmark's).
    package nonisolated(unsafe) static var oursCount = 0
    package nonisolated(unsafe) static var peerCount = 0
    package static func oursJob() -> () -> Void {
        let loop = SimRunLoop(context: SimContext(), isMain: true)
        loop.options.busyPassLimit = .max     // every pass is at t = 0
        loop.add(SimSource(name: "keepalive") { _ in }, to: .default)   // the mode exists (a run of a missing mode returns at once)
        let executor = SimulatedMainExecutor.shared
        do { try executor.attach(loop) } catch { fatalError("bench executor: \(error)") }
        return {
            // The benchmark's thread is the simulated main thread for the batch.
            executor.runWillBegin(loop)
            defer { executor.runDidEnd(loop) }
            for _ in 0..<batch {
                Task { @SimulatedMainActor in oursCount += 1 }
                _ = try? loop.run(in: .default, timeout: 0)
            }
        }
    }

    package static func peerJob() -> () -> Void {
        precondition(Thread.isMainThread, "bench executor: Foundation's side services the main queue, so it runs on the main thread")
        _ = RunLoop.current
        let mode = kCFRunLoopDefaultMode!
        return {
            for _ in 0..<batch {
                DispatchQueue.main.async { peerCount += 1 }
                _ = CFRunLoopRunInMode(mode, 0, true)
            }
        }
    }
}
