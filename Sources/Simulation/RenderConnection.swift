import LoopSimSystem
import RenderModel
import RenderWire

/// The client's end of the render-server socket.
///
/// Transports: `spawn` starts the `loopsim-render` process with one end of a
/// socketpair as its `--fd` (found by ``serverExecutable()``); `thread` runs
/// an in-process server, which the caller injects (the `loopsim` CLI and
/// the tests pass RenderServer's), on a thread over a socketpair — the same
/// bytes either way; `unix` connects to a server already listening.
public final class RenderConnection {
    /// How to reach a render server.
    public enum Transport: Sendable {
        /// Spawn the `loopsim-render` process (``RenderConnection/serverExecutable()``).
        case spawn
        /// Run this server on a thread of this process, over a socketpair.
        case thread(InProcessRenderServer)
        /// A server already listening at this path (`loopsim-render --listen`).
        case unix(String)
    }

    /// Why the render server could not be reached or stopped answering:
    /// what failed and, when known, the fix; the system's error as the cause.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// The failed system call behind it, if one was.
        public var cause: SystemError?
        /// What kind of failure, for the words a caller reports it with.
        public var kind: Kind
        /// For a refusal: the server's own words (its `error` message's text).
        public var serverMessage: String?

        /// How the server failed the client.
        public enum Kind: Equatable, Sendable {
            /// It could not be reached, or the connection broke.
            case unreachable
            /// It did not answer, or did not take a message, within the
            /// deadline: stopped or stuck, not necessarily dead.
            case timedOut
            /// It refused with an `error` message (its code): it is alive
            /// and said why.
            case refused(code: UInt16)
        }

