/// Parses `.loop` scenario files.
package enum ScenarioParser {
    /// Parses and name-checks a scenario.
    ///
    /// Errors are reported one at a time, the first in file order: lexical,
    /// indentation, expansion (loops, `let`, `{…}`), syntax and value errors
    /// as the file is read, then name
    /// errors (unknown or duplicate names and modes, a second `layout`,
    /// `draw` or `constraints` block, `add` of a layer to itself), then
    /// `parent=` cycles, which can only be checked once the whole file is read.
    package static func parse(_ source: String, path: String) throws(Diagnostic) -> ScenarioFile {
        try parse(source, path: path, expander: Expander(file: path))
    }

    /// `parse(_:path:)` with the expansion pass given, so that tests can
    /// lower its limits.
    static func parse(_ source: String, path: String, expander: Expander) throws(Diagnostic) -> ScenarioFile {
        var expander = expander
        let nodes = expander.expand(Lexer.blocks(source, file: path))
        var parser = Parser(file: path)
        parser.hz = parser.prescanDisplayHz(nodes)
        let statements = try parser.parseTopLevel(nodes)
        let file = ScenarioFile(path: path, statements: statements)
        if file.costs.render != nil, file.display.renderCost != 0 {
            throw Diagnostic(location: file.costs.location, message: "the render cost is given twice: `costs render=` and `display render=` (on line \(file.display.location.line)); keep one",
                             sourceLine: source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(file.costs.location.line - 1).first.map(String.init) ?? "")
        }
        try NameChecker(file: path, names: parser.names).check()
        try parser.checkHosts()
        try LimitChecker(file: path, source: source).check(statements)
        return ScenarioFile(path: path, statements: statements)
    }
}

/// The tokens of one line, read left to right. A trailing `:` is held apart.
struct Cursor {
    let line: LexedLine
    let tokens: [Token]
    /// The `:` ending the line, if it opens a block.
    let colon: Token?
    private(set) var index = 0

    init(_ line: LexedLine) {
        self.line = line
        if line.opensBlock {
            tokens = Array(line.tokens.dropLast())
            colon = line.tokens.last
        } else {
            tokens = line.tokens
            colon = nil
        }
    }

    var peek: Token? { index < tokens.count ? tokens[index] : nil }
    var atEnd: Bool { index >= tokens.count }

    func peek(_ offset: Int) -> Token? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    mutating func next() -> Token? {
        guard index < tokens.count else { return nil }
        index += 1
        return tokens[index - 1]
    }

    /// Where "expected …" points when the line ends too early: the `:` if
    /// there is one, else just past the last token.
    var endColumn: Int { colon?.column ?? (tokens.last?.endColumn ?? line.indent + 1) }
}

/// The parser's state for one file.
struct Parser {
    let file: String
    /// The display's refresh rate, used to convert `Nframes` (found by a
    /// pre-scan, since `display` may come after the first use).
    var hz = 60
    /// The line of the first `display` statement.
    var displayLine: Int?
    /// The line of the first `costs` statement.
    var costsLine: Int?
    /// Declarations and uses of names, in file order, for `NameChecker`.
    var names = NameTable()
    /// Hosts, their state variables and what refers to them, checked once
    /// the whole file is read (`Parser+Hosts.swift`).
    var hostTable = HostTable()
    /// Where the block being parsed runs (`Parser+Tasks.swift`).
    var blockContext = BlockContext()
    /// The line of the first `pool` statement.
    var poolLine: Int?

    init(file: String) { self.file = file }

    func error(_ message: String, _ line: LexedLine, column: Int) -> Diagnostic {
        Diagnostic(location: SourceLocation(file: file, line: line.number, column: column),
                   message: message + line.loopNote, sourceLine: line.text)
    }

    func error(_ message: String, at token: Token, in line: LexedLine) -> Diagnostic {
        error(message, line, column: token.column)
    }

    func location(of token: Token, in line: LexedLine) -> SourceLocation {
        SourceLocation(file: file, line: line.number, column: token.column)
    }

    // MARK: Statements

    mutating func parseTopLevel(_ nodes: [Node]) throws(Diagnostic) -> [Statement] {
        var statements: [Statement] = []
        for node in nodes {
            switch node {
            case .error(let diagnostic):
                throw diagnostic
            case .line(let lineNode):
                statements.append(try parseStatement(lineNode))
            }
        }
        return statements
    }

