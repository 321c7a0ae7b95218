/// Writes a trace as aligned lines for people.
///
/// ```
///     0.000000000  #0    run.begin   mode=default depth=1
///     0.000000000  #1      activity    beforeTimers default
///     0.016000000  #1      callout     timer tick
///     0.016000000  #1        log         text="tick fired"
///     0.016000000  #1        blocked     duration=0.005000000
///     0.021000000  #1        run.begin   mode=tracking depth=2
///     0.021000000  #2          activity    beforeTimers tracking
///     0.022000000  #2        run.end     mode=tracking depth=2 result=handledSource
///     0.022000000  #2      end         timer tick
///     0.022000000  #3      sleep       mode=default until=-
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
/// block changes nothing. Which kinds open and close blocks, and how each kind
/// is labelled, are exhaustive switches over `TraceEvent.Kind`.
///
/// Fields are `key=value`. Strings (kinds and keys too) are bare unless empty
/// or containing whitespace, control characters or `"` (then quoted
/// JSON-style); arrays are `[a,b]` (elements also quoted when they contain
/// `,`, `[` or `]`); `null` is `-`; the nanosecond fields `until`, `duration`
/// and `present` are shown in seconds like the time column. `activity` lines
/// show just the activity and the mode, `callout` / `callout.end` (shown as
/// `end`) the callout kind and name; any further fields follow as `key=value`.
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
    public static let nanosecondKeys: Set<String> = ["until", "duration", "present", "timestamp", "targetTimestamp"]

    /// Every event as one line, each line ended by `"\n"` — or, with
    /// `options`, the lines they keep (``TextTraceOptions``).
    public static func render(_ events: [TraceEvent], options: TextTraceOptions = TextTraceOptions()) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(events.count * 72)
        var formatter = TextTraceFormatter(options: options)
        for event in events { formatter.append(event, to: &out) }
        formatter.finish(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// One event as a line (no trailing `"\n"`), at the given nesting level.
    public static func line(_ e: TraceEvent, indent: Int = 0) -> String {
        var out: [UInt8] = []
        appendLine(e, indent: indent, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `ns` as seconds with exactly 9 decimals, e.g. `1.000000000`, `-0.000000001`.
    public static func seconds(_ ns: Int64) -> String {
        var out: [UInt8] = []
        appendSeconds(ns, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Nesting

    enum Block: Equatable {
        case run(depth: Int)
        case callout(kind: TraceEvent.CalloutKind, name: String)
    }

    /// Updates the open blocks for `event` and returns its indentation level.
    static func level(after event: TraceEvent, blocks: inout [Block]) -> Int {
        switch event.kind {
        case .runBegin(_, let depth):
            while let stale = blocks.lastIndex(where: {
                if case .run(let d) = $0 { return d >= depth }
                return false
            }) {
                blocks.removeSubrange(stale...)
            }
            let level = blocks.count
            blocks.append(.run(depth: depth))
            return level
        case .runEnd(_, let depth, _):
            if let open = blocks.lastIndex(of: .run(depth: depth)) {
                blocks.removeSubrange(open...)
            }
            return blocks.count
        case .callout(let kind, let name, _):
            let level = blocks.count
            blocks.append(.callout(kind: kind, name: name))
            return level
        case .calloutEnd(let kind, let name):
            if let open = blocks.lastIndex(of: .callout(kind: kind, name: name)) {
                blocks.removeSubrange(open...)
            }
            return blocks.count
        case .activity, .sleep, .wake, .blocked, .set, .txnBegin, .txnCommit, .commit, .frame, .animBegin,
             .animEnd, .completion, .log, .warn, .note, .post, .latency, .stateSet, .swiftUIFlush, .hostInvalidate, .body,
             .taskCreate, .taskEnqueue, .taskRun, .taskSuspend, .taskResume, .poolBusy, .taskCancel, .taskEnd:
            return blocks.count
        }
    }

    // MARK: Lines

    private static let space = UInt8(ascii: " ")

    /// - Parameter names: words shown in parentheses after a `set` event's
    ///   `value` and after a `commit` event's `changes` values that they
    ///   name (`#ffff00ff (yellow)`; ``TextTraceOptions/valueNames``).
    static func appendLine(_ e: TraceEvent, indent: Int, names: [String: String] = [:], to out: inout [UInt8]) {
        appendColumns(e, indent: indent, to: &out)

        let (label, positional) = label(of: e.kind)
        let kindWidthUsed = appendWord(label, inArray: false, to: &out)
        let fields = e.kind.fields
        if fields.isEmpty { return }
        pad(&out, max(1, kindWidth - kindWidthUsed))
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(space) }
            if index >= positional {
                appendWord(field.key, inArray: false, to: &out)
                out.append(UInt8(ascii: "="))
            }
            if names.isEmpty {
                appendValue(field.value, key: field.key, to: &out)
            } else {
                appendNamedValue(field.value, key: field.key, names: names, to: &out)
            }
        }
    }

    /// `appendValue`, then ` (NAME)` after a `value` string or each
    /// `changes` element's `VALUE` (after its first `=`) that `names` names.
    private static func appendNamedValue(_ value: TraceValue, key: String, names: [String: String], to out: inout [UInt8]) {
        switch (key, value) {
        case ("value", .string(let s)):
            appendWord(s, inArray: false, to: &out)
            appendName(names[s], to: &out)
        case ("changes", .strings(let items)):
            JSONWriter.appendArray(items, to: &out) { item, out in
                appendWord(item, inArray: true, to: &out)
                if let eq = item.firstIndex(of: "=") { appendName(names[String(item[item.index(after: eq)...])], to: &out) }
            }
        default:
            appendValue(value, key: key, to: &out)
        }
    }

    private static func appendName(_ name: String?, to out: inout [UInt8]) {
        guard let name else { return }
        JSONWriter.appendRaw(" (", to: &out)
        JSONWriter.appendRaw(name, to: &out)
        out.append(UInt8(ascii: ")"))
    }

    /// The time, the pass and the indentation that start every line.
    private static func appendColumns(_ e: TraceEvent, indent: Int, to out: inout [UInt8]) {
        pad(&out, timeWidth - secondsLength(e.t))
        appendSeconds(e.t, to: &out)
        out.append(space)
        out.append(space)
        let passStart = out.count
        out.append(UInt8(ascii: "#"))
        JSONWriter.appendInt(Int64(e.iter), to: &out)
        pad(&out, max(1, passWidth - (out.count - passStart)))
        for _ in 0..<max(0, indent) { JSONWriter.appendRaw(indentUnit, to: &out) }
    }

    /// The line of `count` folded observer callouts, at the time, pass and
    /// level of the first (`first`): `observers   5 empty callouts folded`.
    static func appendFoldedLine(at first: TraceEvent, indent: Int, count: Int, to out: inout [UInt8]) {
        appendColumns(first, indent: indent, to: &out)
        JSONWriter.appendRaw("observers", to: &out)
        pad(&out, kindWidth - 9)
        JSONWriter.appendInt(Int64(count), to: &out)
        JSONWriter.appendRaw(count == 1 ? " empty callout folded" : " empty callouts folded", to: &out)
    }

    /// The word a line shows for the kind, and how many of its first fields
    /// are shown as bare values (`activity beforeTimers default`,
    /// `callout timer tick`) rather than `key=value`.
    static func label(of kind: TraceEvent.Kind) -> (String, positional: Int) {
        switch kind {
        case .activity, .callout: (kind.name, 2)
        case .calloutEnd: ("end", 2)
        case .runBegin, .runEnd, .sleep, .wake, .blocked, .set, .txnBegin, .txnCommit, .commit, .frame, .animBegin,
             .animEnd, .completion, .log, .warn, .note, .post, .latency, .stateSet, .swiftUIFlush, .hostInvalidate, .body,
             .taskCreate, .taskEnqueue, .taskRun, .taskSuspend, .taskResume, .poolBusy, .taskCancel, .taskEnd:
            (kind.name, 0)
        }
    }

    /// Characters `appendSeconds` writes for `ns`.
    static func secondsLength(_ ns: Int64) -> Int {
        var whole = ns.magnitude / 1_000_000_000
        var digits = 1
        while whole >= 10 { whole /= 10; digits += 1 }
        return (ns < 0 ? 1 : 0) + digits + 10
    }

    static func appendSeconds(_ ns: Int64, to out: inout [UInt8]) {
        let magnitude = ns.magnitude
        if ns < 0 { out.append(UInt8(ascii: "-")) }
        JSONWriter.appendUInt(magnitude / 1_000_000_000, to: &out)
        out.append(UInt8(ascii: "."))
        var fraction = magnitude % 1_000_000_000
        var divisor: UInt64 = 100_000_000
        while divisor > 0 {
            out.append(UInt8(truncatingIfNeeded: fraction / divisor) &+ 48)
            fraction %= divisor
            divisor /= 10
        }
    }

    /// One value as shown after `key=`.
    static func appendValue(_ value: TraceValue, key: String, to out: inout [UInt8]) {
        switch value {
        case .int(let v):
            if nanosecondKeys.contains(key) {
                appendSeconds(v, to: &out)
            } else {
                JSONWriter.appendInt(v, to: &out)
            }
        case .string(let s):
            appendWord(s, inArray: false, to: &out)
        case .bool(let b):
            if b { JSONWriter.appendLiteral("true", to: &out) } else { JSONWriter.appendLiteral("false", to: &out) }
        case .null:
            out.append(UInt8(ascii: "-"))
        case .strings(let items):
            JSONWriter.appendArray(items, to: &out) { appendWord($0, inArray: true, to: &$1) }
        case .ints(let items):
            JSONWriter.appendArray(items, to: &out) { JSONWriter.appendInt($0, to: &$1) }
        }
    }

    /// Appends `s` bare, or quoted JSON-style when it would not read as one
    /// word; returns how many characters (Unicode scalars) were written.
    @discardableResult
    static func appendWord(_ s: String, inArray: Bool, to out: inout [UInt8]) -> Int {
        let start = out.count
        if needsQuotes(s, inArray: inArray) {
            JSONWriter.appendString(s, to: &out)
        } else {
            JSONWriter.appendRaw(s, to: &out)
        }
        var width = 0
        for i in start..<out.count where out[i] & 0xC0 != 0x80 { width += 1 }
        return width
    }

    static func needsQuotes(_ s: String, inArray: Bool) -> Bool {
        if s.isEmpty { return true }
        var ascii = true
        for byte in s.utf8 {
            switch byte {
            case 0x00...0x20, 0x7F, UInt8(ascii: "\""): return true
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"): if inArray { return true }
            case 0x80...: ascii = false
            default: break
            }
        }
        if ascii { return false }
        return s.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
        }
    }

    private static func pad(_ out: inout [UInt8], _ count: Int) {
        if count > 0 { out.append(contentsOf: repeatElement(space, count: count)) }
    }
}
