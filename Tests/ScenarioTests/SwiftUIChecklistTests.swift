import LayerKit
import LoopSimTestSupport
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// docs/reference/swiftui.md's checklist (B5): a SwiftUI-style host whose @State
/// writes queue mutations, flushed by the order-0 observer, with the body
/// evaluated in the host's layout during the commit. Each scenario uses the
/// host `content` with a red circle, at 60 Hz, against the render server on
/// a thread.
@Suite(.quiescent) struct SwiftUIChecklistTests {
    static let host = """
        display size=(200,100) hz=60
        host content frame=(0,0,200,100) background=white:
            state color = red
            body:
                set circle.background = $color
        view circle parent=content frame=(70,20,60,60) corner=30

        """

    func run(_ body: String, leaving: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ScenarioOutcome {
        let source = Self.host + body
        let file = try ScenarioParser.parse(source, path: "swiftui.loop")
        let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: nil)).run()
        #expect(outcome.failure == nil, "\(outcome.failure.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        #expect(outcome.allPassed, "\(outcome.expectations.filter { !$0.passed }.map { $0.observed })", sourceLocation: sourceLocation)
        return quiescent(outcome, leaving: leaving, sourceLocation: sourceLocation)
    }

    /// The JSONL names of the events at `t`, in order, without the activity
    /// and UIKit observer boilerplate.
    func names(_ outcome: ScenarioOutcome, at t: Int64) -> [String] {
        outcome.events.filter { $0.t == t }.compactMap { e -> String? in
            switch e.kind {
            case .activity, .sleep, .wake, .post, .frame, .latency: return nil
            case .callout(_, let name, _), .calloutEnd(_, let name):
                guard name == LayerContext.hostObserverName || name == "CA::Transaction::observer_callback" || name.hasPrefix("at ") else { return nil }
                return "\(e.kind.name) \(name)"
            default: return e.kind.name
            }
        }
    }

    func bodies(_ outcome: ScenarioOutcome) -> [(t: Int64, eval: Int, state: String)] {
        outcome.events.compactMap {
            if case .body(_, let eval, let state) = $0.kind { return ($0.t, eval, state) }
            return nil
        }
    }

    func flushes(_ outcome: ScenarioOutcome) -> [(t: Int64, mutations: Int, vars: [String], from: TraceEvent.FlushSource)] {
        outcome.events.compactMap {
            if case .swiftUIFlush(_, let mutations, let vars, let from) = $0.kind { return ($0.t, mutations, vars, from) }
            return nil
        }
    }

    func commits(_ outcome: ScenarioOutcome) -> [(t: Int64, info: TraceEvent.CommitInfo)] {
        outcome.events.compactMap {
            if case .commit(let c) = $0.kind { return ($0.t, c) }
            return nil
        }
    }

    @Test("B5.1: the initial commit lays the host out and evaluates its body once, with the initial state")
    func initialTree() throws {
        let outcome = try run("""
            run until=1s
            expect visible circle.background == red at=0.1s
            """)
        let first = try #require(commits(outcome).first)
        #expect(first.t == 0 && first.info.layout.contains("content"))
        #expect(bodies(outcome).map(\.eval) == [1])
        #expect(bodies(outcome).first?.state == "color=#ff0000ff")
    }

    @Test("B5.2: a tap's state change ships in the same pass: the SwiftUI observer flushes and invalidates before Core Animation's commits and runs the body")
    func tapShipsInTheSamePass() throws {
        let outcome = try run("""
            at 1s:
                state content.color = green
            run until=2s
            expect visible circle.background == green at=1.05s
            expect commits == 2
            """)
        #expect(names(outcome, at: 1_000_000_000) == [
            "callout at 1s", "state.set", "callout.end at 1s",
            "callout NSRunLoop.flushObservers", "swiftui.flush", "host.invalidate", "txn.begin", "callout.end NSRunLoop.flushObservers",
            "callout CA::Transaction::observer_callback", "txn.commit", "body", "set", "commit", "callout.end CA::Transaction::observer_callback",
        ])
    }

    @Test("B5.3: a state write is not a CA change: no transaction, no set; a flush right after it ships nothing new")
    func stateWriteIsNotACAChange() throws {
        let outcome = try run("""
            at 1s:
                state content.color = yellow
                flush
            run until=2s
            expect commits == 2
            """)
        let inCallout = names(outcome, at: 1_000_000_000).prefix { $0 != "callout.end at 1s" }
        #expect(inCallout == ["callout at 1s", "state.set"])
        // The mutation was still pending: the observer flushed it afterwards.
        #expect(flushes(outcome).map(\.from) == [.observer])
    }

    @Test("B5.4: article experiment 1 — begin without commit: the flush invalidates the host inside the open explicit transaction, which never ships")
    func beginWithoutCommit() throws {
        let outcome = try run("""
            at 1s:
                state content.color = yellow
                begin
                state content.color = green
            at 2s:
                set content.background = blue
            run until=6s
            expect never visible circle.background == yellow
            expect never visible circle.background == green
            expect never visible content.background == blue
            expect commits == 1
            """, leaving: ["transaction 2 (begun at 1s) is still open"])
        let at1 = names(outcome, at: 1_000_000_000)
        // setNeedsLayout joins explicit transaction 2: no implicit one opens.
        let invalidate = try #require(at1.firstIndex(of: "host.invalidate"))
        #expect(!at1[invalidate...].contains("txn.begin"))
        #expect(outcome.events.contains {
            if case .warn(let text) = $0.kind { return $0.t == 1_000_000_000 && text.contains("transaction 2") && text.contains("still open") }
            return false
        })
    }

    @Test("B5.5: article experiment 2 — the explicit commit ships nothing and runs no body; one combined flush after the block shows green")
    func explicitTransactionAroundState() throws {
        let outcome = try run("""
            at 1s:
                begin
                state content.color = yellow
                commit
                sleep 3s
                state content.color = green
            run until=6s
            expect never visible circle.background == yellow
            expect visible circle.background == green at=4.1s
            expect commits == 3
            """)
        let explicit = try #require(commits(outcome).first { $0.t == 1_000_000_000 })
        #expect(explicit.info.changed == 0 && explicit.info.layout.isEmpty)
        #expect(bodies(outcome).map(\.t) == [0, 4_000_000_000])
        #expect(bodies(outcome).last?.state == "color=#00ff00ff")
        #expect(flushes(outcome).map(\.mutations) == [1])
    }

    @Test("B5.6: article experiment 3 — the hosting view's own background set in the explicit transaction ships at once")
    func explicitHostBackground() throws {
        let outcome = try run("""
            at 1s:
                begin
                set content.background = yellow
                state content.color = yellow
                commit
                sleep 3s
                state content.color = green
            run until=6s
            expect visible content.background == yellow at=2s
            expect visible circle.background == red at=2s
            expect visible circle.background == green at=4.1s
            expect visible content.background == yellow at=4.1s
            expect commits == 3
            """)
        let explicit = try #require(commits(outcome).first { $0.t == 1_000_000_000 })
        #expect(explicit.info.changed == 1 && explicit.info.layout.isEmpty)
    }

    @Test("B5.7: forcing the layout shows the mechanism: the explicit commit renders the host, whose render flushes first, and yellow shows")
    func forcedLayoutFlushesInTheRender() throws {
        let outcome = try run("""
            at 1s:
                begin
                state content.color = yellow
                needsLayout content
                commit
                sleep 3s
                state content.color = green
            run until=6s
            expect visible circle.background == yellow at=2s
            expect visible circle.background == green at=4.1s
            """)
        #expect(flushes(outcome).map(\.from) == [.render, .observer])
        #expect(bodies(outcome).map(\.state) == ["color=#ff0000ff", "color=#ffff00ff", "color=#00ff00ff"])
    }

    @Test("B5.8: the UIKit contrast: without a host, a change in an explicit transaction is visible during the block")
    func uikitContrast() throws {
        let source = """
            display size=(200,100) hz=60
            view circle frame=(70,20,60,60) background=red
            at 1s:
                begin
                set circle.background = yellow
                commit
                sleep 3s
            run until=5s
            expect visible circle.background == yellow at=2s
            """
        let file = try ScenarioParser.parse(source, path: "uikit.loop")
        let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: nil)).run()
        #expect(outcome.allPassed)
        #expect(!outcome.events.contains { $0.kind.name == "swiftui.flush" || $0.kind.name.hasPrefix("callout") && "\($0.kind)".contains(LayerContext.hostObserverName) })
    }

    @Test("B5.9: writing the current value does nothing: changed false, nothing pending, no flush, no commit")
    func equalValueDoesNothing() throws {
        let outcome = try run("""
            at 1s:
                state content.color = red
            run until=2s
            expect commits == 1
            """)
        let set = try #require(outcome.events.first { $0.kind.name == "state.set" })
        #expect(set.kind == .stateSet(host: "content", variable: "color", value: "#ff0000ff", changed: false, pending: 0))
        #expect(flushes(outcome).isEmpty)
    }

    @Test("B5.10: writes of one variable combine into one mutation: one flush, one body evaluation, one commit")
    func writesCombine() throws {
        let outcome = try run("""
            at 1s:
                state content.color = yellow
                state content.color = blue
                state content.color = green
            run until=2s
            expect never visible circle.background == yellow
            expect never visible circle.background == blue
            expect visible circle.background == green at=1.05s
            expect commits == 2
            """)
        let pending = outcome.events.compactMap { e -> Int? in
            if case .stateSet(_, _, _, _, let pending) = e.kind { return pending }
            return nil
        }
        #expect(pending == [1, 1, 1])
        #expect(flushes(outcome).map(\.mutations) == [1])
        #expect(bodies(outcome).count == 2)
    }

    @Test("B5.11: a state write from a MainActor task: each job's write is flushed and committed at the next BeforeWaiting; with a yield, yellow is committed but never visible")
    func stateFromAMainActorTask() throws {
        let slept = try run("""
            at 1.005s:
                task t:
                    state content.color = yellow
                    await sleep 100ms
                    state content.color = green
            run until=2s
            expect visible circle.background == yellow at=1.055s
            expect visible circle.background == green at=1.15s
            """)
        #expect(bodies(slept).map(\.t) == [0, 1_005_000_000, 1_105_000_000])
        #expect(bodies(slept).map(\.state) == ["color=#ff0000ff", "color=#ffff00ff", "color=#00ff00ff"])
        #expect(flushes(slept).map(\.t) == [1_005_000_000, 1_105_000_000])
        // Job 1's flush and body are in the pass after the job, at its BeforeWaiting.
        let job1 = try #require(slept.events.first { $0.kind == .callout(kind: .mainQueue, name: "task t#1") })
        let flush1 = try #require(slept.events.first { if case .swiftUIFlush = $0.kind { return true }; return false })
        #expect(flush1.iter == job1.iter + 1)

        let yielded = try run("""
            at 1.005s:
                task t:
                    state content.color = yellow
                    await yield
                    state content.color = green
            run until=2s
            expect never visible circle.background == yellow
            expect visible circle.background == green at=1.05s
            expect commits == 3
            """)
        #expect(bodies(yielded).map(\.eval) == [1, 2, 3])
        #expect(bodies(yielded)[1].state == "color=#ffff00ff")
    }

    @Test("B5.12: a blocked main thread delays the flush and the commit to the end of the block")
    func blockedThreadDelaysTheFlush() throws {
        let outcome = try run("""
            at 1s:
                state content.color = yellow
                sleep 2s
            run until=4s
            expect visible circle.background == red at=2.9s
            expect visible circle.background == yellow at=3.05s
            """)
        #expect(flushes(outcome).map(\.t) == [3_000_000_000])
        #expect(commits(outcome).map(\.t) == [0, 3_000_000_000])
    }

    @Test("B5.13: a state write during the commit stays pending, with no wake invented, until a later pass's BeforeWaiting")
    func writeDuringTheCommitWaitsForAWake() throws {
        // `other`'s layout runs in the initial commit, after the SwiftUI
        // observer of that pass: nothing wakes the loop until the timer.
        let outcome = try run("""
            view other frame=(0,0,10,10)
            layout other:
                state content.color = blue
            timer tk at=2s:
                log "tick"
            run until=3s
            expect visible circle.background == red at=1.1s
            expect visible circle.background == blue at=2.05s
            """)
        #expect(flushes(outcome).map(\.t) == [2_000_000_000])
    }

    @Test("B5.14: the observer is in the common modes: a state write during a tracking run is flushed and committed inside it")
    func trackingMode() throws {
        let outcome = try run("""
            mode tracking common
            timer keep every=100ms mode=tracking:
                log "keep"
            timer w at=1.5s mode=common:
                state content.color = green
            at 1s:
                run mode=tracking for=1s
            run until=3s
            expect visible circle.background == green at=1.55s
            """, leaving: ["repeating timer 'keep' (every 0.1s) next due at 2s in mode tracking"])
        #expect(flushes(outcome).map(\.t) == [1_500_000_000])
    }

    @Test("a state write in a mode that is not common adds the SwiftUI observer to that mode; Core Animation's observer commits only back in a common mode")
    func customModeGetsTheObserver() throws {
        let outcome = try run("""
            mode modal
            timer keep every=100ms mode=modal:
                log "keep"
            timer w at=1.5s mode=modal:
                state content.color = green
            at 1s:
                run mode=modal for=1s
            run until=3s
            expect visible circle.background == red at=1.9s
            expect visible circle.background == green at=2.05s
            """, leaving: ["repeating timer 'keep' (every 0.1s) next due at 2s in mode modal"])
        #expect(flushes(outcome).map(\.t) == [1_500_000_000])
        #expect(commits(outcome).map(\.t) == [0, 2_000_000_000])
    }

    @Test("the SwiftUI observer runs after UIKit's order-0 observer (ties in the order they were added)")
    func observerAfterUIKitsOrderZero() throws {
        let outcome = try run("run until=100ms\n")
        let names = outcome.events.compactMap { e -> String? in
            if case .callout(.observer, let name, _) = e.kind, e.t == 0 { return name }
            return nil
        }
        let gesture = try #require(names.firstIndex(of: "_UIGestureRecognizerUpdateObserver"))
        let flush = try #require(names.firstIndex(of: LayerContext.hostObserverName))
        #expect(gesture < flush)
    }

    @Test("a body's sets run with actions disabled: a standalone layer it changes does not animate")
    func bodyDisablesActions() throws {
        let outcome = try run("""
            layer dot parent=content frame=(0,0,10,10) background=red
            host other frame=(0,0,10,10):
                state c = red
                body:
                    set dot.background = $c
            at 1s:
                state other.c = blue
            run until=2s
            expect visible dot.background == blue at=1.05s
            """)
        #expect(!outcome.events.contains { $0.kind.name == "anim.begin" })
    }
}
