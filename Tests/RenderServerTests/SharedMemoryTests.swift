#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LoopSimSystem
import RenderModel
@testable import RenderServer
import RenderWire
import Testing

/// `SharedMemory` and `DescriptorSocket`: bitmaps in sealed memfds, passed
/// over Unix sockets with `SCM_RIGHTS`, read back by the server.
///
/// Whether a descriptor was closed is checked through its effect, not its
/// number: the descriptors passed are copies of one end of a socketpair, and
/// the other end reads end-of-stream only once every copy is closed. (A
/// closed number may already name another test's file: tests run in
/// parallel.)
@Suite struct SharedMemoryTests {
    // MARK: Round trips

    @Test("a bitmap written to a sealed memfd and sent with its bitmapShared frame over a socketpair reads back byte for byte")
    func bitmapRoundTrip() throws {
        var rng = SplitMix64(seed: 9)
        let pixels = randomBytes(64 * 32 * 4, &rng)
        let file = try sealedFile(randomBytes(4096, &rng) + pixels)
        let (client, server) = try socketPair()
        defer { close(client); close(server) }
        let frame = WireMessage.bitmapShared(ImageID(rawValue: 2), width: 64, height: 32, offset: 4096, byteCount: 8192).encode()
        #expect(send(client, frame, descriptors: [file]) == nil)
        close(file)   // the server holds its own copy

        var queue: [Int32] = []
        let bytes = try receive(server, count: frame.count, queue: &queue)
        var decoder = FrameDecoder()
        decoder.feed(bytes[...])
        guard case .bitmapShared(_, _, _, let offset, let byteCount)? = try decoder.next() else {
            Issue.record("the frame did not decode as bitmapShared")
            return
        }
        #expect(queue.count == 1)
        let descriptor = queue.removeFirst()
        defer { close(descriptor) }
        #expect(try SharedMemory.read(descriptor: FileDescriptor(rawValue: descriptor), offset: offset, byteCount: Int(byteCount)) == pixels)
    }

    @Test("a 1024×1024×4 bitmap round-trips through a sealed memfd and a socketpair")
    func largeBitmap() throws {
        var rng = SplitMix64(seed: 1024)
        let pixels = randomBytes(1024 * 1024 * 4, &rng)
        let file = try sealedFile(pixels)
        let (client, server) = try socketPair()
        defer { close(client); close(server) }
        let frame = WireMessage.bitmapShared(ImageID(rawValue: 7), width: 1024, height: 1024, offset: 0, byteCount: UInt64(pixels.count)).encode()
        #expect(send(client, frame, descriptors: [file]) == nil)
        close(file)
        var queue: [Int32] = []
        #expect(try receive(server, count: frame.count, queue: &queue) == frame)
        try #require(queue.count == 1)
        defer { close(queue[0]) }
        #expect(try SharedMemory.read(descriptor: FileDescriptor(rawValue: queue[0]), offset: 0, byteCount: pixels.count) == pixels)
    }

    @Test("the descriptors of three sends arrive in the order they were sent, and so do three in one send")
    func arrivalOrder() throws {
        let (client, server) = try socketPair()
        defer { close(client); close(server) }
        let names = ["first", "second", "third"]
        let files = try names.map { try sealedFile(Array($0.utf8)) }
        defer { files.forEach { close($0) } }
        for file in files {
            #expect(send(client, [1, 2, 3, 4], descriptors: [file]) == nil)
        }
        #expect(send(client, [5, 6, 7, 8], descriptors: Array(files.reversed())) == nil)

        var queue: [Int32] = []
        #expect(try receive(server, count: 16, queue: &queue) == [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8])
        defer { queue.forEach { close($0) } }
        let texts = try queue.map { String(decoding: try wholeFile($0), as: UTF8.self) }
        #expect(texts == names + names.reversed())
    }

