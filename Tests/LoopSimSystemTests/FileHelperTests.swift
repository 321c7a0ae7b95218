import Foundation
import LoopSimSystem
import Testing

/// The file helpers the tools call (docs/internals/system.md, "Files"): reads of
/// regular files only, with a limit applied while reading; atomic writes
/// that never follow a link; trees removed without following links; the
/// console captured in-process.
@Suite struct FileHelperTests {
    /// A new private folder, removed after `body`.
    static func inFolder(_ body: (String) throws -> Void) throws {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "loopsim-files")
        defer { try? FileSystem.removeTree(folder) }
        #expect(FileSystem.isPrivateFolder(folder))
        try body(folder)
    }

    @Test("a regular file is read whole; past the limit it is EFBIG naming the path and the limit")
    func readsWithALimit() throws {
        try Self.inFolder { folder in
            let path = folder + "/a.txt"
            try FileSystem.writeFileAtomically(path, Array("hello".utf8))
            #expect(try FileSystem.readFile(path, limit: 5) == Array("hello".utf8))
            let error = #expect(throws: SystemError.self) { try FileSystem.readFile(path, limit: 4) }
            #expect(error?.errno == .fileTooLarge)
            #expect(error?.description == "read \(path): \(Errno.fileTooLarge): it is larger than the limit of 4 bytes")
        }
    }

    @Test("a folder is EISDIR, a FIFO is refused at once (no hang), a device is refused before any byte is read")
    func refusesWhatIsNotARegularFile() throws {
        try Self.inFolder { folder in
            #expect((#expect(throws: SystemError.self) { try FileSystem.readFile(folder, limit: 10) })?.errno == .isDirectory)
            let fifo = folder + "/fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            let pipe = #expect(throws: SystemError.self) { try FileSystem.readFile(fifo, limit: 10) }
            #expect(pipe?.errno == .invalidArgument)
            #expect(pipe?.note == "it is a pipe, not a regular file")
            let zero = #expect(throws: SystemError.self) { try FileSystem.readFile("/dev/zero", limit: 1 << 40) }
            #expect(zero?.note == "it is a character device, not a regular file")
            let missing = #expect(throws: SystemError.self) { try FileSystem.readFile(folder + "/none", limit: 10) }
            #expect(missing?.errno == .noSuchFile)
            #expect(missing?.description.hasPrefix("open \(folder)/none:") == true)
        }
    }

    @Test("an atomic write replaces a symbolic link at the path instead of writing through it, and leaves no temporary file")
    func atomicWritesDoNotFollowLinks() throws {
        try Self.inFolder { folder in
            let target = folder + "/target", path = folder + "/out.txt"
            try FileSystem.writeFileAtomically(target, Array("keep".utf8))
            try FileSystem.createSymbolicLink(path, to: target)
            try FileSystem.writeFileAtomically(path, Array("new".utf8))
            #expect(try FileSystem.readFile(target, limit: 100) == Array("keep".utf8))
            #expect(FileSystem.kind(of: path, followLinks: false) == .regular)
            #expect(try FileSystem.readFile(path, limit: 100) == Array("new".utf8))
            #expect(try FileSystem.contentsOfDirectory(folder).sorted() == ["out.txt", "target"])
            let error = #expect(throws: SystemError.self) { try FileSystem.writeFileAtomically(folder + "/no/such/x", [1]) }
            #expect(error?.errno == .noSuchFile)
        }
    }

    @Test("removeTree removes a folder's files and folders, removes links without following them, and ignores a missing path")
    func removesTrees() throws {
        try Self.inFolder { folder in
            let outside = folder + "/outside"
            try FileSystem.createDirectory(outside)
            try FileSystem.writeFileAtomically(outside + "/kept", [1])
            let tree = folder + "/tree"
            try FileSystem.createDirectory(tree + "/a/b", intermediates: true)
            try FileSystem.writeFileAtomically(tree + "/a/b/c", [2])
            try FileSystem.createSymbolicLink(tree + "/link", to: outside)
            #expect(try FileSystem.filesBelow(tree) == ["a/b/c", "link"])
            try FileSystem.removeTree(tree)
            #expect(!FileSystem.exists(tree))
            #expect(FileSystem.exists(outside + "/kept"))
            try FileSystem.removeTree(tree)
        }
    }

    @Test("kind, exists and isDirectory answer without throwing; canonicalPath resolves what exists and keeps a new last name")
    func looksAtPaths() throws {
        try Self.inFolder { folder in
            #expect(FileSystem.isDirectory(folder))
            #expect(!FileSystem.exists(folder + "/none"))
            #expect(FileSystem.kind(of: folder + "/none") == nil)
            let real = try FileSystem.realPath(folder)
            #expect(FileSystem.canonicalPath(folder + "/./new.png") == real + "/new.png")
            #expect(FileSystem.canonicalPath(folder + "/../" + (folder.split(separator: "/").last.map(String.init) ?? "")) == real)
        }
    }

    @Test("the console's output is captured on the task, each stream apart")
    func capturesTheConsole() {
        let (value, out, error) = Console.capturing { () -> Int in
            Console.out("one")
            Console.out("two", terminator: "")
            Console.error("bad")
            return 7
        }
        #expect(value == 7)
        #expect(out == "one\ntwo")
        #expect(error == "bad\n")
    }
}
