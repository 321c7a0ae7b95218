import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// docs/reference/run-loop-rules.md §14, "Empty modes and entry" (§2.1, §2.3).
@Suite(.quiescent) struct EmptyModeTests {
    @Test("14.1 a missing mode returns finished at once with no callouts")
    func item01() throws {
        let sim = Sim()
        sim.leaves = ["source 'a' signalled"]
        sim.observe(.default)
        sim.source("a", signalled: true)
        let r = try sim.loop.run(in: "never-created", timeout: 10 * S, returnAfterSourceHandled: false)
        #expect(r == .finished)
        #expect(sim.now == 0)
        #expect(sim.log.isEmpty)
        #expect(sim.events("callout").isEmpty)
        #expect(sim.events("activity").isEmpty)
        #expect(!sim.loop.allModes.contains("never-created"), "the run must not create the mode")
        #expect(sim.loop.currentMode == nil)
    }

    @Test("14.2 a mode with only observers is empty: finished, no Entry or Exit")
    func item02() throws {
        let sim = Sim()
        sim.observe("m")
        sim.observe("m", order: 5, name: "O2", prefix: "O2:")
        let r = try sim.run("m", 10 * S)
        #expect(r == .finished)
        #expect(sim.line == "")
        #expect(sim.now == 0)
        #expect(sim.events("activity").isEmpty)
    }

    @Test("14.3 running kCFRunLoopCommonModes returns finished with no callouts")
    func item03() throws {
        let sim = Sim()
        sim.observe(.common)
        let a = sim.source("a", in: [.common], signalled: true)
        sim.timer("t", at: 0, in: [.common])
        sim.block("k", in: [.common])
        for handled in [false, true] {
            let r = try sim.run(.common, 10 * S, handled: handled)
            #expect(r == .finished)
        }
        #expect(sim.line == "")
        #expect(sim.now == 0)
        #expect(a.isSignalled)
        #expect(sim.loop.pendingBlockCount == 1)
        #expect(sim.events("callout").isEmpty)
        // The items are there: running a concrete common mode does run them.
        let r = try sim.run(.default, 0)
        #expect(r == .timedOut)
        #expect(sim.line == "E BT BS B:k S:a T:t@0 X")
    }

    @Test("14.4 an unsignalled source in a poll run gives E BT BS X, timed out, no BW/AW")
    func item04() throws {
        let sim = Sim()
        sim.observe("m")
        sim.source("a", in: ["m"])
        let r = try sim.run("m", 0)
        #expect(r == .timedOut)
        #expect(sim.line == "E BT BS X")
        #expect(sim.now == 0)
    }
}
