import RenderServer
import RenderWire

/// libFuzzer target: the server session fed raw bytes, as `SocketServer`
/// feeds it — the frame decoder, then every decoded message into
/// ``ServerSession`` (each frame's P6 bytes made, then dropped), until the
/// session closes or the decoder refuses. The first two bytes choose how the
/// rest is cut into reads, so split frames are covered too.
///
/// The decoder's limits are the default ones but for the bytes of a bitmap
/// or display: 4 MiB (1 Mi pixels) instead of 256 MiB. At the full limit one
/// 8 KiB input could ask for a 16384 × 4096 display and a hundred frames of
/// it (0.7 s and 192 MB of P6 each: a timeout or an out-of-memory that is
/// only the work asked for); the limits at their real values are
/// WireMessageErrorTests' and CommitCodecErrorTests'.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    let chunk = max(1, Int(bytes[0]) << 8 | Int(bytes[1]))
    let stream = bytes[2...]
    let session = ServerSession(pid: 1) { _ in DroppingFrameOutput() }
    var decoder = FrameDecoder(limits: fuzzLimits)
    var offset = stream.startIndex
    while offset < stream.endIndex {
        let end = min(stream.endIndex, offset + chunk)
        decoder.feed(stream[offset..<end])
        offset = end
        while true {
            let message: WireMessage?
            do { message = try decoder.next() } catch {
                _ = WireMessage.refusal(error).encode()
                return 0
            }
            guard let message else {
                session.clientsTurn()   // as the socket code does: every message answered
                break
            }
            for reply in session.handle(message) { _ = reply.encode() }
            if session.state == .closed { return 0 }
        }
    }
    return 0
}

/// The wire limits the session target decodes with (see ``fuzzSession(_:_:)``).
let fuzzLimits = WireLimits(maxBitmapBytes: 4 << 20)

/// Takes every frame (the session makes its P6 bytes, as for frame files)
/// and keeps none of them: one input may draw hundreds of frames.
final class DroppingFrameOutput: FrameOutput {
    private(set) var bytes = 0

    func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws {
        bytes &+= ppm.count + indexLine().utf8.count
    }
}
