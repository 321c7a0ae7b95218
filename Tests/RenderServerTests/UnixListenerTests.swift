import Foundation
import LoopSimSystem
import RenderServer
import Testing

struct UnixListenerTests {
    @Test("SO_PEERCRED names our own uid: a peer of the same user is allowed, any other uid is refused")
    func peerCheck() throws {
        let (a, b) = try FileDescriptor.socketPair()
        defer { try? a.close(); try? b.close() }
        #expect(UnixListener.peerUID(a) == CurrentProcess.userID)
        #expect(UnixListener.peerIsAllowed(a))
        #expect(!UnixListener.peerIsAllowed(a, expected: CurrentProcess.userID &+ 1))
    }

    @Test("the socket gets mode 0600, a missing folder 0700, and a folder others can write is refused")
    func modes() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lsr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let fd = try UnixListener.listen(at: base + "/render.sock")
        defer { try? fd.close() }
        #expect(try FileSystem.status(base).permissions == 0o700)
        #expect(try FileSystem.status(base + "/render.sock").permissions == 0o600)
        let open = base + "/open"
        try FileSystem.createDirectory(open)
        try FileSystem.setPermissions(open, 0o777)
        let error = #expect(throws: SystemError.self) { try UnixListener.listen(at: open + "/render.sock") }
        #expect(error?.description.contains("can be written by others (mode 777); use a private folder (mode 0700)") == true)
        // A client can connect and is seen as the same user.
        let client = try FileDescriptor.unixStreamSocket()
        defer { try? client.close() }
        try client.connect(unixPath: base + "/render.sock")
        let server = try fd.accept()
        defer { try? server.close() }
        #expect(UnixListener.peerIsAllowed(server))
    }
}
