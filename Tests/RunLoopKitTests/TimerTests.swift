import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// docs/reference/run-loop-rules.md §14 items 20–38: timers (§5).
@Suite(.quiescent) struct TimerTests {
    @Test("14.20 a one-shot timer as the only item fires after BW AW, then finished")
    func item20() throws {
        let sim = Sim()
        sim.observe("m")
        let t = sim.timer("t", at: 1 * S, in: ["m"])
        let r = try sim.run("m", 10 * S)
        #expect(r == .finished)
        #expect(sim.line == "E BT BS BW AW@1 T:t@1 X")
        #expect(sim.now == 1 * S)
        #expect(!t.isValid)
        #expect(sim.events("wake").map(\.wakeReason) == [.timer])
    }

    @Test("14.21 a timer blocked until 3.5 fires once for the missed period")
    func item21() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 5s in mode default"]
        sim.observe()
        let t = sim.timer("t", at: 1 * S, interval: 1 * S)
        sim.watchNextFireDate(t)
        sim.source("a", signalled: true) { _ in sim.context.block(for: sec(3.5)) }
        #expect(try sim.run(.default, sec(4.5)) == .timedOut)
        #expect(sim.line == "E BT BS S:a T:t@3.5 BT BS BW next=4 AW@4 T:t@4 BT BS BW next=5 AW@4.5 X")
        #expect(t.nextFireDate == 5 * S)
        #expect(sim.now == sec(4.5))
    }

    @Test("14.22 a timer blocked until exactly 3.0 fires once at 3.0, next 4.0")
    func item22() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 4s in mode default"]
        sim.observe()
        let t = sim.timer("t", at: 1 * S, interval: 1 * S)
        sim.watchNextFireDate(t)
        sim.source("a", signalled: true) { _ in sim.context.block(for: 3 * S) }
        #expect(try sim.run(.default, sec(3.5)) == .timedOut)
        #expect(sim.line == "E BT BS S:a T:t@3 BT BS BW next=4 AW@3.5 X")
        #expect(t.nextFireDate == 4 * S)
        #expect(t.fireTime == 4 * S)
    }

    @Test("14.23 a 1.7 s callout at t=1: the next fire is 3.0, from the time after the callout")
    func item23() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 4s in mode default"]
        sim.observe()
        var first = true
        let t = sim.timer("t", at: 1 * S, interval: 1 * S) { _ in
            if first { first = false; sim.context.block(for: sec(1.7)) }
        }
        sim.watchNextFireDate(t)
        #expect(try sim.run(.default, sec(3.5)) == .timedOut)
        #expect(sim.line == "E BT BS BW next=1 AW@1 T:t@1 BT BS BW next=3 AW@3 T:t@3 BT BS BW next=4 AW@3.5 X")
    }

    @Test("14.24 a callout that moves the date later (5.0) is honoured: 5, 6, 7")
    func item24() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 8s in mode default"]
        sim.observe()
        var first = true
        let t = sim.timer("t", at: 1 * S, interval: 1 * S) { t in
            if first { first = false; sim.loop.setNextFireDate(t, 5 * S) }
        }
        sim.watchNextFireDate(t)
        #expect(try sim.run(.default, sec(7.5)) == .timedOut)
        #expect(sim.line == "E BT BS BW next=1 AW@1 T:t@1 BT BS BW next=5 AW@5 T:t@5 BT BS BW next=6 AW@6 T:t@6 "
            + "BT BS BW next=7 AW@7 T:t@7 BT BS BW next=8 AW@7.5 X")
    }

    @Test("14.25 a zero-duration callout that moves the date earlier (1.5 at t=2) is ignored: next 3.0")
    func item25() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 4s in mode default"]
        sim.observe()
        let t = sim.timer("t", at: 1 * S, interval: 1 * S) { t in
            if sim.now == 2 * S { sim.loop.setNextFireDate(t, sec(1.5)) }
        }
        sim.watchNextFireDate(t)
        #expect(try sim.run(.default, sec(3.5)) == .timedOut)
        #expect(sim.line == "E BT BS BW next=1 AW@1 T:t@1 BT BS BW next=2 AW@2 T:t@2 BT BS BW next=3 AW@3 T:t@3 BT BS BW next=4 AW@3.5 X")
    }

    @Test("14.26 a past date set after a real delay is honoured as now: fires at 1.1, then 2.1, 3.1")
    func item26() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 4.1s in mode default"]
        sim.observe()
        var first = true
        let t = sim.timer("t", at: 1 * S, interval: 1 * S) { t in
            if first {
                first = false
                sim.context.block(for: sec(0.1))
                sim.loop.setNextFireDate(t, sec(0.5))
            }
        }
        sim.watchNextFireDate(t)
        #expect(try sim.run(.default, sec(3.5)) == .timedOut)
        #expect(sim.line == "E BT BS BW next=1 AW@1 T:t@1 BT BS BW next=0.5 AW@1.1 T:t@1.1 BT BS BW next=2.1 AW@2.1 T:t@2.1 "
            + "BT BS BW next=3.1 AW@3.1 T:t@3.1 BT BS BW next=4.1 AW@3.5 X")
    }

    @Test("14.27 a one-shot timer that reschedules itself is still invalidated")
    func item27() throws {
        let sim = Sim()
        sim.observe()
        sim.source("a")
        let t = sim.timer("t", at: 1 * S) { t in sim.loop.setNextFireDate(t, 5 * S) }
        #expect(try sim.run(.default, 10 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@1 T:t@1 BT BS BW AW@10 X")
        #expect(!t.isValid)
        #expect(!sim.loop.contains(t, in: .default))
    }

    @Test("14.28 a repeating timer that invalidates itself is not rescheduled; as the only item: finished")
    func item28() throws {
        let sim = Sim()
        sim.observe()
        var fires = 0
        let t = sim.timer("t", at: 1 * S, interval: 1 * S) { t in
            fires += 1
            if fires == 2 { sim.loop.invalidate(t) }
        }
        #expect(try sim.run(.default, 10 * S) == .finished)
        #expect(sim.line == "E BT BS BW AW@1 T:t@1 BT BS BW AW@2 T:t@2 X")
        #expect(sim.now == 2 * S)
        #expect(!t.isValid)
    }

    @Test("14.29 equal fire dates fire first-in first-out in one batch; the order field is ignored")
    func item29() throws {
        do {
            let sim = Sim()
            sim.observe()
            let a = sim.timer("A", at: 1 * S, order: 5)
            let b = sim.timer("B", at: 1 * S, order: -5)
            #expect(try sim.run(.default, 10 * S) == .finished)
            #expect(sim.line == "E BT BS BW AW@1 T:A@1 T:B@1 X")
            #expect(a.order == 5 && b.order == -5)
        }
        do {
            let sim = Sim()
            sim.observe()
            sim.timer("B", at: 1 * S, order: -5)
            sim.timer("A", at: 1 * S, order: 5)
            #expect(try sim.run(.default, 10 * S) == .finished)
            #expect(sim.line == "E BT BS BW AW@1 T:B@1 T:A@1 X")
        }
        do {
            // Rescheduled timers are repositioned, and go after the timers
            // already due at their new date: at t=3 A (rescheduled at 1)
            // still comes before B (rescheduled at 2).
            let sim = Sim()
            sim.leaves = ["repeating timer 'B' (every 1s) next due at 4s in mode default", "repeating timer 'A' (every 2s) next due at 5s in mode default"]
            sim.observe()
            sim.timer("A", at: 1 * S, interval: 2 * S, order: 5)
            sim.timer("B", at: 1 * S, interval: 1 * S, order: -5)
            #expect(try sim.run(.default, sec(3.5)) == .timedOut)
            #expect(sim.line == "E BT BS BW AW@1 T:A@1 T:B@1 BT BS BW AW@2 T:B@2 BT BS BW AW@3 T:A@3 T:B@3 BT BS BW AW@3.5 X")
        }
    }

    @Test("14.30 a timer invalidated by an earlier one in the batch never fires")
    func item30() throws {
        let sim = Sim()
        sim.observe()
        var b: SimTimer!
        sim.timer("A", at: 1 * S) { _ in sim.loop.invalidate(b) }
        b = sim.timer("B", at: 1 * S)
        #expect(try sim.run(.default, 10 * S) == .finished)
        #expect(sim.line == "E BT BS BW AW@1 T:A@1 X")
        #expect(!b.isValid)
    }

    @Test("14.31 a timer added in a callout is not in the batch; a full cycle comes first")
    func item31() throws {
        let sim = Sim()
        sim.observe()
        var c: SimTimer?
        sim.timer("A", at: 1 * S) { _ in c = sim.timer("C", at: 0) }
        #expect(try sim.run(.default, 10 * S) == .finished)
        #expect(sim.line == "E BT BS BW AW@1 T:A@1 BT BS BW AW@1 T:C@1 X")
        #expect(c?.isValid == false)
    }

    @Test("14.32 GetNextFireDate inside the callout is the date firing; after it the next one")
    func item32() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 2s in mode default"]
        sim.observe()
        let t = sim.timer("t", at: 1 * S, interval: 1 * S) { t in sim.note("in=\(secs(t.nextFireDate))") }
        #expect(try sim.run(.default, sec(1.5)) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@1 T:t@1 in=1 BT BS BW AW@1.5 X")
        #expect(t.nextFireDate == 2 * S)
    }

    @Test("14.33 a timer in a mode that is not running waits, then fires once, next 6.0")
    func item33() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 6s in mode A"]
        let t = sim.timer("t", at: 1 * S, interval: 1 * S, in: ["A"])
        sim.observe("B", prefix: "B:")
        sim.source("b", in: ["B"])
        #expect(try sim.run("B", 5 * S) == .timedOut)
        #expect(sim.take() == "B:E B:BT B:BS B:BW B:AW@5 B:X")
        #expect(t.nextFireDate == 1 * S)
        sim.observe("A", prefix: "A:")
        #expect(try sim.run("A", sec(0.5)) == .timedOut)
        #expect(sim.take() == "A:E A:BT A:BS A:BW A:AW@5 T:t@5 A:BT A:BS A:BW A:AW@5.5 A:X")
        #expect(t.nextFireDate == 6 * S)
    }

    @Test("14.34 a common-modes timer fires in tracking once tracking is common; a default-only one does not")
    func item34() throws {
        do {
            let sim = Sim()
            sim.leaves = ["timer 'td' next due at 1s in mode default"]
            sim.loop.addCommonMode(.tracking)
            sim.observe(.tracking)
            let tc = sim.timer("tc", at: 1 * S, in: [.common])
            let td = sim.timer("td", at: 1 * S, in: [.default])
            #expect(sim.loop.contains(tc, in: .tracking) && sim.loop.contains(tc, in: .default))
            #expect(try sim.run(.tracking, 2 * S) == .finished)
            #expect(sim.line == "E BT BS BW AW@1 T:tc@1 X")
            #expect(td.isValid)
            #expect(!sim.calloutNames.contains("td"))
        }
        do {
            // tracking not common: the common timer is not in it.
            let sim = Sim()
            sim.leaves = ["timer 'tc' next due at 1s in mode default"]
            sim.observe(.tracking)
            let tc = sim.timer("tc", at: 1 * S, in: [.common])
            #expect(!sim.loop.contains(tc, in: .tracking))
            #expect(try sim.run(.tracking, 2 * S) == .finished)
            #expect(sim.line == "")
            #expect(sim.now == 0)
        }
    }

    @Test("14.35 a timer added from another thread while the loop sleeps wakes it at its date")
    func item35() throws {
        let sim = Sim()
        sim.observe()
        sim.source("a")
        sim.context.schedule(at: 2 * S, label: "add timer") { sim.timer("t", at: 3 * S) }
        #expect(try sim.run(.default, 10 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@3 T:t@3 BT BS BW AW@10 X")
    }

    @Test("14.36 tolerance 0.8 on a 1 s repeating timer is stored as 0.5; it fires at its exact dates")
    func item36() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 4s in mode default"]
        sim.observe()
        let t = sim.timer("t", at: 1 * S, interval: 1 * S)
        t.setTolerance(sec(0.8))
        #expect(t.tolerance == sec(0.5))
        #expect(try sim.run(.default, sec(3.5)) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@1 T:t@1 BT BS BW AW@2 T:t@2 BT BS BW AW@3 T:t@3 BT BS BW AW@3.5 X")
        // One-shot timers keep their tolerance; a negative one becomes 0.
        let once = SimTimer(name: "once", fireDate: 1 * S, context: sim.context) { _ in }
        once.setTolerance(sec(0.8))
        #expect(once.tolerance == sec(0.8))
        once.setTolerance(-1)
        #expect(once.tolerance == 0)
        // With the hard-deadline option the wake is at the end of the window.
        let hard = Sim()
        hard.leaves = ["repeating timer 't' (every 1s) next due at 2s in mode default"]
        hard.loop.options.toleranceWake = .hard
        hard.observe()
        hard.source("a")
        let h = hard.timer("t", at: 1 * S, interval: 1 * S)
        h.setTolerance(sec(0.8))
        #expect(try hard.run(.default, sec(1.75)) == .timedOut)
        #expect(hard.line == "E BT BS BW AW@1.5 T:t@1.5 BT BS BW AW@1.75 X")
    }

    @Test("14.37 timers do not count as sources: T@1, T@2, T@3, then timed out at 3.5")
    func item37() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 't' (every 1s) next due at 4s in mode m"]
        sim.observe("m")
        sim.timer("t", at: 1 * S, interval: 1 * S, in: ["m"])
        #expect(try sim.run("m", sec(3.5), handled: true) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@1 T:t@1 BT BS BW AW@2 T:t@2 BT BS BW AW@3 T:t@3 BT BS BW AW@3.5 X")
        #expect(sim.now == sec(3.5))
    }

    @Test("14.38 a poll round after a handled source also fires a due timer before HandledSource")
    func item38() throws {
        let sim = Sim()
        sim.observe("m")
        sim.source("a", in: ["m"], signalled: true)
        sim.timer("t", at: 0, in: ["m"])
        #expect(try sim.run("m", 10 * S, handled: true) == .handledSource)
        #expect(sim.line == "E BT BS S:a T:t@0 X")
        #expect(sim.now == 0)
    }
}
