import LoopSimTestSupport
import Foundation
import LoopSimTrace
import RenderModel
import Testing
@testable import Scenario
import Simulation

/// Hitches over animations (docs/reference/animations.md, "Hitches"): a server-driven
/// animation keeps its frames on time through a blocked main thread; a
/// display-link-driven one is late from the vsync its callout was due at;
/// a render overrun during an animation is a render hitch; the ratio is
/// also given over the time animations ran.
@Suite(.quiescent) struct AnimationHitchTests {
    func summary(_ source: String) throws -> (LatencySummary, ScenarioOutcome) {
        let file = try ScenarioParser.parse(source, path: "hitch.loop")
        let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: nil)).run()
        #expect(outcome.failure == nil)
        let end = outcome.events.last?.t ?? 0
        let s = try #require(LatencySummary(latencies: outcome.simulation.latencies, duration: end,
                                            animationFrames: outcome.simulation.lateAnimationFrames,
                                            animationIntervals: outcome.simulation.animationIntervals(until: end)))
        return (s, quiescent(outcome))
    }

    @Test("a spinner the server animates keeps its frames during a 3 s block: no hitch, every vsync drawn")
    func spinnerHasNoHitch() throws {
        let (s, outcome) = try summary("""
            display size=(60,40) hz=60
            layer spinner frame=(20,10,20,20) background=orange
            at 100ms:
                animate spinner.transform keyframes=(rotate(0deg), rotate(120deg), rotate(240deg), rotate(360deg)) duration=1s repeat=5 key=spin
            at 1s:
                sleep 3s
            run for=6s
            """)
        #expect(s.lateFrames.isEmpty)
        let a = try #require(s.overAnimations)
        #expect(a.hitch == 0)
        // Began at 0.1167 s (the frame latching the commit), ran 5 s.
        #expect(a.seconds == 5_000_000_000)
        // Every vsync during the block drew a frame.
        let during = outcome.simulation.presentedFrames.filter { $0.present > 1_000_000_000 && $0.present <= 4_000_000_000 }
        #expect(during.count == 180)
    }

    @Test("a display-link animation blocked 3 s: the frame after the block is a 3 s commit hitch, over the animation's time too")
    func displayLinkHitches() throws {
        let (s, _) = try summary("""
            display size=(60,40) hz=60
            view box frame=(0,10,20,20) background=green
            displaylink dl mode=common:
                set box.position += (1,0)
            at 1s:
                sleep 3s
            at 5s:
                invalidate dl
            run for=6s
            """)
        let late = s.lateFrames
        #expect(late.count == 1)
        // Due at vsync 60 (1.0 s), so expected on screen at 1.0167 s; shown at 4.0167 s.
        #expect(late.first?.hitch == 3_000_000_000)
        #expect(late.first?.late == .commit)
        let a = try #require(s.overAnimations)
        #expect(a.hitch == 3_000_000_000)
        #expect(a.seconds == 5_000_000_000)   // the link ran from 0 to 5 s
    }

    @Test("a render that overruns its frame during an animation is a render hitch on every animation frame")
    func renderOverrunDuringAnimation() throws {
        let (s, _) = try summary("""
            display size=(60,40) hz=60 render=25ms
            layer box frame=(0,10,20,20) background=green
            at 100ms:
                animate box.position from=(10,20) to=(50,20) duration=1s timing=linear
            run for=2s
            """)
        let renders = s.lateFrames.filter { $0.late == .render }
        #expect(!renders.isEmpty)
        // Each frame renders 25 ms and shows two vsyncs after its latch: one frame (16.667 ms) late.
        #expect(renders.allSatisfy { $0.hitch == 16_666_667 || $0.hitch == 16_666_666 })
        // The 1 s animation drew a frame every other vsync: 30 late frames
        // while it ran; the first commit's frame and the one that shows the
        // model again fall outside it.
        let a = try #require(s.overAnimations)
        #expect(a.frames == 30)
        #expect(renders.count == 32)
    }
}