    @Test("a frame larger than the socket buffer, sent from a non-blocking socket, arrives whole with its descriptor on the first read")
    func shortWrites() throws {
        var rng = SplitMix64(seed: 77)
        let bytes = randomBytes(1 << 20, &rng)
        let file = try sealedFile([42])
        defer { close(file) }
        let (client, server) = try socketPair()
        defer { close(client); close(server) }
        #expect(fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK) == 0)

        let outcome = SendOutcome()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            outcome.set(send(client, bytes, descriptors: [file]))
            done.signal()
        }
        var queue: [Int32] = []
        defer { queue.forEach { close($0) } }
        var received = [UInt8](repeating: 0, count: 1 << 16)
        var firstQueued = 0
        let result = Result { () throws -> [UInt8] in
            let first = try received.withUnsafeMutableBytes {
                try receiveRaw(server, into: $0, descriptors: &queue, limit: 4)
            }
            firstQueued = queue.count
            return Array(received[0..<first]) + (try receive(server, count: bytes.count - first, queue: &queue))
        }
        if case .failure = result { shutdown(server, Int32(SHUT_RDWR)) }   // so the sender stops before its socket is closed
        done.wait()
        #expect(try result.get() == bytes)
        #expect(firstQueued == 1)
        #expect(queue.count == 1)
        #expect(outcome.get() == .some(nil))
    }

    @Test("exactly 28 descriptors in one send all arrive")
    func twentyEight() throws {
        let probe = try Probe()
        let (client, server) = try socketPair()
        defer { close(client); close(server) }
        #expect(send(client, [0, 0, 0, 0], descriptors: Array(repeating: probe.watched, count: 28)) == nil)
        probe.closeWatched()
        var queue: [Int32] = []
        #expect(try receive(server, count: 4, queue: &queue, limit: 28).count == 4)
        #expect(queue.count == 28)
        #expect(queue.allSatisfy(isOpen))
        #expect(!probe.allCopiesClosed())
        queue.forEach { close($0) }
        #expect(probe.allCopiesClosed())
    }

    // MARK: Descriptor handling

    @Test("received descriptors are close-on-exec even when the sender's copy is not")
    func closeOnExec() throws {
        let file = try sealedFile([1, 2, 3])
        defer { close(file) }
        #expect(fcntl(file, F_GETFD) & FD_CLOEXEC != 0)   // memfd made with MFD_CLOEXEC
        let plain = dup(file)
        #expect(plain >= 0 && fcntl(plain, F_GETFD) & FD_CLOEXEC == 0)
        let (client, server) = try socketPair()
        defer { close(client); close(server) }
        #expect(send(client, [9], descriptors: [plain]) == nil)
        close(plain)
        var queue: [Int32] = []
        _ = try receive(server, count: 1, queue: &queue)
        try #require(queue.count == 1)
        defer { close(queue[0]) }
        #expect(fcntl(queue[0], F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test("a send with more descriptors than fit is refused, and every descriptor that arrived is closed")
    func controlTruncated() throws {
        let probe = try Probe()
        let (client, server) = try socketPair()
        defer { close(client); close(server) }
        #expect(send(client, [1, 2, 3, 4], descriptors: Array(repeating: probe.watched, count: 40), unchecked: true) == nil)
        probe.closeWatched()
        var queue: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        let error = #expect(throws: SharedMemoryError.self) {
            _ = try buffer.withUnsafeMutableBytes { try receiveRaw(server, into: $0, descriptors: &queue, limit: 100) }
        }
        #expect(error?.kind == .tooManyDescriptors)
        #expect(error?.description == "recvmsg: one message carried more descriptors than fit (at most 28); the 28 that arrived were closed and the kernel dropped the rest")
        #expect(queue.isEmpty)
        #expect(probe.allCopiesClosed())
    }

    @Test("descriptors past the queue's limit are closed and refused; those within it stay queued and open")
    func queueLimit() throws {
        let probe = try Probe()
        let (client, server) = try socketPair()
        defer { close(client); close(server) }
        let held = try sealedFile([1])
        var queue: [Int32] = [held]   // one frame's descriptor not yet taken
        #expect(send(client, [1, 2, 3, 4], descriptors: Array(repeating: probe.watched, count: 3)) == nil)
        probe.closeWatched()
        var buffer = [UInt8](repeating: 0, count: 64)
        let error = #expect(throws: SharedMemoryError.self) {
            _ = try buffer.withUnsafeMutableBytes { try receiveRaw(server, into: $0, descriptors: &queue, limit: 3) }
        }
        #expect(error?.kind == .tooManyDescriptors)
        #expect(error?.description == "recvmsg: 1 descriptors queued and 3 arrived, past the limit of 3 pending; closed the 1 past it")
        #expect(queue.count == 3 && queue[0] == held)
        #expect(queue.allSatisfy(isOpen))
        #expect(!probe.allCopiesClosed())   // the two queued copies
        queue.forEach { close($0) }
        #expect(probe.allCopiesClosed())    // so the third was closed by receive
    }

    @Test("a send to a closed peer is an error text, not SIGPIPE; a closed peer reads as the end of the stream")
    func closedPeer() throws {
        let file = try sealedFile([1])
        defer { close(file) }
        var (client, server) = try socketPair()
        close(server)
        #expect(send(client, [1, 2, 3, 4], descriptors: [file]) == "sendmsg: Broken pipe (EPIPE)")
        #expect(send(client, [1, 2, 3, 4], descriptors: []) == "send: Broken pipe (EPIPE)")
        close(client)

        (client, server) = try socketPair()
        defer { close(server) }
        close(client)
        var queue: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try buffer.withUnsafeMutableBytes { try receiveRaw(server, into: $0, descriptors: &queue, limit: 1) } == 0)
        #expect(queue.isEmpty)
    }

    // MARK: Sealing

    @Test("a sealed file carries all four seals on the receiving side and refuses writes, shrinking, growing, writable maps and more seals")
    func sealed() throws {
        let file = try sealedFile(Array(repeating: 7, count: 4096))
        let (client, server) = try socketPair()
        defer { close(client); close(server) }
        #expect(send(client, [0], descriptors: [file]) == nil)
        close(file)
        var queue: [Int32] = []
        _ = try receive(server, count: 1, queue: &queue)
        try #require(queue.count == 1)
        let fd = queue[0]
        defer { close(fd) }

        #expect(try FileDescriptor(rawValue: fd).seals() == .immutable)
        var byte: UInt8 = 1
        #expect(failure { pwrite(fd, &byte, 1, 0) } == EPERM)
        #expect(failure { Int(ftruncate(fd, 0)) } == EPERM)
        #expect(failure { Int(ftruncate(fd, 8192)) } == EPERM)
        #expect(Result { try FileDescriptor(rawValue: fd).addSeals(.write) }.mapError { $0 as! SystemError }.failureErrno == .notPermitted)
        #expect(failure { mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) == MAP_FAILED ? -1 : 0 } == EPERM)
        #expect(try wholeFile(fd) == Array(repeating: 7, count: 4096))
    }

    @Test("an empty sealed file reads as zero bytes at offset 0 and refuses one byte")
    func emptyFile() throws {
        let fd = try sealedFile([])
        defer { close(fd) }
        #expect(try SharedMemory.read(descriptor: FileDescriptor(rawValue: fd), offset: 0, byteCount: 0) == [])
        #expect(throws: SharedMemoryError.self) { try SharedMemory.read(descriptor: FileDescriptor(rawValue: fd), offset: 0, byteCount: 1) }
    }

    @Test("Seals raw values are Linux's F_SEAL_* bits")
    func sealValues() {
        #expect(FileDescriptor.Seals.seal.rawValue == 0x1)
        #expect(FileDescriptor.Seals.shrink.rawValue == 0x2)
        #expect(FileDescriptor.Seals.grow.rawValue == 0x4)
        #expect(FileDescriptor.Seals.write.rawValue == 0x8)
        #expect(FileDescriptor.Seals.immutable.rawValue == 0xF)
    }

    @Test("a memfd name the kernel refuses is a system error naming memfd_create")
    func badName() {
        let error = #expect(throws: SystemError.self) {
            try [UInt8]().withUnsafeBytes { try FileDescriptor.makeSealedMemoryFile(name: String(repeating: "n", count: 300), contents: $0) }
        }
        #expect(error?.errno == .invalidArgument)
        #expect(error?.description == "memfd_create: Invalid argument (EINVAL)")
    }

    // MARK: The server's checks

    @Test("reading past the end of the file is an error naming the offset, the byte count and the file size")
    func pastTheEnd() throws {
        let fd = try sealedFile(Array(repeating: 0, count: 4096))
        defer { close(fd) }
        let error = #expect(throws: SharedMemoryError.self) { try SharedMemory.read(descriptor: FileDescriptor(rawValue: fd), offset: 4096, byteCount: 8192) }
        #expect(error?.kind == .outOfBounds)
        #expect(error?.description == "bitmapShared: offset 4096 + 8192 bytes is past the end of the 4096-byte file")
        #expect(try SharedMemory.read(descriptor: FileDescriptor(rawValue: fd), offset: 4095, byteCount: 1) == [0])
        #expect(throws: SharedMemoryError.self) { try SharedMemory.read(descriptor: FileDescriptor(rawValue: fd), offset: 4095, byteCount: 2) }
    }

    @Test("a socket, a pipe and a folder are refused as not regular files")
    func notRegular() throws {
        let (a, b) = try socketPair()
        defer { close(a); close(b) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let folder = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(folder) }
        for (fd, what) in [(a, "a socket"), (ends[0], "a pipe"), (folder, "a folder")] {
            let error = #expect(throws: SharedMemoryError.self) { try SharedMemory.read(descriptor: FileDescriptor(rawValue: fd), offset: 0, byteCount: 0) }
            #expect(error?.kind == .notRegularFile)
            #expect(error?.description == "bitmapShared: the descriptor is not a regular file (\(what))")
        }
    }

    @Test("an offset and byte count whose sum passes the largest file offset are refused without overflowing")
    func offsetOverflow() throws {
        let fd = try sealedFile([1, 2, 3, 4])
        defer { close(fd) }
        for (offset, count) in [(UInt64.max, 1), (UInt64(Int64.max), 1), (UInt64(1) << 63, 0), (1, Int.max)] {
            let error = #expect(throws: SharedMemoryError.self) { try SharedMemory.read(descriptor: FileDescriptor(rawValue: fd), offset: offset, byteCount: count) }
            #expect(error?.kind == .outOfBounds)
            #expect(error?.description.hasSuffix("is past the largest file offset 9223372036854775807") == true)
        }
    }

    @Test("a file that ends before the bytes it should hold is an error naming its true size")
    func endsEarly() throws {
        let fd = try sealedFile(Array(repeating: 5, count: 100))
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 100)
        let error = #expect(throws: SharedMemoryError.self) {
            try buffer.withUnsafeMutableBytes { try SharedMemory.readAll(FileDescriptor(rawValue: fd), offset: 50, into: $0) }
        }
        #expect(error?.kind == .outOfBounds)
        #expect(error?.description == "bitmapShared: the shared file is 100 bytes, the bitmap needs bytes 50..<150")
    }

    @Test("a descriptor that is not open is a system error from fstat")
    func badDescriptor() {
        let error = #expect(throws: SharedMemoryError.self) { try SharedMemory.read(descriptor: FileDescriptor(rawValue: -1), offset: 0, byteCount: 1) }
        #expect(error?.kind == .system && error?.systemError?.errno == .badFileDescriptor)
        #expect(error?.description == "bitmapShared: fstat: Bad file descriptor (EBADF)")
    }

    // MARK: Control messages

    @Test("control message sizes are glibc's CMSG_LEN and CMSG_SPACE")
    func controlSizes() {
        guard MemoryLayout<Int>.size == 8 else { return }
        #expect(ControlMessages.headerSpace == 16)
        #expect(ControlMessages.length(descriptors: 1) == 20)
        #expect(ControlMessages.space(descriptors: 1) == 24)
        #expect(ControlMessages.space(descriptors: 28) == 128)
    }

    @Test("the parser takes descriptors from every SCM_RIGHTS message in order, skips others, and keeps those of a cut-short one")
    func parseRights() {
        var control = ControlBuilder()
        control.add(level: SOL_SOCKET, type: Int32(SCM_RIGHTS), values: [10, 11])
        control.add(level: SOL_SOCKET, type: 2 /* SCM_CREDENTIALS */, values: [1, 2, 3])
        control.add(level: SOL_SOCKET, type: Int32(SCM_RIGHTS), values: [12])
        control.add(level: SOL_SOCKET, type: Int32(SCM_RIGHTS), values: [13, 14, 15])
        let whole = control.bytes
        #expect(whole.withUnsafeBytes { ControlMessages.rights(in: $0) } == [10, 11, 12, 13, 14, 15])
        let cut = Array(whole.dropLast(10))   // the last message keeps 13 and half of 14
        #expect(cut.withUnsafeBytes { ControlMessages.rights(in: $0) } == [10, 11, 12, 13])
        #expect([UInt8]().withUnsafeBytes { ControlMessages.rights(in: $0) } == [])
    }
}

