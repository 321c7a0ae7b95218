#if canImport(Glibc)
import Glibc
#endif

/// `loopsim-render --listen PATH`: a Unix-domain socket that only its owner
/// can use. The folder is created with mode 0700 when missing and refused
/// when others can write to it; the socket file gets mode 0600; every
/// connecting peer's uid is checked (`SO_PEERCRED`) before it is served.
public enum UnixListener {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The uid of the process at the other end of a Unix socket.
    public static func peerUID(_ fd: Int32) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (Linux; Glibc
        // only declares it under _GNU_SOURCE). SO_PEERCRED is 17 on Linux.
        struct PeerCredentials { var pid: Int32 = 0; var uid: UInt32 = 0; var gid: UInt32 = 0 }
        var cred = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, 17, &cred, &length) == 0,
              length == socklen_t(MemoryLayout<PeerCredentials>.size) else { return nil }
        return cred.uid
    }

    /// Whether the peer on `fd` is the same user as `expected`.
    public static func peerIsAllowed(_ fd: Int32, expected: uid_t = getuid()) -> Bool {
        peerUID(fd) == expected
    }

    /// Creates, binds and listens on the socket at `path`.
    public static func listen(at path: String) throws -> Int32 {
        guard path.utf8.count < 100 else { throw Failure(description: "the socket path is too long (at most 99 bytes): \(path)") }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let dir = folder.isEmpty ? "." : folder
        var st = stat()
        if stat(dir, &st) != 0 {
            guard mkdir(dir, 0o700) == 0 else {
                throw Failure(description: "cannot create the folder '\(dir)': \(String(cString: strerror(errno)))")
            }
        } else {
            guard (st.st_mode & S_IFMT) == S_IFDIR else { throw Failure(description: "'\(dir)' is not a folder") }
            guard st.st_mode & 0o022 == 0 else {
                throw Failure(description: "the folder '\(dir)' can be written by others (mode \(String(st.st_mode & 0o777, radix: 8))); use a private folder (mode 0700)")
            }
        }
        if lstat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFSOCK else { throw Failure(description: "'\(path)' exists and is not a socket") }
            unlink(path)   // a previous server's socket
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let old = umask(0o077)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(old)
        guard bound == 0 else {
            let e = errno
            close(fd)
            throw Failure(description: "bind \(path): \(String(cString: strerror(e)))")
        }
        chmod(path, 0o600)
        guard Glibc.listen(fd, 8) == 0 else {
            close(fd)
            throw Failure(description: "listen: \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// Connects to a listening server at `path`.
    public static func connect(to path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard path.utf8.count < 100 else { close(fd); throw Failure(description: "the socket path is too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0 else {
            let e = errno
            close(fd)
            throw Failure(description: "cannot connect to the render server at '\(path)': \(String(cString: strerror(e))); start it with 'loopsim-render --listen \(path)'")
        }
        return fd
    }
}
