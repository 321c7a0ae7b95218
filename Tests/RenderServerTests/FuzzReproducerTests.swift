import RenderServer
import RenderWire
import Testing

/// Inputs the libFuzzer targets (Tests/Fuzz, tools/fuzz.sh) found, minimized,
/// fed to the server session exactly as `fuzz-session` feeds them. A test is
/// disabled while its trap is open (a trap ends the test process); enable it
/// with the fix. docs/internals/reliability.md lists them.
@Suite struct FuzzReproducerTests {
    /// Decodes `stream` and hands every message to a fresh session; answers
    /// the replies (an `error` reply for a refused message).
    static func serve(_ stream: [UInt8]) -> [WireMessage] {
        let session = ServerSession(pid: 1) { _ in MemoryFrameOutput() }
        var decoder = FrameDecoder()
        decoder.feed(stream)
        var replies: [WireMessage] = []
        while session.state != .closed, let message = try? decoder.next() {
            replies += session.handle(message)
        }
        return replies
    }

    /// fuzz-session, crash-2322f8db: hello at 316 Hz, then `vsync` with index
    /// 0x06000006ffffff00 and time 0x0808: the vsync's time (`k × 1e9 / hz`)
    /// overflows in `ServerSession.present` (issue 13, W2).
    @Test
    func aVsyncIndexWhoseTimeOverflowsIsRefused() {
        // The same two messages, encoded at the current wire version (the
        // fuzzer's bytes were version 1; `hello` gained `rasterCost` in 2).
        let hello = WireMessage.hello(.init(width: 96, height: 64, refreshHz: 316, background: .black,
                                            outputFolder: "/nonexistent/seeds"))
        let vsync = WireMessage.vsync(index: 0x0600_0006_ffff_ff00, time: 0x0808)
        let stream = hello.encode() + vsync.encode()
        let replies = Self.serve(stream)
        guard case .error? = replies.last else {
            Issue.record("expected an error reply to the overflowing vsync, got \(replies)")
            return
        }
    }
}
