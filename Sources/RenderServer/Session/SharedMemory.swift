import LoopSimSystem

/// Bitmaps in shared memory, as Wayland's `wl_shm` passes them: the client
/// writes the pixels into a sealed memfd
/// (``LoopSimSystem/FileDescriptor/makeSealedMemoryFile(name:contents:)``) and
/// sends its descriptor with a `bitmapShared` frame; the server copies them out.
///
///     // server, for the bitmapShared frame that takes the oldest queued descriptor
///     defer { try? descriptor.close() }
///     let pixels = try SharedMemory.read(descriptor: descriptor, offset: offset, byteCount: count)
///
/// The server reads with `pread`, never `mmap`: a client that truncates an
/// unsealed file under a mapping would make the server's next touch of it a
/// `SIGBUS`; a `pread` past the end only returns short, which is an error.
public enum SharedMemory {
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
    public static func read(descriptor: FileDescriptor, offset: UInt64, byteCount: Int) throws(SharedMemoryError) -> [UInt8] {
        precondition(byteCount >= 0, "SharedMemory.read: byteCount must not be negative, got \(byteCount)")
        let info: FileStatus
        do throws(SystemError) { info = try descriptor.status() } catch { throw SharedMemoryError(error, in: function) }
        guard info.kind == .regular else {
            throw SharedMemoryError(kind: .notRegularFile, function: function, reason: "the descriptor is not a regular file (\(info.kind))")
        }
        let count = UInt64(byteCount)
        guard offset <= UInt64(Int64.max), count <= UInt64(Int64.max) - offset else {
            throw SharedMemoryError(kind: .outOfBounds, function: function, reason: "offset \(offset) + \(byteCount) bytes is past the largest file offset \(Int64.max)")
        }
        let size = info.size
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
    static func readAll(_ descriptor: FileDescriptor, offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(SharedMemoryError) {
        let done: Int
        do throws(SystemError) {
            done = try descriptor.read(fromAbsoluteOffset: Int64(offset), into: buffer)
        } catch {
            throw SharedMemoryError(error, in: function)
        }
        guard done == buffer.count else {
            let end = offset + UInt64(buffer.count)
            throw SharedMemoryError(kind: .outOfBounds, function: function, reason: "the shared file is \(offset + UInt64(done)) bytes, the bitmap needs bytes \(offset)..<\(end)")
        }
    }

    /// The message whose descriptor ``read(descriptor:offset:byteCount:)`` reads.
    private static let function = "bitmapShared"
}
