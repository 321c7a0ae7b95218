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
}
