import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// docs/reference/run-loop-rules.md §14 items 44–52: stop, exit precedence, modes and nesting (§3.13, §4, §6, §8).
@Suite(.quiescent) struct StopAndNestingTests {
    @Test("14.44 exit precedence: HandledSource, then TimedOut, then Stopped")
    func item44() throws {
        let cases: [(Nanoseconds, Bool, RunResult)] = [(0, true, .handledSource), (0, false, .timedOut), (10 * S, false, .stopped)]
        for (timeout, handled, expected) in cases {
            let sim = Sim()
            sim.observe()
            sim.source("a", signalled: true) { _ in sim.loop.stop() }
            let r = try sim.run(.default, timeout, handled: handled)
            #expect(r == expected, "timeout \(timeout), returnAfterSourceHandled \(handled)")
            #expect(sim.line == "E BT BS S:a X")
            #expect(sim.now == 0)
        }
    }

    @Test("14.45 CFRunLoopStop while not running is ignored, and no wake-up is left behind")
    func item45() throws {
        let sim = Sim()
        sim.observe()
        sim.source("a")
        sim.loop.stop()
        #expect(try sim.run(.default, 1 * S) == .timedOut)
        #expect(sim.line == "E BT BS BW AW@1 X")
        #expect(sim.now == 1 * S)
    }

    @Test("14.46 a stop before a nested run: the nested run wakes at once, times out; the outer one stops")
    func item46() throws {
        let sim = Sim()
        sim.observe(.default)
        sim.observe("n")
        sim.source("b", in: ["n"])
        var nested: RunResult?
        sim.source("a", signalled: true) { _ in
            sim.loop.stop()
            nested = try sim.run("n", 1 * S)
        }
        let r = try sim.run(.default, 10 * S)
        #expect(sim.line == "E BT BS S:a E BT BS BW AW@0 BT BS BW AW@1 X X")
        #expect(nested == .timedOut)
        #expect(r == .stopped)
        #expect(sim.now == 1 * S)
    }

    @Test("14.47 a stop in a nested run's Exit observer is lost; the outer run continues")
    func item47() throws {
        let sim = Sim()
        sim.observe(.default)
        sim.source("b", in: ["n"])
        sim.observer("stopper", .exit, order: 1, in: "n") { _ in
            sim.note("stop")
            sim.loop.stop()
        }
        var nested: RunResult?
        sim.source("a", signalled: true) { _ in nested = try sim.run("n", 0) }
        let r = try sim.run(.default, 2 * S)
        #expect(nested == .timedOut)
        #expect(sim.line == "E BT BS S:a stop BT BS BW AW@2 X")
        #expect(r == .timedOut)
        #expect(sim.now == 2 * S)
    }

    @Test("14.48 a stop in an Entry observer gives E X, stopped")
    func item48() throws {
        let sim = Sim()
        sim.leaves = ["source 'a' signalled"]
        sim.observe()
        sim.source("a", signalled: true)
        sim.observer("stopper", .entry, order: 1) { _ in sim.loop.stop() }
        #expect(try sim.run(.default, 10 * S) == .stopped)
        #expect(sim.line == "E X")
        #expect(sim.now == 0)
    }

    @Test("14.49 CFRunLoopRun returns only on stopped or finished; at once for an empty default mode")
    func item49() throws {
        do {
            let sim = Sim()
            sim.observe()
            sim.source("a", in: ["other"])
            #expect(try sim.loop.runUntilStoppedOrFinished() == .finished)
            #expect(sim.line == "")
            #expect(sim.now == 0)
        }
        do {
            let sim = Sim()
            sim.leaves = ["repeating timer 't' (every 1s) next due at 4s in mode default"]
            sim.observe()
            var fires = 0
            sim.timer("t", at: 1 * S, interval: 1 * S) { _ in
                fires += 1
                if fires == 3 { sim.loop.stop() }
            }
            #expect(try sim.loop.runUntilStoppedOrFinished() == .stopped)
            #expect(sim.line == "E BT BS BW AW@1 T:t@1 BT BS BW AW@2 T:t@2 BT BS BW AW@3 T:t@3 X")
            #expect(sim.now == 3 * S)
        }
        do {
            let sim = Sim()
            sim.observe()
            sim.timer("t", at: 1 * S)
            #expect(try sim.loop.runUntilStoppedOrFinished() == .finished)
            #expect(sim.line == "E BT BS BW AW@1 T:t@1 X")
        }
        do {
            // A stopped mode: the first RunSpecific stops at set-up, with Entry and Exit.
            let sim = Sim()
            sim.observe()
            sim.source("a")
            sim.loop.stop(mode: .default)
            #expect(try sim.loop.runUntilStoppedOrFinished() == .stopped)
            #expect(sim.line == "E X")
        }
    }

    @Test("14.50 common items join a mode made common later (schedule with its name); removal from common cancels each")
    func item50() throws {
        let sim = Sim()
        var calls: [String] = []
        let src = sim.source("src", in: [], schedule: { _, m in calls.append("schedule:\(m)") },
                             cancel: { _, m in calls.append("cancel:\(m)") })
        sim.loop.add(src, to: .common)
        let o = sim.observe(.common)
        #expect(calls == ["schedule:default"])
        sim.loop.addCommonMode("M")
        #expect(calls == ["schedule:default", "schedule:M"])
        #expect(sim.loop.contains(src, in: "M"))
        #expect(sim.loop.contains(o, in: "M"))
        #expect(sim.loop.isCommon("M"))
        src.signal(in: sim.context)
        #expect(try sim.run("M", 0) == .timedOut)
        #expect(sim.take() == "E BT BS S:src X")
        sim.loop.remove(src, from: .common)
        #expect(calls == ["schedule:default", "schedule:M", "cancel:default", "cancel:M"])
        #expect(!sim.loop.contains(src, in: "M") && !sim.loop.contains(src, in: .default))
        #expect(src.isValid)
    }

    @Test("14.51 invalidating a signalled source in two modes: two cancels, no longer signalled")
    func item51() throws {
        let sim = Sim()
        var calls: [String] = []
        let src = sim.source("src", in: ["A", "B"], signalled: true, cancel: { _, m in calls.append("cancel:\(m)") })
        #expect(src.isSignalled)
        src.invalidate()
        #expect(calls.sorted() == ["cancel:A", "cancel:B"], "one cancel per mode (CF's order is set order)")
        #expect(!src.isSignalled)
        #expect(!src.isValid)
        #expect(!sim.loop.contains(src, in: "A") && !sim.loop.contains(src, in: "B"))
        src.signal(in: sim.context)
        #expect(!src.isSignalled, "signalling an invalid source does nothing")
    }

    @Test("14.52 CopyCurrentMode is the nested mode during a nested run and its Exit, then the outer mode")
    func item52() throws {
        let sim = Sim()
        func mode() -> String { sim.loop.currentMode?.rawValue ?? "nil" }
        sim.source("b", in: ["n"])
        sim.observer("N", [.entry, .beforeSources, .exit], order: 0, in: "n") { act in
            sim.note("\(code(act))=\(mode())")
        }
        sim.source("a", signalled: true) { _ in
            sim.note("before=\(mode())")
            try sim.run("n", 0)
            sim.note("after=\(mode())")
        }
        #expect(sim.loop.currentMode == nil)
        #expect(try sim.run(.default, 0) == .timedOut)
        #expect(sim.line == "S:a before=default E=n BS=n X=n after=default")
        #expect(sim.loop.currentMode == nil)
        #expect(sim.loop.runDepth == 0)
    }
}
