import Foundation
import LoopSimSystem
import Testing

/// `FileSystem.realPath` (docs/internals/security.md, scenario assets): links
/// followed, `.` and `..` taken out, a missing path an `ENOENT` error.
@Suite struct RealPathTests {
    @Test("a path through symbolic links resolves to where they lead; a missing one is ENOENT naming the path")
    func resolvesLinks() throws {
        let base = try FileSystem.realPath(FileManager.default.temporaryDirectory.path) + "/loopsim-realpath-\(UUID().uuidString)"
        try FileSystem.createDirectory(base + "/a/b", mode: 0o700, intermediates: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileSystem.createSymbolicLink(base + "/link", to: base + "/a/b")
        #expect(try FileSystem.realPath(base + "/link") == base + "/a/b")
        #expect(try FileSystem.realPath(base + "/link/../b/./") == base + "/a/b")
        let error = #expect(throws: SystemError.self) { try FileSystem.realPath(base + "/missing") }
        #expect(error?.errno == .noSuchFile)
        #expect(error?.description.hasPrefix("realpath \(base)/missing:") == true)
    }
}
