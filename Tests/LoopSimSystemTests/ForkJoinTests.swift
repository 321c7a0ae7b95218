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
            slots.withUnsafeMutableBufferPointer { s in
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
