import Foundation
import LoopSimSystem
import RenderWire
import Testing
#if canImport(Glibc)
import Glibc
#endif
import LoopSimTestSupport

/// Issue 13's reproducers through the built binaries, where the issue saw
/// them go wrong outside one process: a spawned server that trapped (C8),
/// and a listening server that one message killed for every later client
/// (W1). The same cases in process: ReproducerTests (ScenarioTests) and
/// ServerSessionTimeTests (RenderServerTests).
@Suite(.tags(.endToEnd)) struct IssueReproducerTests {
    /// C8: "with spawn, the server traps twice and the client exits 0 with
    /// the frame missing".
    static let c8 = """
        display size=(32,32) hz=1 render=60s
        view v frame=(0,0,4,4) background=blue
        at 9223372036s:
            set v.background = red
        run until=9223372036854775807ns

        """

    @Test("C8 with a spawned server and with a thread: the run fails (exit 2) naming the end of virtual time; no server crashes", arguments: ["spawn", "thread"])
    func renderCostPastTheEndOfTime(server: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("c8.loop", Self.c8)
        let r = try await loopsim(["run", "c8.loop", "--server", server, "--frames", "frames"], in: sandbox.url)
        #expect(r.status == 2, "\(r)")
        #expect(!r.signalled, "\(r)")
        #expect(r.stderr.contains("past the end of virtual time"), "\(r)")
        // Refused, not crashed: no respawn, no trap in the server.
        #expect(!r.stderr.contains("restarted it") && !r.stdout.contains("restarted it"), "\(r)")
        #expect(!r.stderr.contains("Fatal error"), "\(r)")
    }

    /// W1's bytes exactly as the issue gives them: a hello, then
    /// `18 00 00 00 05 00 00 00`, index 2⁶³, time 0.
    static func w1Stream() -> [UInt8] {
        let hello = WireMessage.hello(.init(width: 8, height: 8, refreshHz: 60, background: .black, outputFolder: ""))
        let vsync: [UInt8] = [0x18, 0, 0, 0, 0x05, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 0x80] + [UInt8](repeating: 0, count: 8)
        return hello.encode() + vsync
    }

    @Test("W1 sent to a listening server is refused with error 275, and the server goes on serving the next client")
    func aListeningServerOutlivesTheVsyncOfTwoToThe63() async throws {
        let sandbox = try Sandbox()
        let socket = sandbox.file("sock").path + "/render.sock"
        let server = Process()
        server.executableURL = try CLIPaths.requireBinary().deletingLastPathComponent().appendingPathComponent("loopsim-render")
        server.arguments = ["--listen", socket]
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        let attacker = try connectToStartingServer(at: socket)
        defer { try? attacker.close() }
        try attacker.writeAll(Self.w1Stream())
        // welcome, then error 275 (timeOutOfRange), then the end of the stream.
        var decoder = FrameDecoder()
        var replies: [WireMessage] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while replies.count < 2 {
            #expect(try !attacker.poll(for: .readable, timeout: .seconds(10)).isEmpty, "no reply within 10 s")
            let n = try buffer.withUnsafeMutableBytes { try attacker.read(into: $0) }
            if n == 0 { break }
            decoder.feed(buffer[0..<n])
            while let message = try decoder.next() { replies.append(message) }
        }
        guard replies.count == 2, case .welcome = replies[0], case .error(let code, _) = replies[1] else {
            Issue.record("replies: \(replies)")
            return
        }
        #expect(code == ServerErrorCode.timeOutOfRange.rawValue)
        // The server is alive and serves the next client.
        #expect(server.isRunning)
        let r = try await loopsim(["run", CLIPaths.traces.appendingPathComponent("render/tap-block-green.loop").path,
                                   "--server", "unix:" + socket, "--frames", sandbox.file("f").path], in: sandbox.url)
        #expect(r.status == 0, "\(r)")
        #expect(sandbox.files(under: "f").filter { $0.hasSuffix(".ppm") }.count == 2)
    }
}
