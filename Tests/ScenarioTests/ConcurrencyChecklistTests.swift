import LoopSimTestSupport
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// docs/reference/concurrency.md's checklist, items A.1–A.13: where MainActor jobs
/// run among the run loop's passes and Core Animation's commits. The tap is
/// `at 1.005s:` (t0, off the vsync grid).
@Suite(.quiescent) struct ConcurrencyChecklistTests {
    typealias C = ConcurrencyTests
    let t0 = ConcurrencyTests.t0

    @Test("A.1: a task's first job is merged with the event that made it: one commit, blue never committed")
    func firstJobMergedWithTheEvent() throws {
        let outcome = try C.run("""
            at 1.005s:
                set box.background = blue
                task t:
                    set box.background = yellow
            run until=2s
            expect commits == 2
            expect never visible box.background == blue
            expect visible box.background == yellow at=1.05s
            """)
        #expect(C.outline(outcome, at: t0) == ["event", "J:t#1", "BW", "C[yellow]"])
    }

    @Test("A.2: a task made in a main-queue drain runs after the next BeforeWaiting: blue committed but never visible")
    func firstJobAfterADrain() throws {
        let outcome = try C.run("""
            at 1.005s async main:
                set box.background = blue
                task t:
                    set box.background = yellow
            run until=2s
            expect commits == 3
            expect never visible box.background == blue
            expect visible box.background == yellow at=1.05s
            """)
        #expect(C.outline(outcome, at: t0) == ["D", "BW", "C[blue]", "J:t#1", "BW", "C[yellow]"])
    }

    @Test("A.3: await yield is a commit point: yellow committed, never visible")
    func yieldIsACommitPoint() throws {
        let outcome = try C.run("""
            at 1.005s:
                task t:
                    set box.background = yellow
                    await yield
                    set box.background = green
            run until=2s
            expect commits == 3
            expect never visible box.background == yellow
            expect visible box.background == green at=1.05s
            """)
        #expect(C.outline(outcome, at: t0) == ["event", "J:t#1", "BW", "C[yellow]", "J:t#2", "BW", "C[green]"])
    }

    @Test("A.4: await sleep commits yellow at t0 and runs job 2 at t0 + 100 ms, woken by the main queue")
    func sleep() throws {
        let outcome = try C.run("""
            at 1.005s:
                task t:
                    set box.background = yellow
                    await sleep 100ms
                    set box.background = green
            run until=2s
            expect visible box.background == yellow at=1.055s
            expect visible box.background == green at=1.205s
            """)
        #expect(C.commitTimes(outcome) == [0, t0, t0 + 100_000_000])
        #expect(C.jobs(outcome).map(\.t) == [t0, t0 + 100_000_000])
        let wake = outcome.events.firstIndex { $0.t == t0 + 100_000_000 && $0.kind == .wake(reason: .mainQueue) }
        #expect(wake != nil)
        #expect(C.suspensions(outcome, task: 1).map(\.until) == [t0 + 100_000_000])
    }

    @Test("A.5: await main: on the main actor and a continuation resumed in its own body do not suspend: one job, one commit")
    func nonSuspendingAwaits() throws {
        for middle in ["await main:\n            log \"on main\"", "await continuation c:\n            resume c"] {
            let outcome = try C.run("""
                at 1.005s:
                    task t:
                        set box.background = yellow
                        \(middle)
                        set box.background = green
                run until=2s
                expect commits == 2
                expect never visible box.background == yellow
                """)
            #expect(C.jobs(outcome).map(\.name) == ["t#1"])
            #expect(C.suspensions(outcome, task: 1).isEmpty)
            #expect(C.outline(outcome, at: t0).filter { $0.hasPrefix("C[") } == ["C[green]"])
        }
    }

    @Test("A.6: awaiting the value of a task that ended long ago does not suspend")
    func awaitOfAFinishedTask() throws {
        let outcome = try C.run("""
            at 1s:
                task u:
                    log "u"
            at 1.5s:
                task t:
                    await sleep 10ms
                    await value u
                    log "t done"
            run until=2s
            expect task t ended at=1.51s
            """)
        let ends = outcome.events.compactMap { e -> (Int, Int)? in
            if case .taskEnd(let task, _, let jobs) = e.kind { return (task, jobs) }
            return nil
        }
        #expect(ends.map(\.0) == [1, 2] && ends[1].1 == 2)
        #expect(C.suspensions(outcome, task: 2).map(\.on) == [.sleep])
    }

