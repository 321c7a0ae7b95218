#if canImport(Glibc)
import Glibc
#endif

/// Why a shared-memory bitmap or a descriptor-passing socket call failed:
/// the call (or message) that failed, the family of problem, what was wrong,
/// and the errno when the system refused.
///
///     memfd_create: Too many open files
///     bitmapShared: offset 4096 + 8192 bytes is past the end of the 4096-byte file
///     recvmsg: one message carried more descriptors than fit (at most 28); the 28 that arrived were closed and the kernel dropped the rest
///
/// Thrown by ``SharedMemory`` and ``DescriptorSocket/receive(_:into:descriptors:limit:)``.
/// Every kind but ``Kind/system`` is the peer's fault: answer it with an
/// `error` message and close the connection.
public struct SharedMemoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The family of problem.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A system call failed; ``SharedMemoryError/errorNumber`` says why.
        case system
        /// The descriptor is not a regular file (a pipe, a socket, a device…).
        case notRegularFile
        /// `offset + byteCount` is past the end of the file, or past the
        /// largest file offset (2⁶³ − 1).
        case outOfBounds
        /// More descriptors arrived than the receiver has room for, in one
        /// message (`MSG_CTRUNC`) or in its queue (the caller's limit).
        case tooManyDescriptors
    }

    /// The family of problem.
    public var kind: Kind
    /// What failed: a system call (`memfd_create`, `recvmsg`) or the message
    /// being served (`bitmapShared`).
    public var function: String
    /// The errno of a failed system call; nil for the other kinds.
    public var errorNumber: Int32?
    /// What was wrong, as a sentence fragment.
    public var reason: String

    /// Makes an error.
    public init(kind: Kind, function: String, errorNumber: Int32? = nil, reason: String) {
        self.kind = kind
        self.function = function
        self.errorNumber = errorNumber
        self.reason = reason
    }

    /// `function: reason`.
    public var description: String {
        "\(function): \(reason)"
    }
}

extension SharedMemoryError {
    /// A failed system call: `call: strerror(code)`, or with a `context`,
    /// `context: call: strerror(code)`.
    static func system(_ call: String, _ code: Int32, in context: String? = nil) -> SharedMemoryError {
        let text = String(cString: strerror(code))
        guard let context else { return SharedMemoryError(kind: .system, function: call, errorNumber: code, reason: text) }
        return SharedMemoryError(kind: .system, function: context, errorNumber: code, reason: "\(call): \(text)")
    }
}
