extension TraceValue {
    /// Appends this value as JSON: integers, strings, booleans, `null`, and
    /// arrays of strings or integers.
    func appendJSON(to out: inout [UInt8]) {
        switch self {
        case .int(let v):
            JSONWriter.appendInt(v, to: &out)
        case .string(let s):
            JSONWriter.appendString(s, to: &out)
        case .bool(let b):
            if b { JSONWriter.appendLiteral("true", to: &out) } else { JSONWriter.appendLiteral("false", to: &out) }
        case .null:
            JSONWriter.appendLiteral("null", to: &out)
        case .strings(let items):
            JSONWriter.appendArray(items, to: &out) { JSONWriter.appendString($0, to: &$1) }
        case .ints(let items):
            JSONWriter.appendArray(items, to: &out) { JSONWriter.appendInt($0, to: &$1) }
        }
    }
}
