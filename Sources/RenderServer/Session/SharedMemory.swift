#if canImport(Glibc)
import Glibc
#endif

/// Bitmaps in shared memory, as Wayland's `wl_shm` passes them: the client
/// writes the pixels into a sealed memfd and sends its descriptor with a
/// `bitmapShared` frame (``DescriptorSocket``); the server copies them out.
///
///     // client
///     let file = try SharedMemory.makeSealedFile(name: "image-2", contents: pixels)
///     defer { close(file) }
///     if let failure = DescriptorSocket.send(socket, frame, descriptors: [file]) { … }
///     // server, for the bitmapShared frame that takes the oldest queued descriptor
///     defer { close(descriptor) }
///     let pixels = try SharedMemory.read(descriptor: descriptor, offset: offset, byteCount: count)
///
/// The server reads with `pread`, never `mmap`: a client that truncates an
/// unsealed file under a mapping would make the server's next touch of it a
/// `SIGBUS`; a `pread` past the end only returns short, which is an error.
public enum SharedMemory {
    /// The seals of a memfd (`F_ADD_SEALS`, `F_GET_SEALS`): what nobody, the
    /// creator included, may do to the file any more.
    public struct Seals: OptionSet, Hashable, Sendable {
        public var rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// No more seals may be added (`F_SEAL_SEAL`).
        public static let seal = Seals(rawValue: 0x1)
        /// The file may not get smaller (`F_SEAL_SHRINK`).
        public static let shrink = Seals(rawValue: 0x2)
        /// The file may not get larger (`F_SEAL_GROW`).
        public static let grow = Seals(rawValue: 0x4)
        /// The contents may not change (`F_SEAL_WRITE`).
        public static let write = Seals(rawValue: 0x8)
        /// All four: what ``SharedMemory/makeSealedFile(name:contents:)`` sets.
        public static let immutable: Seals = [.seal, .shrink, .grow, .write]
    }

