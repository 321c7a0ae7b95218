#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// A connected pair of `AF_UNIX`/`SOCK_STREAM` sockets, close-on-exec.
    /// - Throws: ``SystemError`` from `socketpair`.
    public static func socketPair() throws(SystemError) -> (FileDescriptor, FileDescriptor) {
        var ends: [CInt] = [-1, -1]
        _ = try valueOrError("socketpair") {
            system_socketpair(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0, &ends)
        }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// A new `AF_UNIX`/`SOCK_STREAM` socket, close-on-exec.
    /// - Throws: ``SystemError`` from `socket`.
    public static func unixStreamSocket() throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try valueOrError("socket") {
            system_socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        })
    }

    /// Binds the socket to the file system `path`.
    /// - Throws: ``SystemError`` from `bind` (`ENAMETOOLONG` for a path of
    ///   ``UnixSocketAddress/maxPathBytes`` bytes or more).
    public func bind(unixPath path: String) throws(SystemError) {
        let address = try UnixSocketAddress(path, call: "bind")
        _ = try address.withSockaddr { (pointer, length) throws(SystemError) in
            try valueOrError("bind", subject: path) { system_bind(rawValue, pointer, length) }
        }
    }

    /// Connects the socket to the server listening at `path`. Retries `EINTR`.
    /// - Throws: ``SystemError`` from `connect` (`ENOENT`, `ECONNREFUSED`).
    public func connect(unixPath path: String) throws(SystemError) {
        let address = try UnixSocketAddress(path, call: "connect")
        _ = try address.withSockaddr { (pointer, length) throws(SystemError) in
            try valueOrError("connect", subject: path) { system_connect(rawValue, pointer, length) }
        }
    }

    /// Starts listening, with room for `backlog` pending connections.
    public func listen(backlog: Int) throws(SystemError) {
        _ = try valueOrError("listen") { system_listen(rawValue, CInt(clamping: backlog)) }
    }

    /// The next connection, close-on-exec (`accept4`). Retries `EINTR`.
    /// - Throws: ``SystemError`` from `accept`.
    public func accept() throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try valueOrError("accept") { system_accept4(rawValue, CInt(SOCK_CLOEXEC.rawValue)) })
    }

    /// Who is at the other end of a Unix socket (`SO_PEERCRED`).
    public struct PeerCredentials: Hashable, Sendable {
        /// The peer's process id when it connected.
        public var processID: Int32
        /// The peer's user id.
        public var userID: UInt32
        /// The peer's group id.
        public var groupID: UInt32

        /// Credentials as `SO_PEERCRED` gives them (and as tests play them).
        public init(processID: Int32, userID: UInt32, groupID: UInt32) {
            self.processID = processID
            self.userID = userID
            self.groupID = groupID
        }
    }

    /// The credentials of the peer of this Unix socket.
    /// - Throws: ``SystemError`` from `getsockopt(SO_PEERCRED)` (`ENOTSOCK`).
    public func peerCredentials() throws(SystemError) -> PeerCredentials {
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
        _ = try valueOrError("getsockopt(SO_PEERCRED)") { system_peerCredentials(rawValue, &pid, &uid, &gid) }
        return PeerCredentials(processID: pid, userID: uid, groupID: gid)
    }

    /// Which directions ``shutdown(_:)`` ends.
    public enum ShutdownKind: Sendable {
        /// No more reads (`SHUT_RD`).
        case read
        /// No more writes; the peer reads the end of the stream (`SHUT_WR`).
        case write
        /// Both (`SHUT_RDWR`).
        case readWrite
    }

    /// Ends one or both directions of a connected socket.
    /// - Throws: ``SystemError`` from `shutdown` (`ENOTCONN` when the peer is gone).
    public func shutdown(_ kind: ShutdownKind) throws(SystemError) {
        let how: CInt = switch kind {
        case .read: CInt(SHUT_RD)
        case .write: CInt(SHUT_WR)
        case .readWrite: CInt(SHUT_RDWR)
        }
        _ = try valueOrError("shutdown") { system_shutdown(rawValue, how) }
    }
}

/// A `sockaddr_un` for a file-system path: the one place it is filled.
public struct UnixSocketAddress {
    /// The longest path that fits `sun_path` with its terminating zero.
    public static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    private var address = sockaddr_un()

    /// The address of `path`.
    /// - Throws: ``SystemError`` (`ENAMETOOLONG`, call `call`) for a path
    ///   longer than ``maxPathBytes``.
    public init(_ path: String, call: String = "sockaddr_un") throws(SystemError) {
        let bytes = Array(path.utf8)
        guard bytes.count <= Self.maxPathBytes else {
            throw SystemError(call, .nameTooLong, subject: path, note: "a Unix socket path is at most \(Self.maxPathBytes) bytes")
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
    }

    func withSockaddr<R, E: Error>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws(E) -> R) throws(E) -> R {
        var copy = address
        let result: Result<R, E> = withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                do throws(E) { return .success(try body(pointer, socklen_t(MemoryLayout<sockaddr_un>.size))) } catch { return .failure(error) }
            }
        }
        return try result.get()
    }
}
