#if canImport(Glibc)
import Glibc
#endif
import CLoopSimSystem

/// A C `errno` value, with its symbolic name and the C library's message.
///
///     Errno.brokenPipe.name       // "EPIPE"
///     Errno.brokenPipe.message    // "Broken pipe"
public struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C value.
    public let rawValue: CInt

    /// Wraps `rawValue`.
    public init(rawValue: CInt) { self.rawValue = rawValue }

    /// The calling thread's `errno` now.
    public static var current: Errno {
        get { Errno(rawValue: cloopsim_errno()) }
        set { cloopsim_set_errno(newValue.rawValue) }
    }

    /// The C library's message (`strerror`): "Broken pipe".
    public var message: String {
        var buffer = [CChar](repeating: 0, count: 256)
        // The XSI strerror_r (what Swift's Glibc module declares): thread-safe.
        let code = buffer.withUnsafeMutableBufferPointer { strerror_r(rawValue, $0.baseAddress!, $0.count) }
        guard code == 0 else { return "Unknown error \(rawValue)" }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The symbolic name (`EPIPE`), or `errno 123` for one not listed.
    public var name: String { Errno.names[rawValue] ?? "errno \(rawValue)" }

    /// `Broken pipe (EPIPE)`.
    public var description: String { "\(message) (\(name))" }
}

extension Errno {
    /// `EINTR`: a signal interrupted the call (``retryOnInterrupt(_:)`` retries it).
    public static var interrupted: Errno { Errno(rawValue: EINTR) }
    /// `EAGAIN` (= `EWOULDBLOCK` on Linux): a non-blocking call would block.
    public static var wouldBlock: Errno { Errno(rawValue: EAGAIN) }
    /// `EPIPE`: the peer closed its end.
    public static var brokenPipe: Errno { Errno(rawValue: EPIPE) }
    /// `EBADF`: not an open descriptor.
    public static var badFileDescriptor: Errno { Errno(rawValue: EBADF) }
    /// `ENOTSOCK`: not a socket (a pipe or a file).
    public static var notSocket: Errno { Errno(rawValue: ENOTSOCK) }
    /// `ENOENT`: no such file or folder.
    public static var noSuchFile: Errno { Errno(rawValue: ENOENT) }
    /// `EEXIST`: the file exists.
    public static var fileExists: Errno { Errno(rawValue: EEXIST) }
    /// `EINVAL`: an argument is invalid.
    public static var invalidArgument: Errno { Errno(rawValue: EINVAL) }
    /// `EACCES`: permission denied.
    public static var permissionDenied: Errno { Errno(rawValue: EACCES) }
    /// `EPERM`: the operation is not permitted.
    public static var notPermitted: Errno { Errno(rawValue: EPERM) }
    /// `ENOTDIR`: not a folder.
    public static var notDirectory: Errno { Errno(rawValue: ENOTDIR) }
    /// `EISDIR`: a folder.
    public static var isDirectory: Errno { Errno(rawValue: EISDIR) }
    /// `ENAMETOOLONG`: a path too long (a Unix socket's is at most 107 bytes).
    public static var nameTooLong: Errno { Errno(rawValue: ENAMETOOLONG) }
    /// `ECONNRESET`: the peer reset the connection.
    public static var connectionReset: Errno { Errno(rawValue: ECONNRESET) }
    /// `ECONNREFUSED`: nobody listens at the address.
    public static var connectionRefused: Errno { Errno(rawValue: ECONNREFUSED) }
    /// `ENOSPC`: no space left on the device.
    public static var noSpace: Errno { Errno(rawValue: ENOSPC) }
    /// `ENOEXEC`, `ENOSYS`, `EIO`: for the rarer cases.
    public static var ioError: Errno { Errno(rawValue: EIO) }
    /// `ETIMEDOUT`: a deadline passed (``FileDescriptor/writeAll(_:deadline:)``).
    public static var timedOut: Errno { Errno(rawValue: ETIMEDOUT) }
    /// `EADDRINUSE`: a socket path another server is listening on.
    public static var addressInUse: Errno { Errno(rawValue: EADDRINUSE) }
    /// `EFBIG`: a file larger than allowed (``FileSystem/readFile(_:limit:)``).
    public static var fileTooLarge: Errno { Errno(rawValue: EFBIG) }
    /// `ELOOP`: a symbolic link where `O_NOFOLLOW` refuses one.
    public static var tooManyLinks: Errno { Errno(rawValue: ELOOP) }

    private static let names: [CInt: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", ESRCH: "ESRCH", EINTR: "EINTR", EIO: "EIO", ENXIO: "ENXIO",
        E2BIG: "E2BIG", ENOEXEC: "ENOEXEC", EBADF: "EBADF", ECHILD: "ECHILD", EAGAIN: "EAGAIN",
        ENOMEM: "ENOMEM", EACCES: "EACCES", EFAULT: "EFAULT", EBUSY: "EBUSY", EEXIST: "EEXIST",
        EXDEV: "EXDEV", ENODEV: "ENODEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL",
        ENFILE: "ENFILE", EMFILE: "EMFILE", ENOTTY: "ENOTTY", ETXTBSY: "ETXTBSY", EFBIG: "EFBIG",
        ENOSPC: "ENOSPC", ESPIPE: "ESPIPE", EROFS: "EROFS", EMLINK: "EMLINK", EPIPE: "EPIPE",
        ERANGE: "ERANGE", ENAMETOOLONG: "ENAMETOOLONG", ENOSYS: "ENOSYS", ENOTEMPTY: "ENOTEMPTY",
        ELOOP: "ELOOP", EPROTO: "EPROTO", ENOTSOCK: "ENOTSOCK", EMSGSIZE: "EMSGSIZE",
        EOPNOTSUPP: "EOPNOTSUPP", EADDRINUSE: "EADDRINUSE", EADDRNOTAVAIL: "EADDRNOTAVAIL",
        ECONNABORTED: "ECONNABORTED", ECONNRESET: "ECONNRESET", ENOBUFS: "ENOBUFS", EISCONN: "EISCONN",
        ENOTCONN: "ENOTCONN", ETIMEDOUT: "ETIMEDOUT", ECONNREFUSED: "ECONNREFUSED",
        EALREADY: "EALREADY", EINPROGRESS: "EINPROGRESS", EDQUOT: "EDQUOT",
    ]
}
