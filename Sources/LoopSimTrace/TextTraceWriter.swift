/// Writes a trace as aligned lines for people.
///
/// ```
///     0.000000000  #0    run.begin   mode=default depth=1
///     0.000000000  #1      activity    entry default
///     0.000000000  #1      activity    beforeTimers default
///     0.000000000  #1      callout     timer tick
///     0.000000000  #1        log         text="tick fired"
///     0.000000000  #1      end         timer tick
///     0.000000000  #1      sleep       mode=default until=0.016000000
/// ```
///
/// Columns: the virtual time in seconds with 9 decimals, right-aligned; the
/// pass as `#N`; then two spaces of indentation per open block; the event kind
/// padded to a fixed width; then the fields.
///
/// Blocks are runs (`run.begin` … `run.end`) and callouts (`callout` …
/// `callout.end`): the opening and closing lines stand at the outer level and
/// everything between them one level deeper, so a run nested inside a timer
/// callout reads as nested. A `run.begin` whose `depth` is not deeper than a
/// run still open closes that stale run first; an end without a matching open
/// block changes nothing.
///
/// Fields are `key=value`. Strings are bare unless empty or containing
/// whitespace, control characters or `"` (then quoted JSON-style); arrays are
/// `[a,b]`; `null` is `-`; the nanosecond fields `until`, `duration` and
/// `present` are shown in seconds like the time column. `activity` lines show
/// just the activity and the mode, `callout` / `callout.end` (shown as `end`)
/// the callout kind and name; any further fields follow as `key=value`.
/// The output depends only on the events.
public enum TextTraceWriter {
    /// Width of the right-aligned time column (`    1.000000000`).
    public static let timeWidth = 15
    /// Width of the left-aligned pass column (`#12`), separator included.
    public static let passWidth = 6
    /// Width the event kind is padded to.
    public static let kindWidth = 12
    /// Indentation per open run or callout.
    public static let indentUnit = "  "
    /// Integer fields holding nanoseconds, shown in seconds.
    public static let nanosecondKeys: Set<String> = ["until", "duration", "present"]

    /// Every event as one line, each line ended by `"\n"`.
    public static func render(_ events: [TraceEvent]) -> String {
        var out = ""
        out.reserveCapacity(events.count * 72)
        var blocks: [Block] = []
        for event in events {
            let indent = level(after: event, blocks: &blocks)
            appendLine(event, indent: indent, to: &out)
            out.append("\n")
        }
        return out
    }

    /// One event as a line (no trailing `"\n"`), at the given nesting level.
    public static func line(_ e: TraceEvent, indent: Int = 0) -> String {
        var out = ""
        appendLine(e, indent: indent, to: &out)
        return out
    }

    /// `ns` as seconds with exactly 9 decimals, e.g. `1.000000000`, `-0.000000001`.
    public static func seconds(_ ns: Int64) -> String {
        let magnitude = ns.magnitude
        let whole = magnitude / 1_000_000_000
        let fraction = String(magnitude % 1_000_000_000)
        let sign = ns < 0 ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: 9 - fraction.count) + fraction
    }

    // MARK: Nesting

    enum Block: Equatable {
        case run(depth: Int64?)
        case callout(kind: String?, name: String?)
    }

    /// Updates the open blocks for `event` and returns its indentation level.
    static func level(after event: TraceEvent, blocks: inout [Block]) -> Int {
        switch event.ev {
        case "run.begin":
            let depth = event.int("depth")
            if let depth {
                while let stale = blocks.lastIndex(where: {
                    if case .run(let d?) = $0 { return d >= depth }
                    return false
                }) {
                    blocks.removeSubrange(stale...)
                }
            }
            let level = blocks.count
            blocks.append(.run(depth: depth))
            return level
        case "run.end":
            let depth = event.int("depth")
            if let open = blocks.lastIndex(where: {
                if case .run(let d) = $0 { return depth == nil || d == depth }
                return false
            }) {
                blocks.removeSubrange(open...)
            }
            return blocks.count
        case "callout":
            let level = blocks.count
            blocks.append(.callout(kind: event.string("kind"), name: event.string("name")))
            return level
        case "callout.end":
            let me = Block.callout(kind: event.string("kind"), name: event.string("name"))
            if let open = blocks.lastIndex(of: me) {
                blocks.removeSubrange(open...)
            }
            return blocks.count
        default:
            return blocks.count
        }
    }

    // MARK: Lines

    static func appendLine(_ e: TraceEvent, indent: Int, to out: inout String) {
        let time = seconds(e.t)
        pad(&out, timeWidth - time.count)
        out.append(time)
        out.append("  ")
        let pass = "#" + String(e.iter)
        out.append(pass)
        pad(&out, max(1, passWidth - pass.count))
        for _ in 0..<max(0, indent) { out.append(indentUnit) }

        let kind: String
        var positional: [String] = []
        switch e.ev {
        case "activity": kind = "activity"; positional = ["activity", "mode"]
        case "callout": kind = "callout"; positional = ["kind", "name"]
        case "callout.end": kind = "end"; positional = ["kind", "name"]
        default: kind = e.ev
        }
        var parts: [String] = []
        var used = Set<Int>()
        for key in positional {
            if let index = e.fields.firstIndex(where: { $0.key == key }), !used.contains(index) {
                used.insert(index)
                parts.append(text(e.fields[index].value, key: key))
            }
        }
        for (index, field) in e.fields.enumerated() where !used.contains(index) {
            parts.append(field.key + "=" + text(field.value, key: field.key))
        }

        let kindText = kind.isEmpty ? "\"\"" : kind
        out.append(kindText)
        if parts.isEmpty { return }
        pad(&out, max(1, kindWidth - kindText.unicodeScalars.count))
        for (i, part) in parts.enumerated() {
            if i > 0 { out.append(" ") }
            out.append(part)
        }
    }

    /// One value as shown after `key=`.
    static func text(_ value: TraceValue, key: String) -> String {
        switch value {
        case .int(let v):
            return nanosecondKeys.contains(key) ? seconds(v) : String(v)
        case .string(let s):
            return word(s, inArray: false)
        case .bool(let b):
            return b ? "true" : "false"
        case .null:
            return "-"
        case .strings(let items):
            return "[" + items.map { word($0, inArray: true) }.joined(separator: ",") + "]"
        case .ints(let items):
            return "[" + items.map { String($0) }.joined(separator: ",") + "]"
        }
    }

    /// `s` bare, or quoted JSON-style when it would not read as one word.
    static func word(_ s: String, inArray: Bool) -> String {
        if s.isEmpty || s.unicodeScalars.contains(where: { needsQuotes($0, inArray: inArray) }) {
            var bytes: [UInt8] = []
            TraceJSON.appendString(s, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        return s
    }

    private static func needsQuotes(_ c: Unicode.Scalar, inArray: Bool) -> Bool {
        switch c {
        case "\u{00}"..."\u{20}", "\u{7F}", "\"": return true
        case ",", "[", "]": return inArray
        default: return c.properties.isWhitespace || c.properties.generalCategory == .control
        }
    }

    private static func pad(_ out: inout String, _ count: Int) {
        if count > 0 { out.append(String(repeating: " ", count: count)) }
    }
}
