#if canImport(Glibc)
import Glibc
#endif
import CLoopSimSystem

extension FileDescriptor {
    /// The seals of a memfd (`F_ADD_SEALS`, `F_GET_SEALS`): what nobody, the
    /// creator included, may do to the file any more. Raw values are the
    /// C library's `F_SEAL_*`.
    public struct Seals: OptionSet, Hashable, Sendable {
        public var rawValue: CInt
        public init(rawValue: CInt) { self.rawValue = rawValue }
        /// No more seals may be added (`F_SEAL_SEAL`).
        public static let seal = Seals(rawValue: cloopsim_F_SEAL_SEAL)
        /// The file may not get smaller (`F_SEAL_SHRINK`).
        public static let shrink = Seals(rawValue: cloopsim_F_SEAL_SHRINK)
        /// The file may not get larger (`F_SEAL_GROW`).
        public static let grow = Seals(rawValue: cloopsim_F_SEAL_GROW)
        /// The contents may not change (`F_SEAL_WRITE`).
        public static let write = Seals(rawValue: cloopsim_F_SEAL_WRITE)
        /// All four: what ``FileDescriptor/makeSealedMemoryFile(name:contents:)`` sets.
        public static let immutable: Seals = [.seal, .shrink, .grow, .write]
    }

    /// A new anonymous memory file (`memfd_create` with `MFD_CLOEXEC`, and
    /// `MFD_ALLOW_SEALING` when `sealable`).
    /// - Parameter name: for `/proc/PID/fd` and debugging only (at most 249
    ///   bytes); names need not be unique.
    /// - Throws: ``SystemError`` from `memfd_create` (`EINVAL` for a long name).
    public static func makeMemoryFile(name: String, sealable: Bool = true) throws(SystemError) -> FileDescriptor {
        let flags = cloopsim_MFD_CLOEXEC | (sealable ? cloopsim_MFD_ALLOW_SEALING : 0)
        return FileDescriptor(rawValue: try valueOrError("memfd_create") { name.withCString { system_memfd_create($0, flags) } })
    }

    /// A memfd holding `contents`, sealed against every change
    /// (``Seals/immutable``), so the receiver sees an immutable file whose
    /// size `fstat` reports truthfully. Close-on-exec, the caller's to close
    /// (as soon as it was sent: the receiver holds its own).
    /// - Throws: ``SystemError`` from `memfd_create`, `write` (`ENOSPC`,
    ///   `ENOMEM`) or `fcntl(F_ADD_SEALS)`, its subject `memfd 'name'`. No
    ///   descriptor is left open then.
    public static func makeSealedMemoryFile(name: String, contents: UnsafeRawBufferPointer) throws(SystemError) -> FileDescriptor {
        let file = try makeMemoryFile(name: name)
        do throws(SystemError) {
            try file.writeAll(contents)
            try file.addSeals(.immutable)
        } catch {
            try? file.close()
            var error = error
            error.subject = "memfd '\(name)'"
            throw error
        }
        return file
    }

    /// Adds `seals` to this memfd.
    /// - Throws: ``SystemError`` from `fcntl(F_ADD_SEALS)` (`EPERM` once
    ///   ``Seals/seal`` is set).
    public func addSeals(_ seals: Seals) throws(SystemError) {
        _ = try valueOrError("fcntl(F_ADD_SEALS)") { system_fcntl(rawValue, cloopsim_F_ADD_SEALS, seals.rawValue) }
    }

    /// The seals of this memfd; a memfd made without `MFD_ALLOW_SEALING`
    /// carries ``Seals/seal``.
    /// - Throws: ``SystemError`` from `fcntl(F_GET_SEALS)` (`EINVAL` for a
    ///   file that is not a memfd or tmpfs file).
    public func seals() throws(SystemError) -> Seals {
        Seals(rawValue: try valueOrError("fcntl(F_GET_SEALS)") { system_fcntl(rawValue, cloopsim_F_GET_SEALS, 0) })
    }

    /// Sets the open file's size to `length` bytes (`ftruncate`): what was
    /// past it is dropped, and a file grown reads zeros there.
    /// - Throws: ``SystemError`` from `ftruncate` (`EINVAL` for a file not
    ///   open for writing, `EFBIG`).
    public func truncate(to length: UInt64) throws(SystemError) {
        _ = try valueOrError("ftruncate") { system_ftruncate(rawValue, off_t(clamping: length)) }
    }

    /// What `fstat` says of the open file.
    /// - Throws: ``SystemError`` from `fstat` (`EBADF`).
    public func status() throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try valueOrError("fstat") { system_fstat(rawValue, &info) }
        return FileStatus(info)
    }
}

/// What `stat` says of a file: its type, size, permission bits, owner,
/// link count and inode.
public struct FileStatus: Hashable, Sendable {
    /// The kind of file (`S_IFMT`).
    public enum Kind: Hashable, Sendable, CustomStringConvertible {
        case regular, directory, symbolicLink, socket, pipe, characterDevice, blockDevice, unknown
        /// In words: `a pipe`, `a folder`.
        public var description: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a folder"
            case .symbolicLink: "a symbolic link"
            case .socket: "a socket"
            case .pipe: "a pipe"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .unknown: "a file of unknown type"
            }
        }
    }

    /// The kind of file.
    public var kind: Kind
    /// The size in bytes (never negative).
    public var size: UInt64
    /// The permission bits (`0o700`), without the file type.
    public var permissions: UInt32
    /// The owner's user id.
    public var ownerID: UInt32
    /// How many names the file has (`st_nlink`): a file with more than one
    /// is reachable from somewhere else too.
    public var linkCount: UInt64
    /// The file's inode number (`st_ino`): the same file under two names
    /// (or after a rename) has the same one.
    public var inode: UInt64

    init(_ info: stat) {
        kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFSOCK: .socket
        case S_IFIFO: .pipe
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        default: .unknown
        }
        size = UInt64(max(info.st_size, 0))
        permissions = UInt32(info.st_mode & 0o7777)
        ownerID = info.st_uid
        linkCount = UInt64(info.st_nlink)
        inode = UInt64(info.st_ino)
    }
}
