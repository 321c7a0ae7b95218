import LoopSimTestSupport
import LoopSimTrace
import RunLoopKit
import Testing

/// LoopSim's guards against runs that would never end (§13 modelling choices).
@Suite(.quiescent) struct NoHangTests {
    @Test("a source that re-signals itself forever makes run throw busy, naming the source")
    func busySource() throws {
        let sim = Sim()
        sim.leaves = ["source 'spin' signalled"]
        sim.loop.options.busyPassLimit = 1_000
        sim.source("spin", signalled: true) { s in s.signal(in: sim.context) }
        sim.source("quiet")
        let error = #expect(throws: RunLoopError.self) { try sim.run(.default, 10 * S) }
        guard case .busy(let message)? = error else {
            Issue.record("expected RunLoopError.busy, got \(String(describing: error))")
            return
        }
        #expect(message.contains("'spin'"), "\(message)")
        #expect(!message.contains("'quiet'"), "\(message)")
        #expect(message.contains("1000 passes"), "\(message)")
        #expect(sim.now == 0)
        #expect(sim.loop.runDepth == 0)
        #expect(sim.loop.currentMode == nil)
    }

    @Test("the default busy bound also ends a spinning source")
    func busySourceDefaultBound() throws {
        let context = SimContext()
        let loop = SimRunLoop(context: context)
        let spin = SimSource(name: "spinner") { s in s.signal(in: context) }
        loop.add(spin, to: .default)
        spin.signal(in: context)
        #expect(loop.options.busyPassLimit == 100_000)
        let error = #expect(throws: RunLoopError.self) { try loop.run(in: .default, timeout: .max) }
        #expect(error.map { "\($0)".contains("'spinner'") } == true)
    }

    @Test("an unbounded run with nothing that can fire returns idle")
    func idle() throws {
        let sim = Sim()
        sim.observe()
        sim.source("a")
        #expect(try sim.run(.default, .max) == .idle)
        #expect(sim.line == "E BT BS BW")
        #expect(sim.now == 0)
        #expect(sim.loop.runDepth == 0)
        #expect(!sim.loop.isWaiting, "a run that ended in its wait is not waiting")
        #expect(sim.events("run.end").map(\.runResult) == [.idle])
        // Outside events keep it alive until the last one; then it is idle.
        sim.log = []
        let a = sim.loop
        sim.context.schedule(at: 4 * S, label: "wake") { a.wakeUp() }
        #expect(try sim.run(.default, .max) == .idle)
        #expect(sim.line == "E BT BS BW AW@4 BT BS BW")
        #expect(sim.now == 4 * S)
    }

    @Test("a nested unbounded idle run unwinds its callers, all returning idle")
    func nestedIdle() throws {
        let sim = Sim()
        sim.observe(.default, prefix: "outer:")
        sim.observe("n", prefix: "n:")
        sim.source("b", in: ["n"])
        var after = false
        sim.source("a", signalled: true) { _ in
            try sim.run("n", .max)
            after = true
        }
        #expect(try sim.run(.default, .max) == .idle)
        #expect(!after, "the caller of the nested run does not continue")
        #expect(sim.line == "outer:E outer:BT outer:BS S:a n:E n:BT n:BS n:BW")
        let ends = sim.events("run.end")
        #expect(ends.map(\.runResult) == [.idle, .idle])
        #expect(ends.map(\.runEndMode) == ["n", "default"])
        #expect(sim.loop.runDepth == 0)
        #expect(sim.loop.currentMode == nil)
        #expect(!sim.loop.isWaiting)
    }

    @Test("with settleDeadline, a repeating timer makes an unbounded run throw notSettled naming it")
    func notSettled() throws {
        let sim = Sim()
        sim.leaves = ["repeating timer 'tick' (every 1s) next due at 11s in mode default"]
        sim.loop.settleDeadline = 10 * S
        var fires = 0
        sim.timer("tick", at: 1 * S, interval: 1 * S) { _ in fires += 1 }
        let error = #expect(throws: RunLoopError.self) { try sim.run(.default, .max) }
        guard case .notSettled(let message)? = error else {
            Issue.record("expected RunLoopError.notSettled, got \(String(describing: error))")
            return
        }
        #expect(message.contains("'tick'"), "\(message)")
        #expect(fires == 10)
        #expect(sim.now == 10 * S)
        #expect(sim.loop.runDepth == 0)
        #expect(!sim.loop.isWaiting, "a run that ended in its wait is not waiting")
    }
}
