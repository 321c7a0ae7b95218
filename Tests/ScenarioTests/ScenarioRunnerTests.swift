import LoopSimTestSupport
import Testing
@testable import Scenario
import Simulation

/// The interpreter: statements in order, expectations, runtime errors.
@Suite(.quiescent) struct ScenarioRunnerTests {
    func run(_ text: String, leaving: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ScenarioOutcome {
        let file = try ScenarioParser.parse(text, path: "t.loop")
        return quiescent(ScenarioRunner(file: file, source: text).run(), leaving: leaving, sourceLocation: sourceLocation)
    }

    @Test("expect log passes with the observed times, and fails with what was observed")
    func expectLog() throws {
        let outcome = try run("""
        timer t at=1s:
            log "hi"
        run until=2s
        expect log "hi" at=1s
        expect log "hi" at=1.5s
        expect log "never"
        """)
        #expect(outcome.expectations.map(\.passed) == [true, false, false])
        #expect(outcome.expectations[1].observed == "logged at 1s")
        #expect(outcome.expectations[2].observed == "never logged")
        #expect(!outcome.allPassed)
    }

    @Test("a loop kept busy forever is a positioned error at the run, and the trace so far is kept")
    func busyLoop() throws {
        let outcome = try run("""
        source spin:
            signal spin
        at 0 signal spin
        run for=1s
        """, leaving: ["source 'spin' signalled"])
        let failure = try #require(outcome.failure)
        #expect(failure.location.line == 4)
        #expect(failure.message.contains("source0 'spin'"))
        #expect(outcome.events.count > 1000)
    }

    @Test("declarations run in file order: a mode made common later gets the common items")
    func fileOrder() throws {
        let outcome = try run("""
        timer tick every=1s at=1s mode=common:
            log "tick"
        mode gallery common
        run mode=gallery for=1.5s
        expect log "tick" at=1s
        """, leaving: ["repeating timer 'tick' (every 1s) next due at 2s in mode default,tracking,gallery"])
        #expect(outcome.allPassed)
    }

    @Test("a nested run inside a callout runs in its mode and returns to the callout")
    func nestedRun() throws {
        let outcome = try run("""
        mode tracking common
        timer t at=1s:
            log "before"
            run mode=tracking for=1s
            log "after"
        run until=3s
        expect log "after" at=2s
        """)
        #expect(outcome.allPassed)
        let depths = outcome.events.compactMap { if case .runBegin(_, let depth) = $0.kind { depth } else { nil } }
        #expect(depths == [1, 2])
    }
}
