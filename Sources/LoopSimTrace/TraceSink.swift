/// Receives trace events as they happen.
public protocol TraceSink: AnyObject {
    func record(_ event: TraceEvent)
    /// Set once the sink has refused an event past its limit: the run
    /// stops with it at the next run-loop pass (`docs/reference/limits.md`).
    var limitError: TraceLimitError? { get }
}

extension TraceSink {
    /// A sink without a limit never refuses an event.
    public var limitError: TraceLimitError? { nil }
}

/// A sink that keeps every event in memory, in order, up to a limit.
public final class TraceRecorder: TraceSink {
    public private(set) var events: [TraceEvent] = []
    /// The most events kept (`RenderLimits.maxTraceEvents` for a
    /// simulation's recorder). Past it nothing more is kept, so memory stays
    /// bounded, and ``limitError`` says where the trace stopped.
    public let limit: Int
    /// Why the trace stopped, once an event came past ``limit``.
    public private(set) var limitError: TraceLimitError?

    /// - Parameter limit: the most events kept (unbounded by default).
    public init(limit: Int = .max) {
        self.limit = limit
    }

    public func record(_ event: TraceEvent) {
        guard events.count < limit else {
            if limitError == nil { limitError = TraceLimitError(limit: limit, time: event.t) }
            return
        }
        events.append(event)
    }

    /// Forgets every recorded event (and a limit reached).
    public func removeAll() {
        events.removeAll()
        limitError = nil
    }
}
