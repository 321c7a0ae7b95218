import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Synchronization
import TaskKit
import Testing

/// The executor of `@SimulatedMainActor` on a bare main run loop: where a
/// job goes, and when the main queue takes the inbox in
/// (docs/reference/concurrency.md, "Where a job goes").
@Suite(.simulatedMainActor) struct SimulatedMainExecutorTests {
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func append(_ s: String) { entries.withLock { $0.append(s) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// A main loop whose default mode exists, attached to the actor.
    func attachedLoop() throws -> SimRunLoop {
        let loop = SimRunLoop(context: SimContext(trace: TraceRecorder()), isMain: true)
        loop.add(SimSource(name: "keepalive") { _ in }, to: .default)
        try SimulatedMainExecutor.shared.attach(loop)
        return loop
    }

    @Test("a job enqueued on the simulated main thread goes on the main queue at once")
    func directOnTheSimulatedMainThread() throws {
        let loop = try attachedLoop()
        defer { SimulatedMainExecutor.shared.end(loop) }
        let log = Log()
        let executor = SimulatedMainExecutor.shared
        executor.runWillBegin(loop)          // this thread is the simulated main thread
        #expect(executor.isOnSimulatedMainThread)
        Task { @SimulatedMainActor in log.append("job") }
        #expect(loop.pendingMainQueueCount == 1)
        #expect(loop.pendingWork() == ["1 main-queue item(s)"])
        try loop.run(in: .default, timeout: 0)
        executor.runDidEnd(loop)
        #expect(!executor.isOnSimulatedMainThread)
        #expect(log.all == ["job"])
    }

    @Test("a job enqueued on another thread waits in the inbox until the main queue's next servicing")
    func inboxUntilTheNextServicing() throws {
        let loop = try attachedLoop()
        defer { SimulatedMainExecutor.shared.end(loop) }
        let log = Log()
        Task { @SimulatedMainActor in log.append("job") }
        #expect(loop.pendingMainQueueCount == 0)
        #expect(loop.pendingWork() == ["1 @SimulatedMainActor job(s) in the inbox, enqueued on other threads"])
        try loop.run(in: .default, timeout: 0)
        #expect(log.all == ["job"])
        #expect(loop.pendingWork().isEmpty)
    }

    @Test("the inbox is taken in before the loop's thread enqueues on the main queue: FIFO in program order")
    func inboxBeforeTheNextEnqueue() throws {
        let loop = try attachedLoop()
        defer { SimulatedMainExecutor.shared.end(loop) }
        let log = Log()
        Task { @SimulatedMainActor in log.append("task") }     // inbox: this thread is not running the loop
        loop.enqueueMain(name: "block") { log.append("block") }
        #expect(loop.pendingMainQueueCount == 2)
        try loop.run(in: .default, timeout: 0)
        #expect(log.all == ["task", "block"])
    }

    @Test("ending runs the jobs left on the main queue, off the loop, so no task is left waiting")
    func endRunsWhatIsLeft() throws {
        let loop = try attachedLoop()
        let log = Log()
        let executor = SimulatedMainExecutor.shared
        executor.runWillBegin(loop)
        Task { @SimulatedMainActor in log.append("left") }
        executor.runDidEnd(loop)
        executor.end(loop)
        #expect(log.all == ["left"])
        #expect(!executor.isAttached(loop))
        // The main-queue item the job left behind finds its job gone.
        let passes = loop.context.pass
        try loop.run(in: .default, timeout: 0)
        #expect(loop.context.pass == passes + 1)
        #expect(log.all == ["left"])
    }
}
