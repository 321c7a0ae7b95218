import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// docs/reference/run-loop-rules.md §14 items 5–14: version-0 sources and wake-ups (§3, §4, §6).
@Suite(.quiescent) struct SourceTests {
    @Test("14.5 one signalled source: the first iteration polls, then BW AW at the timeout")
    func item05() throws {
        let sim = Sim()
        sim.observe()
        let a = sim.source("a", signalled: true)
        let r = try sim.run(.default, 10 * S)
        #expect(r == .timedOut)
        #expect(sim.line == "E BT BS S:a BT BS BW AW@10 X")
        #expect(sim.now == 10 * S)
        #expect(!a.isSignalled)
        let wake = sim.events("wake")
        #expect(wake.count == 1)
        #expect(wake.first?.wakeReason == .timeout)
        #expect(wake.first?.t == 10 * S)
    }

    @Test("14.6 a handled source in a poll run returns handledSource")
    func item06() throws {
        let sim = Sim()
        sim.observe()
        sim.source("a", signalled: true)
        let r = try sim.run(.default, 0, handled: true)
        #expect(r == .handledSource)
        #expect(sim.line == "E BT BS S:a X")
        #expect(sim.now == 0)
    }

    @Test("14.7 two signalled sources: returnAfterSourceHandled performs only the lower order")
    func item07() throws {
        let sim = Sim()
        sim.observe("m")
        let a = sim.source("a", order: 2, in: ["m"])
        let b = sim.source("b", order: 1, in: ["m"])
        a.signal(in: sim.context)
        b.signal(in: sim.context)
        let r1 = try sim.run("m", 10 * S, handled: true)
        #expect(r1 == .handledSource)
        #expect(sim.take() == "E BT BS S:b X")
        #expect(a.isSignalled)
        #expect(!b.isSignalled)
        #expect(sim.now == 0)
        let r2 = try sim.run("m", 0)
        #expect(r2 == .timedOut)
        #expect(sim.take() == "E BT BS S:a X")
        #expect(!a.isSignalled)
    }

    @Test("14.8 equal order: sources run in signal order, not insertion order")
    func item08() throws {
        // y is added first, x is signalled first.
        do {
            let sim = Sim()
            sim.observe()
            let y = sim.source("y")
            let x = sim.source("x")
            x.signal(in: sim.context)
            y.signal(in: sim.context)
            #expect(try sim.run(.default, 0) == .timedOut)
            #expect(sim.line == "E BT BS S:x S:y X")
        }
        // The other way round.
        do {
            let sim = Sim()
            sim.observe()
            let x = sim.source("x")
            let y = sim.source("y")
            y.signal(in: sim.context)
            x.signal(in: sim.context)
            #expect(try sim.run(.default, 0) == .timedOut)
            #expect(sim.line == "E BT BS S:y S:x X")
        }
        // Different signal times: the earlier signal time goes first.
        do {
            let sim = Sim()
            sim.observe()
            let y = sim.source("y")
            let x = sim.source("x")
            let ctx = sim.context, loop = sim.loop
            ctx.schedule(at: 1 * S, label: "signal x") { x.signal(in: ctx) }
            ctx.schedule(at: 2 * S, label: "signal y") { y.signal(in: ctx); loop.wakeUp() }
            #expect(try sim.run(.default, 3 * S) == .timedOut)
            #expect(sim.line == "E BT BS BW AW@2 BT BS S:x S:y BT BS BW AW@3 X")
            #expect(x.signalledTime == nil && y.signalledTime == nil)
        }
    }

    @Test("14.9 a source signalled by another runs in the next iteration, which polls")
    func item09() throws {
        let sim = Sim()
        sim.observe()
        let b = sim.source("b")
        sim.source("a", signalled: true) { _ in b.signal(in: sim.context) }
        #expect(try sim.run(.default, 10 * S) == .timedOut)
        #expect(sim.line == "E BT BS S:a BT BS S:b BT BS BW AW@10 X")
        #expect(sim.now == 10 * S)
    }

