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
    /// - Throws: ``LoopSimSystem/SystemError``: from the calls, or with a
    ///   note for a folder that is not one (`ENOTDIR`) or that others can
    ///   write to (`EPERM`), or a path that exists and is not a socket
    ///   (`EEXIST`).
    public static func listen(at path: String) throws(SystemError) -> FileDescriptor {
        _ = try UnixSocketAddress(path, call: "bind")   // a path too long fails first
        let folder = FilePath.parent(of: path)
        switch Result(catching: { () throws(SystemError) in try FileSystem.status(folder) }) {
        case .failure:
            try FileSystem.createDirectory(folder, mode: 0o700)
        case .success(let info):
            guard info.kind == .directory else { throw SystemError("listen", .notDirectory, subject: folder, note: "'\(folder)' is not a folder") }
            guard info.permissions & 0o022 == 0 else {
                throw SystemError("listen", .notPermitted, subject: folder, note: "the folder '\(folder)' can be written by others (mode \(String(info.permissions & 0o777, radix: 8))); use a private folder (mode 0700)")
            }
        }
        if let existing = try? FileSystem.status(path, followLinks: false) {
            guard existing.kind == .socket else { throw SystemError("listen", .fileExists, subject: path, note: "'\(path)' exists and is not a socket") }
            try? FileSystem.removeFile(path)   // a previous server's socket
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
}
