import LoopSimTestSupport
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// docs/reference/concurrency.md's checklist, items A.14–A.20: modes and nesting,
/// the pool, background work and detached tasks, and the context rules.
@Suite(.quiescent) struct ConcurrencyPoolChecklistTests {
    typealias C = ConcurrencyTests
    let t0 = ConcurrencyTests.t0

    @Test("A.14: a custom mode holds jobs back: the first job runs only after the modal run returns")
    func customModeHoldsJobsBack() throws {
        let outcome = try C.run("""
            mode modal
            timer keep every=100ms mode=modal:
                log "modal"
            at 1s:
                task t:
                    log "started"
                    await sleep 100ms
                    log "woke"
                run mode=modal for=500ms
                invalidate keep
            run until=2s
            expect log "started" at=1.5s
            expect log "woke" at=1.6s
            """)
        #expect(C.jobs(outcome).first?.t == 1_500_000_000)
    }

    @Test("A.15: no jobs run inside a drain: a task made in an async main block waits for the block's nested run to end")
    func noJobsInsideADrain() throws {
        let outcome = try C.run("""
            timer keep every=50ms:
                log "keep"
            at 1s async main:
                task t:
                    log "job"
                run for=300ms
                invalidate keep
            run until=2s
            expect log "job" at=1.3s
            """)
        #expect(C.jobs(outcome).map(\.t) == [1_300_000_000])
    }

    @Test("A.16: a task made in a BeforeWaiting observer: that pass commits, then the wait returns at once for the job")
    func taskFromABeforeWaitingObserver() throws {
        let outcome = try C.run("""
            observer o on=beforeWaiting order=100 once:
                task t:
                    set box.background = yellow
            run until=1s
            expect visible box.background == yellow at=0.5s
            """)
        let outline = C.outline(outcome, at: 0)
        #expect(outline.first == "BW" && outline.suffix(3) == ["J:t#1", "BW", "C[yellow]"] && outline.count == 5)
        let wakeIndex = try #require(outcome.events.firstIndex { $0.kind == .wake(reason: .mainQueue) })
        #expect(outcome.events[wakeIndex].t == 0)
    }

    @Test("A.17: background work suspends the main task for its duration; yellow is on screen meanwhile")
    func backgroundWork() throws {
        let outcome = try C.run("""
            at 1.005s:
                task t:
                    set box.background = yellow
                    await background 50ms
                    set box.background = green
            run until=2s
            expect visible box.background == yellow at=1.035s
            expect visible box.background == green at=1.1s
            """)
        #expect(C.suspensions(outcome, task: 1).map { [$0.on.rawValue, "\($0.until ?? -1)"] } == [["background", "\(t0 + 50_000_000)"]])
        let resume = try #require(outcome.events.first { if case .taskResume(_, .background, .pool) = $0.kind { return true }; return false })
        let enqueue = try #require(outcome.events.first { $0.kind == .taskEnqueue(task: 1, job: 2, executor: .main, reason: .background) })
        #expect(resume.t == t0 + 50_000_000 && enqueue.t == t0 + 50_000_000)
    }

    @Test("A.18: a detached task keeps a core busy, hops to main for its await main: block, and ends on the pool")
    func detachedTask() throws {
        let outcome = try C.run("""
            at 1.005s:
                task d detached:
                    sleep 80ms
                    await main:
                        set box.background = yellow
            run until=2s
            expect visible box.background == yellow at=1.15s
            expect task d ended at=1.085s
            """)
        let busy = outcome.events.compactMap { e -> Int64? in
            if case .poolBusy(_, _, let d) = e.kind { return d }
            return nil
        }
        #expect(busy == [80_000_000])
        let runs = outcome.events.compactMap { e -> (Int64, Int, TraceEvent.TaskExecutor)? in
            if case .taskRun(_, let job, let executor) = e.kind { return (e.t, job, executor) }
            return nil
        }
        #expect(runs.map(\.1) == [1, 2, 3])
        #expect(runs.map(\.2) == [.pool, .main, .pool])
        #expect(runs[1].0 == t0 + 80_000_000)
        #expect(C.commitTimes(outcome).last == t0 + 80_000_000)
        let end = try #require(C.taskEvents(outcome).last)
        #expect(end.kind == .taskEnd(task: 1, result: .returned, jobs: 3))
    }

    @Test("A.19: pool cores=1 runs two busy detached tasks one after the other; unbounded, side by side")
    func poolCores() throws {
        let body = """
            at 1s:
                task a detached:
                    sleep 100ms
                    log "a"
                task b detached:
                    sleep 100ms
                    log "b"
            run until=2s
            """
        let one = try C.run("pool cores=1\n" + body)
        #expect(C.logs(one).map(\.t) == [1_100_000_000, 1_200_000_000])
        let unbounded = try C.run(body)
        #expect(C.logs(unbounded).map(\.t) == [1_100_000_000, 1_100_000_000])
    }

    @Test("A.20: set in a detached body and await in an async main block are parse errors at the offending token")
    func contextParseErrors() throws {
        let set = try #require(C.parseError("at 1s:\n    task d detached:\n        set box.background = blue\n"))
        #expect(set.message == "`set` changes the UI and must run on the main actor; wrap it in `await main:`")
        #expect(set.location.line == 5 && set.location.column == 9)
        let awaitError = try #require(C.parseError("at 1s async main:\n    await yield\n"))
        #expect(awaitError.message == "`await` is only allowed in a task body (this block is synchronous)")
        #expect(awaitError.location.line == 4 && awaitError.location.column == 5)
    }

    @Test("pool hop=D: each resumption's enqueue is D after its task.resume")
    func hopLatency() throws {
        let outcome = try C.run("""
            pool hop=2ms
            at 1.005s:
                task t:
                    await yield
                    log "back"
            run until=2s
            expect log "back" at=1.007s
            """)
        let resume = try #require(outcome.events.first { if case .taskResume = $0.kind { return true }; return false })
        let enqueue = try #require(outcome.events.first { $0.kind == .taskEnqueue(task: 1, job: 2, executor: .main, reason: .yield) })
        #expect(resume.t == t0 && enqueue.t == t0 + 2_000_000)
    }
}
