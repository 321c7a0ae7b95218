/// The project's JSON reader: reads JSON text into `JSONValue`s, with an
/// error that names the 1-based column of the problem.
///
/// It reads RFC 8259 JSON; integers must fit in 64 bits (a number with a
/// fraction or an exponent reads as `.number` with its text, for the caller
/// to refuse: LoopSim's files hold whole numbers only), and it is bounded: arrays and objects nest at most `maxDepth`
/// deep, so no input can exhaust the stack. A reader covers one range of
/// a byte buffer (a whole text, or one line of it); columns count from the
/// start of that range. Messages say what was expected and what was found
/// (`expected ',' or '}' after the value of "t", found 'x'`).
///
///     var reader = JSONReader(#"{"frame":1,"txns":[2,3]}"#)
///     let members = try reader.readObjectDocument()
package struct JSONReader {
    /// How deep arrays and objects may nest unless told otherwise.
    public static let defaultMaxDepth = 32

    /// The input bytes; only `start..<end` is read.
    public let bytes: [UInt8]
    /// Where the range starts (columns count from here) and ends.
    public let start: Int
    public let end: Int
    /// How deep arrays and objects may nest.
    public let maxDepth: Int
    /// The offset of the next byte to read.
    public private(set) var pos: Int
    private var depth = 0

    /// A reader of `bytes[start..<end]` (the whole buffer by default).
    public init(bytes: [UInt8], start: Int = 0, end: Int? = nil, maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.bytes = bytes
        self.start = start
        self.end = end ?? bytes.count
        self.maxDepth = maxDepth
        pos = start
    }

    /// A reader of the UTF-8 bytes of `text`.
    public init(_ text: String, maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.init(bytes: Array(text.utf8), maxDepth: maxDepth)
    }

    // MARK: Documents

    /// Reads one value and checks that only whitespace follows it.
    public mutating func readDocument() throws(JSONReadError) -> JSONValue {
        skipWhitespace()
        if pos >= end { throw error("empty input, expected a value") }
        let value = try readValue()
        try expectEnd()
        return value
    }

    /// Reads one object, and checks that only whitespace follows it; returns
    /// its members in order. `closeOffset` is set to the offset of its `}`.
    public mutating func readObjectDocument(closeOffset: inout Int) throws(JSONReadError) -> [JSONMember] {
        skipWhitespace()
        if pos >= end { throw error("empty input, expected '{'") }
        guard peek() == UInt8(ascii: "{") else { throw error("expected '{' to start an object, found \(found())") }
        let members = try readObject()
        closeOffset = pos - 1
        try expectEnd()
        return members
    }

    /// Checks that only whitespace is left.
    public mutating func expectEnd() throws(JSONReadError) {
        skipWhitespace()
        if pos < end { throw error("unexpected \(found()) after the end of the value") }
    }

    // MARK: Values

    /// Reads the value at the current position (after any whitespace).
    public mutating func readValue() throws(JSONReadError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw error("expected a value, found end of input") }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
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
            return .array(try readArray())
        case UInt8(ascii: "{"):
            return .object(try readObject())
        default:
            throw error("expected a value, found \(found())")
        }
    }

    private mutating func enter() throws(JSONReadError) {
        depth += 1
        if depth > maxDepth { throw error("arrays and objects nest more than \(maxDepth) deep") }
    }

    private mutating func readArray() throws(JSONReadError) -> [JSONValue] {
        try enter()
        defer { depth -= 1 }
        pos += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            pos += 1
            return items
        }
        while true {
            items.append(try readValue())
            skipWhitespace()
            guard let next = peek() else { throw error("unterminated array, found end of input") }
            pos += 1
            if next == UInt8(ascii: ",") { continue }
            if next == UInt8(ascii: "]") { return items }
            pos -= 1
            throw error("expected ',' or ']' in an array, found \(found())")
        }
    }

    private mutating func readObject() throws(JSONReadError) -> [JSONMember] {
        try enter()
        defer { depth -= 1 }
        pos += 1  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            pos += 1
            return members
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a key string, found \(found())") }
            let keyOffset = pos
            let key = try readString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after key \(quoted(key)), found \(found())") }
            pos += 1
            skipWhitespace()
            let valueOffset = pos
            let value = try readValue()
            members.append(JSONMember(key: key, value: value, keyOffset: keyOffset, valueOffset: valueOffset))
            skipWhitespace()
            guard let next = peek() else { throw error("expected ',' or '}', found end of input") }
            pos += 1
            if next == UInt8(ascii: ",") { continue }
            if next == UInt8(ascii: "}") { return members }
            pos -= 1
            throw error("expected ',' or '}' after the value of \(quoted(key)), found \(found())")
        }
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONReadError) {
        let start = pos
        let count = word.utf8CodeUnitCount
        var matches = pos + count <= end
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

    /// An integer as `.int`; a number with a fraction or an exponent as
    /// `.number` with its text, for the caller to refuse by key.
    private mutating func readNumber() throws(JSONReadError) -> JSONValue {
        let start = pos
        let integer = try readInt()
        guard let next = peek(), next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") else {
            return .int(integer)
        }
        if next == UInt8(ascii: ".") {
            pos += 1
            try readDigits()
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            pos += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { pos += 1 }
            try readDigits()
        }
        return .number(String(decoding: bytes[start..<pos], as: UTF8.self))
    }

    private mutating func readDigits() throws(JSONReadError) {
        guard let first = peek(), isDigit(first) else { throw error("expected a digit, found \(found())") }
        while let digit = peek(), isDigit(digit) { pos += 1 }
    }

    private mutating func readInt() throws(JSONReadError) -> Int64 {
        let start = pos
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            pos += 1
        }
        guard let first = peek(), isDigit(first) else {
            throw error("expected a digit, found \(found())")
        }
        if first == UInt8(ascii: "0"), pos + 1 < end, isDigit(bytes[pos + 1]) {
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
        if negative {
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return Int64(magnitude)
    }

    private mutating func readString() throws(JSONReadError) -> String {
        let start = pos
        pos += 1  // opening quote
        // Fast path: no escapes before the closing quote.
        var scan = pos
        while scan < end {
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
            guard pos < end else {
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
                        guard pos + 1 < end,
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

    private mutating func readHex4(escapeAt escapePos: Int) throws(JSONReadError) -> UInt32 {
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
        pos < end ? bytes[pos] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipWhitespace() {
        while pos < end {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    /// A short description of what is at the current position.
    private func found() -> String {
        guard pos < end else { return "end of input" }
        var end = pos + 1
        while end < end, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[pos..<end], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "end of input" }
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
    public func column(of position: Int) -> Int {
        var column = 1
        var i = start
        let end = min(position, end)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }

    /// An error at `position` (the current position by default).
    public func error(_ message: String, at position: Int? = nil) -> JSONReadError {
        JSONReadError(column: column(of: position ?? pos), message: message)
    }
}
