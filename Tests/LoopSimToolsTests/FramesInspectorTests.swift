import LoopSimSystem
import LoopSimTools
import LoopSimTrace
import Raster
import RenderModel
import Testing

/// `loopsim frames` logic in-process (docs/guide/frames.md): a frames folder made
/// in a temporary folder, each action run with ``Console`` captured. The
/// command's parsing and exit statuses end to end are LoopSimCLITests'.
@Suite struct FramesInspectorTests {
    /// A frames folder with frames 2 (black) and 5 (one red pixel at (1, 1)),
    /// on screen at 1 s and 2 s, and its `frames.jsonl`.
    static func withFrames(_ body: (String) throws -> Void) throws {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "loopsim-tools-frames")
        defer { try? FileSystem.removeTree(folder) }
        var red = Bitmap(width: 3, height: 2, fill: RGBA8(r: 0, g: 0, b: 0))
        red[1, 1] = RGBA8(r: 255, g: 0, b: 0)
        let frames: [(UInt64, Int64, Bitmap)] = [(2, 1_000_000_000, Bitmap(width: 3, height: 2, fill: RGBA8(r: 0, g: 0, b: 0))),
                                                 (5, 2_000_000_000, red)]
        var index = ""
        for (frame, present, image) in frames {
            let name = FrameFolder.fileName(frame: frame)
            try FileSystem.writeFileAtomically(FilePath.join(folder, name), PNMEncoder.p6(image, over: .black))
            index += FrameIndexEntry(frame: frame, present: present, file: name, hash: "h\(frame)").jsonLine + "\n"
        }
        try FileSystem.writeFileAtomically(FilePath.join(folder, FrameFolder.indexFileName), Array(index.utf8))
        try body(folder)
    }

    @Test func listPrintsOneRowPerIndexEntryAndTheSummary() throws {
        try Self.withFrames { folder in
            let (status, out, error) = Console.capturing { try? FramesInspector.run(.list, in: folder) }
            #expect(status == 0)
            #expect(error.isEmpty)
            let lines = out.split(separator: "\n").map(String.init)
            #expect(lines.first?.contains("on screen") == true, Comment(rawValue: out))
            #expect(lines.contains { $0.contains("frame-000005.ppm") && $0.contains("h5") }, Comment(rawValue: out))
            #expect(lines.last == "2 frames in \(folder)/frames.jsonl, on screen from 1s to 2s", Comment(rawValue: out))
        }
    }

    @Test func pixelReadsTheFrameOnScreenAtTheTime() throws {
        try Self.withFrames { folder in
            let (status, out, _) = Console.capturing { try? FramesInspector.run(.pixel(x: 1, y: 1, at: 2_500_000_000), in: folder) }
            #expect(status == 0)
            #expect(out.hasPrefix("#ff0000 at (1, 1) in frame 5"), Comment(rawValue: out))
            let (early, before, _) = Console.capturing { try? FramesInspector.run(.pixel(x: 0, y: 0, at: 0), in: folder) }
            #expect(early == 1)
            #expect(before.hasPrefix("no frame is on screen at 0s"), Comment(rawValue: before))
        }
    }

    @Test func diffCountsTheDifferingPixelsAndAMalformedIndexIsAnErrorNamingItsLine() throws {
        try Self.withFrames { folder in
            let (status, out, _) = Console.capturing { try? FramesInspector.run(.diff(a: "2", b: "5", out: nil), in: folder) }
            #expect(status == 1)
            #expect(out.hasPrefix("1 of 6 pixels differ"), Comment(rawValue: out))
            try FileSystem.writeFileAtomically(FilePath.join(folder, FrameFolder.indexFileName), Array("{\"frame\":1}\n".utf8))
            let (bad, _, error) = Console.capturing { try? FramesInspector.run(.list, in: folder) }
            #expect(bad == 2)
            #expect(error == "Error: \(folder)/frames.jsonl:1: 'present' must be a whole number of nanoseconds\n", Comment(rawValue: error))
        }
    }
}
