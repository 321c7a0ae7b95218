// The closed sets of values the trace contract names (`docs/guide/trace-format.md`).
// Their raw values are the strings the trace writes.

extension TraceEvent {
    /// The kind of a callout, as the trace names it.
    public enum CalloutKind: String, Sendable, CaseIterable {
        case timer, source0, source1, observer, block, mainQueue, event, displayLink
    }

    /// What applied a host's pending state mutations (`swiftui.flush`).
    public enum FlushSource: String, Sendable, CaseIterable {
        /// The SwiftUI observer at BeforeWaiting or Exit.
        case observer
        /// The host's own render, first thing in its layout.
        case render
    }

    /// Why a sleeping loop woke up, as the trace names it.
    public enum WakeReason: String, Sendable, CaseIterable {
        case timer, port, source0, mainQueue, wakeUp, timeout
    }

    /// A point of a run-loop pass, as an `activity` event names it.
    public enum Activity: String, Sendable, CaseIterable {
        case entry, beforeTimers, beforeSources, beforeWaiting, afterWaiting, exit
    }

    /// What a run of the loop returned (CFRunLoopRunResult, plus `idle`);
    /// the raw values are CFRunLoopRunResult's, the trace writes `description`.
    public enum RunResult: Int, Sendable, CaseIterable, CustomStringConvertible {
        case finished = 1
        case stopped = 2
        case timedOut = 3
        case handledSource = 4
        /// LoopSim only: the loop would have slept forever, with nothing that
        /// could ever wake it. The simulated thread is idle from here on.
        case idle = 100

        /// The name the trace writes (`finished`, `stopped`, …).
        public var description: String {
            switch self {
            case .finished: "finished"
            case .stopped: "stopped"
            case .timedOut: "timedOut"
            case .handledSource: "handledSource"
            case .idle: "idle"
            }
        }

        /// The result named `name` in a trace.
        public init?(name: String) {
            guard let match = Self.allCases.first(where: { $0.description == name }) else { return nil }
            self = match
        }
    }

    /// Why a transaction reached the screen late: the main thread committed
    /// late, or the server was still rendering.
    public enum LateCause: String, Sendable, CaseIterable {
        case commit, render
    }
}
