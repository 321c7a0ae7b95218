/// The project's JSON writer: byte-level helpers that append JSON tokens to
/// a byte buffer. The trace writers (JSON Lines, Chrome), `frames.jsonl` and
/// `loopsim bench --json` all write through it, so every JSON file LoopSim
/// writes escapes strings the same way (RFC 8259: `\"`, `\\`, `\n`, `\r`,
/// `\t`, `\b`, `\f`, other control characters as `\u00xx`; everything else,
/// non-ASCII included, as UTF-8) and writes integers without a sign for 0 or
/// more. Equal input always gives identical bytes.
package enum JSONWriter {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends the bytes of a literal.
    @inline(__always)
    public static func appendLiteral(_ s: StaticString, to out: inout [UInt8]) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `s` unchanged.
    @inline(__always)
    public static func appendRaw(_ s: String, to out: inout [UInt8]) {
        if s.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
            out.append(contentsOf: s.utf8)
        }
    }

    /// Whether `byte` must be escaped inside a JSON string.
    @inline(__always)
    public static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Appends `s` as a quoted, escaped JSON string.
    public static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Fast path: nothing to escape, copy the bytes as they are.
        let copied: Bool? = s.utf8.withContiguousStorageIfAvailable { buffer in
            for byte in buffer where needsEscape(byte) { return false }
            out.append(contentsOf: buffer)
            return true
        }
        if copied == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "f"))
            case 0x00..<0x20:
                appendLiteral(#"\u00"#, to: &out)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `value` in decimal digits.
    public static func appendUInt(_ value: UInt64, to out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        var digits = 0
        var rest = value
        while rest > 0 { digits += 1; rest /= 10 }
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var index = start + digits - 1
        rest = value
        while rest > 0 {
            out[index] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
            rest /= 10
            index -= 1
        }
    }

    /// Appends `value` in decimal, with a `-` when negative.
    public static func appendInt(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendUInt(value.magnitude, to: &out)
    }

    /// Appends `[a,b,…]`, each item written by `element`.
    @inline(__always)
    public static func appendArray<T>(_ items: [T], to out: inout [UInt8], _ element: (T, inout [UInt8]) -> Void) {
        out.append(UInt8(ascii: "["))
        for (i, item) in items.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            element(item, &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}
