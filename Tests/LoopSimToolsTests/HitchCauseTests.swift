import Foundation
import LoopSimSystem
import LoopSimTrace
import Testing
import LoopSimTools

/// Each hitch's cause, derived from golden traces (docs/guide/report.md, "Hitches").
@Suite struct HitchCauseTests {
    static func causes(_ golden: String, hz: Int = 60) throws -> [String?] {
        let text = try String(contentsOf: ToolsTestPaths.traces.appendingPathComponent(golden), encoding: .utf8)
        let events = try JSONLTraceReader.parse(text)
        let context = HitchCause.Context(events: events, hz: hz)
        return events.compactMap { e -> String?? in
            guard case .latency(let l) = e.kind else { return nil }
            return .some(HitchCause.explain(l, in: context))
        }
    }

    @Test func aBlockedMainThreadIsNamedWithTheCalloutThatBlocked() throws {
        #expect(try Self.causes("render/tap-block-green.trace.jsonl") == [nil, "commit: main thread blocked 3.000 s by `at 1s`"])
    }

    @Test func aSlowRenderIsTheFramesOwnOrTheOneTheServerWasBusyWith() throws {
        #expect(try Self.causes("render/render-hitch.trace.jsonl") == [
            "render: frame 2 took 25.000 ms to render (latched at 0.000 s), more than a vsync interval",
            "render: frame 8 took 25.000 ms to render (latched at 0.100 s), more than a vsync interval",
            "render: server busy rendering frame 8 (25.000 ms from 0.100 s)",
        ])
    }

    @Test func durationsReadInSecondsFromOneSecondUp() {
        #expect(HitchCause.duration(3_000_000_000) == "3.000 s")
        #expect(HitchCause.duration(25_000_000) == "25.000 ms")
    }

    @Test func theDataCannotCloseItsScriptElement() {
        #expect(String(decoding: ReportPage.scriptSafe(Array(#"{"a":"</script><!--"}"#.utf8)), as: UTF8.self) == #"{"a":"<\/script><!--"}"#)
    }

    @Test func selectionKeepsFramesWithTransactionsAndSpacesTheRest() {
        let entries = (0..<100).map { FrameIndexEntry(frame: UInt64($0), present: Int64($0), file: "f\($0)", txns: $0 == 57 ? [3] : []) }
        let chosen = ReportFrames.select(entries, max: 10).map(\.frame)
        #expect(chosen.count == 10 && chosen.contains(57) && chosen.first == 0)
        #expect(chosen == chosen.sorted())
        #expect(ReportFrames.select(Array(entries.prefix(5)), max: 10).count == 5)
    }

    @Test func runRecordReadsBackWhatItWrote() throws {
        let record = RunRecord(scenario: "a.loop", width: 20, height: 10, hz: 60, end: 5, failure: nil, warnings: ["w"], summary: ["s"],
                               expectations: [.init(passed: false, line: 3, column: 1, summary: "expect x", observed: "y", fates: ["f \"q\""])])
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "loopsim-tools-record")
        defer { try? FileSystem.removeTree(folder) }
        try FileSystem.writeFileAtomically(folder + "/run.json", record.fileBytes)
        #expect(try RunRecord(reading: folder + "/run.json") == record)
    }
}
