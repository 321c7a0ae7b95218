import Foundation
import LoopSimSystem
@testable import RenderServer
import RenderModel
import RenderWire
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

    @Test("a folder of another user is refused, naming both uids; '/x.sock' checks '/', not '.'")
    func ownerAndRoot() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lsr-\(UUID().uuidString)").path
        try FileSystem.createDirectory(base, mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let other = CurrentProcess.userID &+ 1
        let error = #expect(throws: SystemError.self) { try PrivateFolder.check(base, call: "listen", owner: other) }
        #expect(error?.errno == .notPermitted)
        #expect(error?.description.contains("belongs to uid \(CurrentProcess.userID), not to this server's uid \(other)") == true)
        #expect(FilePath.parent(of: "/x.sock") == "/")
        #expect(FilePath.parent(of: "x.sock") == ".")
        // '/' is root's: a server of another user is refused there.
        #expect(throws: SystemError.self) { try PrivateFolder.check("/", call: "listen", owner: 4_242) }
    }

    @Test("a second server on a live socket is refused, naming the live one; a stale socket is replaced")
    func liveAndStale() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lsr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let path = base + "/render.sock"
        let first = try UnixListener.listen(at: path)
        let error = #expect(throws: SystemError.self) { try UnixListener.listen(at: path) }
        #expect(error?.errno == .addressInUse)
        #expect(error?.description.contains("another render server is listening on '\(path)' (pid \(CurrentProcess.id), uid \(CurrentProcess.userID))") == true)
        #expect(try FileSystem.status(path, followLinks: false).kind == .socket)   // not unlinked
        try first.close()   // the socket file stays: a stale socket
        let second = try UnixListener.listen(at: path)
        try second.close()
    }
}

/// `FolderFrameOutput`: where frames go, and what it refuses.
struct FolderFrameOutputTests {
    func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("lsf-\(UUID().uuidString)").path
    }

    func code(_ body: () throws -> Void) -> (UInt16, String)? {
        do { try body() } catch let e as SessionError { return (e.code.rawValue, e.message) } catch { return nil }
        return nil
    }

    @Test("a symbolic link planted at the .partial name is removed, not followed: its target is untouched")
    func plantedLink() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try FolderFrameOutput(folder: dir)
        let victim = dir + "/victim"
        try [UInt8]([42]).withUnsafeBytes { try FileSystem.writeFile(victim, $0) }
        try FileSystem.createSymbolicLink(dir + "/frame-000001.ppm.partial", to: victim)
        try FileSystem.createSymbolicLink(dir + "/frame-000002.ppm", to: victim)
        try output.write(frame: 1, ppm: [1, 2, 3]) { "{}" }
        try output.write(frame: 2, ppm: [4, 5]) { "{}" }
        try output.flush()
        #expect(try FileSystem.readFile(victim) == [42])
        #expect(try FileSystem.readFile(dir + "/frame-000001.ppm") == [1, 2, 3])
        #expect(try FileSystem.status(dir + "/frame-000002.ppm", followLinks: false).kind == .regular)
    }

    @Test("a frames.jsonl that is a symbolic link is refused (270), and its target is untouched")
    func linkedIndex() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try FolderFrameOutput(folder: dir)
        try [UInt8]([42]).withUnsafeBytes { try FileSystem.writeFile(dir + "/victim", $0) }
        try FileSystem.createSymbolicLink(dir + "/frames.jsonl", to: dir + "/victim")
        let refused = code {
            try output.write(frame: 1, ppm: [1]) { "{}" }
            try output.flush()
        }
        #expect(refused?.0 == 270)
        #expect(try FileSystem.readFile(dir + "/victim") == [42])
    }

    @Test("frames written behind the lockstep: the same bytes as written in order; a lost frame is reported when the frame framesInFlight after it is taken, whatever the thread's progress")
    func asynchronousWrites() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try FolderFrameOutput(folder: dir)
        let n = FolderFrameOutput.framesInFlight
        try FileSystem.createDirectory(dir + "/frame-000003.ppm")   // frame 3 cannot be renamed into place
        for f in 1...(2 + n) {   // frames 1 … 2 + n: frame 3's failure is not reported yet
            try output.write(frame: UInt64(f), ppm: [UInt8(f), 7]) { "{\"frame\":\(f)}" }
        }
        let reported = code { try output.write(frame: UInt64(3 + n), ppm: [1]) { "{}" } }
        #expect(reported?.0 == 270)
        #expect(reported?.1.hasPrefix("frame 3: cannot write it to") == true)
        #expect(try FileSystem.readFile(dir + "/frame-000001.ppm") == [1, 7])
        #expect(try FileSystem.readFile(dir + "/frame-000002.ppm") == [2, 7])
        #expect(!FileManager.default.fileExists(atPath: dir + "/frame-000004.ppm"))   // nothing after the lost frame
        #expect(try FileSystem.readFile(dir + "/frames.jsonl") == Array("{\"frame\":1}\n{\"frame\":2}\n".utf8))
    }

    @Test("a frames folder others can write to, or that cannot be created, is refused with 269 and the cause")
    func folderRules() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileSystem.createDirectory(dir, mode: 0o700)
        try FileSystem.setPermissions(dir, 0o777)
        let open = code { _ = try FolderFrameOutput(folder: dir) }
        #expect(open?.0 == 269)
        #expect(open?.1.contains("can be written by others (mode 777)") == true)
        try FileSystem.setPermissions(dir, 0o700)
        try [UInt8]([1]).withUnsafeBytes { try FileSystem.writeFile(dir + "/file", $0) }
        let blocked = code { _ = try FolderFrameOutput(folder: dir + "/file/frames") }
        #expect(blocked?.0 == 269)
        #expect(blocked?.1.contains("cannot use the frames folder '\(dir)/file/frames': mkdir") == true)
    }

    @Test("a frame that cannot be written is error 270 naming the frame; the budget stops with 271 before writing")
    func writeFailureAndBudget() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let failing = try FolderFrameOutput(folder: dir)
        try FileSystem.createDirectory(dir + "/frame-000003.ppm")   // rename onto a folder fails
        let failed = code {
            try failing.write(frame: 3, ppm: [1]) { "{}" }   // written behind the lockstep
            try failing.flush()
        }
        #expect(failed?.0 == 270)
        #expect(failed?.1.hasPrefix("frame 3: cannot write it to '\(dir)': rename") == true)
        #expect(failed?.1.hasSuffix("; no frame after it is written") == true)
        let output = try FolderFrameOutput(folder: dir, budget: 10)
        try output.write(frame: 1, ppm: [1, 2, 3, 4]) { "{}" }   // 4 + 3 bytes
        let over = code { try output.write(frame: 2, ppm: [1, 2, 3, 4]) { "{}" } }
        #expect(over?.0 == 271)
        #expect(over?.1.contains("the frames budget of 10 bytes is reached (7 written, this frame is 4)") == true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/frame-000002.ppm"))
        try output.flush()
        #expect(SocketServer.parseByteCount("2G") == 2 << 30)
        #expect(SocketServer.parseByteCount("512M") == 512 << 20)
        #expect(SocketServer.parseByteCount("12") == 12)
        #expect(SocketServer.parseByteCount("x") == nil)
        #expect(SocketServer.parseByteCount("99999999999G") == nil)
    }
}

