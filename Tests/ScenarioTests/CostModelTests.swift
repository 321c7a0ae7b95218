import LoopSimTestSupport
import Foundation
import LoopSimTrace
import RenderModel
import Testing
@testable import Scenario
import Simulation

/// The cost model (docs/reference/core-animation-rules.md §4.3): `costs`, `cost=`,
/// the clock the phases advance, and the phase keys of `commit`.
@Suite(.quiescent) struct CostModelTests {
    func run(_ source: String) throws -> ScenarioOutcome {
        let file = try ScenarioParser.parse(source, path: "costs.loop")
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-costs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: frames) }
        let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: frames)).run()
        #expect(outcome.failure == nil, "\(outcome.failure.map { "\($0)" } ?? "")")
        return quiescent(outcome)
    }

    func commits(_ o: ScenarioOutcome) -> [(t: Int64, info: TraceEvent.CommitInfo)] {
        o.events.compactMap { e in
            guard case .commit(let c) = e.kind else { return nil }
            return (e.t, c)
        }
    }

    func latencies(_ o: ScenarioOutcome) -> [TraceEvent.LatencyInfo] {
        o.events.compactMap { e in
            guard case .latency(let l) = e.kind else { return nil }
            return l
        }
    }

    static let box = """
        display size=(64,48) hz=60
        view box frame=(0,0,10,10) background=red
        """

    @Test("the costs statement parses every key, exact to the picosecond; every cost is 0 without it")
    func parses() throws {
        let file = try ScenarioParser.parse("costs layout=40us display=2ns/px decode=1ns/px commit=5us/layer render=1ms raster=0.5ns/px", path: "t.loop")
        let c = file.costs
        #expect([c.layout, c.display, c.decode, c.commit, c.raster].map(\.picoseconds) == [40_000_000, 2000, 1000, 5_000_000, 500])
        #expect(c.render == 1_000_000)
        let none = try ScenarioParser.parse("display size=(10,10)", path: "t.loop")
        #expect(none.costs.layout.isZero && none.costs.render == nil && none.costs.raster.isZero)
        #expect(try ScenarioParser.parse("costs raster=0.001ns/px layout=0", path: "t.loop").costs.raster.picoseconds == 1)
    }

    @Test("costs errors are positioned", arguments: [
        ErrorCase("costs layuot=40us", 1, 7, "unknown cost 'layuot' for `costs`; did you mean 'layout'? (allowed: layout=, display=, decode=, commit=, render=, raster=)"),
        ErrorCase("costs layout", 1, 7, "cost 'layout' needs a value: layout=40us"),
        ErrorCase("costs layout=40us layout=1us", 1, 19, "cost 'layout=' is given twice"),
        ErrorCase("costs display=2ns", 1, 15, "display= is a cost per pixel, like display=2ns/px"),
        ErrorCase("costs commit=5us/px", 1, 18, "commit= is a cost per layer: write /layer"),
        ErrorCase("costs layout=40us/px", 1, 18, "layout= is a plain duration (per layoutSublayers call), without '/'"),
        ErrorCase("costs layout=-1us", 1, 14, "a cost cannot be negative, found '-1us'"),
        ErrorCase("costs layout=40", 1, 14, "a cost needs a unit (ns, us, ms or s), like 40us; found '40'"),
        ErrorCase("costs layout=2frames", 1, 15, "unknown unit 'frames' in '2frames': a cost is in ns, us, ms or s"),
        ErrorCase("costs raster=0.0001ns/px", 1, 14, "a cost is exact to the picosecond (0.001ns), found '0.0001ns'"),
        ErrorCase("costs layout=61s", 1, 14, "a cost is at most 60s, found '61s'"),
        ErrorCase("costs render=0.5ns", 1, 14, "render= is a whole number of nanoseconds up to 60s (the time the server spends on one frame), found '0.5ns'"),
        ErrorCase("costs layout=1us\ncosts commit=1us/layer", 2, 1, "only one `costs` statement is allowed (the first is on line 1)"),
        ErrorCase("display render=1ms\ncosts render=2ms", 2, 1, "the render cost is given twice: `costs render=` and `display render=` (on line 1); keep one"),
        ErrorCase("view v\nlayout v cost=61s:\n    log \"x\"", 2, 15, "cost= is 0 to 60s (the time one layoutSublayers call takes), found '61s'"),
    ])
    func errors(_ c: ErrorCase) {
        let d = parseError(c.source)
        #expect(d?.location.line == c.line)
        #expect(d?.location.column == c.column)
        #expect(d?.message == c.message)
    }

    @Test("with every cost 0 the phases take no time: each starts at the commit's time and lasts 0")
    func freeByDefault() throws {
        let o = try run(Self.box + "\nrun until=100ms")
        let c = try #require(commits(o).first)
        for (_, span) in c.info.phases.named { #expect(span == .init(start: c.t, duration: 0)) }
        #expect(latencies(o).map(\.latency) == [16_666_666])
    }

    @Test("layout is charged per layoutSublayers call and commit per encoded layer; the commit is sent when its phases end")
    func layoutAndCommitAdvanceTheClock() throws {
        // The box is laid out once (its frame was set) and is the one layer encoded.
        let o = try run("costs layout=10ms commit=3ms/layer\n" + Self.box + "\nrun until=100ms")
        let c = try #require(commits(o).first)
        #expect(c.info.phases.layout == .init(start: 0, duration: 10_000_000))
        #expect(c.info.phases.display == .init(start: 10_000_000, duration: 0))
        #expect(c.info.phases.commit == .init(start: 10_000_000, duration: 3_000_000))
        #expect(c.t == 13_000_000, "the commit event is at the end of its phases")
        // Sent at 13 ms: latched at vsync 1 (16.667 ms), on screen at vsync 2; due on screen at vsync 1.
        let l = try #require(latencies(o).first)
        #expect([l.present, l.latency, l.expected, l.hitch] == [33_333_333, 33_333_333, 16_666_666, 16_666_667])
        #expect(l.late == .commit)
    }

    @Test("display is charged per pixel of the drawn bounds, and draw cost= replaces it")
    func displayAndOverride() throws {
        let drawn = """
            costs display=1us/px
            display size=(64,48) hz=60
            view box frame=(0,0,10,20) background=red
            draw box:
                fill rect=(0,0,10,20) color=blue
            run until=100ms
            """
        let perPixel = try #require(commits(try run(drawn)).first)
        #expect(perPixel.info.phases.display.duration == 200_000, "10 × 20 px at 1 µs")
        let fixed = try #require(commits(try run(drawn.replacingOccurrences(of: "draw box:", with: "draw box cost=7ms:"))).first)
        #expect(fixed.info.phases.display.duration == 7_000_000)
    }

    @Test("layout cost= overrides the per-call layout cost for its layer only")
    func layoutOverride() throws {
        let o = try run("""
            costs layout=1ms
            display size=(64,48) hz=60
            view a frame=(0,0,10,10) background=red
            view b frame=(10,0,10,10) background=red
            layout a cost=20ms:
                log "a"
            run until=100ms
            """)
        let c = try #require(commits(o).first)
        #expect(c.info.layout == ["a", "b"])
        #expect(c.info.phases.layout.duration == 21_000_000, "20 ms for a, 1 ms for b")
        // Sent at 21 ms, after vsync 1: latched at vsync 2, on screen at vsync 3.
        #expect(latencies(o).first?.present == 50_000_000)
    }

    @Test("render and raster delay the frame on the server, and the client agrees on when it can latch again")
    func renderAndRaster() throws {
        // 64 × 48 = 3072 px recomposited at 5 µs = 15.36 ms + 5 ms: 20.36 ms from vsync 0, on screen at vsync 2.
        let o = try run("costs render=5ms raster=5us/px\ndisplay size=(64,48) hz=60 background=white\nview box frame=(0,0,64,48) background=red\nat 20ms:\n    set box.background = blue\nrun until=200ms")
        let l = latencies(o)
        #expect(l.first?.present == 33_333_333)
        #expect(l.first?.late == .render)
        // Blue at 20 ms: vsync 2 (33.3 ms) latches it (the first render ended at 20.36 ms); on screen at vsync 4.
        #expect(l.last.map { [$0.start, $0.present] } == [20_000_000, 66_666_666])
    }

    @Test("the phase keys round-trip through the JSONL writer and reader, after the other keys")
    func phaseKeysRoundTrip() throws {
        let info = TraceEvent.CommitInfo(txns: [1], layout: ["a"], display: [], prepare: [], changed: 1, bytes: 10, constraints: [],
                                         phases: .init(layout: .init(start: 1, duration: 2), display: .init(start: 3, duration: 4),
                                                       prepare: .init(start: 7, duration: 0), commit: .init(start: 7, duration: 5)))
        let event = TraceEvent(t: 12, iter: 1, .commit(info))
        let line = JSONLTraceWriter.render([event])
        #expect(line.hasSuffix(#""constraints":[],"layoutStart":1,"layoutDuration":2,"displayStart":3,"displayDuration":4,"prepareStart":7,"prepareDuration":0,"commitStart":7,"commitDuration":5}"# + "\n"))
        #expect(try JSONLTraceReader.parse(line) == [event])
    }

    @Test("CostRate: exact picoseconds, rounded down to the nanosecond, full-width")
    func costRate() {
        #expect(CostRate(picoseconds: 500).nanoseconds(for: 3) == 1)
        #expect(CostRate(picoseconds: 500).nanoseconds(for: 76_800) == 38_400)
        #expect(CostRate.max.nanoseconds(for: Int.max) == nil, "past the end of virtual time")
        #expect(CostRate(nanoseconds: 40_000).nanoseconds(for: 200) == 8_000_000)
        #expect(CostRate(picoseconds: 500).description == "0.5ns")
        #expect(CostRate(nanoseconds: 40_000).description == "40us")
    }
}
