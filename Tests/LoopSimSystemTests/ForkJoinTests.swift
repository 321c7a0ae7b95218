import Glibc
import LoopSimSystem
import Synchronization
import Testing

@Suite struct ForkJoinTests {
    @Test("run returns after both parts, the first on the helper thread and the second on the caller, their writes seen", arguments: [Duration.zero, .microseconds(500)])
    func bothParts(budget: Duration) throws {
        let fork = try ForkJoin(budget: budget)
        let here = ThreadIdentity.current
        let helper = Mutex<ThreadIdentity?>(nil)
        var slots = [Int](repeating: 0, count: 2)
        for round in 1...2_000 {
            slots.withUnsafeMutableBufferPointer { buffer in
                // The two parts write disjoint slots (ForkJoin's rule).
                nonisolated(unsafe) let s = buffer
                fork.run({
                    // Slow enough that the caller's part ends first, some rounds.
                    var x = round
                    for _ in 0..<(round % 7) * 50 { x = x &* 31 &+ 7 }
                    s[0] = round &+ (x & 0)
                    let me = ThreadIdentity.current
                    helper.withLock { $0 = me }
                }, {
                    s[1] = -round
                })
            }
            // Both parts' writes are there when run returns, every round.
            guard slots == [round, -round] else {
                Issue.record("round \(round): \(slots)")
                return
            }
        }
        #expect(helper.withLock { $0 } != nil)
        #expect(helper.withLock { $0 } != here)
    }

    @Test("start runs a part on the helper and returns at once; join waits for it, and run and start join it first", arguments: [Duration.zero, .microseconds(500)])
    func startThenJoin(budget: Duration) throws {
        let fork = try ForkJoin(budget: budget)
        let here = ThreadIdentity.current
        let box = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        defer { box.deallocate() }
        box.initialize(repeating: 0, count: 2)
        nonisolated(unsafe) let slots = box
        for round in 1...1_000 {
            fork.start {
                var x = round
                for _ in 0..<(round % 5) * 80 { x = x &* 31 &+ 7 }
                slots[0] = round &+ (x & 0)
                slots[1] = ThreadIdentity.current == here ? 0 : 1
            }
            #expect(fork.isPending)
            switch round % 3 {
            case 0: fork.join()
            case 1: fork.run({}, {})                  // joins the started part first
            default: fork.start { slots[1] += 1 }     // so does another start
                     fork.join()
            }
            #expect(!fork.isPending)
            let expected = round % 3 == 2 ? 2 : 1
            guard slots[0] == round, slots[1] == expected else {
                Issue.record("round \(round): \(slots[0]), \(slots[1])")
                return
            }
        }
        fork.join()   // nothing pending: returns at once
    }

    @Test("a side that spun past its budget and sleeps is woken: a bump wakes only a sleeper, and never misses one", .timeLimit(.minutes(1)))
    func sleepersAreWoken() throws {
        let fork = try ForkJoin(budget: .microseconds(50))
        var done = 0
        for round in 0..<200 {
            // Odd rounds: the helper's part outlasts the caller's spin, so
            // the caller sleeps in futex. Even rounds: the caller idles
            // past the helper's spin first, so the helper sleeps.
            if round % 2 == 0 { usleep(300) }
            fork.run({ if round % 2 == 1 { usleep(300) } }, { done += 1 })
        }
        #expect(done == 200)
    }

    @Test("a ForkJoin that goes stops and joins its helper, whether it ran or not")
    func stops() throws {
        for i in 0..<50 {
            let fork = try ForkJoin(budget: i % 2 == 0 ? .zero : .microseconds(100))
            if i % 3 != 0 {
                var n = 0
                fork.run({}, { n += 1 })
                #expect(n == 1)
            }
        }
    }
}
