/// The one error of a failed system call: which call, on what, and the errno.
///
///     sendmsg: Broken pipe (EPIPE)
///     open /tmp/x.loop: No such file or directory (ENOENT)
///     bind /run/r.sock: Address already in use (EADDRINUSE): remove the old socket
///
/// Every wrapper in LoopSimSystem throws this; a caller that needs a domain
/// message (the render connection, the scenario loader) wraps it and keeps
/// it as the cause.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C call that failed: `sendmsg`, `open`, `fcntl(F_ADD_SEALS)`.
    public var call: String
    /// Why, per the system.
    public var errno: Errno
    /// What the call was about, when it names something: a path.
    public var subject: String?
    /// A further sentence: the likely cause or the fix.
    public var note: String?

    /// Makes an error.
    public init(_ call: String, _ errno: Errno, subject: String? = nil, note: String? = nil) {
        self.call = call
        self.errno = errno
        self.subject = subject
        self.note = note
    }

    /// `call subject: message (NAME): note`.
    public var description: String {
        var text = call
        if let subject { text += " \(subject)" }
        text += ": \(errno)"
        if let note { text += ": \(note)" }
        return text
    }
}
