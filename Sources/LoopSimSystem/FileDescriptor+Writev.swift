#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// Writes every byte of `buffers`, in order, as one `writev` when the
    /// kernel takes them all (a frame file: its header and its pixels in
    /// one call). A short write continues with the rest (the buffers it
    /// had not finished), `EINTR` is retried. For files and pipes: unlike
    /// ``writeAll(_:deadline:)`` it does not try `send` first, and it does
    /// not wait on `EAGAIN` (a blocking descriptor never returns it).
    /// - Throws: ``SystemError`` from `writev`.
    public func writeAll(vectors buffers: [UnsafeRawBufferPointer]) throws(SystemError) {
        var parts = buffers.filter { $0.count > 0 }
        var index = 0
        while index < parts.count {
            let rest = parts[index...]
            let n = rest.withContiguousStorageIfAvailable { slice -> Int in
                var vectors = slice.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
                let count = CInt(Swift.min(vectors.count, 1024))   // Linux's IOV_MAX (UIO_MAXIOV)
                return vectors.withUnsafeMutableBufferPointer { v in
                    retryOnInterrupt { system_writev(rawValue, v.baseAddress!, count) }
                }
            } ?? -1
            if n < 0 { throw SystemError("writev", Errno.current) }
            // Skip what was written: whole buffers, then part of one.
            var left = n
            while index < parts.count, left >= parts[index].count {
                left -= parts[index].count
                index += 1
            }
            if left > 0 {
                let part = parts[index]
                parts[index] = UnsafeRawBufferPointer(rebasing: part[left..<part.count])
            }
        }
    }
}
