extension JSONLTraceWriter {
    /// Keys whose empty array `[]` reads back as `.ints([])`; every other
    /// empty array reads back as `.strings([])`. (Both write as `[]`, so the
    /// key is the only hint left.)
    public static let integerArrayKeys: Set<String> = ["txns", "damage"]

    /// Reads one line written by `line(_:)` / `render(_:)`.
    ///
    /// Accepts exactly the flat shape of the contract: one object whose
    /// members are integers, strings, `true`/`false`, `null`, or arrays of
    /// only strings or only integers. The first `t`, `iter` and `ev` members
    /// (in any order) make the event's header; every other member becomes a
    /// field, in order. Whitespace between tokens and a trailing line break
    /// are allowed. Throws `TraceParseError` naming the 1-based column
    /// (in Unicode scalars) of the problem.
    public static func parse(line: String) throws(TraceParseError) -> TraceEvent {
        var reader = JSONLReader(bytes: Array(line.utf8))
        return try reader.readEvent()
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
                var reader = JSONLReader(bytes: bytes, start: start, end: end)
                do {
                    events.append(try reader.readEvent())
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
}

/// A small reader for exactly the flat object shape the writer produces.
struct JSONLReader {
    let bytes: [UInt8]
    /// Where the line starts (columns count from here) and ends.
    let lineStart: Int
    let lineEnd: Int
    var pos: Int

    init(bytes: [UInt8], start: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        lineStart = start
        lineEnd = end ?? bytes.count
        pos = start
    }

    private enum Element {
        case int(Int64)
        case string(String)
    }

    mutating func readEvent() throws(TraceParseError) -> TraceEvent {
        skipWhitespace()
        if pos >= lineEnd { throw error("empty line, expected '{'") }
        try expect(UInt8(ascii: "{"), "expected '{' to start the event object")
        var t: Int64?
        var iter: Int?
        var ev: String?
        var fields: [TraceField] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            pos += 1
        } else {
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else {
                    throw error("expected a key string, found \(found())")
                }
                let key = try readString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"), "expected ':' after key \(quoted(key))")
                skipWhitespace()
                let valuePos = pos
                var value = try readValue()
                if case .strings(let items) = value, items.isEmpty,
                   JSONLTraceWriter.integerArrayKeys.contains(key) {
                    value = .ints([])
                }
                switch key {
                case "t" where t == nil:
                    guard case .int(let v) = value else {
                        throw error("key \"t\" must be an integer", at: valuePos)
                    }
                    t = v
                case "iter" where iter == nil:
                    guard case .int(let v) = value, let n = Int(exactly: v) else {
                        throw error("key \"iter\" must be an integer", at: valuePos)
                    }
                    iter = n
                case "ev" where ev == nil:
                    guard case .string(let s) = value else {
                        throw error("key \"ev\" must be a string", at: valuePos)
                    }
                    ev = s
                default:
                    fields.append(TraceField(key, value))
                }
                skipWhitespace()
                guard let next = peek() else {
                    throw error("expected ',' or '}', found end of line")
                }
                if next == UInt8(ascii: ",") {
                    pos += 1
                    continue
                }
                if next == UInt8(ascii: "}") {
                    pos += 1
                    break
                }
                throw error("expected ',' or '}' after the value of \(quoted(key)), found \(found())")
            }
        }
        let closePos = pos - 1
        skipWhitespace()
        if pos < lineEnd {
            throw error("unexpected \(found()) after the end of the object")
        }
        guard let t else { throw error("missing key \"t\"", at: closePos) }
        guard let iter else { throw error("missing key \"iter\"", at: closePos) }
        guard let ev else { throw error("missing key \"ev\"", at: closePos) }
        return TraceEvent(t: t, iter: iter, ev: ev, fields)
    }

    // MARK: Values

