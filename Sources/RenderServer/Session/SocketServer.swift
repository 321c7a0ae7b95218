#if canImport(Glibc)
import Glibc
#endif
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
        case ioError(String)
    }

    /// The most descriptors queued before their `bitmapShared` frames.
    public static let descriptorLimit = 64

    public static func serve(fd: Int32, session: ServerSession, limits: WireLimits = .init()) -> Outcome {
        var decoder = FrameDecoder(limits: limits)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        // Descriptors that came with `bitmapShared` frames not yet served;
        // whatever is left is closed when the connection ends.
        var descriptors: [Int32] = []
        defer { for d in descriptors { close(d) } }
        var socket = true
        func refuse(_ code: UInt16, _ text: String) -> Outcome {
            _ = writeAll(fd, WireMessage.error(code: code, message: text).encode())
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
                case .failure(let error) where error.kind == .system && error.errorNumber == ENOTSOCK:
                    socket = false   // a pipe or file: no descriptors can come
                    continue
                case .failure(let error) where error.kind == .system:
                    return .ioError(error.description)
                case .failure(let error):
                    return refuse(268, error.description)
                }
            } else {
                n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return .ioError("read: \(String(cString: strerror(errno)))")
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
                    _ = writeAll(fd, WireMessage.refusal(error).encode())
                    return .protocolError(error.description)
                }
                guard let message else { break }
                let replies: [WireMessage]
                if case .bitmapShared(let image, let width, let height, let offset, let byteCount) = message, session.state == .running {
                    guard !descriptors.isEmpty else {
                        return refuse(267, "bitmapShared \(image.rawValue): no descriptor came with the frame")
                    }
                    let shared = descriptors.removeFirst()
                    defer { close(shared) }
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
                    if let failure = writeAll(fd, reply.encode()) { return .ioError(failure) }
                    if case .error(_, let text) = reply { return .protocolError(text) }
                }
                if session.state == .closed { return .goodbye }
            }
        }
    }

    /// Writes every byte (retrying on EINTR and short writes); nil on success.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == ENOTSOCK {
                    let m = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
                    if m < 0 { if errno == EINTR { continue }; return "write: \(String(cString: strerror(errno)))" }
                    offset += m
                    continue
                }
                return "send: \(String(cString: strerror(errno)))"
            }
            offset += n
        }
        return nil
    }
}
