#if canImport(Glibc)
import Glibc
#endif

/// Files and folders by path: whole-file reads and writes, appends,
/// renames, folders, listings. Every failure is a ``SystemError`` whose
/// subject is the path.
public enum FileSystem {
    /// Opens `path` (`open`, always `O_CLOEXEC`). Retries `EINTR`.
    /// - Parameters:
    ///   - flags: `O_*` flags besides `O_CLOEXEC`, e.g. `O_RDONLY`.
    ///   - mode: the permission bits of a file `O_CREAT` makes.
    /// - Throws: ``SystemError`` from `open`.
    public static func open(_ path: String, flags: OpenFlags, mode: UInt32 = 0o644) throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try valueOrError("open", subject: path) {
            system_open(path, flags.rawValue | O_CLOEXEC, mode_t(mode))
        })
    }

    /// How ``open(_:flags:mode:)`` opens a file.
    public struct OpenFlags: OptionSet, Hashable, Sendable {
        public var rawValue: CInt
        public init(rawValue: CInt) { self.rawValue = rawValue }
        /// Read only (`O_RDONLY`, which is 0).
        public static let readOnly: OpenFlags = []
        /// Write only (`O_WRONLY`).
        public static let writeOnly = OpenFlags(rawValue: O_WRONLY)
        /// Create when missing (`O_CREAT`).
        public static let create = OpenFlags(rawValue: O_CREAT)
        /// Empty an existing file (`O_TRUNC`).
        public static let truncate = OpenFlags(rawValue: O_TRUNC)
        /// Every write goes to the end (`O_APPEND`).
        public static let append = OpenFlags(rawValue: O_APPEND)
        /// Fail if it exists (`O_EXCL`).
        public static let exclusive = OpenFlags(rawValue: O_EXCL)
        /// It must be a folder (`O_DIRECTORY`).
        public static let directory = OpenFlags(rawValue: O_DIRECTORY)
        /// Refuse a symbolic link as the last component (`O_NOFOLLOW`: `ELOOP`).
        public static let noFollow = OpenFlags(rawValue: O_NOFOLLOW)
        /// Do not wait to open (`O_NONBLOCK`): a pipe with no reader fails
        /// with `ENXIO` instead of blocking a write-only open.
        public static let nonBlocking = OpenFlags(rawValue: O_NONBLOCK)
    }

    /// Every byte of the file at `path`.
    /// - Throws: ``SystemError`` from `open` or `read` (`EISDIR` for a folder).
    public static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
        let file = try open(path, flags: .readOnly)
        return try file.closeAfter { () throws(SystemError) -> [UInt8] in
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count: Int
                do throws(SystemError) {
                    count = try typed { try chunk.withUnsafeMutableBytes { raw in try file.read(into: raw) } }
                } catch {
                    var error = error
                    error.subject = path
                    throw error
                }
                if count == 0 { return bytes }
                bytes.append(contentsOf: chunk[0..<count])
            }
        }
    }

    /// Writes `bytes` to the file at `path`, created with `mode` or emptied
    /// first, straight from the buffer.
    /// - Throws: ``SystemError`` from `open` or `write`.
    public static func writeFile(_ path: String, _ bytes: UnsafeRawBufferPointer, mode: UInt32 = 0o644) throws(SystemError) {
        try write(path, bytes, flags: [.writeOnly, .create, .truncate], mode: mode)
    }

    /// Appends `bytes` to the file at `path`, created with `mode` if missing.
    /// A symbolic link at `path` is refused (`O_NOFOLLOW`: `ELOOP`), so a
    /// link planted there cannot redirect the append.
    /// - Throws: ``SystemError`` from `open` or `write`.
    public static func appendFile(_ path: String, _ bytes: UnsafeRawBufferPointer, mode: UInt32 = 0o644) throws(SystemError) {
        try write(path, bytes, flags: [.writeOnly, .create, .append, .noFollow], mode: mode)
    }

    /// Writes `bytes` to a **new** file at `path` (`O_CREAT | O_EXCL |
    /// O_NOFOLLOW`): anything already there — a file, a symbolic link, even
    /// one to a missing target — is an `EEXIST` error, never overwritten or
    /// followed. For temporary files that are renamed into place.
    /// - Throws: ``SystemError`` from `open` (`EEXIST`) or `write`.
    public static func writeNewFile(_ path: String, _ bytes: UnsafeRawBufferPointer, mode: UInt32 = 0o644) throws(SystemError) {
        try write(path, bytes, flags: [.writeOnly, .create, .exclusive, .noFollow], mode: mode)
    }

    private static func write(_ path: String, _ bytes: UnsafeRawBufferPointer, flags: OpenFlags, mode: UInt32) throws(SystemError) {
        let file = try open(path, flags: flags, mode: mode)
        try file.closeAfter { () throws(SystemError) in
            do throws(SystemError) { try file.writeAll(bytes) } catch {
                var error = error
                error.subject = path
                throw error
            }
        }
    }

    /// Renames `source` to `destination`, replacing it (atomic on one file system).
    /// - Throws: ``SystemError`` from `rename`.
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        _ = try valueOrError("rename", subject: "\(source) to \(destination)") { system_rename(source, destination) }
    }

    /// Writes every file system's dirty data to the disk and waits until it
    /// is written (`sync`): for measurements that each start from a quiet
    /// page cache (`loopsim bench`), not for the frames of a run.
    public static func flushToDisk() { Glibc.sync() }

    /// Removes the file (not a folder) at `path`.
    /// - Throws: ``SystemError`` from `unlink` (`ENOENT` when missing).
    public static func removeFile(_ path: String) throws(SystemError) {
        _ = try valueOrError("unlink", subject: path) { system_unlink(path) }
    }

    /// Whether `path`, not followed, is a folder of this process's user
    /// that neither its group nor others may write to: the rule for a
    /// folder LoopSim moves files into and out of (a frames folder's
    /// `.reuse`; RenderServer's `PrivateFolder.check` says why one fails).
    public static func isPrivateFolder(_ path: String) -> Bool {
        guard let info = try? status(path, followLinks: false) else { return false }
        return info.kind == .directory && info.ownerID == CurrentProcess.userID && info.permissions & 0o022 == 0
    }

    /// Removes the empty folder at `path`.
    /// - Throws: ``SystemError`` from `rmdir` (`ENOTEMPTY`, `ENOENT`).
    public static func removeDirectory(_ path: String) throws(SystemError) {
        _ = try valueOrError("rmdir", subject: path) { system_rmdir(path) }
    }

    /// Creates the folder `path` with `mode`; with `intermediates`, its
    /// missing parents too (with the same mode), and an existing folder is
    /// no error.
    /// - Throws: ``SystemError`` from `mkdir` (`EEXIST`, `ENOTDIR`).
    public static func createDirectory(_ path: String, mode: UInt32 = 0o755, intermediates: Bool = false) throws(SystemError) {
        if intermediates {
            if let kind = try? status(path).kind {
                guard kind == .directory else { throw SystemError("mkdir", .fileExists, subject: path) }
                return
            }
            let parent = FilePath.parent(of: path)
            if parent != path && !parent.isEmpty { try createDirectory(parent, mode: mode, intermediates: true) }
            if system_mkdir(path, mode_t(mode)) == 0 || Errno.current == .fileExists { return }
            throw SystemError("mkdir", .current, subject: path)
        }
        _ = try valueOrError("mkdir", subject: path) { system_mkdir(path, mode_t(mode)) }
    }

    /// The names in the folder `path` (without `.` and `..`), in the order
    /// the file system gives them: sort them before any output depends on it.
    /// - Throws: ``SystemError`` from `opendir` or `readdir`.
    public static func contentsOfDirectory(_ path: String) throws(SystemError) -> [String] {
        guard let directory = opendir(path) else { throw SystemError("opendir", .current, subject: path) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            Errno.current = Errno(rawValue: 0)
            guard let entry = readdir(directory) else {
                if Errno.current.rawValue != 0 { throw SystemError("readdir", .current, subject: path) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// What `stat` (or, with `followLinks: false`, `lstat`) says of `path`.
    /// - Throws: ``SystemError`` from `stat` (`ENOENT` when missing).
    public static func status(_ path: String, followLinks: Bool = true) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try valueOrError(followLinks ? "stat" : "lstat", subject: path) { system_stat(path, &info, followLinks: followLinks) }
        return FileStatus(info)
    }

    /// Changes the permission bits of `path`.
    /// - Throws: ``SystemError`` from `chmod`.
    public static func setPermissions(_ path: String, _ mode: UInt32) throws(SystemError) {
        _ = try valueOrError("chmod", subject: path) { system_chmod(path, mode_t(mode)) }
    }

    /// Whether `path` is a regular file this process may execute.
    public static func isExecutableFile(_ path: String) -> Bool {
        (try? status(path).kind) == .regular && system_access(path, X_OK) == 0
    }

    /// Creates a symbolic link at `path` that points to `destination`.
    /// - Throws: ``SystemError`` from `symlink` (`EEXIST`).
    public static func createSymbolicLink(_ path: String, to destination: String) throws(SystemError) {
        _ = try valueOrError("symlink", subject: path) { system_symlink(destination, path) }
    }

    /// The canonical absolute path of `path` (`realpath`): every symbolic
    /// link followed, every `.` and `..` taken out. The path must exist.
    /// - Throws: ``SystemError`` from `realpath` (`ENOENT` when a component
    ///   is missing, `ELOOP`, `EACCES`).
    public static func realPath(_ path: String) throws(SystemError) -> String {
        guard let resolved = system_realpath(path) else { throw SystemError("realpath", .current, subject: path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the symbolic link `path` points.
    /// - Throws: ``SystemError`` from `readlink`.
    public static func destinationOfLink(_ path: String) throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = try valueOrError("readlink", subject: path) { readlink(path, &buffer, buffer.count - 1) }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Path strings, taken apart without touching the file system.
public enum FilePath {
    /// `a/b` for `a/b/c`; `/` for `/c`; `.` for `c`.
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// `folder/name`, with one slash between them.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
