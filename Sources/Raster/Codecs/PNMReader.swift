/// The cursor the netpbm decoder reads with: comment removal, number
/// scanning, and errors that carry their position. Internal; `PNMDecoder` is
/// the public face.
struct PNMReader {
    let bytes: [UInt8]
    /// The next byte to read.
    var index: Int

    init(bytes: [UInt8], index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// A number read from the text.
    struct Number {
        /// The value, saturated at `PNMReader.saturation` when it is larger.
        var value: Int
        /// Whether the written number is larger than `value` says.
        var overflowed = false
        /// Offset of the first digit.
        var offset: Int
    }

    /// The byte at `index` after removing comments there, or nil at the end.
    ///
    /// A comment is `#` through the next CR or LF, inclusive (netpbm's rule):
    /// it vanishes entirely, even from the middle of a number, and its line
    /// end does not count as whitespace. An unterminated comment runs to the
    /// end of the input.
    mutating func peek() -> UInt8? {
        while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            index += 1
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
                index += 1
            }
            if index < bytes.count { index += 1 }
        }
        return index < bytes.count ? bytes[index] : nil
    }

    /// Skips whitespace and comments.
    mutating func skipWhitespace() {
        while let c = peek(), PNMReader.isWhitespace(c) {
            index += 1
        }
    }

    /// Reads the decimal number whose first digit is at `index` (the caller
    /// checked it), removing comments inside it. The number must be followed
    /// by whitespace or the end of the input, else the error names `what`
    /// (built only then).
    mutating func scanNumber(_ what: @autoclosure () -> String) throws(ImageDecodeError) -> Number {
        var number = Number(value: 0, offset: index)
        while let c = peek(), PNMReader.isDigit(c) {
            number.value = number.value * 10 + Int(c &- UInt8(ascii: "0"))
            if number.value > PNMReader.saturation {
                number.value = PNMReader.saturation
                number.overflowed = true
            }
            index += 1
        }
        if let c = peek(), !PNMReader.isWhitespace(c) {
            throw unexpected(c, what())
        }
        return number
    }

    /// The digits of `number` as written (comments inside it removed), at
    /// most 24 of them and then `…`: for messages.
    func text(of number: Number) -> String {
        var reader = PNMReader(bytes: bytes, index: number.offset)
        var text = ""
        var digits = 0
        while let c = reader.peek(), PNMReader.isDigit(c) {
            if digits == 24 { return text + "…" }
            text.unicodeScalars.append(Unicode.Scalar(c))
            digits += 1
            reader.index += 1
        }
        return text
    }

    /// `unexpected character 'x' <context>` at `index`.
    func unexpected(_ byte: UInt8, _ context: String) -> ImageDecodeError {
        failure(.unexpectedCharacter, at: index, "unexpected \(PNMReader.describe(byte)) \(context)")
    }

    /// An error at `offset`, with its line and column when `textual`.
    func failure(_ kind: ImageDecodeError.Kind, at offset: Int, textual: Bool = true, _ message: String) -> ImageDecodeError {
        guard textual else { return ImageDecodeError(kind: kind, offset: offset, message: message) }
        var line = 1
        var lineStart = 0
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return ImageDecodeError(kind: kind, offset: offset, line: line, column: offset - lineStart + 1, message: message)
    }

    /// The largest value `scanNumber` keeps (10¹³): larger numbers are
    /// marked `overflowed`, and arithmetic on dimensions stays far from
    /// `Int.max`.
    static let saturation = 10_000_000_000_000

    /// Space, TAB, LF, VT, FF, CR: C's `isspace`, which netpbm uses (§6 names
    /// the four common ones).
    static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || (c >= 0x09 && c <= 0x0D)
    }

    /// ASCII `0`…`9`.
    static func isDigit(_ c: UInt8) -> Bool {
        c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
    }

    /// `character 'x'` for printable ASCII, else `byte 0x00`.
    static func describe(_ c: UInt8) -> String {
        if c > 0x20 && c < 0x7F { return "character '\(Character(Unicode.Scalar(c)))'" }
        let hex = String(c, radix: 16, uppercase: true)
        return "byte 0x" + (c < 16 ? "0" : "") + hex
    }
}
