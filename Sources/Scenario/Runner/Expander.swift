/// A loop variable's value in one copy of a loop's body.
struct LoopBinding: Equatable, Sendable {
    var name: String
    var value: ExactNumber
    /// The line of the `for`.
    var line: Int
}

extension LexedLine {
    /// What a diagnostic on this line adds to say which copy of a loop body
    /// it is in: ` (in the loop at line 3 with i = 17)`, or nothing outside
    /// loops.
    var loopNote: String { Expander.note(loops) }
}

/// The expansion pass, between the lexer and the parser: it runs the `for`
/// loops and `let` lines and substitutes every `{…}` template token, so that
/// the parser sees only ordinary lines (docs/guide/scenario-language.md, "Loops,
/// constants and arithmetic").
///
/// Every copy of a line keeps the source line's number, text and columns,
/// and records the loop variables' values (`LexedLine.loops`) for
/// diagnostics. Like `Lexer.blocks`, it never throws: the first error
/// becomes an `.error` node where it happened, and nothing after it is
/// expanded, so the parser still reports errors in file order.
///
/// Work is bounded: at most `maxLoopDepth` nested loops, and at most
/// `statementLimit` lines made by loops and `iterationLimit` loop passes in
/// all. Complexity: linear in the size of the output.
struct Expander {
    /// How many loops may nest.
    static let maxLoopDepth = 16
    /// The default limit on lines made by loops, and on loop passes.
    static let maxExpansion = 1_000_000

    let file: String
    /// The most lines loops may make in all.
    var statementLimit = Expander.maxExpansion
    /// The most passes loops may run in all (bounds loops whose bodies make
    /// nothing, such as an empty inner loop).
    var iterationLimit = Expander.maxExpansion

    private var constants: [String: (value: ExactNumber, line: Int)] = [:]
    private var statements = 0
    private var iterations = 0
    private var failed = false

    init(file: String) { self.file = file }

    /// The file's nodes with loops run, constants defined and templates
    /// substituted.
    mutating func expand(_ nodes: [Node]) -> [Node] {
        var output: [Node] = []
        expandBlock(nodes, loops: [], topLevel: true, into: &output)
        return output
    }

    // MARK: Blocks and lines

    private mutating func expandBlock(_ nodes: [Node], loops: [LoopBinding], topLevel: Bool, into output: inout [Node]) {
        for node in nodes {
            if failed { return }
            switch node {
            case .error:
                output.append(node)
                failed = true
            case .line(let lineNode):
                do throws(Diagnostic) {
                    switch directive(lineNode.line) {
                    case "for":
                        try expandLoop(lineNode, loops: loops, into: &output)
                    case "let":
                        try define(lineNode.line, loops: loops, topLevel: topLevel)
                    default:
                        try expandLine(lineNode, loops: loops, into: &output)
                    }
                } catch {
                    output.append(.error(error))
                    failed = true
                }
            }
        }
    }

    /// `for` or `let` when the line is one (its first word, followed by a
    /// space or nothing: `Lexer.isDirective`).
    private func directive(_ line: LexedLine) -> String? {
        guard let first = line.tokens.first?.word, first == "for" || first == "let" else { return nil }
        if line.tokens.count > 1 && line.tokens[1].column == first.unicodeScalars.count + line.indent + 1 { return nil }
        return first
    }

    private mutating func expandLine(_ node: LineNode, loops: [LoopBinding], into output: inout [Node]) throws(Diagnostic) {
        if !loops.isEmpty {
            statements += 1
            if statements > statementLimit {
                throw Diagnostic(location: SourceLocation(file: file, line: node.line.number, column: node.line.indent + 1),
                                 message: "loops make more than \(statementLimit) statements in all (the limit of a file)"
                                    + Self.note(loops),
                                 sourceLine: node.line.text)
            }
        }
        var line = node.line
        line.loops = loops
        var tokens = line.tokens
        for (index, token) in tokens.enumerated() {
            if case .template(let pieces) = token.kind {
                tokens[index] = try substitute(token, pieces, line)
            }
        }
        line.tokens = tokens
        var children: [Node] = []
        expandBlock(node.children, loops: loops, topLevel: false, into: &children)
        output.append(.line(LineNode(line: line, children: children)))
    }

    // MARK: Templates

