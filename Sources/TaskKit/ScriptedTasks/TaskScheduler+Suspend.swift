import LoopSimTrace
import RunLoopKit

extension TaskScheduler {
    /// What happens after a job: a suspension is traced and its resumption
    /// arranged; an end finishes the task and wakes its waiters.
    func handle(_ outcome: JobOutcome, of task: ScriptedTask, job: Int) {
        let now = context.now
        switch outcome {
        case .end(let result):
            end(task, result)
        case .suspend(let s):
            switch s {
            case .yield:
                suspend(task, job, .yield, until: nil)
                context.schedule(at: now, label: nil) { [unowned self] in resume(task, reason: .yield, from: .pool) }
            case .sleep(let d):
                let deadline = VirtualTime.saturatingSum(now, d)
                suspend(task, job, .sleep, until: deadline)
                if task.isCancelled {
                    // `cancelledBeforeStarted`: throws without waiting.
                    context.schedule(at: now, label: nil) { [unowned self] in resume(task, reason: .cancel, from: .pool) }
                } else {
                    task.sleepWake = context.schedule(at: deadline, label: nil, pendingAs: "task \(task.name) sleep") { [unowned self] in
                        task.sleepWake = nil
                        resume(task, reason: .sleep, from: .pool)
                    }
                }
            case .background(let d):
                suspend(task, job, .background, until: VirtualTime.saturatingSum(now, d))
                addPoolWork(.background(task, d))
            case .continuation(let c):
                suspend(task, job, .continuation, until: nil)
                c.state = .armed(task: task.id, suspended: true)
                c.task = task
            case .value(let other):
                suspend(task, job, .value, until: nil)
                if other.hasEnded {
                    context.schedule(at: now, label: nil) { [unowned self] in resume(task, reason: .value, from: .pool) }
                } else {
                    other.waiters.append((task, .value))
                }
            case .children(let list):
                suspend(task, job, .children, until: nil)
                let live = list.filter { !$0.hasEnded }
                task.pendingChildren = live.count
                if live.isEmpty {
                    context.schedule(at: now, label: nil) { [unowned self] in resume(task, reason: .children, from: .pool) }
                }
                for child in live { child.waiters.append((task, .children)) }
            case .main:
                suspend(task, job, .main, until: nil)
                resume(task, reason: .main, from: .pool, to: .main)
            case .backToPool:
                suspend(task, job, .main, until: nil)
                resume(task, reason: .main, from: .main, to: .pool)
            case .busy:
                preconditionFailure("TaskScheduler: `busy` is handled by the pool step")
            }
        }
    }

    private func suspend(_ task: ScriptedTask, _ job: Int, _ on: TraceEvent.TaskReason, until: Nanoseconds?) {
        task.state = .suspended(on: on)
        context.emit(.taskSuspend(task: task.id, job: job, on: on, until: until))
    }

    /// The task's continuation becomes runnable (`task.resume`); its next
    /// job is enqueued on `executor` (default: its isolation) — on the main
    /// queue one hop later, through an outside event (R5).
    func resume(_ task: ScriptedTask, reason: TraceEvent.TaskReason, from: TraceEvent.TaskResumeSource,
                to executor: TraceEvent.TaskExecutor? = nil) {
        guard failure == nil, !task.hasEnded else { return }
        task.lastResume = reason
        task.state = .queued
        context.emit(.taskResume(task: task.id, reason: reason, from: from))
        switch executor ?? task.isolation {
        case .main:
            afterHop { $0.enqueueMain(task, reason: reason) }
        case .pool:
            if from == .main || executor == .pool {
                afterHop { $0.enqueuePool(task, reason: reason) }
            } else {
                enqueuePool(task, reason: reason)
            }
        }
    }

    /// `c.resume()`: from the main thread, the pool or another thread. A
    /// resume before the await marks the slot; a second resume is misuse.
    public func resume(_ c: ScriptedContinuation, from: TraceEvent.TaskResumeSource) throws(ContinuationMisuse) {
        switch c.state {
        case .idle:
            c.state = .resumedEarly
        case .armed(_, let suspended):
            c.state = .done
            if suspended, let task = c.task { resume(task, reason: .continuation, from: from) }
        case .resumedEarly, .done:
            throw ContinuationMisuse(continuation: c.name, task: c.task?.name)
        }
    }

    private func end(_ task: ScriptedTask, _ result: TraceEvent.TaskResult) {
        task.state = .ended(result)
        task.endTime = context.now
        context.emit(.taskEnd(task: task.id, result: result, jobs: task.jobs))
        let waiters = task.waiters
        task.waiters = []
        for (waiter, reason) in waiters {
            if reason == .children {
                waiter.pendingChildren -= 1
                guard waiter.pendingChildren == 0 else { continue }
            }
            context.schedule(at: context.now, label: nil) { [unowned self] in resume(waiter, reason: reason, from: .pool) }
        }
    }

    /// `t.cancel()`: sets the flag (`task.cancel`), interrupts a
    /// `Task.sleep` (it resumes at once, reason `cancel`), then cancels the
    /// structured children, recursively. Unstructured tasks made inside are
    /// not cancelled. Nothing happens to a task already cancelled or ended.
    public func cancel(_ task: ScriptedTask, by: TraceEvent.TaskCancelSource, from: TraceEvent.TaskResumeSource) {
        guard failure == nil, !task.hasEnded, !task.isCancelled else { return }
        task.isCancelled = true
        context.emit(.taskCancel(task: task.id, by: by))
        if let wake = task.sleepWake {
            context.cancel(wake)
            task.sleepWake = nil
            resume(task, reason: .cancel, from: from)
        }
        for child in task.children { cancel(child, by: .parent, from: from) }
    }
}
