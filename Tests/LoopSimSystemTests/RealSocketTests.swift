import LoopSimSystem
import Testing

/// The wrappers against the real kernel.
@Suite struct RealSocketTests {
    @Test("bytes written on one end of a socketpair are read on the other; a closed end reads as 0")
    func socketPairRoundTrip() throws {
        let (a, b) = try FileDescriptor.socketPair()
        defer { try? b.close() }
        try a.writeAll(Array("hello".utf8))
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = try buffer.withUnsafeMutableBytes { try b.read(into: $0) }
        #expect(Array(buffer[0..<n]) == Array("hello".utf8))
        try a.close()
        #expect(try buffer.withUnsafeMutableBytes { try b.read(into: $0) } == 0)
    }

    @Test("a descriptor passed with SCM_RIGHTS arrives open, close-on-exec, naming the same file")
    func descriptorPassing() throws {
        let (a, b) = try FileDescriptor.socketPair()
        defer { try? a.close(); try? b.close() }
        let file = try [UInt8]([1, 2, 3]).withUnsafeBytes { try FileDescriptor.makeSealedMemoryFile(name: "test", contents: $0) }
        try file.closeAfter { () throws(SystemError) in try a.send([9], descriptors: [file]) }
        var buffer = [UInt8](repeating: 0, count: 4)
        let received = try buffer.withUnsafeMutableBytes { try b.receive(into: $0) }
        #expect(received.byteCount == 1 && buffer[0] == 9)
        try #require(received.descriptors.count == 1)
        let copy = received.descriptors[0]
        defer { try? copy.close() }
        #expect(copy.isOpen)
        #expect(try copy.status().size == 3)
        var bytes = [UInt8](repeating: 0, count: 3)
        #expect(try bytes.withUnsafeMutableBytes { try copy.read(fromAbsoluteOffset: 0, into: $0) } == 3)
        #expect(bytes == [1, 2, 3])
    }

    @Test("a sealed memfd carries all four seals and refuses more")
    func memfdSeals() throws {
        let file = try [UInt8](repeating: 7, count: 64).withUnsafeBytes { try FileDescriptor.makeSealedMemoryFile(name: "seals", contents: $0) }
        defer { try? file.close() }
        #expect(try file.seals() == .immutable)
        let error = #expect(throws: SystemError.self) { try file.addSeals(.write) }
        #expect(error?.errno == .notPermitted)
        #expect(throws: SystemError.self) { try file.writeAll([1]) }
        let open = try FileDescriptor.makeMemoryFile(name: "open")
        defer { try? open.close() }
        #expect(try open.seals() == [])
    }

    @Test("the seal bits are the C library's F_SEAL_* values")
    func sealValues() {
        #expect(FileDescriptor.Seals.seal.rawValue == 0x1)
        #expect(FileDescriptor.Seals.shrink.rawValue == 0x2)
        #expect(FileDescriptor.Seals.grow.rawValue == 0x4)
        #expect(FileDescriptor.Seals.write.rawValue == 0x8)
    }

    @Test("a listening Unix socket accepts a client whose credentials are ours; a path too long is ENAMETOOLONG")
    func listenAndAccept() throws {
        let folder = "/tmp/loopsim-system-\(CurrentProcess.id)-\(UInt32.random(in: 0...UInt32.max))"
        try FileSystem.createDirectory(folder, mode: 0o700)
        defer { try? FileSystem.removeFile(folder + "/s"); _ = try? FileSystem.contentsOfDirectory(folder) }
        let listener = try FileDescriptor.unixStreamSocket()
        defer { try? listener.close() }
        try listener.bind(unixPath: folder + "/s")
        try listener.listen(backlog: 1)
        let client = try FileDescriptor.unixStreamSocket()
        defer { try? client.close() }
        try client.connect(unixPath: folder + "/s")
        let server = try listener.accept()
        defer { try? server.close() }
        let credentials = try server.peerCredentials()
        #expect(credentials.userID == CurrentProcess.userID && credentials.processID == CurrentProcess.id)
        let error = #expect(throws: SystemError.self) { try client.connect(unixPath: String(repeating: "x", count: 200)) }
        #expect(error?.errno == .nameTooLong)
    }

    @Test("files are written, appended, listed, renamed, read and removed")
    func files() throws {
        let folder = "/tmp/loopsim-files-\(CurrentProcess.id)-\(UInt32.random(in: 0...UInt32.max))/a/b"
        try FileSystem.createDirectory(folder, mode: 0o700, intermediates: true)
        try FileSystem.createDirectory(folder, intermediates: true)   // exists: no error
        try [UInt8]([1, 2]).withUnsafeBytes { try FileSystem.writeFile(folder + "/x", $0) }
        try [UInt8]([3]).withUnsafeBytes { try FileSystem.appendFile(folder + "/x", $0) }
        try FileSystem.rename(folder + "/x", to: folder + "/y")
        #expect(try FileSystem.contentsOfDirectory(folder) == ["y"])
        #expect(try FileSystem.readFile(folder + "/y") == [1, 2, 3])
        try FileSystem.removeFile(folder + "/y")
        let error = #expect(throws: SystemError.self) { try FileSystem.readFile(folder + "/y") }
        #expect(error?.description == "open \(folder)/y: No such file or directory (ENOENT)")
        let folderError = #expect(throws: SystemError.self) { try FileSystem.readFile(folder) }
        #expect(folderError?.errno == .isDirectory)
    }

    @Test("a spawned child gets the descriptor at the number asked for, and is waited for")
    func spawn() throws {
        let (a, b) = try FileDescriptor.socketPair()
        defer { try? a.close() }
        let child = try b.closeAfter { () throws(SystemError) in
            try ChildProcess.spawn("/bin/sh", arguments: ["-c", "echo hi >&3"], descriptors: [3: b])
        }
        #expect(try child.wait() == .exited(0))
        var buffer = [UInt8](repeating: 0, count: 8)
        let n = try buffer.withUnsafeMutableBytes { try a.read(into: $0) }
        #expect(String(decoding: buffer[0..<n], as: UTF8.self) == "hi\n")
        let missing = #expect(throws: SystemError.self) { try ChildProcess.spawn("/nonexistent/loopsim", arguments: []) }
        #expect(missing?.errno == .noSuchFile)
    }

    @Test("a killed child ends by the signal; a thread is joined after its body returned")
    func killAndJoin() throws {
        let child = try ChildProcess.spawn("/bin/sleep", arguments: ["10"])
        try child.kill()
        #expect(try child.wait() == .signalled(Signal.kill.rawValue))
        final class Flag: @unchecked Sendable { var done = false }
        let flag = Flag()
        let thread = try SystemThread.start { flag.done = true }
        thread.join()
        #expect(flag.done)
    }
}
