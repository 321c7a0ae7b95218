/// Writes the JSON Lines form of a trace (`docs/guide/trace-format.md`).
///
/// Each event is one object on one line, `{"t":…,"iter":…,"ev":"…",…}`, with
/// the keys of the event's kind in the contract's fixed order
/// (`TraceEvent.Kind.fields`), no spaces, and strings escaped as
/// RFC 8259 asks (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control
/// characters as `\u00xx`; everything else, non-ASCII included, as UTF-8).
/// Equal events always give identical bytes. `JSONLTraceReader` reads it back.
public enum JSONLTraceWriter {
    /// Every event as one line, each line ended by `"\n"`.
    public static func render(_ events: [TraceEvent]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(events.count * 96)
        for event in events {
            appendLine(event, to: &out)
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One event as a JSON object, without the line's closing `"\n"`.
    public static func line(_ e: TraceEvent) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(96)
        appendLine(e, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendLine(_ e: TraceEvent, to out: inout [UInt8]) {
        JSONWriter.appendLiteral(#"{"t":"#, to: &out)
        JSONWriter.appendInt(e.t, to: &out)
        JSONWriter.appendLiteral(#","iter":"#, to: &out)
        JSONWriter.appendInt(Int64(e.iter), to: &out)
        JSONWriter.appendLiteral(#","ev":"#, to: &out)
        JSONWriter.appendString(e.kind.name, to: &out)
        for field in e.kind.fields {
            out.append(UInt8(ascii: ","))
            JSONWriter.appendString(field.key, to: &out)
            out.append(UInt8(ascii: ":"))
            field.value.appendJSON(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
