import LoopSimSystem

/// The receiving end of a socket whose peer may send descriptors: each read
/// appends the descriptors that came with it to a queue the `bitmapShared`
/// frames consume, bounded by a limit (``FileDescriptor/receive(into:)``
/// makes the system calls; this is the server's policy).
///
///     var queue: [FileDescriptor] = []
///     let n = try DescriptorSocket.receive(socket, into: buffer, descriptors: &queue, limit: 64)
///
/// By the time a whole frame is decoded, its descriptor is queued; a frame
/// that finds the queue empty came without one.
public enum DescriptorSocket {
    /// Reads what is there from the connected socket `fd` (at most
    /// `buffer.count` bytes, blocking until something is), appending the
    /// descriptors that came with it to `descriptors` in arrival order.
    ///
    /// The descriptors in `descriptors` are the caller's to close: each one as
    /// the frame that takes it is served, and every one still queued when the
    /// connection ends. That holds after a throw too; a descriptor that this
    /// call does not append, it closes.
    /// - Returns: the number of bytes read; 0 at the end of the stream.
    /// - Throws: ``SharedMemoryError/Kind/tooManyDescriptors`` when one send
    ///   carried more than ``FileDescriptor/maxDescriptorsPerMessage`` (the
    ///   ones that arrived are closed, the kernel dropped the rest) or the
    ///   queue would pass `limit` (the ones past it are closed);
    ///   ``SharedMemoryError/Kind/system`` when `recvmsg` fails. After a
    ///   throw the bytes read are lost: end the connection.
    /// - Precondition: `buffer` is not empty and `limit >= 0`.
    public static func receive(_ fd: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer, descriptors: inout [FileDescriptor], limit: Int) throws(SharedMemoryError) -> Int {
        precondition(limit >= 0, "DescriptorSocket.receive: the descriptor limit must not be negative, got \(limit)")
        let received: FileDescriptor.Received
        do throws(SystemError) {
            received = try fd.receive(into: buffer)
        } catch {
            throw SharedMemoryError(kind: .system, function: "recvmsg", systemError: error, reason: "\(error.errno)")
        }
        let arrived = received.descriptors
        if received.descriptorsTruncated {
            for descriptor in arrived { try? descriptor.close() }
            throw SharedMemoryError(kind: .tooManyDescriptors, function: "recvmsg", reason: "one message carried more descriptors than fit (at most \(FileDescriptor.maxDescriptorsPerMessage)); the \(arrived.count) that arrived were closed and the kernel dropped the rest")
        }
        let queued = descriptors.count
        let room = max(0, limit - queued)
        guard arrived.count <= room else {
            descriptors.append(contentsOf: arrived.prefix(room))
            for descriptor in arrived.dropFirst(room) { try? descriptor.close() }
            throw SharedMemoryError(kind: .tooManyDescriptors, function: "recvmsg", reason: "\(queued) descriptors queued and \(arrived.count) arrived, past the limit of \(limit) pending; closed the \(arrived.count - room) past it")
        }
        descriptors.append(contentsOf: arrived)
        return received.byteCount
    }
}
