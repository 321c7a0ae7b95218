import Foundation
import LoopSimSystem
import LoopSimTrace
import RenderWire
@testable import Simulation
import Testing

/// What a server that died had not written (docs/internals/render-server.md, crash
/// recovery): the client names each frame whose file or `frames.jsonl`
/// line is missing, and the run fails with it.
@Suite struct FrameFolderCheckTests {
    @Test("missingFrames names a missing file, a missing index line, both, and nothing for a frame that is all there; a folder in a frame's name is not its file")
    func namesWhatIsMissing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-check-\(UUID().uuidString)").path
        try FileSystem.createDirectory(folder, mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func file(_ n: UInt64) throws {
            try [UInt8]([1, 2, 3]).withUnsafeBytes { try FileSystem.writeFile(FilePath.join(folder, FrameFolder.fileName(frame: n)), $0) }
        }
        // Frame 1: file and line. Frame 31: line only. Frame 61: file only.
        // Frame 91: neither. Frame 121: a folder under its name, and a line.
        try file(1)
        try file(61)
        try FileSystem.createDirectory(FilePath.join(folder, FrameFolder.fileName(frame: 121)), mode: 0o700)
        let index = [1, 31, 121].map { #"{"frame":\#($0),"present":0,"file":"x"}"# }.joined(separator: "\n") + "\n"
        try Array(index.utf8).withUnsafeBytes { try FileSystem.writeFile(FilePath.join(folder, FrameFolder.indexFileName), $0) }
        #expect(FrameFolder.missingFrames(in: folder, frames: [1, 31, 61, 91, 121]) == [
            "frame-000031.ppm", "the frames.jsonl line of frame-000061.ppm",
            "frame-000091.ppm and its frames.jsonl line", "frame-000121.ppm",
        ])
        #expect(FrameFolder.missingFrames(in: folder, frames: [1]).isEmpty)
        // No index at all: every line is missing.
        try FileSystem.removeFile(FilePath.join(folder, FrameFolder.indexFileName))
        #expect(FrameFolder.missingFrames(in: folder, frames: [1]) == ["the frames.jsonl line of frame-000001.ppm"])
    }
}