// MARK: - Helpers

/// A connected `AF_UNIX`/`SOCK_STREAM` socketpair, close-on-exec.
private func socketPair() throws -> (Int32, Int32) {
    let (a, b) = try FileDescriptor.socketPair()
    return (a.rawValue, b.rawValue)
}

/// `FileDescriptor.send` on raw descriptors: nil, or the error's description.
private func send(_ fd: Int32, _ bytes: [UInt8], descriptors: [Int32], unchecked: Bool = false) -> String? {
    let socket = FileDescriptor(rawValue: fd)
    let files = descriptors.map(FileDescriptor.init(rawValue:))
    do {
        if unchecked { try socket.sendUnchecked(bytes, descriptors: files) } else { try socket.send(bytes, descriptors: files) }
        return nil
    } catch {
        return error.description
    }
}

/// ``DescriptorSocket/receive(_:into:descriptors:limit:)`` with a queue of raw descriptors.
private func receiveRaw(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, descriptors: inout [Int32], limit: Int) throws(SharedMemoryError) -> Int {
    var queue = descriptors.map(FileDescriptor.init(rawValue:))
    defer { descriptors = queue.map(\.rawValue) }
    return try DescriptorSocket.receive(FileDescriptor(rawValue: fd), into: buffer, descriptors: &queue, limit: limit)
}

