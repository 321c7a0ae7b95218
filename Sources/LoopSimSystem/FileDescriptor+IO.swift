#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// Reads what is there, at most `buffer.count` bytes, blocking until
    /// something is (unless the descriptor is non-blocking). Retries `EINTR`.
    /// - Returns: the number of bytes read; 0 at the end of the stream.
    /// - Throws: ``SystemError`` from `read` (`EAGAIN` on a non-blocking
    ///   descriptor with nothing to read).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        try valueOrError("read") { system_read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads `byteCount` bytes at `offset` with `pread` (the file position is
    /// untouched), retrying `EINTR` and short reads.
    /// - Returns: the bytes read: fewer than `buffer.count` only when the
    ///   file ends first.
    /// - Throws: ``SystemError`` from `pread`.
    public func read(fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        var done = 0
        while done < buffer.count {
            let n = try valueOrError("pread") {
                system_pread(rawValue, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Writes every byte of `bytes`: with `send(MSG_NOSIGNAL)` on a socket
    /// (a closed peer is an `EPIPE` error, never a `SIGPIPE`), with `write`
    /// on anything else. Retries `EINTR` and short writes; waits (`poll`)
    /// on `EAGAIN` when the descriptor is non-blocking — until `deadline`
    /// when one is given, forever when it is nil.
    ///
    /// A deadline only bounds a **non-blocking** descriptor
    /// (``setNonBlocking(_:)``): a blocking `send` to a peer that stopped
    /// reading waits in the kernel, where no deadline reaches it.
    /// - Throws: ``SystemError`` from `send` or `write`; `ETIMEDOUT` (call
    ///   `send`/`write`) when the deadline passed with bytes still unsent.
    ///   Some bytes may have gone: the stream is unusable then.
    public func writeAll(_ bytes: UnsafeRawBufferPointer, deadline: ContinuousClock.Instant? = nil) throws(SystemError) {
        var offset = 0
        var socket = true
        while offset < bytes.count {
            let n = retryOnInterrupt {
                socket ? system_send(rawValue, bytes.baseAddress! + offset, bytes.count - offset, CInt(MSG_NOSIGNAL))
                    : system_write(rawValue, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if n < 0 {
                let errno = Errno.current
                if socket && errno == .notSocket { socket = false; continue }
                if errno == .wouldBlock {
                    try waitUntilWritable(deadline: deadline, call: socket ? "send" : "write", sent: offset, of: bytes.count)
                    continue
                }
                throw SystemError(socket ? "send" : "write", errno)
            }
            offset += n
        }
    }

    /// ``writeAll(_:deadline:)`` of an array.
    public func writeAll(_ bytes: [UInt8], deadline: ContinuousClock.Instant? = nil) throws(SystemError) {
        try typed { try bytes.withUnsafeBytes { raw in try writeAll(raw, deadline: deadline) } }
    }

    /// Blocks until the descriptor can be written (`poll` for `POLLOUT`), at
    /// most until `deadline`.
    /// - Throws: ``SystemError`` `ETIMEDOUT` naming `call` when the deadline
    ///   passes first; from `poll`.
    func waitUntilWritable(deadline: ContinuousClock.Instant?, call: String, sent: Int, of total: Int) throws(SystemError) {
        guard let deadline else {
            _ = try poll(for: .writable, timeout: nil)
            return
        }
        let left = deadline - ContinuousClock.now
        if left > .zero, !(try poll(for: .writable, timeout: left)).isEmpty { return }
        throw SystemError(call, .timedOut, note: "the peer took \(sent) of \(total) bytes and then no more before the deadline; it may be stopped or stuck")
    }

    /// Makes reads and writes on this descriptor return `EAGAIN` instead of
    /// blocking (`O_NONBLOCK`, with `fcntl`), or blocking again.
    /// - Throws: ``SystemError`` from `fcntl`.
    public func setNonBlocking(_ nonBlocking: Bool) throws(SystemError) {
        let flags = try valueOrError("fcntl") { system_fcntl(rawValue, F_GETFL, 0) }
        let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        if wanted != flags { _ = try valueOrError("fcntl") { system_fcntl(rawValue, F_SETFL, wanted) } }
    }
}

// MARK: - poll

extension FileDescriptor {
    /// What ``poll(for:timeout:)`` waits for.
    public struct PollEvents: OptionSet, Hashable, Sendable {
        public var rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }
        /// Bytes to read, or the end of the stream (`POLLIN`).
        public static let readable = PollEvents(rawValue: Int16(POLLIN))
        /// Room to write (`POLLOUT`).
        public static let writable = PollEvents(rawValue: Int16(POLLOUT))
        /// The peer hung up (`POLLHUP`; reported whether asked or not).
        public static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
        /// An error is pending (`POLLERR`; reported whether asked or not).
        public static let error = PollEvents(rawValue: Int16(POLLERR))
    }

    /// Waits until one of `events` can happen on the descriptor, or
    /// `timeout` passes (nil: forever). Retries `EINTR` (with the whole
    /// timeout again: the callers' timeouts are generous bounds).
    /// - Returns: the events that happened; empty when the time ran out.
    /// - Throws: ``SystemError`` from `poll`.
    public func poll(for events: PollEvents, timeout: Duration?) throws(SystemError) -> PollEvents {
        let milliseconds: CInt = timeout.map { t in
            let (seconds, attoseconds) = t.components
            // Rounded up: a deadline 0.3 ms away waits 1 ms, not 0.
            return CInt(clamping: max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
        } ?? -1
        var entry = pollfd(fd: rawValue, events: events.rawValue, revents: 0)
        let ready = try valueOrError("poll") { system_poll(&entry, 1, milliseconds) }
        return ready == 0 ? [] : PollEvents(rawValue: entry.revents)
    }
}

/// Spin-then-sleep for the lockstep's waits (docs/internals/render-server.md, "The
/// lockstep"): before a client or a spawned server sleeps in `poll` for
/// the other's next message, it polls without sleeping for up to
/// ``budget``. On the 2-core VMs the wake-up of a process asleep on the
/// other core costs ~40–60 µs, and a lockstep exchange has two of them;
/// a message that comes within the budget skips them. Only wall time
/// changes: every byte is the same.
public enum SpinWait {
    /// 500 µs, or `LOOPSIM_SPIN_US` (microseconds, 0 to 100,000; 0 turns
    /// spinning off; anything else is ignored for the default).
    public static let budget: Duration = {
        if let text = CurrentProcess.environment("LOOPSIM_SPIN_US"), let us = Int(text), (0...100_000).contains(us) {
            return .microseconds(us)
        }
        return .microseconds(500)
    }()
}

extension FileDescriptor {
    /// Spins for at most `budget` of wall time until the descriptor is
    /// readable: `poll` with no timeout, then `sched_yield` (so that a
    /// thread waiting for this core runs first), again and again. True
    /// when it became readable; false when the budget ran out (the caller
    /// then sleeps in `poll` as usual). Never spins while system calls are
    /// mocked, so a mocked test sees the calls it scripted.
    public func spinUntilReadable(budget: Duration = SpinWait.budget) -> Bool {
        #if DEBUG
        if MockingDriver.current != nil { return false }
        #endif
        guard budget > .zero else { return false }
        let end = ContinuousClock.now + budget
        repeat {
            if let ready = try? poll(for: .readable, timeout: .zero), !ready.isEmpty { return true }
            sched_yield()
        } while ContinuousClock.now < end
        return false
    }
}
