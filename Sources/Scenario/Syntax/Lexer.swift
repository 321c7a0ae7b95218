/// A number as written: sign, digits and unit are kept as text so that every
/// conversion (to an integer, to nanoseconds) can be done exactly.
struct NumberLiteral: Equatable, Sendable {
    /// True when the literal starts with `-`.
    var negative: Bool
    /// True when the literal starts with `+` or `-`.
    var hasSign: Bool
    /// The digits before the decimal point (at least one).
    var integerDigits: String
    /// The digits after the decimal point, or nil when there is no point.
    var fractionDigits: String?
    /// The unit letters directly after the number (`ms`, `frames`, …), if any.
    var unit: String?

    /// True when every digit is zero.
    var isZero: Bool {
        integerDigits.allSatisfy { $0 == "0" } && (fractionDigits ?? "").allSatisfy { $0 == "0" }
    }
}

/// One token of a line.
struct Token: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// A name or keyword: `[A-Za-z_][A-Za-z0-9_-]*`.
        case word(String)
        case number(NumberLiteral)
        /// A string literal, escapes resolved.
        case string(String)
        /// `#RRGGBB` or `#RRGGBBAA`, as RGBA bytes.
        case color([UInt8])
        /// Any other single character: `=`, `,`, `(`, `)`, `:`, `.`, …
        case symbol(Character)
        /// A word or number with `{…}` substitutions (`cell{i}`,
        /// `{i * 16.667}ms`). The expansion pass (`Expander`) replaces every
        /// one with the word or number it spells, so the parser never sees one.
        case template([TemplatePiece])
    }

    var kind: Kind
    /// The token exactly as written.
    var text: String
    /// 1-based column of the first character (in Unicode scalars).
    var column: Int
    /// The column just past the last character.
    var endColumn: Int

    func isSymbol(_ c: Character) -> Bool { kind == .symbol(c) }

    var word: String? {
        if case .word(let w) = kind { return w }
        return nil
    }

    /// How the token is quoted in a message: `'text'`, or `U+XXXX` for an
    /// invisible character.
    var quoted: String {
        if case .symbol(let c) = kind, let s = c.unicodeScalars.first,
           c.unicodeScalars.count == 1, s.value < 0x21 || (s.value >= 0x7F && s.value < 0xA1) || s.value == 0xFEFF {
            let hex = String(s.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'\(text)'"
    }
}

/// A line holding at least one token (blank and comment-only lines are
/// dropped by the lexer).
struct LexedLine: Equatable, Sendable {
    /// 1-based line number.
    var number: Int
    /// Leading spaces.
    var indent: Int
    var tokens: [Token]
    /// The whole source line, without its line ending.
    var text: String
    /// The loops this copy of the line was expanded in, outermost first
    /// (empty outside loops); diagnostics name their variables' values.
    var loops: [LoopBinding] = []

    /// A line whose last token is `:` opens a block.
    var opensBlock: Bool { tokens.last?.isSymbol(":") ?? false }
}

/// Turns scenario text into lines of tokens and then into a tree of blocks.
enum Lexer {
    /// Splits `source` into physical lines (`\n`, with an optional `\r`
    /// before it) and drops a leading byte-order mark.
    static func physicalLines(_ source: String) -> [String] {
        var scalars = Substring(source).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var lines: [String] = []
        for raw in scalars.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw
            if line.last == "\r" { line = line.dropLast() }
            lines.append(String(String.UnicodeScalarView(line)))
        }
        return lines
    }

    /// Tokenizes one physical line. Returns nil for a blank or comment-only
    /// line (whatever its indentation).
    static func lexLine(_ text: String, number: Int, file: String) throws(Diagnostic) -> LexedLine? {
        let s = Array(text.unicodeScalars)
        func fail(_ message: String, _ index: Int) -> Diagnostic {
            Diagnostic(location: SourceLocation(file: file, line: number, column: index + 1),
                       message: message, sourceLine: text)
        }

        var i = 0
        while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
        if i == s.count || s[i] == "#" { return nil }
        if let tab = s[0..<i].firstIndex(of: "\t") {
            throw fail("tab in indentation; indent with spaces only", tab)
        }
        let indent = i
        if isDirective(s, at: i) {
            return LexedLine(number: number, indent: indent, tokens: try lexDirective(s, from: i, fail), text: text)
        }
        var tokens: [Token] = []

        while true {
            while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
            if i == s.count { break }
            let start = i
            let c = s[i]
            if c == "#" {
                // A colour where a value starts: directly after `=`, `(` or `,`,
                // or after one of them and spaces when a letter or digit
                // follows the `#` (`set a.background = #FF0000`); otherwise a
                // comment.
                guard let previous = tokens.last,
                      previous.isSymbol("=") || previous.isSymbol("(") || previous.isSymbol(","),
                      previous.endColumn == start + 1 || (i + 1 < s.count && isNameChar(s[i + 1]))
                else { break }
                i += 1
                while i < s.count, isNameChar(s[i]) { i += 1 }
                let hex = String(String.UnicodeScalarView(s[(start + 1)..<i]))
                guard let rgba = parseHexColor(hex) else {
                    throw fail("a colour is written #RRGGBB or #RRGGBBAA (hex digits)", start)
                }
                tokens.append(token(.color(rgba), s, start, i))
            } else if c == "{" || isNameStart(c) || isDigit(c) || c == "-" || c == "+",
                      let end = templateEnd(s, at: i) {
                let pieces = try lexTemplate(s, from: start, to: end, fail)
                i = end
                tokens.append(token(.template(pieces), s, start, i))
            } else if c == "\"" {
                i += 1
                var value = String.UnicodeScalarView()
                var closed = false
                while i < s.count {
                    let d = s[i]
                    if d == "\"" { closed = true; i += 1; break }
                    if d == "\\" {
                        guard i + 1 < s.count else { break }
                        let e = s[i + 1]
                        guard e == "\"" || e == "\\" else {
                            throw fail("unknown escape '\\\(Character(e))' in a string; only \\\" and \\\\ are allowed", i)
                        }
                        value.append(e)
                        i += 2
                        continue
                    }
                    value.append(d)
                    i += 1
                }
                guard closed else { throw fail("unterminated string: missing the closing '\"'", start) }
                tokens.append(token(.string(String(value)), s, start, i))
            } else if isDigit(c) || ((c == "-" || c == "+") && i + 1 < s.count && isDigit(s[i + 1])) {
                let literal = try lexNumber(s, &i, fail)
                tokens.append(token(.number(literal), s, start, i))
            } else if c == ".", i + 1 < s.count, isDigit(s[i + 1]) {
                throw fail("a number must start with a digit (write 0.5, not .5)", start)
            } else if isNameStart(c) {
                i += 1
                while i < s.count, isNameChar(s[i]) || s[i] == "-" { i += 1 }
                let word = String(String.UnicodeScalarView(s[start..<i]))
                tokens.append(token(.word(word), s, start, i))
            } else {
                i += 1
                tokens.append(token(.symbol(Character(c)), s, start, i))
            }
        }
        return LexedLine(number: number, indent: indent, tokens: tokens, text: text)
    }

    static func lexNumber(
        _ s: [Unicode.Scalar], _ i: inout Int, _ fail: (String, Int) -> Diagnostic
    ) throws(Diagnostic) -> NumberLiteral {
        var negative = false
        var hasSign = false
        if s[i] == "-" || s[i] == "+" {
            negative = s[i] == "-"
            hasSign = true
            i += 1
        }
        let intStart = i
        while i < s.count, isDigit(s[i]) { i += 1 }
        let integer = String(String.UnicodeScalarView(s[intStart..<i]))
        var fraction: String?
        if i < s.count, s[i] == "." {
            guard i + 1 < s.count, isDigit(s[i + 1]) else {
                throw fail("expected digits after the decimal point", i)
            }
            i += 1
            let fracStart = i
            while i < s.count, isDigit(s[i]) { i += 1 }
            fraction = String(String.UnicodeScalarView(s[fracStart..<i]))
        }
        var unit: String?
        if i < s.count, isNameStart(s[i]) {
            let unitStart = i
            while i < s.count, isNameChar(s[i]) { i += 1 }
            unit = String(String.UnicodeScalarView(s[unitStart..<i]))
        }
        return NumberLiteral(negative: negative, hasSign: hasSign, integerDigits: integer,
                             fractionDigits: fraction, unit: unit)
    }

    private static func token(_ kind: Token.Kind, _ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> Token {
        Token(kind: kind, text: String(String.UnicodeScalarView(s[start..<end])), column: start + 1, endColumn: end + 1)
    }

    /// `RRGGBB` or `RRGGBBAA` (without the `#`) as RGBA bytes.
    static func parseHexColor(_ hex: String) -> [UInt8]? {
        let digits = hex.unicodeScalars.map { hexValue($0) }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let hi = digits[index], let lo = digits[index + 1] else { return nil }
            bytes.append(hi * 16 + lo)
            index += 2
        }
        if bytes.count == 3 { bytes.append(255) }
        return bytes
    }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt8? {
        switch c {
        case "0"..."9": UInt8(c.value - 48)
        case "a"..."f": UInt8(c.value - 97 + 10)
        case "A"..."F": UInt8(c.value - 65 + 10)
        default: nil
        }
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_"
    }

    static func isNameChar(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || isDigit(c) }
}
