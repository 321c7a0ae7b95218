import RenderServer
import RenderWire

/// libFuzzer target: the server session fed raw bytes, as `SocketServer`
/// feeds it — the frame decoder, then every decoded message into
/// ``ServerSession`` (frames kept in memory), until the session closes or
/// the decoder refuses. The first two bytes choose how the rest is cut into
/// reads, so split frames are covered too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    let chunk = max(1, Int(bytes[0]) << 8 | Int(bytes[1]))
    let stream = bytes[2...]
    let session = ServerSession(pid: 1) { _ in MemoryFrameOutput() }
    var decoder = FrameDecoder()
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
            guard let message else { break }
            for reply in session.handle(message) { _ = reply.encode() }
            if session.state == .closed { return 0 }
        }
    }
    return 0
}
