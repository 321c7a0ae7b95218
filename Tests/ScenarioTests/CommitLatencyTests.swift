import LoopSimTestSupport
import Foundation
import LoopSimTrace
import RenderModel
import Testing
@testable import Scenario
import Simulation

/// Commit latency (docs/reference/core-animation-rules.md choice 8): from a transaction's first
/// mutation (or explicit begin) to the on-screen time of the first frame
/// that shows it, traced as `latency` at that time.
@Suite(.quiescent) struct CommitLatencyTests {
    func run(_ source: String, leaving: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ScenarioOutcome {
        let file = try ScenarioParser.parse(source, path: "latency.loop")
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-latency-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: frames) }
        let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: frames)).run()
        #expect(outcome.failure == nil)
        return quiescent(outcome, leaving: leaving, sourceLocation: sourceLocation)
    }

    func latencies(_ source: String) throws -> [(txn: Int64, start: Int64, present: Int64, latency: Int64, expected: Int64, hitch: Int64)] {
        try run(source).events.compactMap { e in
            guard case .latency(let l) = e.kind else { return nil }
            #expect(e.t == l.present, "traced at the on-screen time")
            return (Int64(l.txn), l.start, l.present, l.latency, l.expected, l.hitch)
        }
    }

    @Test("a change made before a 3 s block reaches the screen one frame after the block: 3.0167 s from the first mutation")
    func blockedMainThread() throws {
        let l = try latencies("""
            display size=(64,48) hz=60
            view box frame=(0,0,10,10) background=red
            at 1s:
                set box.background = yellow
                sleep 3s
                set box.background = green
            run until=5s
            """)
        #expect(l.count == 2)
        // The initial tree: committed at 0, latched at vsync 0, on screen at vsync 1.
        #expect(l.first.map { [$0.start, $0.present, $0.latency] } == [0, 16_666_666, 16_666_666])
        // The tap: first mutation at 1 s, committed at 4 s, latched at vsync 240, on screen at vsync 241.
        #expect(l.last.map { [$0.start, $0.present, $0.latency] } == [1_000_000_000, 4_016_666_666, 3_016_666_666])
        #expect(l.first?.txn != l.last?.txn)
        // Had the main thread not blocked: latched at vsync 60 (1 s), on screen at vsync 61. 3 s late.
        #expect(l.first.map { [$0.expected, $0.hitch] } == [16_666_666, 0])
        #expect(l.last.map { [$0.expected, $0.hitch] } == [1_016_666_666, 3_000_000_000])
    }

    func event(_ t: Int64, txn: Int64, frame: Int64, hitch: Int64, latency: Int64 = 33_333_333) -> TraceEvent {
        TraceEvent(t: t, iter: 0, .latency(.init(txn: Int(txn), frame: frame, start: t - latency, present: t, latency: latency,
                                                 expected: t - hitch, hitch: hitch, late: nil)))
    }

    @Test("7.40: at 60 Hz, one frame 16.67 ms late in a 1 s run is 16.67 ms/s: critical by WWDC20's bands, warning by the Organizer's")
    func hitchRatio() throws {
        let events = [event(16_666_666, txn: 1, frame: 1, hitch: 0), event(500_000_000, txn: 2, frame: 30, hitch: 16_666_667),
                      event(500_000_000, txn: 3, frame: 30, hitch: 5_000_000),   // the same frame: its hitch is the worst, not the sum
                      TraceEvent(t: 1_000_000_000, iter: 0, .runEnd(mode: "default", depth: 1, result: .finished))]
        let summary = try #require(LatencySummary(events: events))
        #expect(summary.lateFrames.map(\.frame) == [30] && summary.lateFrames.map(\.hitch) == [16_666_667])
        #expect(abs(summary.hitchRatio - 16.666667) < 1e-4)
        #expect(LatencySummary.wwdc20Band(summary.hitchRatio) == "critical")
        #expect(LatencySummary.organizerBand(summary.hitchRatio) == "warning")
        #expect(summary.description.contains("hitch time: 1 late frame (0 commit, 0 render), 16.667 ms over 1.000 s = 16.7 ms/s — critical"))
        // The band edges.
        #expect([4.9, 5, 9.9, 10].map(LatencySummary.wwdc20Band) == ["good", "warning", "warning", "critical"])
        #expect([10, 10.1, 25, 50, 50.1].map(LatencySummary.organizerBand) == ["good", "warning", "warning", "critical", "immediate attention"])
        #expect(LatencySummary(events: [TraceEvent(t: 5, iter: 0, .frame(.init(frame: 1, present: 5, file: "f", hash: "0", txns: [], latch: 0, render: 0)))]) == nil)
    }

    @Test("a commit that changes no pixel still reaches the screen and has a latency")
    func invisibleChange() throws {
        let l = try latencies("""
            display size=(64,48) hz=60
            view box frame=(0,0,10,10) background=red hidden=true
            at 100ms:
                set box.background = blue
            run until=1s
            """)
        #expect(l.count == 2)
        // 100 ms is vsync 6 exactly: latched there, on screen at vsync 7.
        #expect(l.last.map { [$0.start, $0.present] } == [100_000_000, 116_666_666])
    }

    static let renderHitch = """
        display size=(64,48) hz=60 render=25ms
        view box frame=(0,0,10,10) background=red
        at 100ms:
            set box.background = blue
        at 110ms:
            set box.background = green
        run until=300ms
        """

    func late(_ events: [TraceEvent]) -> [String] {
        events.compactMap { e in
            guard case .latency(let l) = e.kind else { return nil }
            return l.late?.rawValue ?? "-"
        }
    }

    @Test("7.41: with a 25 ms render at 60 Hz every frame misses a vsync (a render hitch), and a commit made while the server renders waits for it")
    func renderHitch() throws {
        let outcome = try run(Self.renderHitch)
        #expect(late(outcome.events) == ["render", "render", "render"])
        // Blue: first change at 100 ms (vsync 6), latched then, rendered until 125 ms: on screen at vsync 8.
        // Green: due at vsync 7 (116.7 ms), but the server renders until 125 ms: latched at vsync 8, on screen at vsync 10.
        let present = outcome.events.compactMap { e -> Int64? in if case .latency(let l) = e.kind { return l.present }; return nil }
        #expect(present == [33_333_333, 133_333_333, 166_666_666])
        let summary = try #require(LatencySummary(events: outcome.events))
        #expect(summary.lateFrames.map(\.late) == [.render, .render, .render])
    }

    @Test("a server killed while it renders comes back to the same frames: the client does not ask a vsync inside a render")
    func renderCostAcrossACrash() throws {
        let clean = try run(Self.renderHitch)
        let crashed = try run(Self.renderHitch.replacingOccurrences(of: "run until", with: "at 112ms crash server\nrun until"))
        func frames(_ o: ScenarioOutcome) -> [String] {
            o.events.filter { $0.name == "frame" || $0.name == "latency" }.map { JSONLTraceWriter.render([$0]) }
        }
        #expect(frames(crashed) == frames(clean))
        #expect(crashed.events.filter { $0.name == "warn" }.count == 1)
    }

    @Test("choice 1: a commit at the very instant of a vsync it is latched by that vsync, with the commit before it: no hitch")
    func commitAtAVsync() throws {
        // Blue at 40 ms schedules vsync 3 (50 ms); green, committed at 50 ms, is latched by vsync 3 too.
        let outcome = try run("""
            display size=(64,48) hz=60
            view box frame=(0,0,10,10) background=red
            at 40ms:
                set box.background = blue
            at 50ms:
                set box.background = green
            run until=200ms
            """)
        #expect(outcome.events.filter { $0.name == "warn" }.isEmpty)
        let frames = outcome.events.filter { $0.name == "frame" }.map(\.t)
        #expect(frames == [16_666_666, 66_666_666])
        #expect(late(outcome.events) == ["-", "-", "-"])
    }

    /// Runs `source` (a view `a`, red) and answers the colours of `a` on
    /// screen, the frames' on-screen times with the transactions they show
    /// first, and each latency's `late`.
    func sameInstant(_ source: String) throws -> (shown: [RGBA], frames: [Int64], txns: [[Int]], late: [String]) {
        let outcome = try run("display size=(64,48) hz=60\nview a frame=(0,0,10,10) background=red\n" + source + "\nrun until=1100ms")
        let a = try #require(outcome.layers["a"])
        let shown = outcome.simulation.presentations.compactMap { outcome.simulation.presentedState(of: a, at: $0.present)?.backgroundColor }
        let frames = outcome.events.compactMap { e -> (Int64, [Int])? in
            guard case .frame(let f) = e.kind else { return nil }
            return (e.t, f.txns)
        }
        return (shown, frames.map(\.0), frames.map(\.1), late(outcome.events))
    }

    @Test("choice 1: two commits at the instant of a vsync share its frame: blue, replaced at 1 s by a second event, never shows")
    func sameInstantCommitsShareAFrame() throws {
        // Two input events at 1 s: two passes, two commits at 1 s (vsync 60), and vsync 60 latches both.
        let r = try sameInstant("at 1s:\n    set a.background = blue\nat 1s:\n    set a.background = yellow")
        #expect(!r.shown.contains(.blue), "blue is never on screen")
        #expect(r.shown.last == .yellow)
        #expect(r.frames == [16_666_666, 1_016_666_666], "one frame for both commits, on screen one vsync after 1 s")
        #expect(r.txns.last == [2, 3], "it shows both transactions first")
        #expect(r.late == ["-", "-", "-"], "no hitch: both were committed at the vsync they were due at")
    }

    @Test("choice 1: blue set at 1 s and replaced by an async main block never shows")
    func sameInstantAsyncMain() throws {
        let r = try sameInstant("at 1s:\n    set a.background = blue\n    async main:\n        set a.background = yellow")
        #expect(!r.shown.contains(.blue), "blue is never on screen")
        #expect(r.shown.last == .yellow)
        #expect(r.frames == [16_666_666, 1_016_666_666])
        #expect(r.late.allSatisfy { $0 == "-" })
    }
}
