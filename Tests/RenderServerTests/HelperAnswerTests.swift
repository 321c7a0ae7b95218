import LoopSimSystem
import RenderModel
@testable import RenderServer
import RenderWire
import Synchronization
import Testing

/// The answer to the vsync of a frame drawn ahead, written by the helper
/// thread (docs/internals/render-server.md, "Who answers the vsync"): the client
/// reads the same messages in the same order as from a session that
/// writes every answer itself, and a write that fails on the helper ends
/// the connection as one on the session's thread does.
@Suite("HelperAnswer")
struct HelperAnswerTests {
    /// A session served on a thread over a socketpair, optionally under a
    /// mocking driver; what it leaves behind once the connection ends.
    final class Served: @unchecked Sendable {
        final class Result: @unchecked Sendable {
            var outcome: SocketServer.Outcome?
            var answersSentByHelper = 0
            var framesDrawnAhead = 0
            #if DEBUG
            /// The server thread's driver, while it serves (`mocked`).
            let driver = Mutex<MockingDriver?>(nil)
            #endif
        }

        let result = Result()
        private let server: SocketPairServer

        init(mocked: Bool = false) throws {
            let result = result
            server = try SocketPairServer { fd in
                let session = DrawingAheadTests.session(DiscardingFrameOutput())
                #if DEBUG
                result.outcome = mocked ? MockingDriver.withMocking { driver in
                    result.driver.withLock { $0 = driver }
                    return SocketServer.serve(fd: fd, session: session)
                } : SocketServer.serve(fd: fd, session: session)
                #else
                result.outcome = SocketServer.serve(fd: fd, session: session)
                #endif
                result.answersSentByHelper = session.counters.answersSentByHelper
                result.framesDrawnAhead = session.counters.framesDrawnAhead
            }
        }

        func send(_ message: WireMessage) throws { try server.client.writeAll(message.encode()) }

        func receive() throws -> WireMessage? { try server.receive() }

        func finish() { server.finish() }
    }

    static func vsync(_ k: UInt64) -> WireMessage {
        .vsync(index: k, time: DrawingAheadTests.clock.time(ofVsync: Int64(k))!)
    }

    @Test("the helper writes the answers to frames drawn ahead, and the client reads what a session that writes them itself answers, in order")
    func sameAnswersInOrder() throws {
        let served = try Served()
        let plain = DrawingAheadTests.session(DiscardingFrameOutput())
        for k in UInt64(0)..<60 {
            try served.send(Self.vsync(k))
            let expected = plain.handle(Self.vsync(k))
            for reply in expected { #expect(try served.receive() == reply, "vsync \(k)") }
            // A sync between two vsyncs: answered after the helper's write.
            if k % 10 == 5 {
                try served.send(.sync(token: k))
                let answer = try served.receive()
                guard case .applied = answer else {
                    Issue.record("sync after vsync \(k): \(String(describing: answer))")
                    return
                }
            }
        }
        try served.send(.goodbye)
        #expect(try served.receive() == nil)
        served.finish()
        #expect(served.result.outcome == .goodbye)
        #expect(served.result.framesDrawnAhead > 40)
        #expect(served.result.answersSentByHelper > 40, "the helper wrote \(served.result.answersSentByHelper) answers")
    }

    #if DEBUG
    @Test("a write that fails on the helper ends the connection with its error, as on the session's thread: the helper's calls meet the server thread's script")
    func failedHelperWriteEndsTheConnection() throws {
        let served = try Served(mocked: true)
        for k in UInt64(0)..<20 {
            try served.send(Self.vsync(k))
            guard case .presented = try served.receive() else {
                Issue.record("vsync \(k): no presented")
                return
            }
        }
        let driver = try #require(served.result.driver.withLock { $0 })
        driver.script("send", [.error(.brokenPipe)])
        try served.send(Self.vsync(20))
        #expect(try served.receive() == nil)
        served.finish()
        #expect(served.result.outcome == .ioError(SystemError("send", .brokenPipe)))
        #expect(driver.unusedScript.isEmpty)
        // Vsync 0's frame is drawn at its vsync; those of 1 to 20 were
        // drawn ahead, and the helper wrote each answer, the last failing.
        #expect(served.result.answersSentByHelper == 20)
    }
    #endif
}
