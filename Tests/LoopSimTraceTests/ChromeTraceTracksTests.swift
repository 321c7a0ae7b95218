import Foundation
import Testing
@testable import LoopSimTrace

/// The Chrome form's extra tracks (docs/guide/trace-format.md §4): the vsync
/// track, the flow arrows from each commit to the frame that first shows
/// it, and the counters. Checked by parsing the JSON the writer produces.
@Suite struct ChromeTraceTracksTests {
    static func commit(_ t: Int64, txns: [Int], changed: Int, phases: TraceEvent.CommitPhases? = nil) -> TraceEvent {
        let p = phases ?? TraceEvent.CommitPhases(layout: .init(start: t), display: .init(start: t),
                                                  prepare: .init(start: t), commit: .init(start: t))
        return TraceEvent(t: t, iter: 1, .commit(.init(txns: txns, layout: [], display: [], prepare: [], changed: changed,
                                                        bytes: 10, constraints: [], phases: p)))
    }

    static func frame(_ k: Int64, present: Int64, latch: Int64, txns: [Int], render: Int64 = 0) -> TraceEvent {
        TraceEvent(t: present, iter: 2, .frame(.init(frame: k, present: present, file: "frame-\(k).ppm", hash: "0123456789abcdef",
                                                     txns: txns, latch: latch, render: render)))
    }

    static func latency(_ txn: Int, start: Int64, present: Int64, frame: Int64) -> TraceEvent {
        TraceEvent(t: present, iter: 2, .latency(.init(txn: txn, frame: frame, start: start, present: present, latency: present - start,
                                                       expected: present, hitch: 0, late: nil)))
    }

    /// Three commits: 1 (txn 1) shown by frame 1; 2 (txns 2, 3) shown by
    /// frame 3 after a render of 4 ms; 3 (txn 4) on screen without a frame
    /// (no pixel changed): it gets its latency sample but no arrow.
    static let events: [TraceEvent] = [
        commit(1_000_000, txns: [1], changed: 2),
        frame(1, present: 16_666_666, latch: 0, txns: [1]),
        latency(1, start: 1_000_000, present: 16_666_666, frame: 1),
        commit(20_000_000, txns: [2, 3], changed: 5, phases: .init(layout: .init(start: 18_000_000, duration: 1_000_000),
                                                                   display: .init(start: 19_000_000), prepare: .init(start: 19_000_000),
                                                                   commit: .init(start: 19_000_000, duration: 1_000_000))),
        frame(3, present: 50_000_000, latch: 33_333_333, txns: [2, 3], render: 4_000_000),
        latency(2, start: 18_000_000, present: 50_000_000, frame: 3),
        latency(3, start: 18_500_000, present: 50_000_000, frame: 3),
        commit(55_000_000, txns: [4], changed: 0),
        latency(4, start: 55_000_000, present: 66_666_666, frame: 4),
    ]

