import LoopSimSystem
import Synchronization
import Testing

@Suite struct ThreadIdentityTests {
    @Test("a thread's identity is the same each time it asks, and differs from another live thread's")
    func identity() throws {
        let here = ThreadIdentity.current
        #expect(ThreadIdentity.current == here)
        let there = Mutex<ThreadIdentity?>(nil)
        let thread = try SystemThread.start { let me = ThreadIdentity.current; there.withLock { $0 = me } }
        thread.join()
        #expect(there.withLock { $0 } != nil)
        #expect(there.withLock { $0 } != here)
    }
}
