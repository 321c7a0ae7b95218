#if canImport(Glibc)
import Glibc
#endif

/// Bytes with descriptors over a connected `SOCK_STREAM` Unix socket (a
/// listener's connection or a socketpair), as Wayland passes them: a send's
/// descriptors ride in one `SCM_RIGHTS` control message on the `sendmsg` that
/// carries its first byte, and the receiver queues them in arrival order.
///
///     // sender: a bitmapShared frame and its memfd
///     if let failure = DescriptorSocket.send(socket, frame, descriptors: [file]) { … }
///     // receiver: every read of the socket, into a queue the frames consume
///     var queue: [Int32] = []
///     let n = try DescriptorSocket.receive(socket, into: buffer, descriptors: &queue, limit: 28)
///
/// Linux hands a send's descriptors to the `recvmsg` that returns the send's
/// first byte (that `recvmsg` may also return bytes sent before it, never the
/// descriptors of another send). So by the time a whole frame is decoded, its
/// descriptor is queued; a frame that finds the queue empty came without one.
/// A plain `read` of those bytes would close the descriptors instead: once a
/// peer may send descriptors, read its socket only through
/// ``receive(_:into:descriptors:limit:)``.
public enum DescriptorSocket {
    /// The most descriptors one send may carry: libwayland's `MAX_FDS_OUT`.
    /// The receiver's control buffer has room for exactly this many.
    public static let maxDescriptorsPerMessage = 28

    /// Sends every byte of `bytes` on the connected socket `fd`, with
    /// `descriptors` in one `SCM_RIGHTS` control message on the `sendmsg`
    /// that carries the first byte; the rest follows with plain `send`s after
    /// a short write. Retries `EINTR`; waits (`poll`) on `EAGAIN` when `fd` is
    /// non-blocking. Uses `MSG_NOSIGNAL`: a closed peer is an `EPIPE` error,
    /// not a `SIGPIPE`.
    ///
    /// The receiver gets its own copies; `descriptors` stay open and the
    /// caller's to close (as soon as this returns, whatever it returns).
    /// - Returns: nil on success, else the failure (`sendmsg: Broken pipe`).
    ///   After a failure some bytes may have gone: the stream is unusable.
    /// - Precondition: at most ``maxDescriptorsPerMessage`` descriptors, and
    ///   at least one byte when there are any (on a stream socket, a send of
    ///   no bytes carries nothing).
    public static func send(_ fd: Int32, _ bytes: [UInt8], descriptors: [Int32]) -> String? {
        precondition(descriptors.count <= maxDescriptorsPerMessage, "DescriptorSocket.send: \(descriptors.count) descriptors in one message; at most \(maxDescriptorsPerMessage) (libwayland's MAX_FDS_OUT) fit the receiver's control buffer; split them over several messages")
        return sendUnchecked(fd, bytes, descriptors: descriptors)
    }

