import LoopSimTestSupport
import Foundation
import LoopSimSystem
import RenderModel
import RenderWire
import Synchronization
import Testing
@testable import Simulation

/// The client's deadlines and the words of its failures: a server that
/// stops answering or reading is reported as such, a refusal with its
/// reason, and a server of another user is refused.
@Suite(.quiescent) struct RenderConnectionDeadlineTests {
    static let hello = WireMessage.Hello(width: 8, height: 8, refreshHz: 60, background: .black, outputFolder: "/nonexistent")

    /// A server that reads one frame (the hello), answers `reply`, then
    /// neither reads nor answers for `silence`.
    static func stuckServer(reply: WireMessage, silence: Double = 1.0) -> InProcessRenderServer {
        InProcessRenderServer { fd in
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = try? buffer.withUnsafeMutableBytes { try fd.read(into: $0) }
            try? fd.writeAll(reply.encode())
            Thread.sleep(forTimeInterval: silence)
        }
    }

    @Test("a server that stops reading makes send fail at its deadline with 'did not take', not block")
    func sendDeadline() throws {
        let connection = try RenderConnection.open(.thread(Self.stuckServer(reply: .welcome(version: WireProtocol.version, serverPID: 1))),
                                                   hello: Self.hello, deadlines: .init(send: .milliseconds(200), receive: .milliseconds(200)))
        defer { connection.abandon() }
        let start = ContinuousClock.now
        var failure: RenderConnection.Failure?
        for k in 0..<1_000_000 {
            do { try connection.send(.vsync(index: UInt64(k), time: Int64(k))) } catch let f as RenderConnection.Failure {
                failure = f
                break
            }
        }
        #expect(failure?.kind == .timedOut)
        #expect(failure?.description.hasPrefix("the render server did not take the vsync message within 0.2 s") == true)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test("a server that does not answer fails receive at its deadline with 'did not answer', not 'died'")
    func receiveDeadline() throws {
        let connection = try RenderConnection.open(.thread(Self.stuckServer(reply: .welcome(version: WireProtocol.version, serverPID: 1))),
                                                   hello: Self.hello, deadlines: .init(send: .seconds(1), receive: .milliseconds(200)))
        defer { connection.abandon() }
        try connection.send(.vsync(index: 0, time: 0))
        let error = #expect(throws: RenderConnection.Failure.self) { try connection.receive() }
        #expect(error?.kind == .timedOut)
        #expect(error?.description == "the render server did not answer within 0.2 s (it may be stopped or stuck)")
    }

    @Test("a hello the server refuses fails with the server's reason and code, not 'did not answer hello with welcome'")
    func helloRefused() throws {
        let server = Self.stuckServer(reply: .error(code: 269, message: "cannot use the frames folder '/x': mkdir /x: Permission denied (EACCES)"), silence: 0)
        let error = #expect(throws: RenderConnection.Failure.self) {
            _ = try RenderConnection.open(.thread(server), hello: Self.hello)
        }
        #expect(error?.kind == .refused(code: 269))
        #expect(error?.description == "the render server refused hello: cannot use the frames folder '/x': mkdir /x: Permission denied (EACCES) (error 269)")
    }

    @Test("a unix: server running as another user is refused, naming its uid and pid")
    func serverOfAnotherUser() throws {
        let other = FileDescriptor.PeerCredentials(processID: 4_242, userID: CurrentProcess.userID &+ 1, groupID: 0)
        let error = #expect(throws: RenderConnection.Failure.self) {
            try RenderConnection.checkServerUser(other, path: "/run/x.sock")
        }
        #expect(error?.description.hasPrefix("the render server at '/run/x.sock' runs as uid \(CurrentProcess.userID &+ 1) (pid 4242), not as this user") == true)
        let same = FileDescriptor.PeerCredentials(processID: 1, userID: CurrentProcess.userID, groupID: 0)
        try RenderConnection.checkServerUser(same, path: "/run/x.sock")
    }

    /// A server that welcomes the hello, reads the next message, answers
    /// `answer` (if any) and shuts the connection down; `done` is set then.
    static func refusingServer(answer: WireMessage?, done: Flag) -> InProcessRenderServer {
        InProcessRenderServer { fd in
            var decoder = FrameDecoder()
            var buffer = [UInt8](repeating: 0, count: 4096)
            var read = 0
            while read < 2 {
                guard let n = try? buffer.withUnsafeMutableBytes({ try fd.read(into: $0) }), n > 0 else { break }
                decoder.feed(buffer[0..<n])
                while (try? decoder.next()) != nil {
                    read += 1
                    if read == 1 { try? fd.writeAll(WireMessage.welcome(version: WireProtocol.version, serverPID: 1).encode()) }
                }
            }
            if let answer { try? fd.writeAll(answer.encode()) }
            try? fd.shutdown(.readWrite)
            done.value.store(true, ordering: .releasing)
        }
    }

    /// Issue 13: a refused commit was taken for a crash when the client's
    /// next send met the socket the server had closed after answering.
    @Test("a send that meets the socket a refusing server closed fails with the server's refusal, not a broken pipe")
    func refusalFoundAfterASendFails() throws {
        let text = "commit 1: the tree would be 65537 layers deep (at layer 65537); the limit is 65536 (docs/reference/limits.md)"
        let done = Flag()
        let connection = try RenderConnection.open(.thread(Self.refusingServer(answer: .error(code: 277, message: text), done: done)), hello: Self.hello)
        defer { connection.abandon() }
        try connection.send(.sync(token: 1))
        while !done.value.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.001) }
        let error = #expect(throws: RenderConnection.Failure.self) { try connection.send(.vsync(index: 0, time: 0)) }
        #expect(error?.kind == .refused(code: 277))
        #expect(error?.serverMessage == text)
        #expect(error?.description == "the render server refused: \(text) (error 277)")
    }

    @Test("a send that meets a socket closed without an answer is a broken connection, not a refusal")
    func closedWithoutAnAnswer() throws {
        let done = Flag()
        let connection = try RenderConnection.open(.thread(Self.refusingServer(answer: nil, done: done)), hello: Self.hello)
        defer { connection.abandon() }
        try connection.send(.sync(token: 1))
        while !done.value.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.001) }
        let error = #expect(throws: RenderConnection.Failure.self) { try connection.send(.vsync(index: 0, time: 0)) }
        #expect(error?.kind == .unreachable)
        #expect(error?.description.contains("EPIPE") == true, "\(String(describing: error))")
    }
}

/// Set by a server thread when it is done, read by the test.
final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}
