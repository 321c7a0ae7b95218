#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor: a file, a socket, a memfd, a pipe.
///
/// A thin wrapper over the C `int`, as swift-system's: it owns nothing by
/// itself (copies name the same descriptor), and the code that opened it
/// closes it, once, with ``close()`` or a scoped ``closeAfter(_:)``.
///
///     let (client, server) = try FileDescriptor.socketPair()
///     try client.closeAfter {
///         try client.writeAll([1, 2, 3])
///     }
///
/// Deliberately not `Sendable`: a descriptor that crosses threads crosses
/// as its ``rawValue`` and is rebuilt on the other side, so the handover
/// is visible in the code.
public struct FileDescriptor: RawRepresentable, Hashable {
    /// The C descriptor.
    public let rawValue: CInt

    /// Wraps the C descriptor `rawValue` (no system call).
    public init(rawValue: CInt) { self.rawValue = rawValue }

    /// Descriptor 0.
    public static var standardInput: FileDescriptor { FileDescriptor(rawValue: 0) }
    /// Descriptor 1.
    public static var standardOutput: FileDescriptor { FileDescriptor(rawValue: 1) }
    /// Descriptor 2.
    public static var standardError: FileDescriptor { FileDescriptor(rawValue: 2) }

    /// Closes the descriptor. Not retried on `EINTR`: Linux has released the
    /// descriptor by then, and a second close could close another thread's
    /// new file.
    /// - Throws: ``SystemError`` from `close` (`EBADF` for a closed one).
    public func close() throws(SystemError) {
        guard system_close(rawValue) == 0 else { throw SystemError("close", .current) }
    }

    /// Runs `body`, then closes the descriptor, whether `body` returned or
    /// threw. A failing close is ignored: the descriptor is released anyway.
    public func closeAfter<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        defer { try? close() }
        return try body()
    }

    /// Whether the descriptor is a terminal (`isatty`): for output meant
    /// only for people, such as `loopsim run`'s progress line.
    public var isTerminal: Bool {
        system_isatty(rawValue) == 1
    }

    /// Whether the descriptor is open (`fcntl(F_GETFD)` succeeds).
    public var isOpen: Bool {
        system_fcntl(rawValue, F_GETFD, 0) != -1
    }
}

@available(*, unavailable, message: "a FileDescriptor crosses threads as its rawValue, rebuilt on the other side")
extension FileDescriptor: Sendable {}

extension FileDescriptor: CustomStringConvertible {
    /// `fd 7`.
    public var description: String { "fd \(rawValue)" }
}
