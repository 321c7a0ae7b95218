/// A value carried by one field of a trace event.
///
/// The JSON Lines contract (`trace-format.md`) allows integers, strings,
/// booleans, `null` and arrays; every writer renders each case the same way on
/// every run.
public enum TraceValue: Sendable, Equatable {
    case int(Int64)
    case string(String)
    case bool(Bool)
    case null
    case strings([String])
    case ints([Int64])
}

/// One named field of a trace event. Fields keep the order they were given in,
/// which is the order the JSON Lines writer prints them.
public struct TraceField: Sendable, Equatable {
    public var key: String
    public var value: TraceValue

    public init(_ key: String, _ value: TraceValue) {
        self.key = key
        self.value = value
    }
}

/// One event of a trace, in virtual time.
///
/// `t` is virtual nanoseconds since the start of the simulation, `iter` the
/// run-loop pass the event belongs to (0 before the first pass), `ev` the kind
/// (`run.begin`, `activity`, `callout`, …) and `fields` its extra keys, in the
/// fixed order of `trace-format.md`.
public struct TraceEvent: Sendable, Equatable {
    public var t: Int64
    public var iter: Int
    public var ev: String
    public var fields: [TraceField]

    public init(t: Int64, iter: Int, ev: String, _ fields: [TraceField] = []) {
        self.t = t
        self.iter = iter
        self.ev = ev
        self.fields = fields
    }

    /// The value of `key`, or nil when the event has no such field.
    public subscript(key: String) -> TraceValue? {
        fields.first { $0.key == key }?.value
    }

    /// The string value of `key`, or nil when it is absent or not a string.
    public func string(_ key: String) -> String? {
        if case .string(let s)? = self[key] { return s }
        return nil
    }

    /// The integer value of `key`, or nil when it is absent or not an integer.
    public func int(_ key: String) -> Int64? {
        if case .int(let v)? = self[key] { return v }
        return nil
    }
}

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
