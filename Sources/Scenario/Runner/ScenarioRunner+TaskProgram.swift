import LoopSimTrace
import RunLoopKit
import TaskKit

/// The interpreter of task bodies: a small state machine over the parsed
/// actions, one program counter per open block. Each call of ``step(_:_:)``
/// is one job: it runs actions until a real suspension (or the end of the
/// body) and tells the scheduler which. Awaits that do not suspend (R3) —
/// `await main:` on the main actor, a continuation resumed already, the
/// value of a task that has ended — go on within the same job.
extension ScenarioRunner {
    func step(_ program: TaskProgram, _ task: ScriptedTask) throws -> JobOutcome {
        if let nothrow = program.sleeping {
            program.sleeping = nil
            if task.lastResume == .cancel, !nothrow { endBody(program, .cancelled) }
        }
        while true {
            if let result = program.exiting {
                if let outcome = exitStep(program, task, result) { return outcome }
                return .end(result)
            }
            guard let frame = program.frames.last else {
                program.exiting = .returned
                continue
            }
            if frame.pc >= frame.actions.count {
                program.frames.removeLast()
                if let outcome = endOfBlock(frame, task) { return outcome }
                continue
            }
            program.frames[program.frames.count - 1].pc += 1
            let action = frame.actions[frame.pc]
            do {
                if let outcome = try execute(action, in: program, task, pool: frame.pool) { return outcome }
            } catch is TaskCancelled {
                endBody(program, .cancelled)
            }
        }
    }

    private func endBody(_ program: TaskProgram, _ result: TraceEvent.TaskResult) {
        program.frames.removeAll()
        program.exiting = result
    }

    /// What the end of a block does: a group waits for its children; an
    /// `await continuation c:` suspends unless its body resumed c; a pool
    /// task's `await main:` goes back to the pool.
    private func endOfBlock(_ frame: TaskProgram.Frame, _ task: ScriptedTask) -> JobOutcome? {
        switch frame.kind {
        case .body:
            return nil
        case .group(let children):
            let live = children.filter { !$0.hasEnded }
            return live.isEmpty ? nil : .suspend(.children(live))
        case .continuation(let c):
            return c.isResumed ? nil : .suspend(.continuation(c))
        case .awaitMain:
            return task.isolation == .pool ? .suspend(.backToPool) : nil
        }
    }

    /// The `async let` scope exit: each child not awaited is cancelled and
    /// then awaited, one at a time, in reverse declaration order.
    private func exitStep(_ program: TaskProgram, _ task: ScriptedTask, _ result: TraceEvent.TaskResult) -> JobOutcome? {
        while let index = program.asyncLets.lastIndex(where: { !$0.awaited }) {
            program.asyncLets[index].awaited = true
            let child = program.asyncLets[index].task
            guard !child.hasEnded else { continue }
            scheduler.cancel(child, by: .scope, from: task.isolation == .pool ? .pool : .main)
            if !child.hasEnded { return .suspend(.children([child])) }
        }
        return nil
    }

    /// Runs one action of a task body; returns how the job ends if it does.
    private func execute(_ action: Action, in program: TaskProgram, _ task: ScriptedTask, pool: Bool) throws -> JobOutcome? {
        switch action.kind {
        case .task(.await(let kind)):
            return try executeAwait(kind, action.location, in: program, task, pool: pool)
        case .task(.asyncLet(let name, let body)):
            let child = makeTask(name, kind: .asyncLet, isolation: .pool, parent: task, body: body)
            program.asyncLets.append((name, child, false))
            scheduler.start(child, from: pool ? .pool : .main)
            return nil
        case .task(.group(let body)):
            program.frames.append(.init(actions: body, pool: pool, kind: .group([])))
            return nil
        case .task(.addTask(let name, let body)):
            let child = makeTask(name, kind: .groupChild, isolation: .pool, parent: task, body: body)
            let top = program.frames.count - 1
            if case .group(let children) = program.frames[top].kind {
                program.frames[top].kind = .group(children + [child])
            }
            scheduler.start(child, from: pool ? .pool : .main)
            return nil
        case .sleep(let d) where pool:
            try checkTime(d, "sleep", at: action.location)
            return .suspend(.busy(d))
        default:
            let outer = taskState.current
            taskState.current = .init(task: task, pool: pool)
            defer { taskState.current = outer }
            try perform(action)
            return nil
        }
    }

    private func executeAwait(_ kind: AwaitKind, _ location: SourceLocation, in program: TaskProgram, _ task: ScriptedTask,
                              pool: Bool) throws -> JobOutcome? {
        switch kind {
        case .yield:
            return .suspend(.yield)
        case .sleep(let d, _, let nothrow):
            try checkTime(d, "await sleep", at: location)
            program.sleeping = nothrow
            return .suspend(.sleep(d))
        case .background(let d):
            try checkTime(d, "await background", at: location)
            return .suspend(.background(d))
        case .main(let body):
            program.frames.append(.init(actions: body, pool: false, kind: .awaitMain))
            return pool ? .suspend(.main) : nil
        case .continuation(let name, let body):
            let c = scheduler.continuation(name)
            guard c.arm(task) else { return nil }
            program.frames.append(.init(actions: body ?? [], pool: pool, kind: .continuation(c)))
            return nil
        case .value(let name):
            let own = program.asyncLets.lastIndex { $0.name == name }
            if let own { program.asyncLets[own].awaited = true }
            guard let target = own.map({ program.asyncLets[$0].task }) ?? taskState.instances[name]?.last else {
                throw diagnostic(at: location, "`await value \(name)`: task '\(name)' has not been started yet; start it before this line runs")
            }
            return target.hasEnded ? nil : .suspend(.value(target))
        }
    }

    private func checkTime(_ d: Int64, _ what: String, at location: SourceLocation) throws {
        guard VirtualTime.checkedSum(context.now, d) != nil else {
            throw diagnostic(at: location, VirtualTime.outOfRange("\(what) \(TimeLiteral.format(d))", from: context.now).description)
        }
    }
}
