import LoopSimSystem

/// `loopsim-render --listen PATH`: a Unix-domain socket that only its owner
/// can use. The folder is created with mode 0700 when missing and refused
/// when others can write to it; the socket file gets mode 0600; every
/// connecting peer's uid is checked (`SO_PEERCRED`) before it is served.
public enum UnixListener {
    /// The uid of the process at the other end of a Unix socket; nil when
    /// `getsockopt(SO_PEERCRED)` fails.
    public static func peerUID(_ fd: FileDescriptor) -> UInt32? {
        try? fd.peerCredentials().userID
    }

    /// Whether the peer on `fd` is the same user as `expected`.
    public static func peerIsAllowed(_ fd: FileDescriptor, expected: UInt32 = CurrentProcess.userID) -> Bool {
        peerUID(fd) == expected
    }

    /// Creates, binds and listens on the socket at `path`.
    ///
    /// The folder (`/` for `/x.sock`, `.` for `x.sock`) is created with mode
    /// 0700 when missing, else must pass ``PrivateFolder/check(_:call:owner:)``.
    /// A socket already at `path` is probed by connecting: when a server
    /// answers, this one refuses, naming it (pid and uid from
    /// `SO_PEERCRED`); only a stale socket (`ECONNREFUSED`) is removed.
    /// - Throws: ``LoopSimSystem/SystemError``: from the calls, or with a
    ///   note for a folder that is not one (`ENOTDIR`), belongs to another
    ///   user or that others can write to (`EPERM`), a path that exists and
    ///   is not a socket (`EEXIST`), or a live server there (`EADDRINUSE`).
    public static func listen(at path: String) throws(SystemError) -> FileDescriptor {
        _ = try UnixSocketAddress(path, call: "bind")   // a path too long fails first
        let folder = FilePath.parent(of: path)
        if (try? FileSystem.status(folder)) == nil {
            try FileSystem.createDirectory(folder, mode: 0o700)
        }
        try PrivateFolder.check(folder, call: "listen")
        if let existing = try? FileSystem.status(path, followLinks: false) {
            guard existing.kind == .socket else { throw SystemError("listen", .fileExists, subject: path, note: "'\(path)' exists and is not a socket") }
            try refuseLiveServer(at: path)
            try FileSystem.removeFile(path)   // a stale socket: its server is gone
        }
        let fd = try FileDescriptor.unixStreamSocket()
        do throws(SystemError) {
            let old = CurrentProcess.setFileCreationMask(0o077)
            defer { CurrentProcess.setFileCreationMask(old) }
            try fd.bind(unixPath: path)
            try FileSystem.setPermissions(path, 0o600)
            try fd.listen(backlog: 8)
        } catch {
            try? fd.close()
            throw error
        }
        return fd
    }

    /// Connects to the socket at `path`: a refusal (`ECONNREFUSED`) means
    /// no one listens there any more; an answer is a live server.
    /// - Throws: `EADDRINUSE` naming the live server; other errors of `connect`.
    static func refuseLiveServer(at path: String) throws(SystemError) {
        let probe = try FileDescriptor.unixStreamSocket()
        defer { try? probe.close() }
        do throws(SystemError) {
            try probe.connect(unixPath: path)
        } catch {
            if error.errno == .connectionRefused { return }
            throw error
        }
        let who = (try? probe.peerCredentials()).map { "pid \($0.processID), uid \($0.userID)" } ?? "pid unknown"
        throw SystemError("listen", .addressInUse, subject: path, note: "another render server is listening on '\(path)' (\(who)); stop it first, or listen on another path")
    }
}
