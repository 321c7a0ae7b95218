#if canImport(Glibc)
import Glibc
#endif
import CLoopSimSystem

/// Bytes with descriptors over a connected `SOCK_STREAM` Unix socket, as
/// Wayland passes them: a send's descriptors ride in one `SCM_RIGHTS` control
/// message on the `sendmsg` that carries its first byte.
///
/// Linux hands a send's descriptors to the `recvmsg` that returns the send's
/// first byte (that `recvmsg` may also return bytes sent before it, never the
/// descriptors of another send). A plain `read` of those bytes would close
/// the descriptors instead: once a peer may send descriptors, read its socket
/// only through ``FileDescriptor/receive(into:)``.
extension FileDescriptor {
    /// The most descriptors one send may carry: libwayland's `MAX_FDS_OUT`.
    /// ``receive(into:)``'s control buffer has room for exactly this many.
    public static let maxDescriptorsPerMessage = 28

    /// Sends every byte of `bytes` on this connected socket, with
    /// `descriptors` in one `SCM_RIGHTS` control message on the `sendmsg` that
    /// carries the first byte; the rest follows with plain `send`s after a
    /// short write (``writeAll(_:deadline:)``). Retries
    /// `EINTR`; waits (`poll`) on `EAGAIN`. Uses `MSG_NOSIGNAL`.
    ///
    /// The receiver gets its own copies; `descriptors` stay open and the
    /// caller's to close.
    /// - Throws: ``SystemError`` from `sendmsg` or `send` (`EPIPE` when the
    ///   peer is gone). Some bytes may have gone: the stream is unusable.
    /// - Precondition: at most ``maxDescriptorsPerMessage`` descriptors, and
    ///   at least one byte when there are any (on a stream socket, a send of
    ///   no bytes carries nothing).
    ///
    /// With a `deadline` (a non-blocking socket), waiting for room stops
    /// there with `ETIMEDOUT`, as ``writeAll(_:deadline:)``.
    public func send(_ bytes: [UInt8], descriptors: [FileDescriptor], deadline: ContinuousClock.Instant? = nil) throws(SystemError) {
        precondition(descriptors.count <= Self.maxDescriptorsPerMessage, "FileDescriptor.send: \(descriptors.count) descriptors in one message; at most \(Self.maxDescriptorsPerMessage) (libwayland's MAX_FDS_OUT) fit the receiver's control buffer; split them over several messages")
        try sendUnchecked(bytes, descriptors: descriptors, deadline: deadline)
    }

    /// ``send(_:descriptors:)`` without the limit on the descriptor count,
    /// so tests can play a peer that sends too many.
    public func sendUnchecked(_ bytes: [UInt8], descriptors: [FileDescriptor], deadline: ContinuousClock.Instant? = nil) throws(SystemError) {
        precondition(!bytes.isEmpty || descriptors.isEmpty, "FileDescriptor.send: descriptors need at least one byte to travel with; on a stream socket a send of no bytes carries nothing")
        try typed { try bytes.withUnsafeBytes { raw in
            guard !descriptors.isEmpty else { return try writeAll(raw, deadline: deadline) }
            var sent: Int
            while true {
                sent = retryOnInterrupt { sendWithRights(raw, descriptors) }
                if sent >= 0 { break }
                guard Errno.current == .wouldBlock else { throw SystemError("sendmsg", .current) }
                try waitUntilWritable(deadline: deadline, call: "sendmsg", sent: 0, of: raw.count)
            }
            try writeAll(UnsafeRawBufferPointer(rebasing: raw[sent...]), deadline: deadline)
        } }
    }

    /// What one ``receive(into:)`` got.
    public struct Received {
        /// The bytes read into the buffer; 0 at the end of the stream.
        public var byteCount: Int
        /// The descriptors that came with them, in arrival order,
        /// close-on-exec, the caller's to close.
        public var descriptors: [FileDescriptor]
        /// Whether the kernel dropped descriptors that did not fit the
        /// control buffer (`MSG_CTRUNC`): a peer sent more than
        /// ``FileDescriptor/maxDescriptorsPerMessage`` at once.
        public var descriptorsTruncated: Bool
    }