    /// ``send(_:_:descriptors:)`` without the limit on the descriptor count,
    /// so tests can play a peer that sends too many.
    static func sendUnchecked(_ fd: Int32, _ bytes: [UInt8], descriptors: [Int32]) -> String? {
        precondition(!bytes.isEmpty || descriptors.isEmpty, "DescriptorSocket.send: descriptors need at least one byte to travel with; on a stream socket a send of no bytes carries nothing")
        return bytes.withUnsafeBytes { raw -> String? in
            var sent = 0
            while sent < raw.count {
                let carriesDescriptors = sent == 0 && !descriptors.isEmpty
                let n = carriesDescriptors
                    ? sendWithRights(fd, raw, descriptors)
                    : Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    if code == EAGAIN || code == EWOULDBLOCK {
                        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&ready, 1, -1)
                        continue
                    }
                    return "\(carriesDescriptors ? "sendmsg" : "send"): \(String(cString: strerror(code)))"
                }
                sent += n
            }
            return nil
        }
    }

    /// Reads what is there (at most `buffer.count` bytes, blocking until
    /// something is, unless `fd` is non-blocking) from the connected socket
    /// `fd`, appending the descriptors that came with it to `descriptors` in
    /// arrival order. Uses `MSG_CMSG_CLOEXEC`: the descriptors are
    /// close-on-exec. Retries `EINTR`.
    ///
    /// The descriptors in `descriptors` are the caller's to close: each one as
    /// the frame that takes it is served, and every one still queued when the
    /// connection ends. That holds after a throw too; a descriptor that this
    /// call does not append, it closes.
    /// - Parameters:
    ///   - buffer: where the bytes go.
    ///   - descriptors: the queue of descriptors not yet taken by a frame.
    ///   - limit: the most descriptors the queue may hold.
    /// - Returns: the number of bytes read; 0 at the end of the stream.
    /// - Throws: ``SharedMemoryError/Kind/tooManyDescriptors`` when one send
    ///   carried more than ``maxDescriptorsPerMessage`` (`MSG_CTRUNC`: the
    ///   ones that arrived are closed, the kernel dropped the rest) or the
    ///   queue would pass `limit` (the ones past it are closed);
    ///   ``SharedMemoryError/Kind/system`` when `recvmsg` fails (`EAGAIN` on
    ///   a non-blocking socket with nothing to read: see
    ///   ``SharedMemoryError/errorNumber``). After a throw the bytes read are
    ///   lost: end the connection.
    /// - Precondition: `buffer` is not empty and `limit >= 0`.
    public static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, descriptors: inout [Int32], limit: Int) throws(SharedMemoryError) -> Int {
        precondition(buffer.count > 0, "DescriptorSocket.receive: the buffer is empty; a read of 0 bytes would look like the end of the stream")
        precondition(limit >= 0, "DescriptorSocket.receive: the descriptor limit must not be negative, got \(limit)")
        while true {
            let result = withUnsafeTemporaryAllocation(byteCount: controlSpace(descriptors: maxDescriptorsPerMessage), alignment: MemoryLayout<cmsghdr>.alignment) {
                receiveOnce(fd, buffer, control: $0)
            }
            if result.count < 0 {
                if result.errorNumber == EINTR { continue }
                throw .system("recvmsg", result.errorNumber)
            }
            let arrived = result.descriptors
            if result.flags & Int32(MSG_CTRUNC) != 0 {
                for descriptor in arrived { close(descriptor) }
                throw SharedMemoryError(kind: .tooManyDescriptors, function: "recvmsg", reason: "one message carried more descriptors than fit (at most \(maxDescriptorsPerMessage)); the \(arrived.count) that arrived were closed and the kernel dropped the rest")
            }
            let queued = descriptors.count
            let room = max(0, limit - queued)
            guard arrived.count <= room else {
                descriptors.append(contentsOf: arrived.prefix(room))
                for descriptor in arrived.dropFirst(room) { close(descriptor) }
                throw SharedMemoryError(kind: .tooManyDescriptors, function: "recvmsg", reason: "\(queued) descriptors queued and \(arrived.count) arrived, past the limit of \(limit) pending; closed the \(arrived.count - room) past it")
            }
            descriptors.append(contentsOf: arrived)
            return result.count
        }
    }
}

// MARK: - The control messages

// CMSG_SPACE, CMSG_LEN and friends are macros the Swift Glibc module does not
// import; these are their glibc definitions: lengths are aligned to a size_t,
// the data follows the aligned cmsghdr.
extension DescriptorSocket {
    /// `CMSG_ALIGN(length)`.
    static func controlAlign(_ length: Int) -> Int {
        let alignment = MemoryLayout<Int>.size
        return (length + alignment - 1) & ~(alignment - 1)
    }

    /// `CMSG_LEN(0)`: where a control message's data starts.
    static var controlHeaderSpace: Int { controlAlign(MemoryLayout<cmsghdr>.size) }

    /// `CMSG_LEN(count × sizeof(int))`: the `cmsg_len` of an `SCM_RIGHTS` message.
    static func controlLength(descriptors count: Int) -> Int {
        controlHeaderSpace + count * MemoryLayout<Int32>.size
    }

