/// A piece of a template token such as `cell{i}` or `{i * 16.667}ms`.
enum TemplatePiece: Equatable, Sendable {
    /// Characters written as they are.
    case text(String)
    /// `{EXPR}`, with the column of its `{`.
    case expression(Expression, column: Int)
}

/// The lexing of arithmetic: the `{…}` of template tokens, and the `for` and
/// `let` lines, whose tokens follow the expression rules (docs/guide/scenario-language.md,
/// "Loops, constants and arithmetic").
extension Lexer {
    /// True when the line's first word is `for` or `let` (followed by a space,
    /// a tab or the end of the line): such a line is lexed with the expression
    /// rules, so that `0..<n-1` reads as an expression.
    static func isDirective(_ s: [Unicode.Scalar], at start: Int) -> Bool {
        for keyword in ["for", "let"] {
            let k = Array(keyword.unicodeScalars)
            guard start + k.count <= s.count, Array(s[start..<(start + k.count)]) == k else { continue }
            let next = start + k.count
            if next == s.count || s[next] == " " || s[next] == "\t" { return true }
        }
        return false
    }

    /// Lexes a `for` or `let` line from `start` (its keyword) to the end or a
    /// `#` comment.
    static func lexDirective(_ s: [Unicode.Scalar], from start: Int,
                             _ fail: (String, Int) -> Diagnostic) throws(Diagnostic) -> [Token] {
        var i = start
        while i < s.count, isNameChar(s[i]) { i += 1 }
        let keyword = Token(kind: .word(String(String.UnicodeScalarView(s[start..<i]))),
                            text: String(String.UnicodeScalarView(s[start..<i])), column: start + 1, endColumn: i + 1)
        return [keyword] + (try lexExpressionTokens(s, from: i, to: s.count, inBraces: false, fail))
    }

    /// The tokens of an expression between `start` and `end`: names
    /// `[A-Za-z_][A-Za-z0-9_]*` (no `-`, which is an operator here),
    /// unsigned numbers without a unit, and single-character symbols. Outside
    /// braces a `#` ends the line (a comment).
    static func lexExpressionTokens(_ s: [Unicode.Scalar], from start: Int, to end: Int, inBraces: Bool,
                                    _ fail: (String, Int) -> Diagnostic) throws(Diagnostic) -> [Token] {
        var tokens: [Token] = []
        var i = start
        func text(_ a: Int, _ b: Int) -> String { String(String.UnicodeScalarView(s[a..<b])) }
        while i < end {
            let c = s[i]
            let begin = i
            if c == " " || c == "\t" {
                i += 1
                continue
            }
            if c == "#" && !inBraces { break }
            if isDigit(c) {
                while i < end, isDigit(s[i]) { i += 1 }
                let integer = text(begin, i)
                var fraction: String?
                if i < end, s[i] == ".", !(i + 1 < end && s[i + 1] == ".") {
                    guard i + 1 < end, isDigit(s[i + 1]) else { throw fail("expected digits after the decimal point", i) }
                    let fractionStart = i + 1
                    i += 1
                    while i < end, isDigit(s[i]) { i += 1 }
                    fraction = text(fractionStart, i)
                }
                if i < end, isNameStart(s[i]) {
                    var unitEnd = i
                    while unitEnd < end, isNameChar(s[unitEnd]) { unitEnd += 1 }
                    throw fail("unexpected '\(text(i, unitEnd))' after a number: numbers in expressions have no unit"
                               + " (write the unit after the '}', like {i * 2}ms)", i)
                }
                let literal = NumberLiteral(negative: false, hasSign: false, integerDigits: integer,
                                            fractionDigits: fraction, unit: nil)
                tokens.append(Token(kind: .number(literal), text: text(begin, i), column: begin + 1, endColumn: i + 1))
            } else if isNameStart(c) {
                while i < end, isNameChar(s[i]) { i += 1 }
                tokens.append(Token(kind: .word(text(begin, i)), text: text(begin, i), column: begin + 1, endColumn: i + 1))
            } else if c == ".", i + 1 < end, isDigit(s[i + 1]), !(i > start && s[i - 1] == ".") {
                throw fail("a number must start with a digit (write 0.5, not .5)", i)
            } else {
                i += 1
                tokens.append(Token(kind: .symbol(Character(c)), text: text(begin, i), column: begin + 1, endColumn: i + 1))
            }
        }
        return tokens
    }

    /// Where a template token starting at `i` ends: the run of name
    /// characters, `-` and `{…}` groups (after an optional sign), when it
    /// holds at least one `{`; nil otherwise (an ordinary token).
    static func templateEnd(_ s: [Unicode.Scalar], at start: Int) -> Int? {
        var i = start
        if (s[i] == "-" || s[i] == "+"), i + 1 < s.count, s[i + 1] == "{" || isDigit(s[i + 1]) { i += 1 }
        var sawBrace = false
        while i < s.count {
            if isNameChar(s[i]) || s[i] == "-" {
                i += 1
            } else if s[i] == "{" {
                sawBrace = true
                while i < s.count, s[i] != "}" { i += 1 }
                if i < s.count { i += 1 }
            } else {
                break
            }
        }
        return sawBrace ? i : nil
    }

    /// The pieces of the template token `s[start..<end]`; each `{…}` holds
    /// one expression.
    static func lexTemplate(_ s: [Unicode.Scalar], from start: Int, to end: Int,
                            _ fail: (String, Int) -> Diagnostic) throws(Diagnostic) -> [TemplatePiece] {
        var pieces: [TemplatePiece] = []
        var literal = String.UnicodeScalarView()
        var i = start
        while i < end {
            guard s[i] == "{" else {
                literal.append(s[i])
                i += 1
                continue
            }
            if !literal.isEmpty {
                pieces.append(.text(String(literal)))
                literal = String.UnicodeScalarView()
            }
            let open = i
            var close = i + 1
            while close < end, s[close] != "}" {
                if s[close] == "{" { throw fail("'{' cannot be nested inside '{…}'", close) }
                close += 1
            }
            guard close < end else { throw fail("unterminated '{': missing the closing '}'", open) }
            let tokens = try lexExpressionTokens(s, from: open + 1, to: close, inBraces: true, fail)
            guard !tokens.isEmpty else { throw fail("empty '{}': write an expression inside, like {i}", open) }
            var index = 0
            let expression: Expression
            do throws(Expression.Failure) {
                expression = try Expression.parse(tokens, &index, endColumn: close + 1)
            } catch {
                throw fail(error.message, error.column - 1)
            }
            if index < tokens.count {
                throw fail("unexpected \(tokens[index].quoted) in '{…}'", tokens[index].column - 1)
            }
            pieces.append(.expression(expression, column: open + 1))
            i = close + 1
        }
        if !literal.isEmpty { pieces.append(.text(String(literal))) }
        return pieces
    }

    /// The one word or number that `text` spells, as the ordinary lexer reads
    /// it (`cell17`, `266.672ms`, `-3`); nil when it is not exactly one.
    static func singleToken(_ text: String) -> Token.Kind? {
        let s = Array(text.unicodeScalars)
        guard let first = s.first else { return nil }
        if isNameStart(first) {
            return s.allSatisfy { isNameChar($0) || $0 == "-" } ? .word(text) : nil
        }
        guard isDigit(first) || (s.count > 1 && (first == "-" || first == "+") && isDigit(s[1])) else { return nil }
        var i = 0
        guard let literal = try? lexNumber(s, &i, { message, index in
            Diagnostic(location: SourceLocation(file: "", line: 0, column: index + 1), message: message, sourceLine: text)
        }), i == s.count else { return nil }
        return .number(literal)
    }
}
