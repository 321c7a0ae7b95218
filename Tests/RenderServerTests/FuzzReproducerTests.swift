import RenderServer
import RenderWire
import Testing

/// Inputs the libFuzzer targets (Tests/Fuzz, tools/fuzz.sh) found, minimized,
/// fed to the server session exactly as `fuzz-session` feeds them. A test is
/// disabled while its trap is open (a trap ends the test process); enable it
/// with the fix. docs/reliability.md lists them.
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
        let stream: [UInt8] = [
            0x44, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x4c, 0x53, 0x49, 0x4d, 0x01, 0x00, 0x60, 0x00,
            0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x3c, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0x1a, 0x00,
            0x00, 0x00, 0x2f, 0x6e, 0x6f, 0x6e, 0x65, 0x78, 0x69, 0x73, 0x74, 0x65, 0x6e, 0x74, 0x2f, 0x53,
            0x75, 0x62, 0x73, 0x74, 0x72, 0x69, 0x6e, 0x73, 0x65, 0x65, 0x64, 0x73, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x18, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff,
            0x06, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x08, 0x08, 0x00, 0x00,
        ]
        let replies = Self.serve(stream)
        guard case .error? = replies.last else {
            Issue.record("expected an error reply to the overflowing vsync, got \(replies)")
            return
        }
    }
}
