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
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.appendString(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .ints(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.appendInt(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }
}