    /// Creates a memfd holding `contents`, sealed against every change
    /// (``Seals/immutable``), so the receiver sees an immutable file whose
    /// size `fstat` reports truthfully.
    ///
    /// The descriptor is close-on-exec and the caller's to close; it can be
    /// closed as soon as it was sent (the receiver holds its own).
    /// - Parameters:
    ///   - name: for `/proc/PID/fd` and debugging only (at most 249 bytes);
    ///     names need not be unique.
    ///   - contents: the bytes of the file, from offset 0.
    /// - Returns: the descriptor.
    /// - Throws: ``SharedMemoryError/Kind/system`` when `memfd_create`,
    ///   `write` (e.g. `ENOSPC`, `ENOMEM`) or `fcntl` fails: `memfd_create:
    ///   Too many open files`. No descriptor is left open then.
    public static func makeSealedFile(name: String, contents: UnsafeRawBufferPointer) throws(SharedMemoryError) -> Int32 {
        let fd = try memfdCreate(name, flags: memfdCloexec | memfdAllowSealing)
        let context = "memfd '\(name)'"
        var written = 0
        while written < contents.count {
            let n = Glibc.write(fd, contents.baseAddress! + written, contents.count - written)
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                close(fd)
                throw .system("write", code, in: context)
            }
            guard n > 0 else {
                close(fd)
                throw SharedMemoryError(kind: .system, function: context, reason: "write: wrote nothing at byte \(written) of \(contents.count)")
            }
            written += n
        }
        guard fcntl(fd, addSeals, Seals.immutable.rawValue) == 0 else {
            let code = errno
            close(fd)
            throw .system("fcntl(F_ADD_SEALS)", code, in: context)
        }
        return fd
    }

    /// The seals of the memfd `descriptor`; empty for a memfd made without
    /// `MFD_ALLOW_SEALING` (it carries ``Seals/seal``).
    /// - Throws: ``SharedMemoryError/Kind/system`` when `fcntl(F_GET_SEALS)`
    ///   fails, e.g. `EINVAL` for a file that is not a memfd or tmpfs file.
    public static func seals(of descriptor: Int32) throws(SharedMemoryError) -> Seals {
        let value = fcntl(descriptor, getSeals)
        guard value >= 0 else { throw .system("fcntl(F_GET_SEALS)", errno) }
        return Seals(rawValue: value)
    }

    /// Copies `byteCount` bytes at `offset` out of the shared file
    /// `descriptor`, for a `bitmapShared` frame.
    ///
    /// The descriptor must be a regular file (a memfd is one) at least
    /// `offset + byteCount` bytes long, per `fstat`; the bytes are read with
    /// `pread` (the file position is untouched), retrying short reads and
    /// `EINTR`. The file need not be sealed, but then the client may change
    /// the bytes while they are copied (tearing, never a crash).
    ///
    /// Does not close `descriptor`: the caller does, whatever the outcome.
    /// - Returns: exactly `byteCount` bytes.
    /// - Throws: ``SharedMemoryError`` with function `bitmapShared`:
    ///   ``SharedMemoryError/Kind/notRegularFile`` (`the descriptor is not a
    ///   regular file`), ``SharedMemoryError/Kind/outOfBounds`` (`offset 4096
    ///   + 8192 bytes is past the end of the 4096-byte file`, or past the
    ///   largest file offset, or the file shrank while read), or
    ///   ``SharedMemoryError/Kind/system`` when `fstat` or `pread` fails.
    /// - Precondition: `byteCount >= 0`.
    public static func read(descriptor: Int32, offset: UInt64, byteCount: Int) throws(SharedMemoryError) -> [UInt8] {
        precondition(byteCount >= 0, "SharedMemory.read: byteCount must not be negative, got \(byteCount)")
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system("fstat", errno, in: function) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SharedMemoryError(kind: .notRegularFile, function: function, reason: "the descriptor is not a regular file (\(fileType(info.st_mode)))")
        }
        let count = UInt64(byteCount)
        guard offset <= UInt64(Int64.max), count <= UInt64(Int64.max) - offset else {
            throw SharedMemoryError(kind: .outOfBounds, function: function, reason: "offset \(offset) + \(byteCount) bytes is past the largest file offset \(Int64.max)")
        }
        let size = UInt64(max(info.st_size, 0))
        guard offset + count <= size else {
            throw SharedMemoryError(kind: .outOfBounds, function: function, reason: "offset \(offset) + \(byteCount) bytes is past the end of the \(size)-byte file")
        }
        var failure: SharedMemoryError?
        let bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            do throws(SharedMemoryError) {
                try readAll(descriptor, offset: offset, into: UnsafeMutableRawBufferPointer(buffer))
                initialized = byteCount
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// `pread`s exactly `buffer.count` bytes at `offset`, retrying short reads
    /// and `EINTR`; a read that ends early (the file is shorter than it was
    /// said to be) is an ``SharedMemoryError/Kind/outOfBounds`` error.
    /// - Precondition: `offset + buffer.count` fits in an `off_t`.
    static func readAll(_ descriptor: Int32, offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(SharedMemoryError) {
        var done = 0
        while done < buffer.count {
            let n = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .system("pread", code, in: function)
            }
            guard n > 0 else {
                let end = offset + UInt64(buffer.count)
                throw SharedMemoryError(kind: .outOfBounds, function: function, reason: "the shared file is \(offset + UInt64(done)) bytes, the bitmap needs bytes \(offset)..<\(end)")
            }
            done += n
        }
    }

    /// The message whose descriptor ``read(descriptor:offset:byteCount:)`` reads.
    private static let function = "bitmapShared"

    /// `S_IFMT` bits in words, for the not-a-regular-file error.
    private static func fileType(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "file type 0o\(String(mode & S_IFMT, radix: 8))"
        }
    }
}

// MARK: - The memfd shim

// Glibc declares memfd_create, MFD_* and F_*SEALS only under _GNU_SOURCE, which
// the Swift Glibc module does not define, and `syscall` is variadic (not
// importable). So the values are spelled here (Linux UAPI <linux/memfd.h> and
// <linux/fcntl.h>, the same on every architecture) and memfd_create (glibc
// 2.27 or later; every glibc Swift 6 supports) is looked up by name.
extension SharedMemory {
    /// `MFD_CLOEXEC`.
    static let memfdCloexec: UInt32 = 0x0001
    /// `MFD_ALLOW_SEALING`.
    static let memfdAllowSealing: UInt32 = 0x0002
    /// `F_ADD_SEALS` (`F_LINUX_SPECIFIC_BASE` 1024 + 9).
    static let addSeals: Int32 = 1033
    /// `F_GET_SEALS` (`F_LINUX_SPECIFIC_BASE` 1024 + 10).
    static let getSeals: Int32 = 1034

    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32

    /// `memfd_create(name, flags)`.
    static func memfdCreate(_ name: String, flags: UInt32) throws(SharedMemoryError) -> Int32 {
        guard let symbol = dlsym(nil, "memfd_create") else {
            throw SharedMemoryError(kind: .system, function: "memfd_create", errorNumber: ENOSYS, reason: "this C library has no memfd_create (glibc 2.27 or later has it)")
        }
        let create = unsafeBitCast(symbol, to: MemfdCreate.self)
        var code: Int32 = 0
        let fd = name.withCString {
            let fd = create($0, flags)
            code = errno
            return fd
        }
        guard fd >= 0 else { throw .system("memfd_create", code) }
        return fd
    }
}
