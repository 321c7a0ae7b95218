import LoopSimTestSupport
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// docs/reference/concurrency.md's checklist, items A.21–A.28: structured
/// concurrency, cancellation, continuation misuse, and unchanged goldens.
@Suite(.quiescent) struct ConcurrencyStructuredChecklistTests {
    typealias C = ConcurrencyTests
    let t0 = ConcurrencyTests.t0


    func cancels(_ outcome: ScenarioOutcome) -> [(t: Int64, task: Int, by: TraceEvent.TaskCancelSource)] {
        outcome.events.compactMap {
            if case .taskCancel(let task, let by) = $0.kind { return ($0.t, task, by) }
            return nil
        }
    }

    @Test("A.21: async let children not awaited are cancelled and awaited at scope exit, in reverse order, all at t0")
    func asyncLetAtScopeExit() throws {
        let outcome = try C.run("""
            at 1.005s:
                task p:
                    async let f:
                        log "fast started"
                        await sleep 5s nothrow
                        log "fast ended"
                    async let s:
                        log "slow started"
                        await sleep 10s nothrow
                        log "slow ended"
                    log "leaving"
            run until=2s
            expect task p ended at=1.005s result=returned
            """)
        #expect(C.logs(outcome).map(\.text) == ["leaving", "fast started", "slow started", "slow ended", "fast ended"])
        #expect(C.logs(outcome).allSatisfy { $0.t == t0 })
        // s (task 3) is cancelled before f (task 2), both by the scope.
        #expect(cancels(outcome).map(\.task) == [3, 2])
        #expect(cancels(outcome).allSatisfy { $0.by == .scope })
    }

    @Test("A.22: a group waits for its children without cancelling them; the parent resumes with reason children")
    func groupAwaitsWithoutCancel() throws {
        let outcome = try C.run("""
            at 1.005s:
                task p:
                    group:
                        addTask f:
                            await sleep 5s nothrow
                            log "fast ended"
                        addTask s:
                            await sleep 10s nothrow
                            log "slow ended"
                    log "after group"
            run until=12s
            expect log "fast ended" at=6.005s
            expect log "slow ended" at=11.005s
            expect log "after group" at=11.005s
            """)
        #expect(cancels(outcome).isEmpty)
        #expect(outcome.events.contains { $0.t == 11_005_000_000 && $0.kind == .taskResume(task: 1, reason: .children, from: .pool) })
    }

    @Test("A.23: outside cancellation interrupts a sleep: cancel, resume with reason cancel, job 2, ended as cancelled")
    func outsideCancellationDuringASleep() throws {
        let outcome = try C.run("""
            at 1s:
                task t:
                    await sleep 10s
                    log "never"
            at 2s cancel t
            run until=3s
            expect task t ended at=2s result=cancelled
            """)
        let at2 = C.taskEvents(outcome).filter { $0.t == 2_000_000_000 }.map(\.kind)
        #expect(at2 == [.taskCancel(task: 1, by: .outside), .taskResume(task: 1, reason: .cancel, from: .outside),
                        .taskEnqueue(task: 1, job: 2, executor: .main, reason: .cancel), .taskRun(task: 1, job: 2, executor: .main),
                        .taskEnd(task: 1, result: .cancelled, jobs: 2)])
        #expect(outcome.events.contains { $0.t == 2_000_000_000 && $0.kind == .post(what: "cancel t") })
        #expect(C.logs(outcome).isEmpty)
    }

    @Test("A.24: cancelling a task does not cancel an unstructured task made inside it")
    func noPropagationToUnstructuredTasks() throws {
        let outcome = try C.run("""
            at 1.005s:
                task t:
                    task u:
                        await sleep 10s
                        log "u done"
                    await sleep 10s
            at 2s cancel t
            run until=12s
            expect log "u done" at=11.005s
            expect task u ended at=11.005s result=returned
            expect task t ended at=2s result=cancelled
            """)
        #expect(cancels(outcome).map(\.task) == [1])
    }

    @Test("A.25: cancellation is cooperative: background work still ends at +1s; checkCancellation then ends the task as cancelled")
    func cooperativeCancellation() throws {
        let checked = try C.run("""
            at 1.005s:
                task t:
                    await background 1s
                    checkCancellation
                    log "not reached"
            at 1.5s cancel t
            run until=3s
            expect task t ended at=2.005s result=cancelled
            """)
        #expect(checked.events.contains { $0.t == 2_005_000_000 && $0.kind == .taskResume(task: 1, reason: .background, from: .pool) })
        #expect(C.logs(checked).isEmpty)

        let unchecked = try C.run("""
            at 1.005s:
                task t:
                    await background 1s
                    log "returned"
            at 1.5s cancel t
            run until=3s
            expect task t ended at=2.005s result=returned
            """)
        #expect(C.logs(unchecked).map(\.text) == ["returned"])
    }

    @Test("A.26: a task cancelled before it starts still runs its first job; its first sleep throws at once")
    func cancelledBeforeItStarts() throws {
        let outcome = try C.run("""
            at 1.005s:
                task t:
                    log "job 1"
                    await sleep 1s
                    log "never"
                cancel t
            run until=3s
            expect task t ended at=1.005s result=cancelled
            """)
        #expect(C.logs(outcome).map(\.text) == ["job 1"])
        #expect(C.jobs(outcome).map(\.t) == [t0, t0])
        #expect(C.suspensions(outcome, task: 1).map(\.on) == [.sleep])
    }

    @Test("A.27: a second resume stops the run quoting Swift's trap; a resume before the await does not suspend")
    func continuationMisuse() throws {
        let twice = try C.run("""
            at 1s:
                task t:
                    await continuation c
            at 2s:
                resume c
                resume c
            run until=3s
            """, failing: true)
        let failure = try #require(twice.failure)
        #expect(failure.message == "continuation c resumed twice (SWIFT TASK CONTINUATION MISUSE: withCheckedContinuation in task t tried to resume its continuation more than once)")
        #expect(failure.location.line == 8 && failure.location.column == 5)
        #expect(failure.isTrap)

        let early = try C.run("""
            at 1s:
                resume c
                task t:
                    await continuation c
                    log "no wait"
            run until=2s
            expect task t ended at=1s
            """)
        #expect(C.suspensions(early, task: 1).isEmpty)
        #expect(C.jobs(early).count == 1)
    }

    @Test("A.27: a second resume from another thread (`at T resume`) stops the run too")
    func outsideDoubleResume() throws {
        let outcome = try C.run("""
            at 1s:
                task t:
                    await continuation c
            at 2s resume c
            at 2.5s resume c
            run until=3s
            """, failing: true)
        let failure = try #require(outcome.failure)
        #expect(failure.message.contains("SWIFT TASK CONTINUATION MISUSE"))
        #expect(failure.location.line == 7)
    }

    @Test("A.28: a scenario without task statements makes no scheduler and no task events")
    func goldensUnchanged() throws {
        let source = C.head + "at 1s:\n    set box.background = blue\nrun until=2s\n"
        let runner = ScenarioRunner(file: try ScenarioParser.parse(source, path: "plain.loop"), source: source)
        let outcome = quiescent(runner.run())
        #expect(runner.taskState.scheduler == nil)
        #expect(C.taskEvents(outcome).isEmpty)
    }
}
