import LoopSimTrace
import Testing

/// The frames folder's format (docs/guide/frames.md): the file names, and the
/// index read back in on-screen order with each bad line named.
@Suite struct FrameFolderTests {
    @Test func frameFileNamesRoundTripAndOtherNamesAreNotFrames() {
        #expect(FrameFolder.fileName(frame: 42) == "frame-000042.ppm")
        #expect(FrameFolder.fileName(frame: 1_234_567) == "frame-1234567.ppm")
        #expect(FrameFolder.frameNumber(ofFileName: "frame-000042.ppm") == 42)
        for name in ["frame-.ppm", "frame-12a.ppm", "frame-000042.ppm.partial", "frames.jsonl", "frame-1.png"] {
            #expect(FrameFolder.frameNumber(ofFileName: name) == nil, "\(name)")
        }
        #expect(FrameFolder.isServerFile("frame-000001.ppm.partial") && !FrameFolder.isFrameFile("frame-000001.ppm.partial"))
    }

    @Test func anIndexLineGivesItsFrameNumberWithoutBeingRead() {
        let line = FrameIndexEntry(frame: 31, present: 5, file: "frame-000031.ppm").jsonLine
        #expect(FrameFolder.frameNumber(ofIndexLine: Array(line.utf8)) == 31)
        #expect(FrameFolder.frameNumber(ofIndexLine: Array("{\"present\":1}".utf8)) == nil)
    }

    @Test func theIndexIsReadInOnScreenOrderAndABadOrRepeatedLineIsNamed() throws {
        let a = FrameIndexEntry(frame: 3, present: 20, file: "frame-000003.ppm")
        let b = FrameIndexEntry(frame: 2, present: 10, file: "frame-000002.ppm", hash: "ab")
        #expect(try FrameFolder.parseIndex(a.jsonLine + "\n\n  \n" + b.jsonLine + "\n") == [b, a])
        let twice = #expect(throws: FrameFolder.IndexError.self) { try FrameFolder.parseIndex(a.jsonLine + "\n" + a.jsonLine) }
        #expect(twice == FrameFolder.IndexError(line: 2, message: "frame 3 is listed twice (also on line 1)"))
        let bad = #expect(throws: FrameFolder.IndexError.self) { try FrameFolder.parseIndex(b.jsonLine + "\nnot json\n") }
        #expect(bad?.description == "2: not a JSON object")
    }
}
