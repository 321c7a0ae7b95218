import LoopSimSystem

/// Why a shared-memory bitmap or the descriptors that came with it were
/// refused: the call (or message) that failed, the family of problem, what
/// was wrong, and the system's error when the system refused.
///
///     bitmapShared: fstat: Bad file descriptor (EBADF)
///     bitmapShared: offset 4096 + 8192 bytes is past the end of the 4096-byte file
///     recvmsg: one message carried more descriptors than fit (at most 28); the 28 that arrived were closed and the kernel dropped the rest
///
/// Thrown by ``SharedMemory`` and ``DescriptorSocket/receive(_:into:descriptors:limit:)``.
/// Every kind but ``Kind/system`` is the peer's fault: answer it with an
/// `error` message and close the connection.
public struct SharedMemoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The family of problem.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A system call failed; ``SharedMemoryError/systemError`` says why.
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
    /// What failed: a system call (`recvmsg`) or the message being served
    /// (`bitmapShared`).
    public var function: String
    /// The failed system call, for ``Kind/system``; nil for the other kinds.
    public var systemError: SystemError?
    /// What was wrong, as a sentence fragment.
    public var reason: String

    /// Makes an error.
    public init(kind: Kind, function: String, systemError: SystemError? = nil, reason: String) {
        self.kind = kind
        self.function = function
        self.systemError = systemError
        self.reason = reason
    }

    /// A failed system call while serving `function`: `function: call: message (NAME)`.
    public init(_ error: SystemError, in function: String) {
        self.init(kind: .system, function: function, systemError: error, reason: error.description)
    }

    /// `function: reason`.
    public var description: String {
        "\(function): \(reason)"
    }
}
