import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim run --format chrome` end to end (docs/guide/trace-format.md §4): the
/// vsync track at the display's rate, an arrow from each commit to the
/// frame that first shows it, and the counters, with the damaged area of
/// each frame as `frames.jsonl` gives it.
@Suite(.tags(.endToEnd)) struct ChromeTraceOutputTests {
    @Test func aRenderGoldensChromeTraceHasVsyncsPairedFlowsAndCountersMatchingTheFrameIndex() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/damage-over-time.loop", to: "damage.loop")
        let result = try await loopsim(["run", "damage.loop", "--trace", "t.json", "--frames", "frames"], in: sandbox.url, timeout: .seconds(60))
        #expect(result.status == 0, "\(result)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.file("t.json"))) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }
        func ph(_ p: String) -> [[String: Any]] { events.filter { $0["ph"] as? String == p } }

        let vsyncs = ph("X").filter { number($0["tid"]) == 3 }
        #expect(!vsyncs.isEmpty)
        #expect(vsyncs.enumerated().allSatisfy { $0.element["name"] as? String == "vsync \($0.offset)" }, "vsync 0, 1, … back to back")

        let starts = ph("s"), ends = ph("f")
        #expect(!starts.isEmpty)
        #expect(starts.compactMap { number($0["id"]) } == ends.compactMap { number($0["id"]) }, "every arrow starts and ends, ids in order")
        #expect(Set(starts.compactMap { number($0["id"]) }).count == starts.count, "one arrow per commit")

        let index = splitLines(try sandbox.read("frames/frames.jsonl")).compactMap(jsonObject)
        let areas = index.compactMap { line -> Double? in
            guard let d = line["damage"] as? [NSNumber], d.count == 4 else { return nil }
            return d[2].doubleValue * d[3].doubleValue
        }
        let samples = ph("C").filter { $0["name"] as? String == "frame" }.compactMap { number(($0["args"] as? [String: Any])?["damaged pixels"]) }
        #expect(samples == areas, "one damage sample per frame file, its damage box's area")
        #expect(ph("C").contains { $0["name"] as? String == "commit" })
        #expect(ph("C").contains { $0["name"] as? String == "transaction" })
    }

    @Test func withoutARenderServerThereIsNoVsyncTrackAndNoArrow() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("passing.loop", Fixtures.passing)
        let result = try await loopsim(["run", "passing.loop", "--server", "none", "--trace", "t.json"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.file("t.json"))) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        #expect(!events.contains { ($0["tid"] as? NSNumber)?.intValue == 3 })
        #expect(!events.contains { ["s", "f"].contains($0["ph"] as? String) })
    }
}
