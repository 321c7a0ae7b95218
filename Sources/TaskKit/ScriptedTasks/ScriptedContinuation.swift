import LoopSimTrace

/// A named `CheckedContinuation` slot (`await continuation c`, `resume c`).
///
/// `arm` is `withCheckedContinuation` starting (its body runs next);
/// `resume` is `c.resume()`. A resume before the await marks the slot
/// resumed, and the await that follows does not suspend (R3); a second
/// resume of the same continuation is Swift's fatal misuse.
public final class ScriptedContinuation {
    public enum State: Equatable {
        /// No `withCheckedContinuation` is waiting on it.
        case idle
        /// Armed by a task; `suspended` once its body has finished.
        case armed(task: Int, suspended: Bool)
        /// Resumed before any await armed it.
        case resumedEarly
        /// Armed and resumed: done (another resume is misuse).
        case done
    }

    public let name: String
    public internal(set) var state = State.idle
    /// The task that armed it.
    var task: ScriptedTask?

    init(name: String) { self.name = name }

    /// `withCheckedContinuation` begins in `task`. Returns false when the
    /// continuation was already resumed (the await then does not suspend).
    public func arm(_ task: ScriptedTask) -> Bool {
        if state == .resumedEarly {
            state = .done
            return false
        }
        state = .armed(task: task.id, suspended: false)
        self.task = task
        return true
    }

    /// Whether the body of the `await continuation` resumed it: the await
    /// then does not suspend.
    public var isResumed: Bool { state == .done }
}

/// A continuation resumed twice: Swift traps with "SWIFT TASK CONTINUATION
/// MISUSE"; the simulation stops the run with this error.
public struct ContinuationMisuse: Error, Sendable, CustomStringConvertible {
    public var continuation: String
    /// The task that awaited it, if known.
    public var task: String?

    public var description: String {
        let function = task.map { "withCheckedContinuation in task \($0)" } ?? "withCheckedContinuation"
        return "continuation \(continuation) resumed twice (SWIFT TASK CONTINUATION MISUSE: \(function) tried to resume its continuation more than once)"
    }
}
