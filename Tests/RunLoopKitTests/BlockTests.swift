import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// docs/reference/run-loop-rules.md §14 items 15–19: CFRunLoopPerformBlock (§9).
@Suite(.quiescent) struct BlockTests {
    @Test("14.15 a block enqueued by a block runs at the step-12 DoBlocks of the same iteration")
    func item15() throws {
        do {
            let sim = Sim()
            sim.block("k1", in: ["m"]) { sim.block("k2", in: ["m"]) }
            sim.observe("m")
            #expect(try sim.run("m", 0) == .timedOut)
            #expect(sim.line == "E BT BS B:k1 B:k2 X")
            #expect(sim.loop.pendingBlockCount == 0)
        }
        do {
            let sim = Sim()
            sim.block("k1", in: ["m"]) {
                sim.block("k2", in: ["m"]) { sim.block("k3", in: ["m"]) }
            }
            sim.observe("m")
            #expect(try sim.run("m", 0) == .timedOut)
            #expect(sim.take() == "E BT BS B:k1 B:k2 X")
            #expect(sim.loop.pendingBlockCount == 1, "k3 is still pending after the run")
            #expect(try sim.run("m", 0) == .timedOut)
            #expect(sim.take() == "E BT BS B:k3 X")
        }
    }

    @Test("14.16 a block enqueued from another thread runs after the timer that wakes the loop")
    func item16() throws {
        let sim = Sim()
        sim.observe()
        sim.timer("t", at: 5 * S)
        sim.context.schedule(at: 1 * S, label: "enqueue K") { sim.block("K") }
        let r = try sim.run(.default, 10 * S)
        #expect(sim.line == "E BT BS BW AW@5 T:t@5 B:K X")
        #expect(r == .finished)
        #expect(sim.now == 5 * S)
        let k = sim.events("callout").first { $0.calloutName == "K" }
        #expect(k?.t == 5 * S)
    }

    @Test("14.17 a mode whose only content is a block sleeps and times out, not finished")
    func item17() throws {
        let sim = Sim()
        sim.block("k", in: ["m"])
        sim.observe("m")
        let r = try sim.run("m", 2 * S)
        #expect(r == .timedOut)
        #expect(sim.line == "E BT BS B:k BW AW@2 X")
        #expect(sim.now == 2 * S)
    }

    @Test("14.18 a block for another mode neither runs nor keeps default non-empty; a common block runs in tracking once common")
    func item18() throws {
        do {
            let sim = Sim()
            sim.observe()
            sim.block("k", in: ["other"])
            #expect(try sim.run(.default, 10 * S) == .finished)
            #expect(sim.line == "")
            #expect(sim.now == 0)
            #expect(sim.loop.pendingBlockCount == 1)
            // With a source in default the run happens, but the block still does not run.
            sim.source("a")
            #expect(try sim.run(.default, 0) == .timedOut)
            #expect(sim.take() == "E BT BS X")
            #expect(sim.loop.pendingBlockCount == 1)
            // It does run in its own mode.
            sim.observe("other")
            #expect(try sim.run("other", 0) == .timedOut)
            #expect(sim.take() == "E BT BS B:k X")
        }
        do {
            let sim = Sim()
            sim.observe(.tracking)
            sim.block("k", in: [.common])
            #expect(try sim.run(.tracking, 0) == .finished, "tracking is not common yet: the block does not count")
            #expect(sim.take() == "")
            #expect(sim.loop.pendingBlockCount == 1)
            sim.loop.addCommonMode(.tracking)
            #expect(try sim.run(.tracking, 0) == .timedOut)
            #expect(sim.take() == "E BT BS B:k X")
            #expect(sim.loop.pendingBlockCount == 0)
        }
    }

    @Test("14.19 a nested run from a block sees only blocks enqueued meanwhile: k1, k3 (nested), k2")
    func item19() throws {
        do {
            let sim = Sim()
            sim.observe()
            var nested: RunResult?
            sim.block("k1") {
                sim.block("k3")
                nested = try sim.run(.default, 0)
            }
            sim.block("k2")
            #expect(try sim.run(.default, 0) == .timedOut)
            #expect(sim.line == "E BT BS B:k1 E BT BS B:k3 X B:k2 X")
            #expect(nested == .timedOut)
            #expect(sim.loop.pendingBlockCount == 0)
        }
        // Without k3 the nested run finds default empty: k2 is invisible to it.
        do {
            let sim = Sim()
            sim.observe()
            var nested: RunResult?
            sim.block("k1") { nested = try sim.run(.default, 0) }
            sim.block("k2")
            #expect(try sim.run(.default, 0) == .timedOut)
            #expect(sim.line == "E BT BS B:k1 B:k2 X")
            #expect(nested == .finished)
        }
    }
}
