import LoopSimSystem
import RenderWire

extension SocketServer {
    /// One client's connection while ``SocketServer/serve(fd:session:limits:deadlines:spins:)``
    /// serves it: the decoder, the descriptors that came ahead of their
    /// `bitmapShared` frames, and the deadlines.
    struct Connection {
        let fd: FileDescriptor
        let session: ServerSession
        let deadlines: Deadlines?
        /// Whether to spin before sleeping for the next message (``SpinWait``).
        let spins: Bool
        var decoder: FrameDecoder
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        /// Descriptors that came with `bitmapShared` frames not yet served;
        /// whatever is left is closed when the connection ends.
        var descriptors: [FileDescriptor] = []
        /// False once `fd` turned out not to be a socket (a pipe or a file:
        /// no descriptors can come, so it is read plainly).
        var isSocket = true
        let handshakeEnd: ContinuousClock.Instant?
        /// Where the replies go: every write, and the connection's end,
        /// waits for a reply in flight first.
        let outbox: Outbox

        init(fd: FileDescriptor, session: ServerSession, limits: WireLimits, deadlines: Deadlines?, spins: Bool) {
            self.fd = fd
            self.session = session
            self.deadlines = deadlines
            self.spins = spins
            decoder = FrameDecoder(limits: limits)
            outbox = Outbox(fd: fd, replyTimeout: deadlines?.reply)
            handshakeEnd = deadlines.map { ContinuousClock.now + $0.handshake }
        }

        mutating func closeQueuedDescriptors() {
            for d in descriptors { try? d.close() }
            descriptors = []
        }

        /// Reads, decodes and answers until the connection ends.
        mutating func serve() -> Outcome {
            // Nothing may close the descriptor while a reply is in flight.
            defer { _ = outbox.drain() }
            if deadlines != nil {
                do throws(SystemError) { try fd.setNonBlocking(true) } catch { return .ioError(error) }
            }
            while true {
                if let error = outbox.drain() { return outcome(ofReplyError: error) }
                if let ended = waitForInput() { return ended }
                let n: Int
                switch receive() {
                case .success(nil): continue
                case .success(let count?): n = count
                case .failure(let ended): return ended.outcome
                }
                if n == 0 { return .closedByPeer }
                let start = WallClock.nanoseconds()
                decoder.feed(buffer[0..<n])
                session.recordDecode(nanoseconds: WallClock.nanoseconds() &- start)
                if let ended = answerDecodedMessages() { return ended }
            }
        }

        /// Spins a while for the client's next message (``SpinWait``), when
        /// the connection spins; with deadlines, waits until the client
        /// sends something, and ends the connection (errors 272 and 273)
        /// when it does not in time.
        func waitForInput() -> Outcome? {
            let hello = session.state == .awaitingHello
            // Before sleeping for the next message, a short spin: a server
            // asleep is woken onto the client's core (docs/internals/render-server.md,
            // "Spin, then sleep").
            if spins, !hello, fd.spinUntilReadable() { return nil }
            guard let deadlines, let handshakeEnd else { return nil }
            let wait = hello ? handshakeEnd - .now : deadlines.idle
            let ready: FileDescriptor.PollEvents
            do throws(SystemError) { ready = wait > .zero ? try fd.poll(for: .readable, timeout: wait) : [] } catch { return .ioError(error) }
            guard ready.isEmpty else { return nil }
            let text = hello ? "no hello within \(deadlines.handshake) of connecting; the connection is closed"
                : "nothing received for \(deadlines.idle); the connection is closed"
            let code: ServerErrorCode = hello ? .handshakeDeadline : .idleDeadline
            try? outbox.write([WireMessage.error(code: code.rawValue, message: text)])
            return .deadlinePassed(text)
        }

