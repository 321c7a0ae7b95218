import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// docs/reference/run-loop-rules.md §14 items 61–63: run results and the UIKit observer order (§3c, §4, §7, §11).
@Suite(.quiescent) struct UIKitOrderingTests {
    @Test("14.61 a timeout above 504911232 s never expires; a negative one polls like 0")
    func item61() throws {
        do {
            // Nothing can fire: an unbounded run would sleep forever.
            let sim = Sim()
            sim.observe()
            sim.source("a")
            #expect(try sim.run(.default, 600_000_000 * S) == .idle)
            #expect(sim.line == "E BT BS BW")
            #expect(sim.now == 0)
        }
        do {
            // A stop at 7e8 s comes after the would-be deadline of 6e8 s.
            let sim = Sim()
            sim.observe()
            sim.source("a")
            sim.context.schedule(at: 700_000_000 * S, label: "stop") { sim.loop.stop() }
            #expect(try sim.run(.default, 600_000_000 * S) == .stopped)
            #expect(sim.now == 700_000_000 * S)
            #expect(sim.line == "E BT BS BW AW@700000000 X")
        }
        do {
            // Exactly the limit is still a real timeout.
            let sim = Sim()
            sim.observe()
            sim.source("a")
            #expect(try sim.run(.default, .timerIntervalLimit) == .timedOut)
            #expect(sim.now == .timerIntervalLimit)
            #expect(sim.line == "E BT BS BW AW@504911232 X")
        }
        for handled in [false, true] {
            let sim = Sim()
            sim.observe()
            sim.source("a")
            #expect(try sim.run(.default, -1 * S, handled: handled) == .timedOut)
            #expect(sim.take() == "E BT BS X")
            sim.source("b", signalled: true)
            #expect(try sim.run(.default, -1 * S, handled: handled) == (handled ? .handledSource : .timedOut))
            #expect(sim.take() == "E BT BS S:b X")
            #expect(sim.now == 0)
        }
    }

    @Test("14.62 every run that passes the empty check has exactly one Entry and one Exit, for every result")
    func item62() throws {
        typealias Setup = (Sim) -> Void
        let cases: [(String, Setup, Nanoseconds, Bool, RunResult)] = [
            ("finished", { sim in sim.timer("t", at: 1 * S) }, 10 * S, false, .finished),
            ("stopped", { sim in sim.source("a", signalled: true) { _ in sim.loop.stop() } }, 10 * S, false, .stopped),
            ("stopped in Entry", { sim in
                sim.source("a")
                sim.observer("s", .entry, order: 1) { _ in sim.loop.stop() }
            }, 10 * S, false, .stopped),
            ("stopped mode", { sim in sim.source("a"); sim.loop.stop(mode: .default) }, 10 * S, false, .stopped),
            ("timedOut", { sim in sim.source("a") }, 1 * S, false, .timedOut),
            ("timedOut poll", { sim in sim.source("a") }, 0, false, .timedOut),
            ("handledSource", { sim in sim.source("a", signalled: true) }, 10 * S, true, .handledSource),
            ("handledSource port", { sim in sim.port("p").send(at: 0) }, 10 * S, true, .handledSource),
        ]
        for (name, setup, timeout, handled, expected) in cases {
            let sim = Sim()
            sim.observe()
            setup(sim)
            let r = try sim.run(.default, timeout, handled: handled)
            #expect(r == expected, "\(name)")
            #expect(sim.log.filter { $0 == "E" }.count == 1, "\(name): \(sim.line)")
            #expect(sim.log.filter { $0 == "X" }.count == 1, "\(name): \(sim.line)")
            #expect(sim.log.first == "E" && sim.log.last == "X", "\(name): \(sim.line)")
            #expect(sim.events("run.begin").count == 1 && sim.events("run.end").count == 1, "\(name)")
            #expect(sim.events("run.end").first?.runResult == expected, "\(name)")
        }
        // Nested runs are bracketed too, each with its own pair.
        let sim = Sim()
        sim.observe()
        sim.source("a", signalled: true) { _ in try sim.run(.default, 0) }
        #expect(try sim.run(.default, 0) == .timedOut)
        #expect(sim.line == "E BT BS S:a E BT BS X X")
        // An empty mode has neither.
        let empty = Sim()
        empty.observe()
        #expect(try empty.run(.default, 10 * S) == .finished)
        #expect(empty.line == "")
    }

    /// Adds the UIKit observers of docs/reference/run-loop-rules.md §11 to the common modes, each
    /// logging `name:activity`.
    private func addUIKitObservers(_ sim: Sim) {
        let profile: [(String, Int, RunLoopActivity)] = [
            ("pool", 2_147_483_647, [.beforeWaiting, .exit]),
            ("afterCommit", 2_001_000, [.beforeWaiting, .exit]),
            ("caCommit", 2_000_000, [.beforeWaiting, .exit]),
            ("beforeCommit", 1_999_000, [.beforeWaiting, .exit]),
            ("gestures", 0, .beforeWaiting),
            ("push", -2_147_483_647, .entry),
        ]
        for (name, order, activities) in profile {
            sim.observer(name, activities, order: order, in: .common) { act in sim.note("\(name):\(code(act))") }
        }
    }

    @Test("14.63 UIKit ordering: a user BW observer at 1999500 runs between before-commit and CA commit, also in tracking")
    func item63() throws {
        let sim = Sim(main: true)
        sim.observer("user", .beforeWaiting, order: 1_999_500, in: .common) { act in sim.note("user:\(code(act))") }
        addUIKitObservers(sim)
        sim.loop.addCommonMode(.tracking)
        let expected = "push:E gestures:BW beforeCommit:BW user:BW caCommit:BW afterCommit:BW pool:BW "
            + "beforeCommit:X caCommit:X afterCommit:X pool:X"
        #expect(try sim.run(.default, 1 * S) == .timedOut)
        #expect(sim.take() == expected)
        #expect(try sim.run(.tracking, 1 * S) == .timedOut)
        #expect(sim.take() == expected)
        #expect(sim.now == 2 * S)
        // A main-queue item arriving while it sleeps: the drain sits between two BW passes.
        sim.context.schedule(at: sec(2.5), label: "enqueue") { sim.dispatchMain("D") }
        #expect(try sim.run(.tracking, 1 * S) == .timedOut)
        #expect(sim.take() == "push:E gestures:BW beforeCommit:BW user:BW caCommit:BW afterCommit:BW pool:BW D:D "
            + "gestures:BW beforeCommit:BW user:BW caCommit:BW afterCommit:BW pool:BW "
            + "beforeCommit:X caCommit:X afterCommit:X pool:X")
    }
}
