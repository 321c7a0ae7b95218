import LoopSimTestSupport
import LoopSimTrace
import Testing
@testable import Scenario

/// CADisplayLink end to end: `displaylink`, `pause`, `resume`, `invalidate`
/// (docs/guide/animations-language.md, "The display link"; docs/reference/core-animation-rules.md §3.7).
@Suite(.quiescent) struct DisplayLinkTests {
    func run(_ text: String, leaving: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ScenarioOutcome {
        let file = try ScenarioParser.parse(text, path: "t.loop")
        return quiescent(ScenarioRunner(file: file, source: text).run(), leaving: leaving, sourceLocation: sourceLocation)
    }

    /// The display-link callouts of a run: (time, link, timestamp, targetTimestamp).
    func callouts(_ outcome: ScenarioOutcome) -> [(t: Int64, name: String, timestamp: Int64, target: Int64)] {
        outcome.events.compactMap { e in
            guard case .callout(.displayLink, let name, let frame?) = e.kind else { return nil }
            return (e.t, name, frame.timestamp, frame.targetTimestamp)
        }
    }

    static let v = (0...400).map { Int64($0) * 1_000_000_000 / 60 }

    @Test("a display link fires at every vsync after it is added, seeing that vsync's time and the next one's")
    func everyVsync() throws {
        let outcome = try run("""
        displaylink dl:
            log "frame"
        timer stop at=60ms:
            invalidate dl
        run until=idle
        """)
        #expect(outcome.failure == nil)
        let c = callouts(outcome)
        #expect(c.map(\.t) == [Self.v[1], Self.v[2], Self.v[3]])
        #expect(c.map(\.timestamp) == c.map(\.t))
        #expect(c.map(\.target) == [Self.v[2], Self.v[3], Self.v[4]])
    }

    @Test("fps= picks every Nth vsync, counted from vsync 0, and targetTimestamp is the link's next one")
    func framesPerSecond() throws {
        let outcome = try run("""
        display hz=60
        displaylink half fps=30:
            log "frame"
        displaylink slow fps=20:
            log "slow"
        at 110ms:
            invalidate half
            invalidate slow
        run until=idle
        """)
        let c = callouts(outcome)
        #expect(c.filter { $0.name == "half" }.map(\.t) == [Self.v[2], Self.v[4], Self.v[6]])
        #expect(c.filter { $0.name == "half" }.map(\.target) == [Self.v[4], Self.v[6], Self.v[8]])
        #expect(c.filter { $0.name == "slow" }.map(\.t) == [Self.v[3], Self.v[6]])
    }

    @Test("every callout of one vsync sees the same timestamp and targetTimestamp")
    func sameVsyncSameTimes() throws {
        let outcome = try run("""
        displaylink a mode=common:
            log "a"
        displaylink b:
            log "b"
        at 40ms:
            invalidate a
            invalidate b
        run until=idle
        """)
        let c = callouts(outcome)
        #expect(c.map(\.name) == ["a", "b", "a", "b"])
        #expect(c[0].timestamp == c[1].timestamp && c[0].target == c[1].target)
        #expect(c[2].timestamp == c[3].timestamp && c[2].target == c[3].target)
    }

    @Test("vsyncs missed while the main thread is blocked coalesce into one callout with the latest vsync's times")
    func blockedThreadCoalesces() throws {
        let outcome = try run("""
        displaylink dl mode=common:
            log "frame"
        at 20ms:
            sleep 100ms
        at 160ms:
            invalidate dl
        run until=idle
        """)
        let c = callouts(outcome)
        // v1, then the block from 20 ms to 120 ms misses v2…v7: one callout at
        // 120 ms for v7 (116.67 ms), then v8 and v9.
        #expect(c.map(\.t) == [Self.v[1], 120_000_000, Self.v[8], Self.v[9]])
        #expect(c.map(\.timestamp) == [Self.v[1], Self.v[7], Self.v[8], Self.v[9]])
        #expect(c[1].target == Self.v[8])
    }

    @Test("a paused link does not fire and drops a waiting callout; resume starts again at the next vsync")
    func pauseAndResume() throws {
        let outcome = try run("""
        displaylink dl mode=common:
            log "frame"
        at 20ms:
            sleep 30ms
            pause dl
        at 100ms:
            resume dl
        at 130ms:
            invalidate dl
        run until=idle
        """)
        let c = callouts(outcome)
        #expect(c.map(\.t) == [Self.v[1], Self.v[7]])
    }

    @Test("an invalidated link never fires again, even when resumed")
    func invalidatedForGood() throws {
        let outcome = try run("""
        displaylink dl:
            log "frame"
            invalidate dl
            resume dl
        run until=idle
        """)
        #expect(callouts(outcome).map(\.t) == [Self.v[1]])
        #expect(outcome.failure == nil)
    }

    @Test("a link whose modes are not running keeps one coalesced callout for when one runs")
    func otherModeWaits() throws {
        let outcome = try run("""
        mode tracking
        displaylink dl mode=tracking:
            log "frame"
            invalidate dl
        run until=100ms
        run mode=tracking for=10ms
        """)
        let c = callouts(outcome)
        #expect(c.map(\.t) == [100_000_000])
        #expect(c.map(\.timestamp) == [Self.v[6]])
    }

    @Test("run until=idle treats a live link as a repeating timer: the run stops at its bound, naming the link")
    func liveLinkIsNeverIdle() throws {
        let outcome = try run("""
        displaylink dl:
            log "frame"
        run until=idle max=100ms
        """, leaving: ["outside event 'vsync 7 of display link dl' at 0.116666666s"])
        let failure = try #require(outcome.failure)
        #expect(failure.location.line == 3)
        #expect(failure.message.contains("still pending: outside event 'vsync 7 of display link dl'"))
    }

    @Test("the callout event carries timestamp and targetTimestamp as its last keys, and reads back")
    func traceKeys() throws {
        let outcome = try run("""
        displaylink dl:
            invalidate dl
        run until=idle
        """)
        let event = try #require(outcome.events.first { if case .callout(.displayLink, _, _) = $0.kind { true } else { false } })
        let line = JSONLTraceWriter.render([event])
        #expect(line == #"{"t":16666666,"iter":1,"ev":"callout","kind":"displayLink","name":"dl","timestamp":16666666,"targetTimestamp":33333333}"# + "\n")
        #expect(try JSONLTraceReader.parse(line) == [event])
        let end = try #require(outcome.events.first { if case .calloutEnd(.displayLink, _) = $0.kind { true } else { false } })
        #expect(!JSONLTraceWriter.render([end]).contains("timestamp"))
    }

    @Test("a display link's body may move a layer step by step with +=")
    func stepsALayer() throws {
        let outcome = try run("""
        view box frame=(0,0,10,10)
        displaylink dl:
            set box.position += (2, 0)
        at 50ms:
            invalidate dl
        run until=idle
        """)
        let values = outcome.events.compactMap { e -> String? in
            if case .set(_, "position", let value, _) = e.kind { value } else { nil }
        }
        #expect(values == ["(7, 5)", "(9, 5)"])
    }

    @Test("fps= that is not a factor of hz is an error listing the rates that are")
    func fpsNotAFactor() throws {
        let d = try #require(parseError("displaylink dl fps=25:\n    wake\ndisplay hz=60"))
        #expect(d.location == loc(1, 20))
        #expect(d.message == "fps=25 is not a factor of the display's 60 Hz; use one of 0, 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60 (0: every vsync)")
        #expect(parseError("displaylink dl fps=120:\n    wake")?.message.hasPrefix("fps=120 is not a factor") == true)
        #expect(parseError("displaylink dl fps=-1:\n    wake")?.message == "fps must be between 0 and 1000")
    }

    @Test("pause, resume and invalidate name display links; a link is used after its declaration has run")
    func names() throws {
        #expect(parseError("timer t after=1s:\n    pause t")?.message == "'t' is a timer, but `pause` needs a display link")
        #expect(parseError("at 1s:\n    resume nope")?.message == "unknown continuation or display link 'nope'")
        #expect(parseError("displaylink dl:\n    wake\ntimer dl after=1s:\n    wake")?.message == "'dl' is already declared (as a display link on line 1)")
        let outcome = try run("""
        at 0:
            pause dl
        run for=0
        displaylink dl:
            wake
        """)
        #expect(outcome.failure?.message.hasPrefix("display link 'dl' is used before its declaration on line 4 has run") == true)
    }

    @Test("displaylink parses into the AST with its rate, modes and body")
    func parsesDeclaration() throws {
        let file = try parseScenario("displaylink dl fps=30 mode=common:\n    log \"x\"\ndisplay hz=120")
        guard case .displayLink(let d) = file.statements[0] else { Issue.record("not a display link"); return }
        #expect(d.name == "dl" && d.framesPerSecond == 30 && d.modes == [.common])
        #expect(d.body.map(\.kind) == [.log("x")])
    }
}
