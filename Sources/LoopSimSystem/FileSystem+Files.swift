#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The file helpers the tools call (`loopsim`, `LoopSimTools`,
/// `LoopSimBench`): the one place where a path is checked, read whole,
/// written or removed, so that the rules of docs/internals/security.md and
/// docs/reference/limits.md for files live here and nowhere else.
///
/// - Reads (``readFile(_:limit:)``) open without blocking (`O_NONBLOCK`: a
///   FIFO with no writer does not hang the open), check with `fstat` that
///   the file is a regular file, and apply the limit while reading, so a
///   pipe, a device or `/dev/zero` is an error naming the path, never a
///   hang or a 2 GB array.
/// - Writes (``writeFileAtomically(_:_:mode:)``) go to a new temporary
///   file in the same folder (`O_CREAT | O_EXCL | O_NOFOLLOW`: nothing
///   already there is followed or overwritten) and are renamed into place:
///   a reader sees the old file or the new one, never half of one, and a
///   symbolic link planted at the path is replaced, not written through.
extension FileSystem {
    /// What is at `path` (following links, unless `followLinks` is false),
    /// or nil when nothing is (`ENOENT`, `ENOTDIR`) or it cannot be looked at.
    public static func kind(of path: String, followLinks: Bool = true) -> FileStatus.Kind? {
        (try? status(path, followLinks: followLinks))?.kind
    }

    /// Whether anything is at `path` (a link is followed: a dangling one is nothing).
    public static func exists(_ path: String) -> Bool { kind(of: path) != nil }

    /// Whether `path` is a folder, or a link to one.
    public static func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }

    /// Every byte of the **regular** file at `path`, at most `limit` bytes.
    ///
    /// Opened `O_RDONLY | O_NONBLOCK` (a FIFO does not block the open; on a
    /// regular file the flag changes nothing), checked with `fstat`, and
    /// read in chunks with the limit applied while reading: a file that
    /// grows past it while being read is refused too.
    /// - Throws: ``SystemError``: from `open` (`ENOENT`, `EACCES`); `EISDIR`
    ///   (call `read`) for a folder; `EINVAL` (call `read`) for anything
    ///   else that is not a regular file, the note saying what it is;
    ///   `EFBIG` (call `read`) past `limit`, the note giving the limit;
    ///   from `read`.
    public static func readFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        let file = try open(path, flags: [.readOnly, .nonBlocking])
        return try file.closeAfter { () throws(SystemError) -> [UInt8] in
            let info: FileStatus
            do throws(SystemError) { info = try file.status() } catch {
                var error = error
                error.subject = path
                throw error
            }
            switch info.kind {
            case .regular: break
            case .directory: throw SystemError("read", .isDirectory, subject: path)
            default: throw SystemError("read", .invalidArgument, subject: path, note: "it is \(info.kind), not a regular file")
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(min(info.size, UInt64(max(0, limit)) + 1, 1 << 30)))
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
                guard count <= limit - bytes.count else {
                    throw SystemError("read", .fileTooLarge, subject: path, note: "it is larger than the limit of \(limit) bytes")
                }
                bytes.append(contentsOf: chunk[0..<count])
            }
        }
    }

    /// Writes `bytes` to `path` through a new temporary file beside it
    /// (`.NAME.tmp-PID-N`, created `O_CREAT | O_EXCL | O_NOFOLLOW` with
    /// `mode`), renamed over `path` once every byte is written: readers see
    /// the old file or the new one, never half; a symbolic link at `path`
    /// is replaced, not followed. On failure the temporary file is removed.
    /// - Throws: ``SystemError`` from `open`, `write` or `rename`.
    public static func writeFileAtomically(_ path: String, _ bytes: [UInt8], mode: UInt32 = 0o644) throws(SystemError) {
        let folder = FilePath.parent(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let serial = temporaryCounter.add(1, ordering: .relaxed).newValue
        let temp = FilePath.join(folder == "." && !path.hasPrefix("./") ? "" : folder,
                                 ".\(name).tmp-\(CurrentProcess.id)-\(serial)")
        do throws(SystemError) {
            try typed { try bytes.withUnsafeBytes { raw in try writeNewFile(temp, raw, mode: mode) } }
            try rename(temp, to: path)
        } catch {
            try? removeFile(temp)
            if error.call == "rename" { throw SystemError("rename", error.errno, subject: path, note: error.note) }
            throw error
        }
    }

    /// Removes `path` and, when it is a folder, everything in it. Links
    /// are removed, never followed; nothing at `path` is no error.
    /// - Throws: ``SystemError`` from `unlink`, `rmdir` or `opendir`.
    public static func removeTree(_ path: String) throws(SystemError) {
        guard let kind = kind(of: path, followLinks: false) else { return }
        if kind == .directory {
            for name in try contentsOfDirectory(path) { try removeTree(FilePath.join(path, name)) }
            try removeDirectory(path)
        } else {
            try removeFile(path)
        }
    }

    /// The folder for temporary files: `$TMPDIR`, else `/tmp`.
    public static var temporaryDirectory: String {
        if let folder = CurrentProcess.environment("TMPDIR"), !folder.isEmpty { return folder }
        return "/tmp"
    }

    /// Makes a new folder `TMPDIR/PREFIX-XXXXXX` (`mkdtemp`: a name no one
    /// had, mode 0700, ours) and answers its path.
    /// - Throws: ``SystemError`` from `mkdtemp`.
    public static func makeTemporaryDirectory(prefix: String) throws(SystemError) -> String {
        let template = FilePath.join(temporaryDirectory, prefix + "-XXXXXX")
        var buffer = Array(template.utf8CString)
        guard system_mkdtemp(&buffer) != nil else { throw SystemError("mkdtemp", .current, subject: template) }
        return String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The paths, relative to `root`, of every file below the folder
    /// `root` that is not a folder, sorted; folders reached through a
    /// symbolic link are not entered.
    /// - Throws: ``SystemError`` from `opendir` or `readdir`.
    public static func filesBelow(_ root: String) throws(SystemError) -> [String] {
        var out: [String] = []
        func walk(_ relative: String) throws(SystemError) {
            let folder = relative.isEmpty ? root : FilePath.join(root, relative)
            for name in try contentsOfDirectory(folder) {
                let path = relative.isEmpty ? name : relative + "/" + name
                if kind(of: FilePath.join(root, path), followLinks: false) == .directory {
                    try walk(path)
                } else {
                    out.append(path)
                }
            }
        }
        try walk("")
        return out.sorted()
    }

    /// The path `path` names, made absolute and canonical as far as it
    /// exists: ``realPath(_:)`` of it, or of its folder followed by its
    /// last name when it does not exist yet. For telling whether two paths
    /// (an output and an input) are the same file.
    public static func canonicalPath(_ path: String) -> String {
        if let real = try? realPath(path) { return real }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let folder = FilePath.parent(of: path)
        if let real = try? realPath(folder) { return FilePath.join(real, name) }
        return path
    }

    private static let temporaryCounter = Atomic<Int>(0)
}
