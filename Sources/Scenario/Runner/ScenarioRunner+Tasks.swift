import LoopSimTrace
import RunLoopKit
import Simulation
import TaskKit

/// Swift tasks in a scenario (`docs/reference/concurrency.md`): the task actions, the
/// outside `cancel` and `resume`, `expect task`, and the end-of-run checks.
/// The interpreter of task bodies is `ScenarioRunner+TaskProgram.swift`.
extension ScenarioRunner {
    /// The scheduler, made on first use on the main run loop.
    var scheduler: TaskScheduler {
        if let s = taskState.scheduler { return s }
        let s = TaskScheduler(loop: loop)
        s.onFailure = { [unowned self] error in
            // A pool job cannot throw into the loop: a block in the running
            // mode does, at the next pass.
            guard let mode = loop.currentMode else { return }
            loop.perform(in: mode, name: "task failure") { throw error }
            loop.wakeUp()
        }
        taskState.scheduler = s
        return s
    }

    /// The context the running action is in (main unless in a pool job).
    var onPool: Bool { taskState.current?.pool ?? false }

    func performTask(_ action: TaskAction, at location: SourceLocation) throws {
        switch action {
        case .task(let name, let flavor, let body):
            let pool = onPool
            let isolation: TraceEvent.TaskExecutor = switch flavor {
            case .detached: .pool
            case .main: .main
            case .inherit, .immediate: pool ? .pool : .main
            }
            let kind: TraceEvent.TaskKind = switch flavor {
            case .detached: .detached
            case .immediate: .immediate
            case .inherit, .main: .task
            }
            let task = makeTask(name, kind: kind, isolation: isolation, parent: nil, body: body)
            if flavor == .immediate {
                try scheduler.runImmediately(task)
            } else {
                scheduler.start(task, from: pool ? .pool : .main)
            }
        case .cancel(let name):
            cancelTasks(named: name, by: .action)
        case .checkCancellation:
            if taskState.current?.task.isCancelled == true { throw TaskCancelled() }
        case .await, .asyncLet, .group, .addTask:
            // The parser allows these only directly in a task body, which
            // the interpreter runs itself.
            preconditionFailure("ScenarioRunner: `\(action)` outside the task interpreter")
        }
    }

    /// Makes a task instance that runs `body` (`task.create`).
    func makeTask(_ name: String, kind: TraceEvent.TaskKind, isolation: TraceEvent.TaskExecutor, parent: ScriptedTask?,
                  body: [Action]) -> ScriptedTask {
        let program = TaskProgram(body: body, pool: isolation == .pool)
        let task = scheduler.create(name: taskState.instanceName(name), kind: kind, isolation: isolation, parent: parent) {
            [unowned self] task in try step(program, task)
        }
        taskState.instances[name, default: []].append(task)
        return task
    }

    /// `cancel NAME` / `at T cancel NAME`: every live instance.
    func cancelTasks(named name: String, by: TraceEvent.TaskCancelSource) {
        let from: TraceEvent.TaskResumeSource = by == .outside ? .outside : onPool ? .pool : .main
        for task in taskState.instances[name] ?? [] { scheduler.cancel(task, by: by, from: from) }
    }

    /// `resume c` from the main thread or a pool job.
    func resumeContinuation(_ name: String, at location: SourceLocation) throws {
        do {
            try scheduler.resume(scheduler.continuation(name), from: onPool ? .pool : .main)
        } catch {
            throw trap(at: location, error)
        }
    }

    /// The diagnostic of a Swift runtime trap (exit status 1).
    func trap(at location: SourceLocation, _ misuse: ContinuationMisuse) -> Diagnostic {
        let d = diagnostic(at: location, misuse.description)
        return Diagnostic(location: d.location, message: d.message, sourceLine: d.sourceLine, isTrap: true)
    }

    /// Whether `name` is a display link (else a `resume` names a continuation).
    func declaresDisplayLink(_ name: String) -> Bool {
        file.statements.contains { statement in
            if case .displayLink(let d) = statement { return d.name == name }
            return false
        }
    }

    /// After a `run`: a failure on the pool stops the scenario.
    func checkTaskFailure() throws {
        if let failure = taskState.scheduler?.failure { throw failure }
    }

    /// After the last statement: a `warn` for every task still suspended.
    func finishTasks() throws {
        try checkTaskFailure()
        guard let scheduler = taskState.scheduler else { return }
        for task in scheduler.liveTasks {
            let what = switch task.state {
            case .suspended(let on): "suspended on \(on.rawValue)"
            case .queued: "waiting for its next job"
            case .running, .ended: "running"
            }
            simulation.warn("task \(task.name) is still \(what) when the last run ends")
        }
    }

    func checkTaskEnded(_ e: Expectation, _ name: String, at: Int64?, result: TraceEvent.TaskResult?) -> ExpectationResult {
        var summary = "expect task \(name) ended"
        if let at { summary += " at=\(TimeLiteral.format(at))" }
        if let result { summary += " result=\(result.rawValue)" }
        guard let task = taskState.instances[name]?.last else {
            return ExpectationResult(expectation: e, passed: false, summary: summary, observed: "never started")
        }
        guard let end = task.endTime, let r = task.result else {
            let what = if case .suspended(let on) = task.state { "still suspended on \(on.rawValue)" } else { "not ended" }
            return ExpectationResult(expectation: e, passed: false, summary: summary, observed: what)
        }
        let passed = (at.map { $0 == end } ?? true) && (result.map { $0 == r } ?? true)
        return ExpectationResult(expectation: e, passed: passed, summary: summary,
                                 observed: "\(task.name) ended at \(TimeLiteral.format(end)), \(r.rawValue)")
    }
}