    /// One `recvmsg` of what is there (at most `buffer.count` bytes, blocking
    /// until something is), with the descriptors that came with it. Uses
    /// `MSG_CMSG_CLOEXEC`. Retries `EINTR`.
    /// - Throws: ``SystemError`` from `recvmsg` (`EAGAIN` on a non-blocking
    ///   socket with nothing to read, `ENOTSOCK` on a pipe or file).
    /// - Precondition: `buffer` is not empty.
    public func receive(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Received {
        precondition(buffer.count > 0, "FileDescriptor.receive: the buffer is empty; a read of 0 bytes would look like the end of the stream")
        let space = ControlMessages.space(descriptors: Self.maxDescriptorsPerMessage)
        return try withUnsafeTemporaryAllocation(byteCount: space, alignment: MemoryLayout<cmsghdr>.alignment) { (control) throws(SystemError) -> Received in
            var vector = iovec(iov_base: buffer.baseAddress, iov_len: buffer.count)
            var message = msghdr()
            let count = try withUnsafeMutablePointer(to: &vector) { (vector) throws(SystemError) -> Int in
                try valueOrError("recvmsg") {
                    message = msghdr()
                    message.msg_iov = vector
                    message.msg_iovlen = 1
                    message.msg_control = control.baseAddress
                    message.msg_controllen = control.count
                    return system_recvmsg(rawValue, &message, CInt(MSG_CMSG_CLOEXEC))
                }
            }
            let length = min(message.msg_controllen, control.count)
            let rights = ControlMessages.rights(in: UnsafeRawBufferPointer(rebasing: control[0..<length]))
            return Received(byteCount: count, descriptors: rights.map(FileDescriptor.init(rawValue:)),
                            descriptorsTruncated: message.msg_flags & CInt(MSG_CTRUNC) != 0)
        }
    }

    /// One `sendmsg` of `raw` with `descriptors` in an `SCM_RIGHTS` message;
    /// its result (errno set when negative).
    private func sendWithRights(_ raw: UnsafeRawBufferPointer, _ descriptors: [FileDescriptor]) -> Int {
        let space = ControlMessages.space(descriptors: descriptors.count)
        return withUnsafeTemporaryAllocation(byteCount: space, alignment: MemoryLayout<cmsghdr>.alignment) { control in
            control.initializeMemory(as: UInt8.self, repeating: 0)
            var header = cmsghdr()
            header.cmsg_len = ControlMessages.length(descriptors: descriptors.count)
            header.cmsg_level = SOL_SOCKET
            header.cmsg_type = CInt(SCM_RIGHTS)
            control.storeBytes(of: header, as: cmsghdr.self)
            for (i, descriptor) in descriptors.enumerated() {
                control.storeBytes(of: descriptor.rawValue, toByteOffset: ControlMessages.headerSpace + i * MemoryLayout<CInt>.size, as: CInt.self)
            }
            var vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress), iov_len: raw.count)
            return withUnsafeMutablePointer(to: &vector) { vector in
                var message = msghdr()
                message.msg_iov = vector
                message.msg_iovlen = 1
                message.msg_control = control.baseAddress
                message.msg_controllen = space
                return system_sendmsg(rawValue, &message, CInt(MSG_NOSIGNAL))
            }
        }
    }
}

/// The sizes of `SCM_RIGHTS` control messages (glibc's `CMSG_*` macros,
/// through the C shim) and a parser of a received control buffer.
public enum ControlMessages {
    /// `CMSG_LEN(0)`: where a control message's data starts.
    public static var headerSpace: Int { cloopsim_cmsg_len(0) }

    /// `CMSG_LEN(count × sizeof(int))`: the `cmsg_len` of an `SCM_RIGHTS` message.
    public static func length(descriptors count: Int) -> Int {
        cloopsim_cmsg_len(count * MemoryLayout<CInt>.size)
    }

    /// `CMSG_SPACE(count × sizeof(int))`: the buffer an `SCM_RIGHTS` message takes.
    public static func space(descriptors count: Int) -> Int {
        cloopsim_cmsg_space(count * MemoryLayout<CInt>.size)
    }

    /// The descriptors of every `SCM_RIGHTS` message in `control` (the filled
    /// part of a control buffer), in order; other messages are skipped. A
    /// message cut short by the end of the buffer still yields the
    /// descriptors that fit, so none is left open unseen (which `CMSG_NXTHDR`
    /// would not do).
    public static func rights(in control: UnsafeRawBufferPointer) -> [CInt] {
        var found: [CInt] = []
        var offset = 0
        let header = headerSpace
        while offset + MemoryLayout<cmsghdr>.size <= control.count {
            let message = control.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self)
            let length = message.cmsg_len
            guard length >= header else { break }
            let available = min(length, control.count - offset)
            if message.cmsg_level == SOL_SOCKET && message.cmsg_type == CInt(SCM_RIGHTS) {
                let count = max(0, available - header) / MemoryLayout<CInt>.size
                for i in 0..<count {
                    found.append(control.loadUnaligned(fromByteOffset: offset + header + i * MemoryLayout<CInt>.size, as: CInt.self))
                }
            }
            guard length < control.count - offset else { break }
            offset += align(length)
        }
        return found
    }

    /// `CMSG_ALIGN(length)`: lengths are aligned to a `size_t`.
    static func align(_ length: Int) -> Int {
        let alignment = MemoryLayout<Int>.size
        return (length + alignment - 1) & ~(alignment - 1)
    }
}
