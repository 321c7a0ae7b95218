#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Raster
import RenderModel
import RenderWire
import Testing
import LoopSimTestSupport

/// The real `loopsim-render` process, spawned with one end of a socketpair
/// as its `--fd`, spoken to through the same wire code the client uses.
@Suite(.tags(.endToEnd))
struct RenderServerProcessTests {
    /// A spawned server and our end of its socket.
    final class Spawned {
        let pid: pid_t
        let fd: Int32
        var decoder = FrameDecoder()

        init(extraArguments: [String] = []) throws {
            let server = try CLIPaths.requireBinary().deletingLastPathComponent().appendingPathComponent("loopsim-render").path
            var sv: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sv) == 0 else { throw CLIHarnessError(description: "socketpair failed") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_adddup2(&actions, sv[1], 3)
            posix_spawn_file_actions_addclose(&actions, sv[0])
            let argv = [server, "--fd", "3"] + extraArguments
            var cargs = argv.map { strdup($0) } + [nil]
            var child: pid_t = 0
            let rc = posix_spawn(&child, server, &actions, nil, &cargs, environ)
            for p in cargs { free(p) }
            posix_spawn_file_actions_destroy(&actions)
            close(sv[1])
            guard rc == 0 else { throw CLIHarnessError(description: "posix_spawn \(server) failed: \(rc)") }
            pid = child
            fd = sv[0]
        }

        func send(_ m: WireMessage) {
            let bytes = m.encode()
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }

        func sendRaw(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }

        /// The next message, waiting at most 10 s.
        func receive() throws -> WireMessage? {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if let m = try decoder.next() { return m }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, 1000) > 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { return nil }
                decoder.feed(buffer[0..<n])
            }
            throw CLIHarnessError(description: "no reply from loopsim-render within 10 s")
        }

        /// Waits for the process and returns its exit status.
        func exitStatus() -> Int32 {
            close(fd)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return (status >> 8) & 0xff
        }
    }

    static func squareDiff(sequence: UInt64, time: Int64, color: RGBA) -> CommitDiff {
        CommitDiff(sequence: sequence, time: time, ops: sequence == 1 ? [
            .create(1), .move(1, parent: 0, index: 0),
            .set(1, .bounds, .rect(Rect(x: 0, y: 0, width: 2, height: 2))),
            .set(1, .position, .point(Point(x: 1, y: 1))),
            .set(1, .backgroundColor, .color(color)),
        ] : [.set(1, .backgroundColor, .color(color))])
    }

    @Test("the spawned server latches a commit at a vsync and writes the frame on screen at the next one, as canonical P6")
    func oneFrame() throws {
        let sandbox = try Sandbox()
        let server = try Spawned()
        let folder = sandbox.file("frames").path
        server.send(.hello(.init(width: 4, height: 2, refreshHz: 60, background: .black, outputFolder: folder)))
        guard case .welcome(let version, let pid)? = try server.receive() else { Issue.record("no welcome"); return }
        #expect(version == WireProtocol.version && pid == UInt32(server.pid))
        server.send(.commit(Self.squareDiff(sequence: 1, time: 0, color: .red)))
        server.send(.vsync(index: 0, time: 0))
        let first = try server.receive()
        guard case .presented(let p)? = first else { Issue.record("no presented: \(String(describing: first))"); return }
        #expect(p.frame == 1)
        #expect(p.onScreenTime == 16_666_666)
        #expect(p.firstVisible == [1])
        #expect(p.damage.width > 0)
        // Frames are written behind the lockstep: a sync answers once they are.
        server.send(.sync(token: 1))
        guard case .applied? = try server.receive() else { Issue.record("no applied"); return }
        let ppm = try [UInt8](Data(contentsOf: sandbox.file("frames/frame-000001.ppm")))
        let red: [UInt8] = [255, 0, 0], black: [UInt8] = [0, 0, 0]
        #expect(ppm == Array("P6\n4 2\n255\n".utf8) + red + red + black + black + red + red + black + black)
        #expect(p.frameHash == TiledFrameHash(Bitmap(width: 4, height: 2, pixels: [
            255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255,
            255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])).value)
        let index = try String(contentsOf: sandbox.file("frames/frames.jsonl"), encoding: .utf8)
        #expect(index.hasPrefix("{\"frame\":1,\"present\":16666666,\"file\":\"frame-000001.ppm\""))

        // Nothing changed at vsync 1; a commit after it is applied at once
        // (`sync` says so) and first shown by vsync 2.
        server.send(.vsync(index: 1, time: 16_666_666))
        guard case .presented(let quiet)? = try server.receive() else { Issue.record("no presented"); return }
        #expect(quiet.damage == .none && quiet.firstVisible.isEmpty)
        #expect(!sandbox.exists("frames/frame-000002.ppm"))
        server.send(.commit(Self.squareDiff(sequence: 2, time: 20_000_000, color: .green)))
        server.send(.sync(token: 77))
        guard case .applied(let applied)? = try server.receive() else { Issue.record("no applied"); return }
        #expect(applied.token == 77 && applied.sequence == 2)
        server.send(.vsync(index: 2, time: 33_333_333))
        guard case .presented(let green)? = try server.receive() else { Issue.record("no presented"); return }
        #expect(green.frame == 3 && green.firstVisible == [2])
        server.send(.goodbye)
        #expect(server.exitStatus() == 0)
        // Written behind the lockstep: on disk once the server has finished.
        #expect(sandbox.exists("frames/frame-000003.ppm"))
    }

    @Test("garbage on the socket gets an error message and a clean exit, never a hang")
    func garbage() throws {
        let server = try Spawned()
        server.sendRaw([0xff, 0xff, 0xff, 0x7f, 0x01, 0x00, 0x00, 0x00])
        guard case .error(_, let text)? = try server.receive() else { Issue.record("no error reply"); return }
        #expect(text.contains("length"))
        #expect(server.exitStatus() == 1)
    }

    @Test("a first message other than hello is refused")
    func helloFirst() throws {
        let server = try Spawned()
        server.send(.vsync(index: 0, time: 0))
        guard case .error(_, let text)? = try server.receive() else { Issue.record("no error reply"); return }
        #expect(text.contains("hello"))
        #expect(server.exitStatus() == 1)
    }

    @Test("loopsim-render without --fd is a usage error")
    func usage() throws {
        let server = try CLIPaths.requireBinary().deletingLastPathComponent().appendingPathComponent("loopsim-render")
        let p = Process()
        p.executableURL = server
        p.arguments = []
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 64)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("Error:") && text.contains("Usage:"))
    }
}
