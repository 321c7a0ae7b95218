/// Receives trace events as they happen.
public protocol TraceSink: AnyObject {
    func record(_ event: TraceEvent)
}

/// A sink that keeps every event in memory, in order.
public final class TraceRecorder: TraceSink {
    public private(set) var events: [TraceEvent] = []

    public init() {}

    public func record(_ event: TraceEvent) {
        events.append(event)
    }

    /// Forgets every recorded event.
    public func removeAll() {
        events.removeAll()
    }
}