    mutating func parseStatement(_ node: LineNode) throws(Diagnostic) -> Statement {
        var cursor = Cursor(node.line)
        let keyword = try statementKeyword(&cursor)
        switch keyword.word! {
        case "display": return .display(try parseDisplay(node, &cursor, keyword))
        case "costs": return .costs(try parseCosts(node, &cursor, keyword))
        case "mode": return try parseMode(node, &cursor, keyword)
        case "timer": return .timer(try parseTimer(node, &cursor, keyword))
        case "source": return try parseSourceOrPort(node, &cursor, keyword)
        case "port": return try parseSourceOrPort(node, &cursor, keyword)
        case "observer": return .observer(try parseObserver(node, &cursor, keyword))
        case "displaylink": return .displayLink(try parseDisplayLink(node, &cursor, keyword))
        case "at": return .at(try parseAt(node, &cursor, keyword))
        case "run": return .run(try parseRun(node, &cursor, keyword, nested: false))
        case "expect": return .expect(try parseExpect(node, &cursor, keyword))
        case "layer", "view": return .layer(.layer(try parseLayerDecl(node, &cursor, keyword)))
        case "host": return .layer(.host(try parseHost(node, &cursor, keyword)))
        case "pool": return .pool(try parsePool(node, &cursor, keyword))
        case "image": return .layer(.image(try parseImage(node, &cursor, keyword)))
        case "layout", "draw", "constraints": return .layer(try parseBehaviour(node, &cursor, keyword))
        default:
            throw misplacedOrUnknown(keyword, in: node.line, topLevel: true)
        }
    }

    mutating func parseBlock(_ nodes: [Node]) throws(Diagnostic) -> [Action] {
        var actions: [Action] = []
        for node in nodes {
            switch node {
            case .error(let diagnostic):
                throw diagnostic
            case .line(let lineNode):
                actions.append(try parseAction(lineNode))
            }
        }
        return actions
    }

    /// The first token of a statement, which must be a word.
    func statementKeyword(_ cursor: inout Cursor) throws(Diagnostic) -> Token {
        guard let first = cursor.next() else {
            // A line holding only `:`.
            throw error("expected a statement before ':'", cursor.line, column: cursor.endColumn)
        }
        guard first.word != nil else {
            throw error("expected a statement, found \(first.quoted)", at: first, in: cursor.line)
        }
        return first
    }

    // MARK: Blocks

    /// The body of a statement that needs a block.
    /// A synchronous block runs in the context of the enclosing one (a
    /// pool context stays one), and `await` is not allowed in it.
    mutating func parseBody(_ node: LineNode, _ cursor: Cursor, _ keyword: String) throws(Diagnostic) -> [Action] {
        try parseBody(node, cursor, keyword, context: BlockContext(pool: blockContext.pool))
    }

    /// Checks that a statement that takes no block does not open one.
    func noBody(_ cursor: Cursor, _ keyword: String) throws(Diagnostic) {
        if let colon = cursor.colon {
            throw error("`\(keyword)` does not take a block", at: colon, in: cursor.line)
        }
    }

    /// Checks that nothing is left on the line.
    func expectEnd(_ cursor: Cursor, after what: String) throws(Diagnostic) {
        guard let extra = cursor.peek else { return }
        if extra.isSymbol(":") {
            throw error("unexpected ':': a block's body goes on the following lines, indented",
                        at: extra, in: cursor.line)
        }
        throw error("unexpected \(extra.quoted) after \(what)", at: extra, in: cursor.line)
    }

    /// A name for a declaration or a reference: a word that is not the key of
    /// an option.
    func expectName(_ cursor: inout Cursor, _ what: String, after keyword: Token) throws(Diagnostic) -> Token {
        guard let token = cursor.peek else {
            throw error("expected \(what) after `\(keyword.text)`", cursor.line, column: cursor.endColumn)
        }
        guard token.word != nil, !(cursor.peek(1)?.isSymbol("=") ?? false) else {
            throw error("expected \(what) after `\(keyword.text)`, found \(token.quoted)", at: token, in: cursor.line)
        }
        return cursor.next()!
    }
}