extension Result where Failure == SystemError {
    /// The errno of a failure; nil for a success.
    var failureErrno: Errno? {
        if case .failure(let error) = self { error.errno } else { nil }
    }
}

/// A sealed memfd holding `bytes`.
private func sealedFile(_ bytes: [UInt8]) throws -> Int32 {
    try bytes.withUnsafeBytes { try FileDescriptor.makeSealedMemoryFile(name: "loopsim-test", contents: $0).rawValue }
}

/// Every byte of the regular file `fd`.
private func wholeFile(_ fd: Int32) throws -> [UInt8] {
    let size = try FileDescriptor(rawValue: fd).status().size
    return try SharedMemory.read(descriptor: FileDescriptor(rawValue: fd), offset: 0, byteCount: Int(size))
}

/// Reads exactly `count` bytes with ``DescriptorSocket/receive(_:into:descriptors:limit:)``.
private func receive(_ fd: Int32, count: Int, queue: inout [Int32], limit: Int = 64) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < count {
        let n = try buffer.withUnsafeMutableBytes { raw in
            try receiveRaw(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<min(raw.count, count - bytes.count)]), descriptors: &queue, limit: limit)
        }
        guard n > 0 else { throw SharedMemoryError(kind: .system, function: "test", reason: "the stream ended after \(bytes.count) of \(count) bytes") }
        bytes += buffer[0..<n]
    }
    return bytes
}

