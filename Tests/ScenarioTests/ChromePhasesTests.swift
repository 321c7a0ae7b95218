import LoopSimTestSupport
import Foundation
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// `--format chrome` of a run with costs (docs/guide/trace-format.md §4): the
/// commit phases are complete slices nested in the callout that committed,
/// and the server's render is a slice on its track, as long as it reported.
@Suite(.quiescent) struct ChromePhasesTests {
    struct Slice { var name: String; var ph: String; var ts: Double; var dur: Double; var tid: Int }

    @Test("relayout-grid: layout, display, prepare and commit nest in 'commit phases', which nests in the observer callout; 'render frame N' lasts the render the server reported")
    func nestedPhasesAndRender() throws {
        let path = GoldenTraceTests.root.appendingPathComponent("Traces/costs/relayout-grid.loop").path
        let (file, source) = try ScenarioLoader.load(path: path)
        let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: nil)).run()
        #expect(outcome.failure == nil)
        let text = ChromeTraceWriter.render(outcome.events)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let slices = try #require(root["traceEvents"] as? [[String: Any]]).compactMap { raw -> Slice? in
            guard let ph = raw["ph"] as? String, ["B", "E", "X"].contains(ph) else { return nil }
            return Slice(name: raw["name"] as? String ?? "", ph: ph, ts: (raw["ts"] as? NSNumber)?.doubleValue ?? -1,
                         dur: (raw["dur"] as? NSNumber)?.doubleValue ?? 0, tid: (raw["tid"] as? NSNumber)?.intValue ?? 0)
        }
        // The callouts on the main thread, as [start, end] intervals.
        var open: [Slice] = [], callouts: [(name: String, start: Double, end: Double)] = []
        for s in slices where s.tid == 1 && s.ph != "X" {
            if s.ph == "B" { open.append(s) } else if let b = open.popLast() { callouts.append((b.name, b.ts, s.ts)) }
        }
        let parents = slices.filter { $0.ph == "X" && $0.name == "commit phases" }
        let commits = outcome.events.compactMap { e -> TraceEvent.CommitInfo? in if case .commit(let c) = e.kind { c } else { nil } }
        #expect(parents.count == commits.count && commits.count >= 2)
        let phaseNames = ["layout", "display", "prepare", "commit"]
        for parent in parents {
            let end = parent.ts + parent.dur
            // The innermost callout that holds it is the observer's (an implicit commit).
            let holder = callouts.filter { $0.start <= parent.ts && end <= $0.end + 1e-9 }.min { $0.end - $0.start < $1.end - $1.start }
            #expect(holder?.name.hasPrefix("observer") == true, "commit phases at \(parent.ts) µs: in \(String(describing: holder))")
            let children = slices.filter { $0.ph == "X" && phaseNames.contains($0.name) && $0.ts >= parent.ts && $0.ts + $0.dur <= end + 1e-9 }
            #expect(children.map(\.name).suffix(4) == phaseNames[...])
        }
        // The 200-view relayout: 8 ms of layout inside the callout.
        #expect(slices.contains { $0.ph == "X" && $0.name == "layout" && $0.dur == 8000 })
        // The render slices: on the server's track, from the latch, as long as the server said.
        let frames = outcome.events.compactMap { e -> TraceEvent.FrameInfo? in if case .frame(let f) = e.kind { f } else { nil } }
        let renders = slices.filter { $0.name.hasPrefix("render frame") }
        #expect(renders.count == frames.count && !frames.isEmpty)
        for (slice, f) in zip(renders, frames) {
            #expect(slice.tid == 2)
            #expect(slice.ts == Double(f.latch) / 1000 && slice.dur == Double(f.render) / 1000)
            #expect(f.render > 1_000_000 && f.latch + f.render <= f.present)
        }
    }
}
