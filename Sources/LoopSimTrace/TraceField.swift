/// A value carried by one key of an event as the writers render it.
///
/// The JSON Lines contract (`docs/guide/trace-format.md`) allows integers, strings,
/// booleans, `null` and arrays; every writer renders each case the same way on
/// every run. Events are not built from these: `TraceEvent.Kind.fields`
/// derives them from the typed payload.
public enum TraceValue: Sendable, Equatable {
    case int(Int64)
    case string(String)
    case bool(Bool)
    case null
    case strings([String])
    case ints([Int64])
}

/// One key of an event with its value, as the writers render it. An event's
/// fields come in the contract's fixed key order (`TraceEvent.Kind.fields`).
public struct TraceField: Sendable, Equatable {
    public var key: String
    public var value: TraceValue

    public init(_ key: String, _ value: TraceValue) {
        self.key = key
        self.value = value
    }
}