    private mutating func readValue() throws(TraceParseError) -> TraceValue {
        guard let byte = peek() else { throw error("expected a value, found end of line") }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .int(try readInt())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        case UInt8(ascii: "["):
            return try readArray()
        case UInt8(ascii: "{"):
            throw error("nested objects are not supported")
        default:
            throw error("expected a value, found \(found())")
        }
    }

    private mutating func readArray() throws(TraceParseError) -> TraceValue {
        pos += 1  // [
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            pos += 1
            return .strings([])
        }
        var strings: [String] = []
        var ints: [Int64] = []
        var isInts: Bool?
        while true {
            skipWhitespace()
            let elementPos = pos
            let element: Element
            switch peek() {
            case UInt8(ascii: "\"")?:
                element = .string(try readString())
            case (UInt8(ascii: "-"))?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?:
                element = .int(try readInt())
            case nil:
                throw error("unterminated array, found end of line")
            default:
                throw error("array elements must be strings or integers, found \(found())")
            }
            switch element {
            case .string(let s):
                if isInts == true { throw error("array mixes integers and strings", at: elementPos) }
                isInts = false
                strings.append(s)
            case .int(let v):
                if isInts == false { throw error("array mixes strings and integers", at: elementPos) }
                isInts = true
                ints.append(v)
            }
            skipWhitespace()
            guard let next = peek() else { throw error("unterminated array, found end of line") }
            if next == UInt8(ascii: ",") {
                pos += 1
                continue
            }
            if next == UInt8(ascii: "]") {
                pos += 1
                break
            }
            throw error("expected ',' or ']' in array, found \(found())")
        }
        return isInts == true ? .ints(ints) : .strings(strings)
    }

    private mutating func readLiteral(_ word: StaticString) throws(TraceParseError) {
        let start = pos
        let count = word.utf8CodeUnitCount
        var matches = pos + count <= lineEnd
        if matches {
            word.withUTF8Buffer { w in
                for i in 0..<count where bytes[start + i] != w[i] {
                    matches = false
                    break
                }
            }
        }
        guard matches else { throw error("expected a value, found \(found())") }
        pos += count
    }

    private mutating func readInt() throws(TraceParseError) -> Int64 {
        let start = pos
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            pos += 1
        }
        guard let first = peek(), isDigit(first) else {
            throw error("expected a digit, found \(found())")
        }
        if first == UInt8(ascii: "0"), pos + 1 < lineEnd, isDigit(bytes[pos + 1]) {
            throw error("leading zeros are not allowed")
        }
        let limit: UInt64 = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        var magnitude: UInt64 = 0
        while let digit = peek(), isDigit(digit) {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit - 48))
            if o1 || o2 || sum > limit {
                throw error("integer out of the 64-bit range", at: start)
            }
            magnitude = sum
            pos += 1
        }
        if let next = peek(), next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            throw error("numbers must be integers (no fraction or exponent)")
        }
        if negative {
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return Int64(magnitude)
    }

    private mutating func readString() throws(TraceParseError) -> String {
        let start = pos
        pos += 1  // opening quote
        // Fast path: no escapes before the closing quote.
        var scan = pos
        while scan < lineEnd {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[pos..<scan], as: UTF8.self)
                pos = scan + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            scan += 1
        }
        var text: [UInt8] = Array(bytes[pos..<scan])
        pos = scan
        while true {
            guard pos < lineEnd else {
                throw error("unterminated string", at: start)
            }
            let byte = bytes[pos]
            switch byte {
            case UInt8(ascii: "\""):
                pos += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escapePos = pos
                pos += 1
                guard let code = peek() else { throw error("unterminated string", at: start) }
                pos += 1
                switch code {
                case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): text.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    var unit = try readHex4(escapeAt: escapePos)
                    if (0xD800...0xDBFF).contains(unit) {
                        guard pos + 1 < lineEnd,
                              bytes[pos] == UInt8(ascii: "\\"),
                              bytes[pos + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired high surrogate in \\u escape", at: escapePos)
                        }
                        let lowPos = pos
                        pos += 2
                        let low = try readHex4(escapeAt: lowPos)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("expected a low surrogate \\u escape", at: lowPos)
                        }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        throw error("unpaired low surrogate in \\u escape", at: escapePos)
                    }
                    guard let scalar = Unicode.Scalar(unit) else {
                        throw error("invalid \\u escape", at: escapePos)
                    }
                    text.append(contentsOf: UTF8.encode(scalar)!)
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(code)))'", at: escapePos)
                }
            case 0x00..<0x20:
                throw error("control character U+\(hex4(UInt32(byte))) must be escaped in a string")
            default:
                text.append(byte)
                pos += 1
            }
        }
    }

    private mutating func readHex4(escapeAt escapePos: Int) throws(TraceParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else {
                throw error("incomplete \\u escape", at: escapePos)
            }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
            default: throw error("expected a hex digit in \\u escape, found \(found())")
            }
            value = value << 4 | digit
            pos += 1
        }
        return value
    }

    // MARK: Helpers

    private func peek() -> UInt8? {
        pos < lineEnd ? bytes[pos] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipWhitespace() {
        while pos < lineEnd {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ message: String) throws(TraceParseError) {
        guard peek() == byte else { throw error("\(message), found \(found())") }
        pos += 1
    }

    /// A short description of what is at the current position.
    private func found() -> String {
        guard pos < lineEnd else { return "end of line" }
        var end = pos + 1
        while end < lineEnd, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[pos..<end], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "end of line" }
        if scalar.value < 0x20 || scalar.value == 0x7F {
            return "U+\(hex4(scalar.value))"
        }
        return "'\(text)'"
    }

    private func quoted(_ key: String) -> String {
        var out: [UInt8] = []
        JSONWriter.appendString(key, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// 1-based column of `position`, counted in Unicode scalars.
    private func column(of position: Int) -> Int {
        var column = 1
        var i = lineStart
        let end = min(position, lineEnd)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }

    private func error(_ message: String, at position: Int? = nil) -> TraceParseError {
        TraceParseError(column: column(of: position ?? pos), message: message)
    }
}
