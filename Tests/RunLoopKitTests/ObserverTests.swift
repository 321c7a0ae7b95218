import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// docs/reference/run-loop-rules.md §14 items 39–43: observers (§7).
@Suite(.quiescent) struct ObserverTests {
    @Test("14.39 observers are called by ascending order, ties first-in first-out")
    func item39() throws {
        let sim = Sim()
        sim.source("a")
        for (name, order) in [("10first", 10), ("-5", -5), ("10second", 10), ("0", 0)] {
            sim.observer(name, .entry, order: order) { _ in sim.note(name) }
        }
        #expect(try sim.run(.default, 0) == .timedOut)
        #expect(sim.line == "-5 0 10first 10second")
    }

    @Test("14.40 a non-repeating BW|X observer is called once, at the first BW, then is invalid")
    func item40() throws {
        let sim = Sim()
        sim.observe()
        sim.source("a")
        sim.timer("t", at: 1 * S)
        var seen: [RunLoopActivity] = []
        let n = sim.observer("N", [.beforeWaiting, .exit], order: 1, repeats: false) { act in
            seen.append(act)
            sim.note("N:\(code(act))")
        }
        #expect(try sim.run(.default, 2 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW N:BW AW@1 T:t@1 BT BS BW AW@2 X")
        #expect(seen == [.beforeWaiting])
        #expect(!n.isValid)
        #expect(!sim.loop.contains(n, in: .default))
    }

    @Test("14.41 a removed observer is still called in that pass; an invalidated one is not")
    func item41() throws {
        do {
            let sim = Sim()
            sim.source("a")
            var b: SimObserver!
            var done = false
            sim.observer("A", .beforeSources, order: 0) { _ in
                sim.note("A")
                if !done { done = true; sim.loop.remove(b, from: .default) }
            }
            b = sim.observer("B", .beforeSources, order: 1) { _ in sim.note("B") }
            #expect(try sim.run(.default, 0) == .timedOut)
            #expect(sim.take() == "A B")
            #expect(try sim.run(.default, 0) == .timedOut)
            #expect(sim.take() == "A")
            #expect(b.isValid, "removal does not invalidate")
            #expect(!sim.loop.contains(b, in: .default))
        }
        do {
            let sim = Sim()
            sim.source("a")
            var b: SimObserver!
            sim.observer("A", .beforeSources, order: 0) { _ in
                sim.note("A")
                b.invalidate()
            }
            b = sim.observer("B", .beforeSources, order: 1) { _ in sim.note("B") }
            #expect(try sim.run(.default, 0) == .timedOut)
            #expect(sim.take() == "A")
            #expect(!b.isValid)
        }
    }

    @Test("14.42 an observer added during a pass is first called at the next activity it matches")
    func item42() throws {
        let sim = Sim()
        sim.observe()
        sim.source("a")
        var added = false
        sim.observer("A", .beforeSources, order: 1) { _ in
            guard !added else { return }
            added = true
            sim.observe(.default, order: 2, name: "N", prefix: "N:")
        }
        #expect(try sim.run(.default, 1 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW N:BW AW@1 N:AW@1 X N:X")
    }

    @Test("14.43 an observer is not re-entered by a nested run from its callout; others see the nested run")
    func item43() throws {
        let sim = Sim()
        sim.source("a", in: ["m"])
        var nested: RunResult?
        var done = false
        sim.observe("m", order: 0, name: "O", prefix: "O:") { act in
            if act == .beforeSources, !done {
                done = true
                nested = try sim.run("m", 0)
            }
        }
        sim.observe("m", order: 1, name: "P", prefix: "P:")
        #expect(try sim.run("m", 0) == .timedOut)
        #expect(sim.line == "O:E P:E O:BT P:BT O:BS P:E P:BT P:BS P:X P:BS O:X P:X")
        #expect(nested == .timedOut)
    }
}
