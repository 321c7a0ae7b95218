import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// docs/reference/run-loop-rules.md §14 items 53–60: the main queue and version-1 ports (§3.7, §3.11, §6, §10).
@Suite(.quiescent) struct MainQueueAndPortTests {
    @Test("14.53 main-queue work enqueued by a timer runs through the shortcut, without BW/AW")
    func item53() throws {
        let sim = Sim(main: true)
        sim.observe()
        sim.timer("T", at: 1 * S) { _ in sim.dispatchMain("D1") }
        #expect(try sim.run(.default, 3 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@1 T:T@1 BT BS D:D1 BT BS BW AW@3 X")
        #expect(sim.now == 3 * S)
        let d1 = sim.events("callout").first { $0.calloutName == "D1" }
        #expect(d1?.t == 1 * S)
    }

    @Test("14.54 main-queue work enqueued in BeforeWaiting wakes the loop: BW AW D")
    func item54() throws {
        let sim = Sim(main: true)
        sim.observe()
        var first = true
        sim.observer("enqueuer", .beforeWaiting, order: 1) { _ in
            if first { first = false; sim.dispatchMain("D") }
        }
        #expect(try sim.run(.default, 2 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@0 D:D BT BS BW AW@2 X")
        #expect(sim.events("wake").first?.wakeReason == .mainQueue)
    }

    @Test("14.55 an item enqueued during a drain runs in a later iteration, after a BW/AW cycle")
    func item55() throws {
        let sim = Sim(main: true)
        sim.observe()
        sim.dispatchMain("D1") { sim.dispatchMain("D2") }
        #expect(try sim.run(.default, 2 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@0 D:D1 BT BS BW AW@0 D:D2 BT BS BW AW@2 X")
        #expect(sim.loop.pendingMainQueueCount == 0)
    }

    @Test("14.56 a main-queue drain counts as a handled source")
    func item56() throws {
        let sim = Sim(main: true)
        sim.observe()
        sim.dispatchMain("D")
        #expect(try sim.run(.default, 10 * S, handled: true) == .handledSource)
        #expect(sim.line == "E BT BS BW AW@0 D:D X")
        #expect(sim.now == 0)
    }

    @Test("14.57 a custom non-common mode does not service the main queue")
    func item57() throws {
        let sim = Sim(main: true)
        sim.leaves = ["1 main-queue item(s)"]
        sim.observe("Custom")
        sim.source("a", in: ["Custom"])
        sim.dispatchMain("D")
        #expect(try sim.run("Custom", 1 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@1 X")
        #expect(sim.loop.pendingMainQueueCount == 1)
        #expect(sim.now == 1 * S)
        // A custom mode made common does.
        let common = Sim(main: true)
        common.loop.addCommonMode("Custom")
        common.observe("Custom")
        common.dispatchMain("D")
        #expect(try common.run("Custom", 1 * S) == .timedOut)
        #expect(common.line == "E BT BS BW AW@0 D:D BT BS BW AW@1 X")
    }

    @Test("14.58 a nested run inside a main-queue item finds default empty: finished at once")
    func item58() throws {
        let sim = Sim(main: true)
        sim.observe()
        sim.dispatchMain("D1") {
            let r = try sim.run(.default, 1 * S)
            sim.stamp("nested=\(r)")
        }
        sim.dispatchMain("D2")
        #expect(try sim.run(.default, 1 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@0 D:D1 nested=finished@0 D:D2 BT BS BW AW@1 X")
    }

    @Test("14.59 two messages on one port: two iterations, one perform each; returnAfter stops after the first")
    func item59() throws {
        do {
            let sim = Sim()
            sim.observe("m")
            let p = sim.port("p", in: ["m"])
            p.send(at: 0, label: "m1")
            p.send(at: 0, label: "m2")
            #expect(try sim.run("m", 1 * S) == .timedOut)
            #expect(sim.line == "E BT BS BW AW@0 P:p BT BS BW AW@0 P:p BT BS BW AW@1 X")
            #expect(p.pendingCount == 0)
        }
        do {
            let sim = Sim()
            sim.leaves = ["port 'p' with 1 queued message(s)"]
            sim.observe("m")
            let p = sim.port("p", in: ["m"])
            p.send(at: 0, label: "m1")
            p.send(at: 0, label: "m2")
            #expect(try sim.run("m", 1 * S, handled: true) == .handledSource)
            #expect(sim.line == "E BT BS BW AW@0 P:p X")
            #expect(p.pendingCount == 1)
            #expect(p.messages.first?.label == "m2")
        }
    }

    @Test("14.60 a message for a port not in the running mode stays queued until a mode with it runs")
    func item60() throws {
        let sim = Sim()
        let p = sim.port("p", in: ["A"])
        sim.observe("A", prefix: "A:")
        sim.observe("B", prefix: "B:")
        sim.source("b", in: ["B"])
        let ctx = sim.context
        ctx.schedule(at: sec(0.5), label: "send p") { p.send(at: ctx.now, label: "msg") }
        #expect(try sim.run("B", 1 * S) == .timedOut)
        #expect(sim.take() == "B:E B:BT B:BS B:BW B:AW@1 B:X")
        #expect(p.pendingCount == 1)
        #expect(try sim.run("A", 1 * S) == .timedOut)
        #expect(sim.take() == "A:E A:BT A:BS A:BW A:AW@1 P:p A:BT A:BS A:BW A:AW@2 A:X")
        #expect(p.pendingCount == 0)
    }
}