    /// `CMSG_SPACE(count × sizeof(int))`: the buffer an `SCM_RIGHTS` message takes.
    static func controlSpace(descriptors count: Int) -> Int {
        controlAlign(count * MemoryLayout<Int32>.size) + controlHeaderSpace
    }

    /// One `sendmsg` of `raw` with `descriptors` in an `SCM_RIGHTS` message;
    /// its result (errno set when negative).
    private static func sendWithRights(_ fd: Int32, _ raw: UnsafeRawBufferPointer, _ descriptors: [Int32]) -> Int {
        let space = controlSpace(descriptors: descriptors.count)
        return withUnsafeTemporaryAllocation(byteCount: space, alignment: MemoryLayout<cmsghdr>.alignment) { control in
            memset(control.baseAddress!, 0, control.count)
            var header = cmsghdr()
            header.cmsg_len = controlLength(descriptors: descriptors.count)
            header.cmsg_level = SOL_SOCKET
            header.cmsg_type = Int32(SCM_RIGHTS)
            control.storeBytes(of: header, as: cmsghdr.self)
            for (i, descriptor) in descriptors.enumerated() {
                control.storeBytes(of: descriptor, toByteOffset: controlHeaderSpace + i * MemoryLayout<Int32>.size, as: Int32.self)
            }
            var vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress), iov_len: raw.count)
            return withUnsafeMutablePointer(to: &vector) { vector in
                var message = msghdr()
                message.msg_iov = vector
                message.msg_iovlen = 1
                message.msg_control = control.baseAddress
                message.msg_controllen = space
                return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
            }
        }
    }

    /// What one `recvmsg` gave: its result, errno when negative, `msg_flags`,
    /// and the descriptors of every `SCM_RIGHTS` message in arrival order.
    private struct Received {
        var count: Int
        var errorNumber: Int32
        var flags: Int32
        var descriptors: [Int32]
    }

    /// One `recvmsg` into `buffer`, with `control` for the control messages.
    private static func receiveOnce(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, control: UnsafeMutableRawBufferPointer) -> Received {
        var vector = iovec(iov_base: buffer.baseAddress, iov_len: buffer.count)
        return withUnsafeMutablePointer(to: &vector) { vector in
            var message = msghdr()
            message.msg_iov = vector
            message.msg_iovlen = 1
            message.msg_control = control.baseAddress
            message.msg_controllen = control.count
            let n = recvmsg(fd, &message, Int32(MSG_CMSG_CLOEXEC))
            guard n >= 0 else { return Received(count: n, errorNumber: errno, flags: 0, descriptors: []) }
            let length = min(message.msg_controllen, control.count)
            return Received(count: n, errorNumber: 0, flags: message.msg_flags, descriptors: rights(in: UnsafeRawBufferPointer(rebasing: control[0..<length])))
        }
    }

    /// The descriptors of every `SCM_RIGHTS` message in `control` (the filled
    /// part of a control buffer), in order; other messages are skipped. A
    /// message cut short by the end of the buffer still yields the
    /// descriptors that fit, so none is left open unseen.
    static func rights(in control: UnsafeRawBufferPointer) -> [Int32] {
        var found: [Int32] = []
        var offset = 0
        while offset + MemoryLayout<cmsghdr>.size <= control.count {
            let header = control.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self)
            let length = header.cmsg_len
            guard length >= controlHeaderSpace else { break }
            let available = min(length, control.count - offset)
            if header.cmsg_level == SOL_SOCKET && header.cmsg_type == Int32(SCM_RIGHTS) {
                let count = max(0, available - controlHeaderSpace) / MemoryLayout<Int32>.size
                for i in 0..<count {
                    found.append(control.loadUnaligned(fromByteOffset: offset + controlHeaderSpace + i * MemoryLayout<Int32>.size, as: Int32.self))
                }
            }
            guard length < control.count - offset else { break }
            offset += controlAlign(length)
        }
        return found
    }
}