private func randomBytes(_ count: Int, _ rng: inout SplitMix64) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    bytes.withUnsafeMutableBytes { raw in
        var i = 0
        while i < count {
            var word = rng.next()
            let n = min(8, count - i)
            withUnsafeBytes(of: &word) { raw.baseAddress!.advanced(by: i).copyMemory(from: $0.baseAddress!, byteCount: n) }
            i += n
        }
    }
    return bytes
}

/// The errno of a call that returned -1; 0 when it did not fail.
private func failure(_ call: () -> Int) -> Int32 {
    call() == -1 ? errno : 0
}

private func isOpen(_ fd: Int32) -> Bool {
    fcntl(fd, F_GETFD) != -1
}

/// One end of a socketpair to pass around (`watched`), and the other end,
/// which reads end-of-stream once every copy of `watched` is closed.
private struct Probe {
    let watched: Int32
    let observer: Int32

    init() throws {
        (watched, observer) = try socketPair()
    }

    /// Closes the test's own copy of `watched`.
    func closeWatched() {
        close(watched)
    }

    /// Whether every copy of `watched` is closed; then also closes `observer`.
    func allCopiesClosed() -> Bool {
        var byte: UInt8 = 0
        let n = recv(observer, &byte, 1, Int32(MSG_DONTWAIT))
        if n == 0 { close(observer) }
        return n == 0
    }
}

/// The result of a send on another thread.
private final class SendOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String??

    func set(_ result: String?) {
        lock.withLock { value = .some(result) }
    }

    func get() -> String?? {
        lock.withLock { value }
    }
}

/// Control messages laid out as the kernel does (`CMSG_SPACE` apart).
private struct ControlBuilder {
    var bytes: [UInt8] = []

    mutating func add(level: Int32, type: Int32, values: [Int32]) {
        var header = cmsghdr()
        header.cmsg_len = ControlMessages.length(descriptors: values.count)
        header.cmsg_level = level
        header.cmsg_type = type
        var message = [UInt8](repeating: 0, count: ControlMessages.space(descriptors: values.count))
        message.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: header, as: cmsghdr.self)
            for (i, value) in values.enumerated() {
                raw.storeBytes(of: value, toByteOffset: ControlMessages.headerSpace + 4 * i, as: Int32.self)
            }
        }
        bytes += message
    }
}
