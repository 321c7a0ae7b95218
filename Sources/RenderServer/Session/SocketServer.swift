import LoopSimSystem
import RenderWire

/// Serves one client on a connected stream socket (or any fd): reads
/// frames, feeds the ``ServerSession``, writes its replies. Returns when the
/// client says goodbye, closes the connection, or breaks the protocol (after
/// answering with an `error` message).
public enum SocketServer {
    public enum Outcome: Equatable, Sendable {
        case goodbye
        case closedByPeer
        case protocolError(String)
        /// The connection failed under the protocol (`recvmsg`, `send`).
        case ioError(SystemError)
    }

    /// The most descriptors queued before their `bitmapShared` frames.
    public static let descriptorLimit = 64

    /// Serves the client on `fd` until it says goodbye, closes, or breaks
    /// the protocol. Does not close `fd`; closes every descriptor the
    /// client sent.
    public static func serve(fd: FileDescriptor, session: ServerSession, limits: WireLimits = .init()) -> Outcome {
        var decoder = FrameDecoder(limits: limits)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        // Descriptors that came with `bitmapShared` frames not yet served;
        // whatever is left is closed when the connection ends.
        var descriptors: [FileDescriptor] = []
        defer { for d in descriptors { try? d.close() } }
        var socket = true
        func refuse(_ code: UInt16, _ text: String) -> Outcome {
            try? fd.writeAll(WireMessage.error(code: code, message: text).encode())
            return .protocolError(text)
        }
        while true {
            var n: Int
            if socket {
                let received = buffer.withUnsafeMutableBytes { bytes in
                    Result { () throws(SharedMemoryError) -> Int in
                        try DescriptorSocket.receive(fd, into: bytes, descriptors: &descriptors, limit: descriptorLimit)
                    }
                }
                switch received {
                case .success(let count):
                    n = count
                case .failure(let error) where error.systemError?.errno == .notSocket:
                    socket = false   // a pipe or file: no descriptors can come
                    continue
                case .failure(let error) where error.kind == .system:
                    return .ioError(error.systemError!)
                case .failure(let error):
                    return refuse(268, error.description)
                }
            } else {
                let read = buffer.withUnsafeMutableBytes { bytes in
                    Result { () throws(SystemError) -> Int in try fd.read(into: bytes) }
                }
                switch read {
                case .success(let count): n = count
                case .failure(let error): return .ioError(error)
                }
            }
            if n == 0 { return .closedByPeer }
            let start = WallClock.nanoseconds()
            decoder.feed(buffer[0..<n])
            session.recordDecode(nanoseconds: WallClock.nanoseconds() &- start)
            while true {
                let message: WireMessage?
                do {
                    message = try decoder.next()
                } catch {
                    try? fd.writeAll(WireMessage.refusal(error).encode())
                    return .protocolError(error.description)
                }
                guard let message else { break }
                let replies: [WireMessage]
                if case .bitmapShared(let image, let width, let height, let offset, let byteCount) = message, session.state == .running {
                    guard !descriptors.isEmpty else {
                        return refuse(267, "bitmapShared \(image.rawValue): no descriptor came with the frame")
                    }
                    let shared = descriptors.removeFirst()
                    defer { try? shared.close() }
                    let pixels: [UInt8]
                    do {
                        pixels = try SharedMemory.read(descriptor: shared, offset: offset, byteCount: Int(byteCount))
                    } catch {
                        return refuse(268, "\(error.description) (image \(image.rawValue))")
                    }
                    replies = session.handleSharedBitmap(image, width: width, height: height, pixels: pixels)
                } else {
                    replies = session.handle(message)
                }
                for reply in replies {
                    do throws(SystemError) { try fd.writeAll(reply.encode()) } catch { return .ioError(error) }
                    if case .error(_, let text) = reply { return .protocolError(text) }
                }
                if session.state == .closed { return .goodbye }
            }
        }
    }
}
