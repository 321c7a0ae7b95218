import Foundation
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// Issue 13's client reproducers (C1–C8): each gets a clear error or a
/// correct result, never a trap (`docs/reference/limits.md`).
@Suite("Issue 13 reproducers")
struct ReproducerTests {
    /// Parses and runs `source`, with the thread server when `render`.
    func run(_ source: String, render: Bool = true) throws -> ScenarioOutcome {
        let file = try ScenarioParser.parse(source, path: "repro.loop")
        guard render else { return ScenarioRunner(file: file, source: source).run() }
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-repro-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: frames) }
        return ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: frames)).run()
    }

    @Test("C1: run until=idle with a bound past the end of time is no bound: the loop idles")
    func idleBoundPastTheEnd() throws {
        let outcome = try run("""
            run for=1ns
            run until=idle max=9223372036854775807ns
            """)
        #expect(outcome.failure == nil)
    }

    @Test("C2: a sleep that would end past the end of time is an error at the sleep")
    func sleepPastTheEnd() throws {
        let outcome = try run("""
            at 1s:
                sleep 9223372036854775807ns
            run until=2s
            """)
        let failure = try #require(outcome.failure)
        #expect(failure.location.line == 2)
        #expect(failure.message.contains("times past 292 years are not supported"))
    }

    @Test("C3: a timer declared after time advanced, due past the end of time, is clamped and never fires")
    func timerPastTheEnd() throws {
        let outcome = try run("""
            run for=1s
            timer t after=9223372036854775807ns:
                log "never"
            run for=1s
            """)
        #expect(outcome.failure == nil)
        #expect(!outcome.events.contains { if case .log = $0.kind { true } else { false } })
    }

    @Test("C4: a commit whose frame would be on screen past the end of time is an error at the run, not an overflow")
    func commitAtTheEndOfTime() throws {
        let outcome = try run("""
            view v frame=(0,0,4,4) background=blue
            at 9223372036854775000ns:
                set v.background = red
            run until=9223372036854775807ns
            """)
        let failure = try #require(outcome.failure)
        #expect(failure.location.line == 4)
        #expect(failure.message.contains("past the end of virtual time"), "\(failure.message)")
    }

    @Test("C4: a commit at 153723 min at 1000 Hz (vsync index times 1e9 overflows 64 bits) is shown at the right time")
    func commitLateAtAThousandHertz() throws {
        let outcome = try run("""
            display size=(32,32) hz=1000
            view v frame=(0,0,4,4) background=blue
            at 153723min:
                set v.background = red
            run until=153724min
            """)
        #expect(outcome.failure == nil)
        let frames = outcome.events.compactMap { e -> Int64? in if case .frame(let f) = e.kind { f.present } else { nil } }
        #expect(frames == [1_000_000, 9_223_380_001_000_000])
    }

    @Test("C8: a render cost that would end past the end of time: an error, and the run fails")
    func renderCostPastTheEnd() throws {
        let outcome = try run("""
            display size=(32,32) hz=1 render=60s
            view v frame=(0,0,4,4) background=blue
            at 9223372036s:
                set v.background = red
            run until=9223372036854775807ns
            """)
        let failure = try #require(outcome.failure)
        #expect(failure.message.contains("past the end of virtual time"), "\(failure.message)")
    }
}

extension ReproducerTests {
    @Test("C5: at 1s signal a, above source a: — the source is signalled and performs at 1s")
    func signalBeforeDeclaration() throws {
        let outcome = try run("""
            at 1s signal a
            at 1s send p
            source a:
                log "a"
            port p:
                log "p"
            run until=2s
            expect log "a" at=1s
            expect log "p" at=1s
            """, render: false)
        #expect(outcome.failure == nil)
        #expect(outcome.allPassed, "\(outcome.expectations)")
    }

    @Test("C5: a signal that runs before the source's declaration is kept and handled once it is added")
    func signalBeforeDeclarationRuns() throws {
        let outcome = try run("""
            at 1s signal a
            run until=2s
            source a:
                log "a"
            run until=3s
            expect log "a" at=2s
            """, render: false)
        #expect(outcome.failure == nil)
        #expect(outcome.allPassed, "\(outcome.expectations)")
    }

    @Test("C5: reschedule of a timer whose declaration has not run yet is an error at the action")
    func rescheduleBeforeDeclaration() throws {
        let outcome = try run("""
            at 1s:
                reschedule t at=5s
            run until=2s
            timer t at=3s:
                log "t"
            run until=4s
            """, render: false)
        let failure = try #require(outcome.failure)
        #expect(failure.location.line == 2)
        #expect(failure.message.contains("timer 't' is used before its declaration on line 4 has run"))
    }
}

extension ReproducerTests {
    @Test("C6, C7: a drawn view past the limits table is an error at its declaration, before anything runs", arguments: [
        ("(0,0,10000000000000000000,10)", "limit is 16384 on each side"),
        ("(0,0,100000,100000)", "limit is 16384 on each side"),
        ("(0,0,16384,16384)", "the limit is 268435456 (256 MiB)"),
    ])
    func drawnViewTooLarge(frame: String, message: String) throws {
        let source = """
            view v frame=\(frame)
            draw v:
                fill rect=(0,0,4,4) color=red
            run until=1s
            """
        do {
            _ = try ScenarioParser.parse(source, path: "t.loop")
            Issue.record("parsed")
        } catch {
            #expect(error.location.line == 1)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("C6, C7: a drawn view resized past the limits at run time is an error at the run, not a trap or a 40 GB allocation")
    func drawnViewResizedTooLarge() throws {
        let outcome = try run("""
            view v frame=(0,0,10,10)
            draw v:
                fill rect=(0,0,4,4) color=red
            at 1s:
                set v.frame = (0,0,100000,100000)
                needsDisplay v
            run until=2s
            """)
        let failure = try #require(outcome.failure)
        #expect(failure.location.line == 7)
        #expect(failure.message.contains("layer 'v' cannot be drawn"), "\(failure.message)")
    }
}
