import Dispatch
import LoopSimSystem
import Synchronization
import Testing

/// `BackgroundQueue`: jobs in order on one thread, a bound, and failures
/// reported at the tickets waited for.
struct BackgroundQueueTests {
    struct Refused: Error, Equatable { var job: Int }

    @Test("jobs run in submission order; the first failure stops the rest and is answered for every ticket from it on, never before")
    func orderAndFailure() {
        let done = Mutex<[Int]>([])
        let queue = try! BackgroundQueue<Int, Refused>(capacity: 2) {
            return { (job: Int) throws(Refused) in
                if job == 3 { throw Refused(job: 3) }
                done.withLock { $0.append(job) }
            }
        }
        var tickets: [UInt64] = []
        for job in 1...6 { tickets.append(queue.submit(job)) }
        #expect(tickets == [1, 2, 3, 4, 5, 6])
        #expect(queue.wait(through: 2) == nil)
        #expect(queue.wait(through: 3) == Refused(job: 3))
        #expect(queue.waitForAll() == Refused(job: 3))
        queue.finish()
        #expect(done.withLock { $0 } == [1, 2])
    }

    @Test("finish performs what is pending, then joins; a second finish returns at once")
    func finishDrains() {
        let count = Mutex(0)
        let queue = try! BackgroundQueue<Int, Never>(capacity: 1) {
            return { (_: Int) in count.withLock { $0 += 1 } }
        }
        for job in 0..<10 { queue.submit(job) }
        queue.finish()
        queue.finish()
        #expect(count.withLock { $0 } == 10)
    }

    /// How many ``Tracked`` values are alive.
    final class Counter: Sendable { let live = Mutex(0) }

    /// A job's payload whose deinit counts down: how many the queue still holds.
    final class Tracked: Sendable {
        let counter: Counter
        init(_ counter: Counter) { self.counter = counter; counter.live.withLock { $0 += 1 } }
        deinit { counter.live.withLock { $0 -= 1 } }
    }

    struct Job: Sendable { var number: Int; var item: Tracked }

    @Test("the queue holds a job only until its thread takes it: with the thread inside job 31 of 32, only jobs 31 and 32 are alive")
    func performedJobsAreDropped() {
        let counter = Counter()
        let entered = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let queue = try! BackgroundQueue<Job, Never>(capacity: 2) {
            { (job: Job) in
                if job.number == 31 { entered.signal(); gate.wait() }
            }
        }
        for n in 1...32 { queue.submit(Job(number: n, item: Tracked(counter))) }
        entered.wait()
        #expect(counter.live.withLock { $0 } == 2)
        gate.signal()
        queue.finish()
        #expect(counter.live.withLock { $0 } == 0)
        #expect(queue.reclaim() == nil)
    }

    @Test("with recycling, reclaim hands back at most capacity performed jobs; without, none")
    func reclaimPerformedJobs() {
        let queue = try! BackgroundQueue<Int, Never>(capacity: 3, recycling: true) { { (_: Int) in } }
        for job in 1...10 { queue.submit(job) }
        _ = queue.waitForAll()
        var back: [Int] = []
        while let job = queue.reclaim() { back.append(job) }
        queue.finish()
        #expect(back.count == 3)
        #expect(Set(back).isSubset(of: Set(1...10)))
        let plain = try! BackgroundQueue<Int, Never>(capacity: 3) { { (_: Int) in } }
        plain.submit(1)
        _ = plain.waitForAll()
        #expect(plain.reclaim() == nil)
        plain.finish()
    }
}
