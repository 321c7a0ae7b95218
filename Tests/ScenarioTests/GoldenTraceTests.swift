import LoopSimTestSupport
import Foundation
import Testing
@testable import Scenario
import Simulation
import LoopSimTrace

/// Every golden scenario under Traces/: it parses, runs twice to the same
/// JSONL bytes — once writing frames, once with none (`--frames none`,
/// docs/internals/render-server.md) — matches its recorded golden, and its
/// expectations pass both times.
@Suite(.quiescent, .tags(.golden)) struct GoldenTraceTests {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func scenarios() -> [String] {
        let traces = root.appendingPathComponent("Traces").path
        guard let e = FileManager.default.enumerator(atPath: traces) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            if rel.hasSuffix(".loop") { out.append(rel) }
        }
        return out.sorted()
    }

    @Test("there are at least 15 golden scenarios")
    func enoughScenarios() {
        #expect(Self.scenarios().count >= 15)
    }

    @Test("a golden scenario gives the same trace on every run, with frame files or none, equal to its golden; its expectations pass both ways", arguments: scenarios())
    func golden(_ relative: String) throws {
        let path = Self.root.appendingPathComponent("Traces").appendingPathComponent(relative).path
        let (file, source) = try ScenarioLoader.load(path: path)
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-golden-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: frames) }
        let first = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: frames + "/a")).run()
        let second = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: nil)).run()
        #expect(first.failure == nil)
        let a = JSONLTraceWriter.render(first.events), b = JSONLTraceWriter.render(second.events)
        #expect(a == b)
        let golden = try String(contentsOfFile: String(path.dropLast(5)) + ".trace.jsonl", encoding: .utf8)
        #expect(a == golden, "re-record with LOOPSIM_RECORD=failed loopsim test \(relative) if the change is intended")
        for r in first.expectations { #expect(r.passed, "\(r.summary): \(r.observed)") }
        #expect(second.expectations.map(\.passed) == first.expectations.map(\.passed))
        #expect(second.simulation.presentedFrames == first.simulation.presentedFrames)
        #expect(second.simulation.framesFolder == nil)
    }
}
