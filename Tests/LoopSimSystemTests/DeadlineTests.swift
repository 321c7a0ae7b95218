import LoopSimSystem
import Testing

/// Write deadlines, non-blocking descriptors and files that refuse links:
/// the calls a stopped peer or a planted symbolic link would otherwise win.
@Suite struct DeadlineTests {
    #if DEBUG
    @Test("writeAll with a deadline that has passed gives ETIMEDOUT after EAGAIN instead of waiting")
    func mockedDeadline() {
        MockingDriver.withMocking { driver in
            driver.script("send", [.value(4), .error(.wouldBlock)])
            driver.script("poll", [.value(0)])
            let error = #expect(throws: SystemError.self) {
                try FileDescriptor(rawValue: 9_999).writeAll(Array(repeating: 1, count: 10), deadline: .now + .milliseconds(5))
            }
            #expect(error?.errno == .timedOut)
            #expect(error?.call == "send")
            #expect(error?.description.contains("took 4 of 10 bytes") == true)
            #expect(driver.calls.map(\.name) == ["send", "send", "poll"])
        }
    }

    @Test("setNonBlocking reads the flags and sets O_NONBLOCK with fcntl, and skips the set when nothing changes")
    func mockedNonBlocking() throws {
        try MockingDriver.withMocking { driver in
            driver.script("fcntl", [.value(2), .value(0), .value(2)])
            let fake = FileDescriptor(rawValue: 9_999)
            try fake.setNonBlocking(true)
            try fake.setNonBlocking(false)
            // Get (O_RDWR), set O_RDWR | O_NONBLOCK (2 | 0o4000); get (no
            // O_NONBLOCK): already blocking, so no set.
            #expect(driver.calls.map(\.name) == ["fcntl", "fcntl", "fcntl"])
            #expect(driver.calls[1].arguments[2] == 2 | 0o4000)
        }
    }
    #endif

    @Test("a send to a peer that stopped reading ends at its deadline on a non-blocking socket")
    func stoppedPeer() throws {
        let (a, b) = try FileDescriptor.socketPair()
        defer { try? a.close(); try? b.close() }
        try a.setNonBlocking(true)
        let start = ContinuousClock.now
        let error = #expect(throws: SystemError.self) {
            try a.writeAll([UInt8](repeating: 7, count: 8 << 20), deadline: .now + .milliseconds(200))
        }
        #expect(error?.errno == .timedOut)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test("writeNewFile refuses a planted symbolic link and an existing file; appendFile refuses a link")
    func noFollow() throws {
        let folder = "/tmp/loopsim-nofollow-\(CurrentProcess.id)-\(UInt32.random(in: 0...UInt32.max))"
        try FileSystem.createDirectory(folder, mode: 0o700)
        try [UInt8]([1]).withUnsafeBytes { try FileSystem.writeFile(folder + "/target", $0) }
        try FileSystem.createSymbolicLink(folder + "/link", to: folder + "/target")
        let linked = #expect(throws: SystemError.self) {
            try [UInt8]([9, 9]).withUnsafeBytes { try FileSystem.writeNewFile(folder + "/link", $0) }
        }
        #expect(linked?.errno == .fileExists)
        let existing = #expect(throws: SystemError.self) {
            try [UInt8]([9, 9]).withUnsafeBytes { try FileSystem.writeNewFile(folder + "/target", $0) }
        }
        #expect(existing?.errno == .fileExists)
        let appended = #expect(throws: SystemError.self) {
            try [UInt8]([9]).withUnsafeBytes { try FileSystem.appendFile(folder + "/link", $0) }
        }
        #expect(appended?.errno == .tooManyLinks)
        #expect(try FileSystem.readFile(folder + "/target") == [1])
        try [UInt8]([5]).withUnsafeBytes { try FileSystem.writeNewFile(folder + "/new", $0) }
        #expect(try FileSystem.readFile(folder + "/new") == [5])
        for name in ["target", "link", "new"] { try FileSystem.removeFile(folder + "/" + name) }
    }
}