    @Test("A.7: resume from a timer is not main.async: the resumed job runs after the timer's commit; main.async is merged")
    func resumeIsNotMainAsync() throws {
        let resumed = try C.run("""
            at 1s:
                task t:
                    set box.background = yellow
                    await continuation c
                    set box.background = green
            timer tk at=2s:
                set box.background = blue
                resume c
            run until=3s
            expect task t ended at=2s result=returned
            """)
        #expect(C.outline(resumed, at: 2_000_000_000) == ["T:tk", "BW", "C[blue]", "J:t#2", "BW", "C[green]"])

        let dispatched = try C.run("""
            at 1s:
                task t:
                    set box.background = yellow
                    await continuation c
                    set box.background = green
            timer tk at=2s:
                set box.background = blue
                async main:
                    set box.background = green
            run until=3s
            expect never visible box.background == blue
            """)
        #expect(C.outline(dispatched, at: 2_000_000_000) == ["T:tk", "D", "BW", "C[green]"])
        #expect(dispatched.events.contains { $0.kind == .warn(text: "task t is still suspended on continuation when the last run ends") })
    }

    @Test("A.8: a polling pass suppresses the commit: the hop is taken by the poll, no commit contains yellow")
    func pollingPassSuppressesTheCommit() throws {
        let outcome = try C.run("""
            source s:
                log "s"
            at 1.005s:
                task t:
                    set box.background = yellow
                    signal s
                    await yield
                    set box.background = green
            run until=2s
            expect commits == 2
            expect never visible box.background == yellow
            """)
        #expect(C.outline(outcome, at: t0) == ["event", "J:t#1", "log:s", "J:t#2", "BW", "C[green]"])
    }

    @Test("A.9: two tasks made by one callout share their drains: a1 b1, one BeforeWaiting, a2 b2")
    func twoTasksInOneDrain() throws {
        let outcome = try C.run("""
            at 1.005s:
                task a:
                    log "a1"
                    await yield
                    log "a2"
                task b:
                    log "b1"
                    await yield
                    log "b2"
            run until=2s
            """)
        #expect(C.outline(outcome, at: t0) == ["event", "J:a#1", "log:a1", "J:b#1", "log:b1", "BW", "J:a#2", "log:a2", "J:b#2", "log:b2", "BW"])
        let iters = C.jobs(outcome).map(\.iter)
        #expect(iters[0] == iters[1] && iters[2] == iters[3] && iters[2] == iters[0] + 1)
    }

    @Test("A.10: jobs and main.async blocks share one FIFO queue: t d u in one drain")
    func fifoWithGCD() throws {
        let outcome = try C.run("""
            at 1.005s:
                task t:
                    log "t"
                async main:
                    log "d"
                task u:
                    log "u"
            run until=2s
            """)
        #expect(C.outline(outcome, at: t0) == ["event", "J:t#1", "log:t", "D", "log:d", "J:u#1", "log:u", "BW"])
    }

    @Test("A.11: Task.immediate runs in the caller until it suspends: a before b; a plain task: b before a")
    func immediate() throws {
        let immediate = try C.run("""
            at 1.005s:
                task t immediate:
                    log "a"
                    await yield
                log "b"
            run until=2s
            """)
        #expect(C.logs(immediate).map(\.text) == ["a", "b"])
        let kinds = C.taskEvents(immediate).map(\.kind.name)
        #expect(Array(kinds.prefix(2)) == ["task.create", "task.run"])
        #expect(!C.taskEvents(immediate).contains { $0.kind == .taskEnqueue(task: 1, job: 1, executor: .main, reason: .start) })

        let plain = try C.run("""
            at 1.005s:
                task t:
                    log "a"
                    await yield
                log "b"
            run until=2s
            """)
        #expect(C.logs(plain).map(\.text) == ["b", "a"])
    }

    @Test("A.12: a sleep that ends while the main thread is blocked resumes then, and its job runs right after the block, through the shortcut")
    func blockedMainThread() throws {
        let outcome = try C.run("""
            at 1s:
                task t:
                    await sleep 100ms
                    log "woke"
            timer blk at=1.05s:
                sleep 200ms
            run until=2s
            expect log "woke" at=1.25s
            """)
        let resume = try #require(outcome.events.first { if case .taskResume = $0.kind { return true }; return false })
        let enqueue = try #require(outcome.events.first { $0.kind == .taskEnqueue(task: 1, job: 2, executor: .main, reason: .sleep) })
        #expect(resume.t == 1_100_000_000 && enqueue.t == 1_100_000_000)
        let timerPass = try #require(outcome.events.first { $0.kind == .callout(kind: .timer, name: "blk") }).iter
        let job = try #require(C.jobs(outcome).last)
        #expect(job.t == 1_250_000_000 && job.iter == timerPass + 1)
        #expect(C.outline(outcome, at: 1_250_000_000).prefix(2) == ["J:t#2", "log:woke"])
    }

    @Test("A.13: Task.sleep is a dispatch timer: it wakes inside a tracking run; a default-mode timer waits for the run to end")
    func sleepIgnoresModes() throws {
        let outcome = try C.run("""
            mode tracking common
            at 1s:
                task t:
                    await sleep 100ms
                    log "woke"
                run mode=tracking for=500ms
            timer tk at=1.05s mode=default:
                log "tick"
            run until=2s
            expect log "woke" at=1.1s
            expect log "tick" at=1.5s
            """)
        #expect(C.logs(outcome).map(\.text) == ["woke", "tick"])
    }
}
