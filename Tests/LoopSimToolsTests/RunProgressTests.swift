import Foundation
import Testing
import LoopSimTools
import LoopSimTrace
import Scenario

/// `loopsim run`'s progress line (docs/guide/guard-rails.md), with injected
/// values: when it shows, what it says, when it is rewritten (end to end,
/// that a pipe gets none: LoopSimCLITests' `RunProgressOutputTests`).
@Suite struct RunProgressTests {
    @Test(arguments: [
        (true, false, false, true),
        (false, false, false, false),   // a pipe or a file
        (true, true, false, false),     // --quiet
        (true, false, true, false),     // the text trace is on the same terminal
    ])
    func theLineShowsOnlyOnATerminalWithoutQuietAndWithoutTheTraceThere(_ c: (tty: Bool, quiet: Bool, traceOnTerminal: Bool, shown: Bool)) {
        #expect(RunProgress.isShown(stderrIsTerminal: c.tty, quiet: c.quiet, traceOnTerminal: c.traceOnTerminal) == c.shown)
    }

    @Test func theLineSaysTheVirtualTimeTheShareCommitsFramesAndSpeed() {
        #expect(RunProgress.line(virtual: 12_500_000_000, end: 60_000_000_000, commits: 750, frames: 1, wallElapsed: 4_000_000_000)
                == "12.500 s of 60.000 s (21 %) · 750 commits · 1 frame · 3.1× real time")
        #expect(RunProgress.line(virtual: 500_000_000, end: nil, commits: 1, frames: 0, wallElapsed: 2_000_000_000)
                == "0.500 s · 1 commit · 0 frames · 0.2× real time", "no share when the end is unknown")
        #expect(RunProgress.line(virtual: 70_000_000_000, end: 60_000_000_000, commits: 0, frames: 0, wallElapsed: 0)
                == "70.000 s of 60.000 s (100 %) · 0 commits · 0 frames", "the share stops at 100 %; no speed without wall time")
    }

    @Test func theExpectedEndAddsForAndTakesUntilAndIsUnknownForOtherRuns() throws {
        func end(_ source: String) throws -> Int64? { RunProgress.expectedEnd(of: try ScenarioParser.parse(source, path: "p.loop")) }
        #expect(try end("run until=2s\nrun for=500ms\n") == 2_500_000_000)
        #expect(try end("run for=1s\nrun until=5s\n") == 5_000_000_000)
        #expect(try end("run until=idle\n") == nil)
        #expect(try end("run iterations=3\n") == nil)
        #expect(try end("layer l\n") == nil)
    }

    @Test func theMeterWaitsASecondThenRewritesAtMostEveryTenthAndClearsAtTheEnd() {
        final class Box { var now: UInt64 = 5_000; var written: [String] = [] }
        let box = Box()
        let meter = ProgressMeter(end: 10_000_000_000, clock: { box.now }) { box.written.append($0) }
        func commit(_ t: Int64) -> TraceEvent {
            TraceEvent(t: t, iter: 1, .commit(.init(txns: [1], layout: [], display: [], prepare: [], changed: 1, bytes: 1, constraints: [])))
        }
        meter.note(commit(1_000_000_000))
        box.now += 999_999_999
        meter.note(commit(2_000_000_000))
        #expect(box.written.isEmpty, "under a second: nothing")
        box.now += 1
        meter.note(commit(3_000_000_000))
        #expect(box.written == ["\r3.000 s of 10.000 s (30 %) · 3 commits · 0 frames · 3.0× real time\u{1B}[K"])
        box.now += 50_000_000
        meter.note(commit(4_000_000_000))
        #expect(box.written.count == 1, "not again within a tenth of a second")
        box.now += 50_000_000
        meter.note(TraceEvent(t: 5_000_000_000, iter: 2, .log(text: "x")))
        #expect(box.written.count == 2 && box.written[1].hasPrefix("\r5.000 s of 10.000 s (50 %) · 4 commits"))
        meter.finish()
        #expect(box.written.last == "\r\u{1B}[K", "the line is cleared")
        #expect(meter.commits == 4)
    }
}
