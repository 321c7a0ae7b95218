import LoopSimTestSupport
import Foundation
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// The guard rails (docs/guide/guard-rails.md): what had no effect is a
/// positioned warning, in the outcome and as a `warn` event at the end of
/// the run, and never a failure.
@Suite struct GuardRailWarningTests {
    func run(_ source: String, render: Bool = false) throws -> ScenarioOutcome {
        let file = try ScenarioParser.parse(source, path: "w.loop")
        let options = render ? ScenarioRunner.RenderOptions(transport: .thread(.renderServer), frames: nil) : nil
        let outcome = ScenarioRunner(file: file, source: source, render: options).run()
        #expect(outcome.failure == nil)
        return outcome
    }

    /// The `warn` events' texts.
    func warnTexts(_ outcome: ScenarioOutcome) -> [String] {
        outcome.events.compactMap { if case .warn(let text) = $0.kind { text } else { nil } }
    }

    @Test("an `at` after the last run ends is dropped with a warning at its line, traced at the end of the run")
    func atAfterTheEnd() throws {
        let outcome = try run("""
            at 500ms:
                log "tap"
            run until=100ms
            """)
        #expect(outcome.warnings.map(\.location.line) == [1])
        let w = try #require(outcome.warnings.first)
        #expect(w.description.hasPrefix("w.loop:1:1: warning: `at 0.5s` is after the last run ended at 0.1s: it was dropped"))
        #expect(warnTexts(outcome) == [w.traceText])
        #expect(w.traceText.hasPrefix("line 1: `at 0.5s`"))
        let last = try #require(outcome.events.last)
        #expect(last.t == 100_000_000 && last.name == "warn", "the warning is the trace's last event, at the end of the run")
        #expect(outcome.allPassed, "a warning does not fail the run")
    }

    @Test("an `at` written after the last run is dropped even when its time has passed; copies from a loop make one warning")
    func atBelowTheLastRun() throws {
        let outcome = try run("""
            run until=1s
            for i in 0..<3:
                at 100ms signal s
            source s:
                log "sig"
            """)
        #expect(outcome.warnings.count == 1)
        let message = try #require(outcome.warnings.first?.message)
        #expect(message.contains("(and 2 more from this line)"))
        #expect(message.contains("comes after the last `run` (line 1)"))
    }

    @Test("an `at` the run reached gives no warning")
    func atInTime() throws {
        let outcome = try run("""
            at 50ms send p
            port p:
                log "got"
            run until=100ms
            """)
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
        #expect(warnTexts(outcome).isEmpty)
    }

    @Test("a send whose message the last run never handled is a warning at the send")
    func sendNeverHandled() throws {
        let outcome = try run("""
            mode other
            port p mode=other:
                log "got"
            timer t after=10ms:
                send p
            run until=100ms
            """)
        #expect(outcome.warnings.map(\.location.line) == [5])
        #expect(outcome.warnings.first?.message.hasPrefix("port 'p' still holds 1 message(s) when the last run ends at 0.1s") == true,
                "\(outcome.warnings)")
    }

    @Test("a file with no run is a warning at line 1")
    func noRun() throws {
        let outcome = try run("""
            layer box frame=(0,0,10,10)
            expect commits == 0
            """)
        #expect(outcome.warnings.map(\.location.line) == [1])
        #expect(outcome.warnings.first?.message.hasPrefix("the file has no `run`") == true)
        #expect(warnTexts(outcome).count == 1)
    }

    @Test("an expectation after the end is a warning only while work was still pending")
    func expectationAfterTheEnd() throws {
        let pending = try run("""
            timer t every=1s:
                log "tick"
            run until=1.5s
            expect log "tick" at=2s
            """)
        #expect(pending.warnings.map(\.location.line) == [4])
        #expect(pending.warnings.first?.message.contains("at=2s is after the run ended at 1.5s with work still pending (repeating timer 't'") == true,
                "\(pending.warnings)")
        let settled = try run("""
            at 1s:
                log "tap"
            run until=idle
            expect log "tap" at=1s
            expect log "tap" at=5s
            """)
        #expect(settled.warnings.isEmpty, "nothing was left to happen: the end state is the state at 5 s")
    }

    @Test("`transaction timing=` that no animation used is a warning; one an implicit action read is not")
    func unusedTransactionOptions() throws {
        let outcome = try run("""
            display size=(32,32)
            view v frame=(0,0,10,10)
            layer l frame=(0,0,10,10)
            at 100ms:
                transaction timing=easeIn duration=1s
                set v.opacity = 0.5
            at 200ms:
                begin
                transaction timing=linear
                set l.opacity = 0.5
                commit
            at 300ms:
                begin
                transaction duration=2s
                begin
                set l.opacity = 1
                commit
                commit
            run until=3s
            """, render: true)
        #expect(outcome.warnings.map(\.location.line) == [5], "\(outcome.warnings)")
        let message = try #require(outcome.warnings.first?.message)
        #expect(message.hasPrefix("`transaction duration=1s timing=easeIn`: no animation in its transaction used it"))
        #expect(warnTexts(outcome).count == 1)
    }

    @Test("disableActions=true alone is never reported: turning actions off is its use")
    func disableActionsAlone() throws {
        let outcome = try run("""
            layer l frame=(0,0,10,10)
            at 100ms:
                transaction disableActions=true
                set l.opacity = 0.5
            run until=1s
            """)
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
    }
}
