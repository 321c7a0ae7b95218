#if DEBUG
import LoopSimSystem
import Testing

/// The EINTR, EAGAIN and short-write paths, scripted with ``MockingDriver``:
/// no real socket, the descriptor number is never opened.
@Suite struct MockedSyscallTests {
    let fake = FileDescriptor(rawValue: 9_999)

    @Test("writeAll retries a send interrupted by a signal and sends the rest after a short write")
    func interruptedThenShort() throws {
        try MockingDriver.withMocking { driver in
            driver.script("send", [.error(.interrupted), .value(3), .error(.interrupted), .value(7)])
            try fake.writeAll(Array(0..<10))
            #expect(driver.calls.map(\.name) == ["send", "send", "send", "send"])
            // The byte counts asked for: ten (interrupted), ten (three went), seven (interrupted), seven.
            #expect(driver.calls.map { $0.arguments[1] } == [10, 10, 7, 7])
            #expect(driver.unusedScript.isEmpty)
        }
    }

    @Test("writeAll waits with poll for POLLOUT on EAGAIN, then sends again")
    func wouldBlock() throws {
        try MockingDriver.withMocking { driver in
            driver.script("send", [.value(4), .error(.wouldBlock), .value(6)])
            driver.script("poll", [.error(.interrupted), .value(1)])
            try fake.writeAll(Array(repeating: 1, count: 10))
            #expect(driver.calls.map(\.description) == [
                "send(9999, 10, 16384)", "send(9999, 6, 16384)", "poll(9999, 4, -1)", "poll(9999, 4, -1)", "send(9999, 6, 16384)",
            ])
        }
    }

    @Test("writeAll falls back to write on a descriptor that is not a socket, and keeps using it")
    func notSocket() throws {
        try MockingDriver.withMocking { driver in
            driver.script("send", [.error(.notSocket)])
            driver.script("write", [.value(2), .value(3)])
            try fake.writeAll([1, 2, 3, 4, 5])
            #expect(driver.calls.map(\.name) == ["send", "write", "write"])
        }
    }

    @Test("a failed send is a SystemError naming the call and the errno")
    func brokenPipe() {
        MockingDriver.withMocking { driver in
            driver.script("send", [.value(1), .error(.brokenPipe)])
            let error = #expect(throws: SystemError.self) { try fake.writeAll([1, 2, 3]) }
            #expect(error?.call == "send")
            #expect(error?.errno == .brokenPipe)
            #expect(error?.description == "send: Broken pipe (EPIPE)")
        }
    }

    @Test("a send with descriptors retries sendmsg on EINTR and sends the rest of a short sendmsg with plain sends")
    func descriptorsShortWrite() throws {
        try MockingDriver.withMocking { driver in
            driver.script("sendmsg", [.error(.interrupted), .value(2)])
            driver.script("send", [.value(5)])
            try fake.send(Array(repeating: 0, count: 7), descriptors: [FileDescriptor(rawValue: 9_998)])
            #expect(driver.calls.map(\.description) == ["sendmsg(9999, 7, 16384)", "sendmsg(9999, 7, 16384)", "send(9999, 5, 16384)"])
        }
    }

    @Test("sendmsg waits on EAGAIN and fails with its name on other errors")
    func descriptorsWouldBlock() {
        MockingDriver.withMocking { driver in
            driver.script("sendmsg", [.error(.wouldBlock), .error(.connectionReset)])
            driver.script("poll", [.value(1)])
            let error = #expect(throws: SystemError.self) { try fake.send([1], descriptors: [fake]) }
            #expect(error?.description == "sendmsg: Connection reset by peer (ECONNRESET)")
            #expect(driver.calls.map(\.name) == ["sendmsg", "poll", "sendmsg"])
        }
    }

    @Test("recvmsg and read retry EINTR; EAGAIN on a non-blocking read is the caller's, as a SystemError")
    func receiveAndRead() throws {
        try MockingDriver.withMocking { driver in
            driver.script("recvmsg", [.error(.interrupted), .error(.interrupted), .value(12)])
            var buffer = [UInt8](repeating: 0, count: 64)
            let received = try buffer.withUnsafeMutableBytes { try fake.receive(into: $0) }
            #expect(received.byteCount == 12 && received.descriptors.isEmpty && !received.descriptorsTruncated)

            driver.script("read", [.error(.interrupted), .error(.wouldBlock)])
            let error = #expect(throws: SystemError.self) { try buffer.withUnsafeMutableBytes { try fake.read(into: $0) } }
            #expect(error?.errno == .wouldBlock)
            #expect(error?.description == "read: Resource temporarily unavailable (EAGAIN)")
            #expect(driver.calls.map(\.name) == ["recvmsg", "recvmsg", "recvmsg", "read", "read"])
        }
    }

    @Test("pread retries EINTR and short reads, and stops at the end of the file")
    func positionalRead() throws {
        try MockingDriver.withMocking { driver in
            driver.script("pread", [.value(3), .error(.interrupted), .value(2), .value(0)])
            var buffer = [UInt8](repeating: 0, count: 8)
            let count = try buffer.withUnsafeMutableBytes { try fake.read(fromAbsoluteOffset: 100, into: $0) }
            #expect(count == 5)
            #expect(driver.calls.map(\.description) == ["pread(9999, 8, 100)", "pread(9999, 5, 103)", "pread(9999, 5, 103)", "pread(9999, 3, 105)"])
        }
    }

    @Test("accept retries EINTR; close is not retried")
    func acceptAndClose() throws {
        try MockingDriver.withMocking { driver in
            driver.script("accept", [.error(.interrupted), .value(42)])
            let accepted = try fake.accept()
            #expect(accepted == FileDescriptor(rawValue: 42))
            driver.script("close", [.error(.interrupted)])
            let error = #expect(throws: SystemError.self) { try fake.close() }
            #expect(error?.errno == .interrupted)
            #expect(driver.calls.map(\.name) == ["accept", "accept", "close"])
        }
    }

    @Test("waitpid retries EINTR and decodes the exit status")
    func waitForChild() throws {
        try MockingDriver.withMocking { driver in
            driver.script("waitpid", [.error(.interrupted), .value(123)])
            let termination = try ChildProcess(processID: 123).wait()
            #expect(termination == .exited(0))
            #expect(driver.calls.count == 2)
        }
    }

    @Test("calls made outside withMocking, or on another task, are real")
    func scopedToTheTask() throws {
        let (a, b) = try FileDescriptor.socketPair()
        defer { try? a.close(); try? b.close() }
        MockingDriver.withMocking { driver in
            driver.script("send", [.error(.brokenPipe)])
            #expect(throws: SystemError.self) { try a.writeAll([1]) }
        }
        try a.writeAll([7])   // no driver: the real send
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(try buffer.withUnsafeMutableBytes { try b.read(into: $0) } == 1)
        #expect(buffer[0] == 7)
    }
}
#endif
