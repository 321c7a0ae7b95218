import LoopSimTrace
import RunLoopKit

/// The cooperative pool: a FIFO of ready work and ``TaskScheduler/cores``
/// cores (unbounded by default). Work starts when it is delivered (an
/// outside event) and a core is free; a core is released by an `await` or
/// by the end of the job; `sleep D` in a pool job keeps it busy.
extension TaskScheduler {
    /// Appends a job of `task` to the pool's ready queue (`task.enqueue`).
    func enqueuePool(_ task: ScriptedTask, reason: TraceEvent.TaskReason) {
        guard failure == nil, !task.hasEnded else { return }
        task.jobs += 1
        task.state = .queued
        context.emit(.taskEnqueue(task: task.id, job: task.jobs, executor: .pool, reason: reason))
        addPoolWork(.job(task, task.jobs))
    }

    func addPoolWork(_ work: PoolWork) {
        ready.append(work)
        guard !pumpScheduled else { return }
        pumpScheduled = true
        context.schedule(at: context.now, label: nil) { [unowned self] in
            pumpScheduled = false
            pump()
        }
    }

    private var hasFreeCore: Bool { cores.map { busyCores < $0 } ?? true }

    /// Starts ready work while cores are free.
    func pump() {
        while failure == nil, hasFreeCore, readyHead < ready.count {
            let work = ready[readyHead]
            readyHead += 1
            if readyHead > 64, readyHead * 2 > ready.count {
                ready.removeFirst(readyHead)
                readyHead = 0
            }
            busyCores += 1
            switch work {
            case .job(let task, let job):
                task.state = .running
                context.emit(.taskRun(task: task.id, job: job, executor: .pool))
                runPoolStep(task, job: job)
            case .background(let task, let d):
                context.schedule(at: VirtualTime.saturatingSum(context.now, d), label: nil,
                                 pendingAs: "task \(task.name) background") { [unowned self] in
                    busyCores -= 1
                    resume(task, reason: .background, from: .pool)
                    pump()
                }
            }
        }
    }

    /// Runs the job on its core until it suspends or ends; a `busy` keeps
    /// the core and goes on D later.
    func runPoolStep(_ task: ScriptedTask, job: Int) {
        guard failure == nil else { return }
        let outcome: JobOutcome
        do {
            outcome = try task.step(task)
        } catch {
            busyCores -= 1
            fail(error)
            return
        }
        if case .suspend(.busy(let d)) = outcome {
            context.emit(.poolBusy(task: task.id, job: job, duration: d))
            context.schedule(at: VirtualTime.saturatingSum(context.now, d), label: nil) { [unowned self] in
                runPoolStep(task, job: job)
                pump()
            }
            return
        }
        busyCores -= 1
        handle(outcome, of: task, job: job)
    }
}
