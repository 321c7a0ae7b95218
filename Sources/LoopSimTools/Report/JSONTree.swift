import LoopSimTrace

/// A JSON value to write: the report's data and `run.json` are built as a
/// tree and written through the project's ``JSONWriter``, so strings are
/// escaped as every other file LoopSim writes.
package indirect enum JSONTree {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSONTree])
    /// Members in the order given (never a dictionary's order).
    case object([(String, JSONTree)])

    package static func ints(_ values: [Int64]) -> JSONTree { .array(values.map { .int($0) }) }
    package static func strings(_ values: [String]) -> JSONTree { .array(values.map { .string($0) }) }
    package static func optional(_ value: String?) -> JSONTree { value.map { .string($0) } ?? .null }

    /// The compact bytes, no whitespace.
    package var bytes: [UInt8] {
        var out: [UInt8] = []
        append(to: &out)
        return out
    }

    package func append(to out: inout [UInt8]) {
        switch self {
        case .null: JSONWriter.appendLiteral("null", to: &out)
        case .bool(let b): b ? JSONWriter.appendLiteral("true", to: &out) : JSONWriter.appendLiteral("false", to: &out)
        case .int(let i): JSONWriter.appendInt(i, to: &out)
        case .string(let s): JSONWriter.appendString(s, to: &out)
        case .array(let items): JSONWriter.appendArray(items, to: &out) { item, out in item.append(to: &out) }
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (n, (key, value)) in members.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.append(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

/// Reading a `JSONValue` by key, with errors that name the key.
extension JSONValue {
    package func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    package var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    package var intValue: Int64? { if case .int(let i) = self { i } else { nil } }
    package var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    package var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
}