        /// Reads what arrived into `buffer` (with any descriptors passed):
        /// the byte count, nil to read again, or how the connection ended.
        mutating func receive() -> Result<Int?, OutcomeError> {
            guard isSocket else {
                let read = buffer.withUnsafeMutableBytes { [fd] bytes in
                    Result { () throws(SystemError) -> Int in try fd.read(into: bytes) }
                }
                return read.map { $0 }.mapError { OutcomeError(.ioError($0)) }
            }
            var queued = descriptors   // moved out and back: the buffer is borrowed meanwhile
            descriptors = []
            let received = buffer.withUnsafeMutableBytes { [fd] bytes in
                Result { () throws(SharedMemoryError) -> Int in
                    try DescriptorSocket.receive(fd, into: bytes, descriptors: &queued, limit: descriptorLimit)
                }
            }
            descriptors = queued
            switch received {
            case .success(let count):
                return .success(count)
            case .failure(let error) where error.systemError?.errno == .notSocket:
                isSocket = false
                return .success(nil)
            case .failure(let error) where error.kind == .system:
                return .failure(OutcomeError(.ioError(error.systemError!)))
            case .failure(let error):
                return .failure(OutcomeError(refuse(.unusableDescriptor, error.description)))
            }
        }

        /// Hands every complete message to the session and writes its
        /// replies; how the connection ended, or nil to read on.
        mutating func answerDecodedMessages() -> Outcome? {
            while true {
                let message: WireMessage?
                do {
                    message = try decoder.next()
                } catch {
                    _ = outbox.drain()
                    try? outbox.write([WireMessage.refusal(error)])
                    return .protocolError(error.description)
                }
                guard let message else {
                    // Every message that came is answered: the client's turn.
                    session.clientsTurn()
                    return nil
                }
                let replies: [WireMessage]
                switch handle(message) {
                case .success(let r): replies = r
                case .failure(let ended): return ended.outcome
                }
                if let ended = send(replies) { return ended }
                if session.state == .closed { return .goodbye }
            }
        }

        /// The session's replies to `message`; a `bitmapShared` takes the
        /// oldest queued descriptor and reads its pixels first.
        mutating func handle(_ message: WireMessage) -> Result<[WireMessage], OutcomeError> {
            guard case .bitmapShared(let image, let width, let height, let offset, let byteCount) = message,
                  session.state == .running else {
                return .success(session.handle(message))
            }
            guard !descriptors.isEmpty else {
                return .failure(OutcomeError(refuse(.bitmapWithoutDescriptor, "bitmapShared \(image.rawValue): no descriptor came with the frame")))
            }
            let shared = descriptors.removeFirst()
            defer { try? shared.close() }
            do {
                let pixels = try SharedMemory.read(descriptor: shared, offset: offset, byteCount: Int(byteCount))
                return .success(session.handleSharedBitmap(image, width: width, height: height, pixels: pixels))
            } catch {
                return .failure(OutcomeError(refuse(.unusableDescriptor, "\(error.description) (image \(image.rawValue))")))
            }
        }

        /// Writes `replies` as the session delivers them; an `error`
        /// among them ends the connection.
        func send(_ replies: [WireMessage]) -> Outcome? {
            do throws(SystemError) { try session.deliver(replies, through: outbox) } catch {
                return outcome(ofReplyError: error)
            }
            for case .error(_, let text) in replies { return .protocolError(text) }
            return nil
        }

        func outcome(ofReplyError error: SystemError) -> Outcome {
            if error.errno == .timedOut {
                return .deadlinePassed("the client did not take a reply within \(deadlines?.reply ?? .zero): \(error)")
            }
            return .ioError(error)
        }

        /// Answers with an `error` and ends the connection.
        func refuse(_ code: ServerErrorCode, _ text: String) -> Outcome {
            _ = outbox.drain()
            try? outbox.write([WireMessage.error(code: code.rawValue, message: text)])
            return .protocolError(text)
        }
    }

    /// An ``Outcome`` that ends the connection, carried through `Result`.
    struct OutcomeError: Error {
        var outcome: Outcome
        init(_ outcome: Outcome) { self.outcome = outcome }
    }
}
