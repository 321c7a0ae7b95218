import RenderModel
import RunLoopKit
import Testing
@testable import Simulation

/// ``DisplayLink`` on a bare main run loop (docs/guide/animations-language.md,
/// "The display link").
@Suite struct DisplayLinkTests {
    @Test("a link added mid-vsync is due from the next vsync of its rate; its callouts see the vsync's times")
    func firstVsyncAndTimes() throws {
        let sim = Simulation()
        var frames: [(Int64, Int64, Int64)] = []
        let clock = VsyncClock(hz: 60)
        let link = DisplayLink(name: "dl", clock: clock, vsyncsPerFrame: 2, context: sim.context) { link in
            frames.append((sim.now, link.lastFrame!.timestamp, link.lastFrame!.targetTimestamp))
            if frames.count == 2 { link.invalidate() }
        }
        try sim.run(limit: .until(20_000_000))   // the link is added at 20 ms: vsync 1 (16.7 ms) has passed
        link.add(to: sim.mainLoop, modes: [.default])
        try sim.run(limit: .idle(max: 1_000_000_000))
        let v = { clock.time(ofVsync: $0)! }
        #expect(frames.map(\.0) == [v(2), v(4)])
        #expect(frames.map(\.1) == [v(2), v(4)])
        #expect(frames.map(\.2) == [v(4), v(6)])
        #expect(!link.isValid && sim.pendingWork().isEmpty)
    }

    @Test("pause drops a waiting callout and stops the vsyncs; the loop can go idle")
    func pauseLetsTheLoopIdle() throws {
        let sim = Simulation()
        var count = 0
        let link = DisplayLink(name: "dl", clock: VsyncClock(hz: 60), context: sim.context) { link in
            count += 1
            link.pause()
        }
        link.add(to: sim.mainLoop, modes: [.common])
        #expect(sim.pendingWork() == ["outside event 'vsync 1 of display link dl' at 0.016666666s"])
        let result = try sim.run(limit: .idle(max: 1_000_000_000))
        #expect(result == .idle && count == 1 && link.isPaused)
        link.resume()
        #expect(sim.pendingWork().count == 1)
        link.invalidate()
        #expect(sim.pendingWork().isEmpty)
    }
}