    static func parse(_ text: String) throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(root["traceEvents"] as? [[String: Any]])
    }

    static func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

    @Test("each commit shown by a frame has one flow start on the main thread and one bound end on the render server's, with the same id")
    func flowsPairUp() throws {
        let events = try Self.parse(ChromeTraceWriter.render(Self.events))
        let flows = events.filter { ["s", "t", "f"].contains($0["ph"] as? String) }
        let starts = flows.filter { $0["ph"] as? String == "s" }, ends = flows.filter { $0["ph"] as? String == "f" }
        #expect(starts.count == 2 && ends.count == 2, "commit 3 reached no frame: no arrow")
        #expect(starts.compactMap { Self.number($0["id"]) } == [1, 2])
        #expect(ends.compactMap { Self.number($0["id"]) } == [1, 2])
        for f in flows {
            #expect(f["name"] as? String == "commit to frame" && f["cat"] as? String == "flow", "pairs by category, name and id")
        }
        #expect(starts.allSatisfy { Self.number($0["tid"]) == 1 })
        #expect(ends.allSatisfy { Self.number($0["tid"]) == 2 && $0["bp"] as? String == "e" })
        // Commit 2's arrow leaves the middle of its 2 ms "commit phases" slice and
        // lands in the middle of the 4 ms "render frame 3" slice.
        #expect(Self.number(starts[1]["ts"]) == 19_000 && Self.number(ends[1]["ts"]) == 35_333.333)
        #expect(Self.number(starts[0]["ts"]) == 1_000 && Self.number(ends[0]["ts"]) == 0)
        let render3 = try #require(events.first { $0["name"] as? String == "render frame 3" })
        #expect(Self.number(render3["ts"]) == 33_333.333 && Self.number(render3["dur"]) == 4_000)
    }

    @Test("the counters: layers changed at each commit, the damaged area at each frame (when known), each transaction's latency in ms")
    func counters() throws {
        let text = ChromeTraceWriter.render(Self.events) { frame in frame == 1 ? 4000 : nil }
        let counters = try Self.parse(text).filter { $0["ph"] as? String == "C" }
        func samples(_ name: String, _ key: String) -> [[Double]] {
            counters.filter { $0["name"] as? String == name }.map { c in
                [Self.number(c["ts"]) ?? -1, Self.number((c["args"] as? [String: Any])?[key]) ?? -1]
            }
        }
        #expect(samples("commit", "layers changed") == [[1_000, 2], [20_000, 5], [55_000, 0]])
        #expect(samples("frame", "damaged pixels") == [[16_666.666, 4000]], "frame 3's area is unknown: no sample")
        #expect(samples("transaction", "latency ms") == [[16_666.666, 15.666666], [50_000, 32], [50_000, 31.5], [66_666.666, 11.666666]])
        #expect(counters.allSatisfy { Self.number($0["pid"]) == 1 })
    }

    @Test("with the refresh rate, thread 3 'vsync' has one slice per vsync, back to back from 0 to the end of the trace, in time order")
    func vsyncTrack() throws {
        let events = try Self.parse(ChromeTraceWriter.render(Self.events, options: .init(vsyncHz: 60)))
        #expect(events.contains { $0["ph"] as? String == "M" && Self.number($0["tid"]) == 3
            && ($0["args"] as? [String: Any])?["name"] as? String == "vsync" })
        let vsyncs = events.filter { $0["ph"] as? String == "X" && Self.number($0["tid"]) == 3 }
        // The last event is at 66.666666 ms = vsync 4's time: vsyncs 0 to 4.
        #expect(vsyncs.compactMap { $0["name"] as? String } == (0...4).map { "vsync \($0)" })
        let times: [Int64] = [0, 16_666_666, 33_333_333, 50_000_000, 66_666_666, 83_333_333]
        for (k, v) in vsyncs.enumerated() {
            #expect(Self.number(v["ts"]) == Double(times[k]) / 1000)
            #expect(abs((Self.number(v["dur"]) ?? 0) - Double(times[k + 1] - times[k]) / 1000) < 1e-9)
        }
        // Written in time order among the other events that are not complete slices.
        var last = -Double.infinity
        for e in events where ["B", "E", "i", "X"].contains(e["ph"] as? String) && Self.number(e["tid"]) != 2 {
            guard e["ph"] as? String != "X" || Self.number(e["tid"]) == 3, let ts = Self.number(e["ts"]) else { continue }
            #expect(ts >= last, "\(e)")
            last = ts
        }
        let plain = try Self.parse(ChromeTraceWriter.render(Self.events))
        #expect(!plain.contains { Self.number($0["tid"]) == 3 }, "no refresh rate (no render server): no vsync track")
    }

    @Test("the vsync track stops at its cap with an instant saying so")
    func vsyncCap() throws {
        let far = ChromeTraceWriter.maxVsyncSlices + 10
        let text = ChromeTraceWriter.render([TraceEvent(t: far, iter: 0, .log(text: "late"))], options: .init(vsyncHz: 1_000_000_000))
        let events = try Self.parse(text).filter { Self.number($0["tid"]) == 3 }
        #expect(events.filter { $0["ph"] as? String == "X" }.count == Int(ChromeTraceWriter.maxVsyncSlices))
        #expect(events.last?["name"] as? String == "vsync track truncated")
    }

    @Test("the streaming writer gives the same bytes as render, extras included")
    func streamingMatches() throws {
        let options = ChromeTraceWriter.Options(vsyncHz: 60)
        var bytes: [UInt8] = []
        let stream = TraceStreamWriter(format: .chrome, chunkSize: 64, chrome: options) { bytes += $0 }
        for e in Self.events {
            if case .frame(let f) = e.kind { stream.record(e, damagedArea: f.frame * 10) } else { stream.record(e) }
        }
        stream.finish()
        #expect(String(decoding: bytes, as: UTF8.self) == ChromeTraceWriter.render(Self.events, options: options) { $0 * 10 })
    }

    @Test("exact decimals for the latency counter")
    func decimals() {
        func text(_ v: Int64, _ places: Int) -> String {
            var out: [UInt8] = []
            ChromeTraceWriter.appendDecimal(v, places: places, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(text(3_016_666_666, 6) == "3016.666666")
        #expect(text(32_000_000, 6) == "32")
        #expect(text(-1_500, 3) == "-1.5")
        #expect(text(1, 6) == "0.000001")
    }
}
