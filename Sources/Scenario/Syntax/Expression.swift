import LoopSimTrace

/// An arithmetic expression: the inside of a `{…}` substitution, the bounds
/// of a `for` line, the value of a `let` line (docs/guide/scenario-language.md,
/// "Loops, constants and arithmetic").
///
///     expression := term (('+' | '-') term)*
///     term       := factor (('*' | '/' | '%') factor)*
///     factor     := '-' factor | NUMBER | NAME | '(' expression ')'
indirect enum Expression: Equatable, Sendable {
    case literal(ExactNumber)
    /// A loop variable or a `let` constant, with the column of its name.
    case variable(String, column: Int)
    case negate(Expression)
    /// `+ - * / %`, with the operator's column (where errors point).
    case binary(Character, Expression, Expression, column: Int)

    /// How deeply parentheses and unary minus may nest (this bounds the
    /// parser's and the evaluator's recursion).
    static let maxDepth = 32

    /// A parse or evaluation error, at a column of the line.
    struct Failure: Error, Equatable {
        var message: String
        var column: Int
    }

    /// Parses an expression from `tokens` starting at `index`, and leaves
    /// `index` on the first token that cannot continue it. `endColumn` is
    /// where "expected …" points when the tokens run out.
    static func parse(_ tokens: [Token], _ index: inout Int, endColumn: Int) throws(Failure) -> Expression {
        var parser = ExpressionParser(tokens: tokens, index: index, endColumn: endColumn)
        let expression = try parser.expression(depth: 0)
        index = parser.index
        return expression
    }

    /// The value, exactly. `lookup` gives the value of a name in scope and
    /// `names` the names in scope, for suggestions.
    func evaluate(_ lookup: (String) -> ExactNumber?, names: () -> [String]) throws(Failure) -> ExactNumber {
        switch self {
        case .literal(let value):
            return value
        case .variable(let name, let column):
            if let value = lookup(name) { return value }
            var message = "unknown variable '\(name)'"
            let known = names()
            if let suggestion = Spelling.suggestion(for: name, from: known) {
                message += "; did you mean '\(suggestion)'?"
            }
            message += known.isEmpty
                ? " (no loop variable or `let` constant is defined here)"
                : " (defined here: \(known.joined(separator: ", ")))"
            throw Failure(message: message, column: column)
        case .negate(let operand):
            return try operand.evaluate(lookup, names: names).negated()
        case .binary(let op, let left, let right, let column):
            let a = try left.evaluate(lookup, names: names)
            let b = try right.evaluate(lookup, names: names)
            if (op == "/" || op == "%") && b.isZero {
                throw Failure(message: "division by zero: '\(op)' by \(right.text), which is 0", column: column)
            }
            let result: ExactNumber? = switch op {
            case "+": a.adding(b)
            case "-": a.subtracting(b)
            case "*": a.multiplied(by: b)
            case "/": a.divided(by: b)
            default: a.remainder(dividingBy: b)
            }
            guard let result else {
                throw Failure(message: "arithmetic overflow: \(a) \(op) \(b) does not fit in 64 bits", column: column)
            }
            return result
        }
    }

    /// The expression written back, for messages.
    var text: String {
        switch self {
        case .literal(let value): value.description
        case .variable(let name, _): name
        case .negate(let operand): "-" + operand.text
        case .binary(let op, let left, let right, _): "(\(left.text) \(op) \(right.text))"
        }
    }
}

/// Recursive descent over the tokens of an expression.
private struct ExpressionParser {
    let tokens: [Token]
    var index: Int
    let endColumn: Int

    var peek: Token? { index < tokens.count ? tokens[index] : nil }

    mutating func expression(depth: Int) throws(Expression.Failure) -> Expression {
        var left = try term(depth: depth)
        while let op = peek, op.isSymbol("+") || op.isSymbol("-") {
            index += 1
            let right = try term(depth: depth)
            left = .binary(op.isSymbol("+") ? "+" : "-", left, right, column: op.column)
        }
        return left
    }

    mutating func term(depth: Int) throws(Expression.Failure) -> Expression {
        var left = try factor(depth: depth)
        while let op = peek, op.isSymbol("*") || op.isSymbol("/") || op.isSymbol("%") {
            index += 1
            let right = try factor(depth: depth)
            guard case .symbol(let c) = op.kind else { preconditionFailure("an operator is a symbol") }
            left = .binary(c, left, right, column: op.column)
        }
        return left
    }

    mutating func factor(depth: Int) throws(Expression.Failure) -> Expression {
        guard let token = peek else {
            let after = index > 0 ? " after \(tokens[index - 1].quoted)" : ""
            throw Expression.Failure(message: "expected a number, a name or '('\(after)", column: endColumn)
        }
        if token.isSymbol("-") || token.isSymbol("(") {
            guard depth < Expression.maxDepth else {
                throw Expression.Failure(
                    message: "the expression is nested too deeply (at most \(Expression.maxDepth) levels of '(' and '-')",
                    column: token.column)
            }
        }
        switch token.kind {
        case .symbol("-"):
            index += 1
            return .negate(try factor(depth: depth + 1))
        case .symbol("("):
            index += 1
            let inner = try expression(depth: depth + 1)
            guard let close = peek, close.isSymbol(")") else {
                let column = peek?.column ?? endColumn
                throw Expression.Failure(message: "expected ')' to close the '(' at column \(token.column)", column: column)
            }
            index += 1
            return inner
        case .number(let literal):
            index += 1
            guard let value = ExactNumber(digits: literal.integerDigits, fraction: literal.fractionDigits) else {
                throw Expression.Failure(message: "\(token.quoted) is too large (numbers in expressions fit in 64 bits, with at most 18 decimal places)",
                                         column: token.column)
            }
            return .literal(value)
        case .word(let name):
            index += 1
            return .variable(name, column: token.column)
        default:
            throw Expression.Failure(message: "expected a number, a name or '(', found \(token.quoted)", column: token.column)
        }
    }
}