        public init(description: String, cause: SystemError? = nil, kind: Kind = .unreachable, serverMessage: String? = nil) {
            self.description = description
            self.cause = cause
            self.kind = kind
            self.serverMessage = serverMessage
        }
    }

    /// How long a send may wait for room, and a receive for a reply, in
    /// wall time. 30 s each by default.
    public struct Deadlines: Sendable {
        public var send: Duration
        public var receive: Duration

        public init(send: Duration = .seconds(30), receive: Duration = .seconds(30)) {
            self.send = send
            self.receive = receive
        }
    }

    /// The bounds on this connection's sends and receives.
    public let deadlines: Deadlines

    let fd: FileDescriptor
    private var decoder = FrameDecoder()
    /// What `receive` reads into: allocated once, not per reply (a fresh
    /// 64 KiB buffer per reply was 22 % of the client's instructions in
    /// `bench scale`).
    private var receiveBuffer = [UInt8](repeating: 0, count: 65536)
    private let child: ChildProcess?
    private let serverThread: SystemThread?

    private init(fd: FileDescriptor, child: ChildProcess?, thread: SystemThread?, deadlines: Deadlines) {
        self.fd = fd
        self.deadlines = deadlines
        self.child = child
        self.serverThread = thread
    }

    /// Connects with `transport` and says hello; returns after `welcome`.
    ///
    /// The socket is made non-blocking, so that every send and receive is
    /// bounded by `deadlines`. With `unix:`, the server must run as this
    /// process's user (`SO_PEERCRED`).
    /// - Throws: ``Failure``: unreachable, timed out, or refused with the
    ///   server's code and reason (a frames folder it cannot use, say).
    public static func open(_ transport: Transport, hello: WireMessage.Hello, deadlines: Deadlines = .init()) throws -> RenderConnection {
        let connection: RenderConnection
        switch transport {
        case .unix(let path):
            let fd = try FileDescriptor.unixStreamSocket()
            do throws(SystemError) { try fd.connect(unixPath: path) } catch {
                try? fd.close()
                throw Failure(description: "cannot connect to the render server at '\(path)': \(error.errno); start it with 'loopsim-render --listen \(path)'", cause: error)
            }
            do { try checkServerUser(fd, path: path) } catch {
                try? fd.close()
                throw error
            }
            connection = RenderConnection(fd: fd, child: nil, thread: nil, deadlines: deadlines)
        case .spawn:
            let server = try serverExecutable()
            let (client, serverEnd) = try FileDescriptor.socketPair()
            defer { try? serverEnd.close() }
            do throws(SystemError) {
                // With --faults, the spawned server injects its side of the
                // plan too; each spawn has its own generation, so a respawned
                // server's faults are as deterministic as the first's
                // (docs/internals/reliability.md).
                var arguments = ["--fd", "3"]
                if let faults = FaultPlan.current {
                    arguments += ["--faults", String(faults.seed), "--faults-generation", String(faults.countSpawn())]
                }
                let child = try ChildProcess.spawn(server, arguments: arguments, descriptors: [3: serverEnd])
                connection = RenderConnection(fd: client, child: child, thread: nil, deadlines: deadlines)
            } catch {
                try? client.close()
                throw Failure(description: "cannot start the render server '\(server)': \(error.errno); \(buildAdvice)", cause: error)
            }
        case .thread(let server):
            let (client, serverEnd) = try FileDescriptor.socketPair()
            let raw = serverEnd.rawValue
            let thread: SystemThread
            // This server's side of the plan: its generation counts the
            // servers started, as a spawned server's does (docs/internals/reliability.md).
            let faults = FaultPlan.current?.nextServer()
            do {
                thread = try SystemThread.start {
                    let descriptor = FileDescriptor(rawValue: raw)
                    FaultPlan.withPlan(faults) { server.serve(descriptor) }
                    try? descriptor.close()
                }
            } catch {
                try? client.close()
                try? serverEnd.close()
                throw error
            }
            connection = RenderConnection(fd: client, child: nil, thread: thread, deadlines: deadlines)
        }
        do {
            do throws(SystemError) { try connection.fd.setNonBlocking(true) } catch {
                throw Failure(description: "render server: \(error)", cause: error)
            }
            try connection.sayHello(hello)
        } catch {
            connection.abandon()
            throw error
        }
        if let faults = FaultPlan.current, faults.countOpen(), faults.strikes(.killAfterRespawn, at: "after a respawn's welcome") {
            connection.kill()
        }
        return connection
    }

    /// The server's process id, as its `welcome` said (this process's for
    /// the thread transport).
    public private(set) var serverPID: UInt32 = 0

    private func sayHello(_ hello: WireMessage.Hello) throws {
        try send(.hello(hello))
        switch try receive() {
        case .welcome(_, let pid)?:
            serverPID = pid
            return
        case .error(let code, let text)?:
            throw Failure(description: "the render server refused hello: \(text) (error \(code))", kind: .refused(code: code), serverMessage: text)
        case nil:
            throw Failure(description: "the render server closed the connection instead of answering hello")
        case let other?:
            throw Failure(description: "the render server answered hello with \(other.tag) instead of welcome")
        }
    }

    /// Refuses a server at `path` that runs as another user: it could be
    /// anyone's, and would see every frame (`SO_PEERCRED`).
    static func checkServerUser(_ fd: FileDescriptor, path: String, expected: UInt32 = CurrentProcess.userID) throws {
        let credentials: FileDescriptor.PeerCredentials
        do throws(SystemError) { credentials = try fd.peerCredentials() } catch {
            throw Failure(description: "cannot check who runs the render server at '\(path)': \(error)", cause: error)
        }
        try checkServerUser(credentials, path: path, expected: expected)
    }

    /// ``checkServerUser(_:path:expected:)`` on credentials already read.
    public static func checkServerUser(_ credentials: FileDescriptor.PeerCredentials, path: String, expected: UInt32 = CurrentProcess.userID) throws {
        guard credentials.userID == expected else {
            throw Failure(description: "the render server at '\(path)' runs as uid \(credentials.userID) (pid \(credentials.processID)), not as this user (uid \(expected)); refusing it; start your own with 'loopsim-render --listen PATH' in a folder of yours")
        }
    }

    /// How to make the server binary findable, for error messages.
    static let buildAdvice = "build it with 'swift build --product loopsim-render', put it on PATH, or set LOOPSIM_RENDER to its path"

    /// The `loopsim-render` executable for the `spawn` transport: the path in
    /// `LOOPSIM_RENDER` if set, else the one next to the running executable
    /// (`swift build` puts both products in one folder), else the first on
    /// `PATH` (docs/internals/render-server.md).
    /// - Throws: ``Failure`` naming the places looked at and the fix.
    public static func serverExecutable() throws -> String {
        if let path = CurrentProcess.environment("LOOPSIM_RENDER"), !path.isEmpty { return path }
        var candidates: [String] = []
        if let exe = try? CurrentProcess.executablePath() {
            candidates.append(FilePath.join(FilePath.parent(of: exe), "loopsim-render"))
        }
        for folder in (CurrentProcess.environment("PATH") ?? "").split(separator: ":") where !folder.isEmpty {
            candidates.append(FilePath.join(String(folder), "loopsim-render"))
        }
        for candidate in candidates where FileSystem.isExecutableFile(candidate) { return candidate }
        throw Failure(description: "loopsim-render was not found (LOOPSIM_RENDER is not set, and it is neither next to this executable nor on PATH); \(buildAdvice)")
    }

    /// Bitmaps of at least this many bytes travel as shared memory
    /// (`bitmapShared` + a sealed memfd) instead of inside the commit;
    /// `Int.max` keeps every bitmap inline. Default 16 KiB (a 64 × 64 image).
    public var sharedBitmapThreshold = 16 * 1024

    /// Sends `message`. The large `bitmap` ops of a `commit` or `snapshot`
    /// go first, each as a `bitmapShared` frame with its memfd; the server
    /// stores them on arrival, so the commit after them, without those ops,
    /// means the same.
    public func send(_ message: WireMessage) throws {
        if let faults = FaultPlan.current, faults.strikes(.killAtMessage, at: "before \(message.tag)") { kill() }
        var message = message
        switch message {
        case .commit(let diff):
            message = .commit(try shareLargeBitmaps(of: diff))
        case .snapshot(let diff):
            message = .snapshot(try shareLargeBitmaps(of: diff))
        default:
            break
        }
        do throws(SystemError) { try fd.writeAll(message.encode(), deadline: .now + deadlines.send) } catch {
            throw refusalLeftBehind(error) ?? Self.sendFailure(error, message.tag, deadlines.send)
        }
    }

    /// After a send failed on a broken connection: a server that refused
    /// something sent before (a commit it could not take, say) answers with
    /// an `error` and closes the session, so a send that follows can meet
    /// the closed socket before the client has read the answer — a race
    /// between the two sides, not a crash. The answer is still in the
    /// socket: read what is there without waiting, and if it holds an
    /// `error`, that refusal is the failure (issue 13: a refused layer was
    /// taken for a crash and the server respawned). Nil when nothing but a
    /// closed connection is there.
    private func refusalLeftBehind(_ error: SystemError) -> Failure? {
        guard error.errno != .timedOut else { return nil }
        while true {
            do {
                while let message = try decoder.next() {
                    if case .error(let code, let text) = message {
                        return Failure(description: "the render server refused: \(text) (error \(code))", cause: error,
                                       kind: .refused(code: code), serverMessage: text)
                    }
                }
                let n = try receiveBuffer.withUnsafeMutableBytes { try fd.read(into: $0) }   // non-blocking
                if n == 0 { return nil }
                decoder.feed(receiveBuffer[0..<n])
            } catch {
                return nil   // nothing more to read (EAGAIN), a reset, or bytes that do not decode
            }
        }
    }

    /// A failed send in words: a deadline is "did not take", not a death.
    private static func sendFailure(_ error: SystemError, _ tag: WireTag.Message, _ limit: Duration) -> Failure {
        if error.errno == .timedOut {
            return Failure(description: "the render server did not take the \(tag) message within \(limit.formattedSeconds) (it may be stopped or stuck)", cause: error, kind: .timedOut)
        }
        return Failure(description: "render server: \(error)", cause: error)
    }

    /// Sends `diff`'s bitmaps of at least `sharedBitmapThreshold` bytes as
    /// shared memory; answers the diff without them.
    private func shareLargeBitmaps(of diff: CommitDiff) throws -> CommitDiff {
        guard diff.ops.contains(where: { if case .bitmap(_, let b) = $0 { b.pixels.count >= sharedBitmapThreshold } else { false } }) else {
            return diff
        }
        var rest = diff
        rest.ops = []
        for op in diff.ops {
            guard case .bitmap(let image, let bitmap) = op, bitmap.pixels.count >= sharedBitmapThreshold else {
                rest.ops.append(op)
                continue
            }
            let file: FileDescriptor
            do {
                file = try bitmap.pixels.withUnsafeBytes { bytes in
                    try FileDescriptor.makeSealedMemoryFile(name: "loopsim-image-\(image.rawValue)", contents: bytes)
                }
            } catch {
                throw Failure(description: "render server: shared memory for image \(image.rawValue): \(error)", cause: error as? SystemError)
            }
            defer { try? file.close() }
            let frame = WireMessage.bitmapShared(image, width: UInt32(bitmap.width), height: UInt32(bitmap.height),
                                                 offset: 0, byteCount: UInt64(bitmap.pixels.count)).encode()
            do throws(SystemError) { try fd.send(frame, descriptors: [file], deadline: .now + deadlines.send) } catch {
                throw refusalLeftBehind(error) ?? Self.sendFailure(error, .bitmapShared, deadlines.send)
            }
        }
        return rest
    }

    /// The next message from the server; nil when it closed the
    /// connection. Waits at most ``Deadlines/receive`` of wall time in all.
    /// With `spins` false it sleeps in `poll` at once, without the
    /// ``SpinWait`` first (the server is using both cores).
    /// - Throws: ``Failure`` (`timedOut`: "did not answer within 30 s").
    public func receive(spins: Bool = true) throws -> WireMessage? {
        let deadline = ContinuousClock.now + deadlines.receive
        while true {
            if let m = try decoder.next() { return m }
            // Before sleeping, SpinWait; a spin that saw the answer needs
            // no second `poll` (a system call on the lockstep's path).
            if !fd.spinUntilReadable(budget: spins ? SpinWait.budget : .zero) {
                let left = deadline - .now
                let ready: FileDescriptor.PollEvents
                do throws(SystemError) { ready = left > .zero ? try fd.poll(for: .readable, timeout: left) : [] } catch {
                    throw Failure(description: "render server: \(error)", cause: error)
                }
                if ready.isEmpty {
                    throw Failure(description: "the render server did not answer within \(deadlines.receive.formattedSeconds) (it may be stopped or stuck)", kind: .timedOut)
                }
            }
            let n: Int
            do {
                n = try receiveBuffer.withUnsafeMutableBytes { try fd.read(into: $0) }
            } catch let error as SystemError where error.errno == .wouldBlock {
                continue
            } catch {
                throw Failure(description: "render server: \(error)", cause: error as? SystemError)
            }
            if n == 0 { return nil }
            decoder.feed(receiveBuffer[0..<n])
        }
    }

    /// Kills the server (fault injection) and waits until it is gone, so the
    /// next send or receive fails deterministically.
    public func kill() {
        if let child {
            try? child.kill()
            _ = try? child.wait()
            reaped = true
        } else {
            // A thread's server, or an external one (unix:): cut the
            // connection; the server sees it end.
            try? fd.shutdown(.readWrite)
            serverThread?.join()
        }
    }

    private var reaped = false

    /// Closes our end without a goodbye (the server is gone, or is given
    /// up on: a deadline passed, a reply could not be read).
    public func abandon() {
        if let child, !reaped {
            try? child.kill()
            _ = try? child.wait()
            reaped = true
        } else if child == nil {
            // A thread's server may still be reading: cut the connection
            // first, so that it sees it end and the join returns.
            try? fd.shutdown(.readWrite)
        }
        serverThread?.join()
        try? fd.close()
    }

    /// Says goodbye and waits for the server to finish.
    public func close() {
        try? send(.goodbye)
        try? fd.shutdown(.write)
        if let child, !reaped {
            _ = try? child.wait()
            reaped = true
        }
        serverThread?.join()
        try? fd.close()
    }
}

extension Duration {
    /// `30 s`, `0.25 s`: for messages about deadlines.
    var formattedSeconds: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
    }
}
