/// Reads the JSON Lines form of a trace (`docs/guide/trace-format.md`) back into typed
/// events, with the project's JSON reader.
///
/// Each line is one object: `t`, `iter` and `ev` (in any order) and exactly
/// the keys of that kind, each of its contract type. Whitespace between
/// tokens, a trailing `\r` and blank lines are allowed. A line that does not
/// read throws `TraceParseError` naming the 1-based column (in Unicode
/// scalars) of the problem: an unknown kind at its `ev` value, an unknown or
/// repeated key at the key, a missing key at the closing `}`, a wrong value
/// at the value.
public enum JSONLTraceReader {
    /// Reads one line written by `JSONLTraceWriter.line(_:)`.
    public static func parse(line: String) throws(TraceParseError) -> TraceEvent {
        let bytes = Array(line.utf8)
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return try event(JSONReader(bytes: bytes, end: end))
    }

    /// Reads a whole JSON Lines text, skipping blank lines. Errors carry the
    /// 1-based line number as well as the column.
    public static func parse(_ text: String) throws(TraceParseError) -> [TraceEvent] {
        var events: [TraceEvent] = []
        let bytes = Array(text.utf8)
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let next = end + 1
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if bytes[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                do {
                    events.append(try event(JSONReader(bytes: bytes, start: start, end: end)))
                } catch {
                    var located = error
                    located.line = lineNumber
                    throw located
                }
            }
            start = next
        }
        return events
    }

    private static func event(_ reader: JSONReader) throws(TraceParseError) -> TraceEvent {
        var reader = reader
        do {
            var close = 0
            let members = try reader.readObjectDocument(closeOffset: &close)
            var decoder = TraceEventDecoder(reader: reader, members: members, closeOffset: close)
            return try decoder.decode()
        } catch {
            throw TraceParseError(column: error.column, message: error.message)
        }
    }
}