/// A listening server's per-client deadlines.
struct SocketServerDeadlineTests {
    @Test("a client that never says hello gets error 272 at the handshake deadline; a silent one 273 at the idle deadline")
    func deadlines() throws {
        let (client, server) = try FileDescriptor.socketPair()
        defer { try? client.close(); try? server.close() }
        let session = ServerSession(pid: 1) { _ in MemoryFrameOutput() }
        let start = ContinuousClock.now
        let outcome = SocketServer.serve(fd: server, session: session,
                                         deadlines: .init(handshake: .milliseconds(100), idle: .milliseconds(100)))
        guard case .deadlinePassed(let text) = outcome else { Issue.record("\(outcome)"); return }
        #expect(text.hasPrefix("no hello within"))
        #expect(ContinuousClock.now - start < .seconds(5))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = try buffer.withUnsafeMutableBytes { try client.read(into: $0) }
        var decoder = FrameDecoder()
        decoder.feed(buffer[0..<n])
        guard case .error(let code, _)? = try decoder.next() else { Issue.record("no error"); return }
        #expect(code == 272)

        let (client2, server2) = try FileDescriptor.socketPair()
        defer { try? client2.close(); try? server2.close() }
        let hello = WireMessage.Hello(width: 4, height: 4, refreshHz: 60, background: .black, outputFolder: "x", renderCost: 0)
        try client2.writeAll(WireMessage.hello(hello).encode())
        let idle = SocketServer.serve(fd: server2, session: ServerSession(pid: 1) { _ in MemoryFrameOutput() },
                                      deadlines: .init(handshake: .seconds(5), idle: .milliseconds(100)))
        guard case .deadlinePassed(let idleText) = idle else { Issue.record("\(idle)"); return }
        #expect(idleText.hasPrefix("nothing received for"))
    }
}
