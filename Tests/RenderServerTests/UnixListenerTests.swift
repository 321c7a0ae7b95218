#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import RenderServer

struct UnixListenerTests {
    @Test("SO_PEERCRED names our own uid: a peer of the same user is allowed, any other uid is refused")
    func peerCheck() {
        var sv: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sv) == 0)
        defer { close(sv[0]); close(sv[1]) }
        #expect(UnixListener.peerUID(sv[0]) == getuid())
        #expect(UnixListener.peerIsAllowed(sv[0]))
        #expect(!UnixListener.peerIsAllowed(sv[0], expected: getuid() &+ 1))
    }

    @Test("the socket gets mode 0600, a missing folder 0700, and a folder others can write is refused")
    func modes() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lsr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let fd = try UnixListener.listen(at: base + "/render.sock")
        defer { close(fd) }
        var st = stat()
        #expect(stat(base, &st) == 0 && st.st_mode & 0o777 == 0o700)
        #expect(stat(base + "/render.sock", &st) == 0 && st.st_mode & 0o777 == 0o600)
        let open = base + "/open"
        #expect(mkdir(open, 0o777) == 0 && chmod(open, 0o777) == 0)
        #expect(throws: UnixListener.Failure.self) { try UnixListener.listen(at: open + "/render.sock") }
        // A client can connect and is seen as the same user.
        let client = try UnixListener.connect(to: base + "/render.sock")
        defer { close(client) }
        let server = accept(fd, nil, nil)
        defer { close(server) }
        #expect(server >= 0 && UnixListener.peerIsAllowed(server))
    }
}