    /// The word or number a template token spells. In a name (a template
    /// that starts with a letter or `_`) every `{…}` must be whole; elsewhere
    /// it is written as an exact decimal.
    private func substitute(_ token: Token, _ pieces: [TemplatePiece], _ line: LexedLine) throws(Diagnostic) -> Token {
        var isName = false
        if case .text(let first) = pieces.first, let scalar = first.unicodeScalars.first {
            isName = Lexer.isNameStart(scalar)
        }
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let literal):
                text += literal
            case .expression(let expression, let column):
                let value = try evaluate(expression, line)
                if isName {
                    guard let whole = value.wholeValue else {
                        throw error("a part of a name must be a whole number; {…} is \(value) here", line, column: column)
                    }
                    text += String(whole)
                } else {
                    guard let decimal = value.decimalText else {
                        throw error("{…} is \(value) here, which has no exact decimal form", line, column: column)
                    }
                    text += decimal
                }
            }
        }
        guard let kind = Lexer.singleToken(text) else {
            throw error("\(token.quoted) makes '\(text)' here, which is not one name or number", line, column: token.column)
        }
        return Token(kind: kind, text: text, column: token.column, endColumn: token.endColumn)
    }

    private func evaluate(_ expression: Expression, _ line: LexedLine) throws(Diagnostic) -> ExactNumber {
        do throws(Expression.Failure) {
            return try expression.evaluate({ name in
                line.loops.last { $0.name == name }?.value ?? constants[name]?.value
            }, names: {
                line.loops.map(\.name) + constants.keys.sorted()
            })
        } catch {
            throw self.error(error.message, line, column: error.column)
        }
    }

    // MARK: Loops

    private mutating func expandLoop(_ node: LineNode, loops: [LoopBinding], into output: inout [Node]) throws(Diagnostic) {
        var line = node.line
        line.loops = loops
        let header = try LoopHeader(line, file: file)
        if loops.count >= Self.maxLoopDepth {
            throw error("loops are nested too deeply (at most \(Self.maxLoopDepth) levels)", line, column: header.keyword.column)
        }
        try checkFree(header.variable, line)
        let lower = try bound(header.lower, "lower", line, column: header.lowerColumn)
        let upper = try bound(header.upper, "upper", line, column: header.upperColumn)
        if lower > upper {
            throw error("the range \(lower)\(header.operatorText)\(upper) is reversed: its lower bound is above its upper bound",
                        line, column: header.operatorColumn)
        }
        var value = lower
        while header.inclusive ? value <= upper : value < upper {
            iterations += 1
            if iterations > iterationLimit {
                throw error("loops run more than \(iterationLimit) times in all (the limit of a file)", line,
                            column: header.keyword.column)
            }
            let binding = LoopBinding(name: header.variable.text, value: ExactNumber(value), line: line.number)
            expandBlock(node.children, loops: loops + [binding], topLevel: false, into: &output)
            if failed || value == upper { return }
            value += 1
        }
    }

    private func bound(_ expression: Expression, _ which: String, _ line: LexedLine, column: Int) throws(Diagnostic) -> Int64 {
        let value = try evaluate(expression, line)
        guard let whole = value.wholeValue else {
            throw error("the \(which) bound of a loop must be a whole number; it is \(value) here", line, column: column)
        }
        return whole
    }

    /// A loop variable or a constant may not reuse the name of one in scope.
    private func checkFree(_ name: Token, _ line: LexedLine) throws(Diagnostic) {
        if let outer = line.loops.last(where: { $0.name == name.text }) {
            throw error("'\(name.text)' is already the variable of the loop at line \(outer.line); choose another name",
                        line, column: name.column)
        }
        if let constant = constants[name.text] {
            throw error("'\(name.text)' is already a constant (`let` on line \(constant.line)); choose another name",
                        line, column: name.column)
        }
    }

    // MARK: Constants

    private mutating func define(_ line: LexedLine, loops: [LoopBinding], topLevel: Bool) throws(Diagnostic) {
        var line = line
        line.loops = loops
        let keyword = line.tokens[0]
        guard topLevel else {
            throw error("`let` must be at the top level, not inside a block or a loop", line, column: keyword.column)
        }
        if line.opensBlock {
            throw error("`let` does not take a block", line, column: line.tokens[line.tokens.count - 1].column)
        }
        let end = line.tokens.last!.endColumn
        guard line.tokens.count > 1, let name = line.tokens[1].word else {
            let found = line.tokens.count > 1 ? ", found \(line.tokens[1].quoted)" : ""
            throw error("expected a name after `let`, like let n = 10\(found)", line,
                        column: line.tokens.count > 1 ? line.tokens[1].column : end)
        }
        guard line.tokens.count > 2, line.tokens[2].isSymbol("=") else {
            throw error("expected '=' and a value after '\(name)'", line,
                        column: line.tokens.count > 2 ? line.tokens[2].column : end)
        }
        try checkFree(line.tokens[1], line)
        var index = 3
        let expression: Expression
        do throws(Expression.Failure) {
            expression = try Expression.parse(line.tokens, &index, endColumn: end)
        } catch {
            throw self.error(error.message, line, column: error.column)
        }
        if index < line.tokens.count {
            throw error("unexpected \(line.tokens[index].quoted) after the value of '\(name)'", line,
                        column: line.tokens[index].column)
        }
        constants[name] = (try evaluate(expression, line), line.number)
    }

    // MARK: Diagnostics

    private func error(_ message: String, _ line: LexedLine, column: Int) -> Diagnostic {
        Diagnostic(location: SourceLocation(file: file, line: line.number, column: column),
                   message: message + line.loopNote, sourceLine: line.text)
    }

    /// ` (in the loop at line 3 with i = 17)`, ` (in the loops at lines 3
    /// and 4 with i = 17, j = 2)`, or nothing.
    static func note(_ loops: [LoopBinding]) -> String {
        guard !loops.isEmpty else { return "" }
        let values = loops.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
        if loops.count == 1 { return " (in the loop at line \(loops[0].line) with \(values))" }
        let lines = loops.map { String($0.line) }
        let listed = lines.dropLast().joined(separator: ", ") + " and " + lines[lines.count - 1]
        return " (in the loops at lines \(listed) with \(values))"
    }
}
