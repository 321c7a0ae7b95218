/// A line with the block it opens, or the first lexical/indentation error of
/// the file, placed where it was found so that the parser reports errors in
/// file order.
enum Node: Equatable, Sendable {
    case line(LineNode)
    case error(Diagnostic)
}

struct LineNode: Equatable, Sendable {
    var line: LexedLine
    /// The lines of the block the line opens (empty unless it ends in `:`).
    var children: [Node]
}

extension Lexer {
    /// How deeply blocks may nest (this bounds the parser's recursion).
    static let maxBlockDepth = 64

    /// Lexes `source` and arranges its lines into blocks by indentation.
    ///
    /// Never throws: the first error (a bad character, a tab in the
    /// indentation, a wrong indentation) becomes an `.error` node at the point
    /// where it occurs, and nothing after it is read.
    static func blocks(_ source: String, file: String) -> [Node] {
        var builder = BlockBuilder(file: file)
        for (index, text) in physicalLines(source).enumerated() {
            if !builder.add(text, number: index + 1) { break }
        }
        return builder.finish()
    }
}

private struct BlockBuilder {
    struct Frame {
        /// The indentation of the block's lines; nil until its first line is seen.
        var indent: Int?
        var header: LexedLine?
        var children: [Node] = []
    }

    let file: String
    var stack: [Frame] = [Frame(indent: 0, header: nil)]
    var failed = false

    init(file: String) { self.file = file }

    /// Adds one physical line. Returns false once an error has been recorded.
    mutating func add(_ text: String, number: Int) -> Bool {
        let lexed: LexedLine
        do {
            guard let line = try Lexer.lexLine(text, number: number, file: file) else { return true }
            lexed = line
        } catch {
            return fail(error)
        }

        if stack[stack.count - 1].indent == nil {
            // The previous line opened a block: this line must be deeper.
            let outer = stack[stack.count - 2].indent ?? 0
            guard lexed.indent > outer else { return failEmptyBlock() }
            stack[stack.count - 1].indent = lexed.indent
        } else {
            let current = stack[stack.count - 1].indent ?? 0
            if lexed.indent > current {
                return fail(error(lexed, "unexpected indentation (only a line ending in ':' opens a block)"))
            }
            while let indent = stack[stack.count - 1].indent, lexed.indent < indent {
                close()
            }
            if lexed.indent != stack[stack.count - 1].indent {
                return fail(error(lexed, "inconsistent indentation: this line matches no enclosing block"))
            }
        }

        if lexed.opensBlock {
            if stack.count > Lexer.maxBlockDepth {
                return fail(error(lexed, "blocks are nested too deeply (at most \(Lexer.maxBlockDepth) levels)"))
            }
            stack.append(Frame(indent: nil, header: lexed))
        } else {
            stack[stack.count - 1].children.append(.line(LineNode(line: lexed, children: [])))
        }
        return true
    }

    mutating func finish() -> [Node] {
        if !failed, stack[stack.count - 1].indent == nil {
            _ = failEmptyBlock()
        }
        while stack.count > 1 { close() }
        return stack[0].children
    }

    private mutating func close() {
        let frame = stack.removeLast()
        if let header = frame.header {
            stack[stack.count - 1].children.append(.line(LineNode(line: header, children: frame.children)))
        }
    }

    private func error(_ line: LexedLine, _ message: String) -> Diagnostic {
        Diagnostic(location: SourceLocation(file: file, line: line.number, column: line.indent + 1),
                   message: message, sourceLine: line.text)
    }

    private mutating func fail(_ diagnostic: Diagnostic) -> Bool {
        stack[stack.count - 1].children.append(.error(diagnostic))
        failed = true
        return false
    }

    /// The block opened by the top frame's header has no lines: the error
    /// points at the header's `:`.
    private mutating func failEmptyBlock() -> Bool {
        let header = stack[stack.count - 1].header!
        let colon = header.tokens[header.tokens.count - 1]
        return fail(Diagnostic(
            location: SourceLocation(file: file, line: header.number, column: colon.column),
            message: "expected an indented block after ':'", sourceLine: header.text))
    }
}
