#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RenderServer
import RenderWire

/// The client's end of the render-server socket.
///
/// Transports: `spawn` starts the `loopsim-render` process with one end of a
/// socketpair as its `--fd` (found next to the running executable, or at
/// `LOOPSIM_RENDER`); `thread` runs the same server code on a thread over a
/// socketpair — the same bytes either way.
public final class RenderConnection {
    public enum Transport: Equatable, Sendable {
        case spawn
        case thread
        /// A server already listening at this path (`loopsim-render --listen`).
        case unix(String)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    let fd: Int32
    private var decoder = FrameDecoder()
    private let child: pid_t?
    private var serverThread: Thread?

    private init(fd: Int32, child: pid_t?, thread: Thread?) {
        self.fd = fd
        self.child = child
        self.serverThread = thread
    }

    /// Connects with `transport` and says hello; returns after `welcome`.
    public static func open(_ transport: Transport, hello: WireMessage.Hello) throws -> RenderConnection {
        if case .unix(let path) = transport {
            let fd: Int32
            do { fd = try UnixListener.connect(to: path) } catch { throw Failure(description: "\(error)") }
            let connection = RenderConnection(fd: fd, child: nil, thread: nil)
            try connection.sayHello(hello)
            return connection
        }
        var sv: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sv) == 0 else {
            throw Failure(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        let connection: RenderConnection
        switch transport {
        case .spawn:
            let server = try serverExecutable()
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_adddup2(&actions, sv[1], 3)
            let argv = [server, "--fd", "3"]
            var cargs = argv.map { strdup($0) } + [nil]
            var pid: pid_t = 0
            let rc = posix_spawn(&pid, server, &actions, nil, &cargs, environ)
            for p in cargs { free(p) }
            posix_spawn_file_actions_destroy(&actions)
            Glibc.close(sv[1])
            guard rc == 0 else {
                Glibc.close(sv[0])
                throw Failure(description: "cannot start the render server '\(server)': \(String(cString: strerror(rc))); build it with 'swift build' or set LOOPSIM_RENDER")
            }
            connection = RenderConnection(fd: sv[0], child: pid, thread: nil)
        case .thread:
            let serverFD = sv[1]
            let thread = Thread {
                let session = ServerSession(pid: UInt32(getpid())) { try FolderFrameOutput(folder: $0.outputFolder) }
                _ = SocketServer.serve(fd: serverFD, session: session)
                Glibc.close(serverFD)
            }
            thread.start()
            connection = RenderConnection(fd: sv[0], child: nil, thread: thread)
        case .unix:
            preconditionFailure("handled above")
        }
        try connection.sayHello(hello)
        return connection
    }

    private func sayHello(_ hello: WireMessage.Hello) throws {
        try send(.hello(hello))
        guard case .welcome? = try receive() else {
            throw Failure(description: "the render server did not answer hello with welcome")
        }
    }

    /// `loopsim-render` next to the running executable, or `LOOPSIM_RENDER`.
    static func serverExecutable() throws -> String {
        if let path = ProcessInfo.processInfo.environment["LOOPSIM_RENDER"], !path.isEmpty { return path }
        var candidates: [String] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(((exe as NSString).deletingLastPathComponent as NSString).appendingPathComponent("loopsim-render"))
        }
        for c in candidates where FileManager.default.isExecutableFile(atPath: c) { return c }
        throw Failure(description: "loopsim-render was not found next to this executable; build it ('swift build') or set LOOPSIM_RENDER")
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
        var message = message
        switch message {
        case .commit(let diff):
            message = .commit(try shareLargeBitmaps(of: diff))
        case .snapshot(let diff):
            message = .snapshot(try shareLargeBitmaps(of: diff))
        default:
            break
        }
        if let failure = SocketServer.writeAll(fd, message.encode()) {
            throw Failure(description: "render server: \(failure)")
        }
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
            let file: Int32
            do {
                file = try bitmap.pixels.withUnsafeBytes { bytes in
                    try Result { () throws(SharedMemoryError) -> Int32 in
                        try SharedMemory.makeSealedFile(name: "loopsim-image-\(image.rawValue)", contents: bytes)
                    }.get()
                }
            } catch {
                throw Failure(description: "render server: shared memory for image \(image.rawValue): \(error)")
            }
            defer { Glibc.close(file) }
            let frame = WireMessage.bitmapShared(image, width: UInt32(bitmap.width), height: UInt32(bitmap.height),
                                                 offset: 0, byteCount: UInt64(bitmap.pixels.count)).encode()
            if let failure = DescriptorSocket.send(fd, frame, descriptors: [file]) {
                throw Failure(description: "render server: \(failure)")
            }
        }
        return rest
    }

    /// The next message from the server (waits at most 30 s of wall time).
    public func receive() throws -> WireMessage? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var waited = 0
        while true {
            if let m = try decoder.next() { return m }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 1000)
            if ready < 0 { if errno == EINTR { continue }; throw Failure(description: "poll: \(String(cString: strerror(errno)))") }
            if ready == 0 {
                waited += 1
                if waited >= 30 { throw Failure(description: "the render server did not answer within 30 s") }
                continue
            }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw Failure(description: "read: \(String(cString: strerror(errno)))") }
            if n == 0 { return nil }
            decoder.feed(buffer[0..<n])
        }
    }

    /// Kills the server (fault injection) and waits until it is gone, so the
    /// next send or receive fails deterministically.
    public func kill() {
        if let child {
            Glibc.kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            reaped = true
        } else {
            // A thread's server, or an external one (unix:): cut the
            // connection; the server sees it end.
            Glibc.shutdown(fd, Int32(SHUT_RDWR))
            while serverThread?.isFinished == false { usleep(1000) }
        }
    }

    private var reaped = false

    /// Closes our end without a goodbye (the server is already gone).
    public func abandon() {
        if let child, !reaped {
            Glibc.kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            reaped = true
        }
        Glibc.close(fd)
    }

    /// Says goodbye and waits for the server to finish.
    public func close() {
        try? send(.goodbye)
        Glibc.shutdown(fd, Int32(SHUT_WR))
        if let child, !reaped {
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
        while serverThread?.isFinished == false { usleep(1000) }
        Glibc.close(fd)
    }
}
