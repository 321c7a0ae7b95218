import LoopSimSystem
import Testing

/// `SpinWait` (docs/internals/render-server.md, "Spin, then sleep"): a wait polls
/// without sleeping for a bounded time before it sleeps.
@Suite struct SpinWaitTests {
    @Test("spinUntilReadable answers true once a byte is waiting, false when the budget runs out with nothing, and does not spin with no budget")
    func spins() throws {
        let (a, b) = try FileDescriptor.socketPair()
        defer { try? a.close(); try? b.close() }
        let start = ContinuousClock.now
        #expect(!b.spinUntilReadable(budget: .microseconds(300)))
        #expect(ContinuousClock.now - start >= .microseconds(300))   // it waited the budget out
        try a.writeAll([7])
        #expect(b.spinUntilReadable(budget: .seconds(5)))
        #expect(!b.spinUntilReadable(budget: .zero))   // readable, but no budget: the caller polls as before
    }

    #if DEBUG
    @Test("while system calls are mocked, nothing spins: the scripted calls are all there are")
    func noSpinWhenMocked() {
        MockingDriver.withMocking { driver in
            #expect(!FileDescriptor(rawValue: 9_999).spinUntilReadable(budget: .seconds(1)))
            #expect(driver.calls.isEmpty)
        }
    }
    #endif
}
