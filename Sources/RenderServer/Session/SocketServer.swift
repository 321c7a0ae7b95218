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
    /// reading cannot hold the server (docs/internals/render-server.md).
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
    ///
    /// With `spins`, each wait for the client's next message first polls
    /// without sleeping for up to ``SpinWait/budget`` (docs/internals/render-server.md,
    /// "Spin, then sleep"): the server process does; a server on a thread
    /// of the client's process (tests, `--server thread`) does not, so that
    /// it takes no core from the tests around it.
    public static func serve(fd: FileDescriptor, session: ServerSession, limits: WireLimits = .init(),
                             deadlines: Deadlines? = nil, spins: Bool = false) -> Outcome {
        var connection = Connection(fd: fd, session: session, limits: limits, deadlines: deadlines, spins: spins)
        defer { connection.closeQueuedDescriptors() }
        return connection.serve()
    }
}
