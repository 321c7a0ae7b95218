import Testing
import LoopSimTrace

@Suite("frames.jsonl entries")
struct FrameIndexEntryTests {
    @Test("an entry is written in the index's key order and reads back")
    func roundTrip() throws {
        let entry = FrameIndexEntry(frame: 2, present: 33_333_333, file: "frame-000002.ppm", hash: "9f3a", txns: [1, 4],
                                    damage: .init(x: 0, y: 1, width: 64, height: 47),
                                    rects: [.init(x: 0, y: 1, width: 64, height: 7), .init(x: 3, y: 9, width: 2, height: 2)])
        let line = #"{"frame":2,"present":33333333,"file":"frame-000002.ppm","hash":"9f3a","txns":[1,4],"damage":[0,1,64,47],"rects":[[0,1,64,7],[3,9,2,2]]}"#
        #expect(entry.jsonLine == line)
        #expect(try FrameIndexEntry(jsonLine: line) == entry)
        #expect(try FrameIndexEntry(jsonLine: #" {"file":"a.ppm","present":0,"frame":1,"other":[true]} "#)
                == FrameIndexEntry(frame: 1, present: 0, file: "a.ppm"))
    }

    @Test("a bad line names the key", arguments: [
        ("[1]", "not a JSON object"),
        (#"{"frame":-1,"present":0,"file":"a"}"#, "'frame' must be a whole number of 0 or more"),
        (#"{"frame":1,"present":true,"file":"a"}"#, "'present' must be a whole number of nanoseconds"),
        (#"{"frame":1,"present":0,"file":"../a"}"#, "'file' must be the name of a file in the folder"),
        (#"{"frame":1,"present":0,"file":"a","damage":[1,2,3]}"#, "'damage' must be [x, y, w, h]"),
        (#"{"frame":1,"present":0,"file":"a","rects":[[1,2,3,4],5]}"#, "'rects' must be a list of [x, y, w, h]"),
        (#"{"frame":1,"present":0,"file":"a","txns":["1"]}"#, "'txns' must be a list of transaction ids"),
    ] as [(String, String)])
    func errors(line: String, message: String) {
        #expect(throws: FrameIndexEntry.ReadError(message: message)) { try FrameIndexEntry(jsonLine: line) }
    }
}
