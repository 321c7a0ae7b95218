import LoopSimTestSupport
import Foundation
import LoopSimSystem
import RenderModel
import RenderWire
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
}
