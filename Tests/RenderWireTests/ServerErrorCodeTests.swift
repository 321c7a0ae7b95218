import RenderWire
import Testing

struct ServerErrorCodeTests {
    @Test("the server's error codes keep their numbers (docs/reference/wire-protocol.md)")
    func pinnedRawValues() {
        let pinned: [(ServerErrorCode, UInt16)] = [
            (.refusedCommit, 256), (.serverFailure, 257), (.sessionClosed, 258), (.helloExpected, 259),
            (.serverOnlyMessage, 260), (.noDisplay, 261), (.commitBeforeVsync, 262), (.sequenceNotFollowing, 263),
            (.vsyncTimeMismatch, 264), (.vsyncIndexNotGrowing, 265), (.vsyncBeforeCommit, 266),
            (.bitmapWithoutDescriptor, 267), (.unusableDescriptor, 268), (.framesFolderUnusable, 269),
            (.frameNotWritten, 270), (.framesBudgetReached, 271), (.handshakeDeadline, 272), (.idleDeadline, 273),
            (.tooManyClients, 274), (.timeOutOfRange, 275), (.sessionMemoryBudget, 276),
            (.treeTooLarge, 277),
        ]
        #expect(pinned.map(\.0.rawValue) == pinned.map(\.1))
        #expect(ServerErrorCode.allCases.count == pinned.count)
        // The codes do not overlap the wire's own refusals (1–255).
        #expect(ServerErrorCode.allCases.allSatisfy { $0.rawValue >= 256 })
    }
}
