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
        /// The client sent no `hello` within the handshake deadline (error
        /// 272) or nothing within the idle deadline (273), or did not take a
        /// reply within the reply deadline; the connection was ended.
        case deadlinePassed(String)
    }

    /// Wall-time bounds on one client of a listening server, so that a
    /// client that connects and says nothing, sends half a frame, or stops
    /// reading cannot hold the server (docs/render-server.md).
    public struct Deadlines: Sendable, Equatable {
        /// From the connection to a complete `hello`.
        public var handshake: Duration
        /// The longest silence between two reads once the session runs.
        public var idle: Duration
        /// The longest a reply may wait for room in the socket.
        public var reply: Duration

        /// 10 s to say hello, 5 min of silence, 30 s per reply.
        public init(handshake: Duration = .seconds(10), idle: Duration = .seconds(300), reply: Duration = .seconds(30)) {
            self.handshake = handshake
            self.idle = idle
            self.reply = reply
        }
    }

    /// The most descriptors queued before their `bitmapShared` frames.
    public static let descriptorLimit = 64

    /// Serves the client on `fd` until it says goodbye, closes, or breaks
    /// the protocol. Does not close `fd`; closes every descriptor the
    /// client sent.
    ///
    /// With `deadlines`, `fd` is made non-blocking and every wait is
    /// bounded: a client past its handshake or idle deadline gets an
    /// `error` (272 or 273) and the connection ends (``Outcome/deadlinePassed(_:)``).
    public static func serve(fd: FileDescriptor, session: ServerSession, limits: WireLimits = .init(),
                             deadlines: Deadlines? = nil) -> Outcome {
        var decoder = FrameDecoder(limits: limits)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        // Descriptors that came with `bitmapShared` frames not yet served;
        // whatever is left is closed when the connection ends.
        var descriptors: [FileDescriptor] = []
        defer { for d in descriptors { try? d.close() } }
        var socket = true
        func replyDeadline() -> ContinuousClock.Instant? { deadlines.map { .now + $0.reply } }
        func refuse(_ code: UInt16, _ text: String) -> Outcome {
            try? fd.writeAll(WireMessage.error(code: code, message: text).encode(), deadline: replyDeadline())
            return .protocolError(text)
        }
        if deadlines != nil {
            do throws(SystemError) { try fd.setNonBlocking(true) } catch { return .ioError(error) }
        }
        let handshakeEnd = deadlines.map { ContinuousClock.now + $0.handshake }
        while true {
            if let deadlines, let handshakeEnd {
                let hello = session.state == .awaitingHello
                let wait = hello ? handshakeEnd - .now : deadlines.idle
                let ready: FileDescriptor.PollEvents
                do throws(SystemError) { ready = wait > .zero ? try fd.poll(for: .readable, timeout: wait) : [] } catch { return .ioError(error) }
                if ready.isEmpty {
                    let text = hello ? "no hello within \(deadlines.handshake) of connecting; the connection is closed"
                        : "nothing received for \(deadlines.idle); the connection is closed"
                    try? fd.writeAll(WireMessage.error(code: (hello ? ServerErrorCode.handshakeDeadline : .idleDeadline).rawValue, message: text).encode(), deadline: replyDeadline())
                    return .deadlinePassed(text)
                }
            }
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
                    return refuse(ServerErrorCode.unusableDescriptor.rawValue, error.description)
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
                    try? fd.writeAll(WireMessage.refusal(error).encode(), deadline: replyDeadline())
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
                        return refuse(ServerErrorCode.unusableDescriptor.rawValue, "\(error.description) (image \(image.rawValue))")
                    }
                    replies = session.handleSharedBitmap(image, width: width, height: height, pixels: pixels)
                } else {
                    replies = session.handle(message)
                }
                for reply in replies {
                    do throws(SystemError) { try fd.writeAll(reply.encode(), deadline: replyDeadline()) } catch {
                        if error.errno == .timedOut { return .deadlinePassed("the client did not take a reply within \(deadlines?.reply ?? .zero): \(error)") }
                        return .ioError(error)
                    }
                    if case .error(_, let text) = reply { return .protocolError(text) }
                }
                if session.state == .closed { return .goodbye }
            }
        }
    }
}