    @Test("14.10 a self-resignalling source runs in consecutive polling iterations; BW only in the 5th")
    func item10() throws {
        let sim = Sim()
        sim.observe()
        var performs = 0
        sim.source("a", signalled: true) { s in
            performs += 1
            if performs <= 3 { s.signal(in: sim.context) }
        }
        #expect(try sim.run(.default, 10 * S) == .timedOut)
        #expect(performs == 4)
        #expect(sim.line == "E BT BS S:a BT BS S:a BT BS S:a BT BS S:a BT BS BW AW@10 X")
        // The first sleep begins at t=0 in the 5th pass and no time passed before it.
        let sleeps = sim.events("sleep")
        #expect(sleeps.count == 1)
        #expect(sleeps.first?.t == 0)
    }

    @Test("14.11 a source invalidated by an earlier perform is skipped; [SRC] handled=false gives BW/AW")
    func item11() throws {
        #expect(RunLoopOptions().handledRule == .lastResult, "[SRC] is the default")
        for rule in [nil, RunLoopOptions.HandledRule.sticky] {
            let sim = Sim()
            if let rule { sim.loop.options.handledRule = rule }
            sim.observe()
            let b = sim.source("b", order: 1, signalled: true)
            sim.source("a", order: 0, signalled: true) { _ in b.invalidate() }
            #expect(try sim.run(.default, 10 * S) == .timedOut)
            if rule == nil {
                #expect(sim.line == "E BT BS S:a BW AW@10 X")
            } else {
                #expect(sim.line == "E BT BS S:a BT BS BW AW@10 X")
            }
            #expect(!b.isValid)
            #expect(!b.isSignalled)
            #expect(!sim.calloutNames.contains("b"))
        }
    }

    @Test("14.12 a signal without a wake waits for the timeout; with a wake it runs at once")
    func item12() throws {
        do {
            let sim = Sim()
            sim.leaves = ["source 'a' signalled"]
            sim.observe()
            let a = sim.source("a")
            let ctx = sim.context
            ctx.schedule(at: 2 * S, label: "signal a") { a.signal(in: ctx) }
            #expect(try sim.run(.default, 10 * S) == .timedOut)
            #expect(sim.line == "E BT BS BW AW@10 X")
            #expect(sim.now == 10 * S)
            #expect(a.isSignalled, "a was never performed")
            #expect(a.signalledTime == 2 * S)
        }
        do {
            let sim = Sim()
            sim.observe()
            let a = sim.source("a")
            let ctx = sim.context, loop = sim.loop
            ctx.schedule(at: 2 * S, label: "signal a and wake") { a.signal(in: ctx); loop.wakeUp() }
            #expect(try sim.run(.default, 10 * S) == .timedOut)
            #expect(sim.line == "E BT BS BW AW@2 BT BS S:a BT BS BW AW@10 X")
            #expect(!a.isSignalled)
        }
    }

    @Test("14.13 CFRunLoopWakeUp inside BeforeWaiting makes the wait return at once")
    func item13() throws {
        let sim = Sim()
        var first = true
        sim.observe { act in
            if act == .beforeWaiting, first { first = false; sim.loop.wakeUp() }
        }
        sim.source("a")
        #expect(try sim.run(.default, 10 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@0 BT BS BW AW@10 X")
        #expect(sim.events("wake").map(\.wakeReason) == [.wakeUp, .timeout])
    }

    @Test("14.14 CFRunLoopWakeUp inside a timer callout is ignored")
    func item14() throws {
        let sim = Sim()
        sim.observe()
        sim.source("a")
        sim.timer("t", at: 1 * S) { _ in sim.loop.wakeUp() }
        #expect(try sim.run(.default, 10 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@1 T:t@1 BT BS BW AW@10 X")
    }
}
