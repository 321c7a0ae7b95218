/// A `for NAME in A..<B:` or `for NAME in A...B:` line, read from the tokens
/// `Lexer.lexDirective` made.
struct LoopHeader {
    var keyword: Token
    var variable: Token
    var lower: Expression
    var upper: Expression
    /// True for `...`, which includes the upper bound.
    var inclusive: Bool
    /// Columns of the lower bound, the range operator and the upper bound.
    var lowerColumn: Int
    var operatorColumn: Int
    var upperColumn: Int

    var operatorText: String { inclusive ? "..." : "..<" }

    init(_ line: LexedLine, file: String) throws(Diagnostic) {
        func fail(_ message: String, _ column: Int) -> Diagnostic {
            Diagnostic(location: SourceLocation(file: file, line: line.number, column: column),
                       message: message + line.loopNote, sourceLine: line.text)
        }
        let all = line.tokens
        keyword = all[0]
        // The `:` is held apart, like the parser's `Cursor`.
        let tokens = line.opensBlock ? Array(all.dropLast()) : all
        let end = line.opensBlock ? all[all.count - 1].column : all[all.count - 1].endColumn
        func found(_ index: Int) -> String { index < tokens.count ? ", found \(tokens[index].quoted)" : "" }
        func column(_ index: Int) -> Int { index < tokens.count ? tokens[index].column : end }

        guard tokens.count > 1, tokens[1].word != nil else {
            throw fail("expected a loop variable after `for`, like for i in 0..<10:\(found(1))", column(1))
        }
        variable = tokens[1]
        guard tokens.count > 2, tokens[2].word == "in" else {
            throw fail("expected 'in' after the loop variable '\(variable.text)'\(found(2))", column(2))
        }
        var index = 3
        lowerColumn = column(index)
        do throws(Expression.Failure) {
            lower = try Expression.parse(tokens, &index, endColumn: end)
        } catch {
            throw fail(error.message, error.column)
        }
        operatorColumn = column(index)
        guard index + 2 < tokens.count, tokens[index].isSymbol("."), tokens[index + 1].isSymbol("."),
              tokens[index + 2].isSymbol("<") || tokens[index + 2].isSymbol("."),
              tokens[index + 1].column == tokens[index].column + 1,
              tokens[index + 2].column == tokens[index].column + 2 else {
            throw fail("expected '..<' or '...' after the lower bound, like 0..<10 or 1...10\(found(index))", column(index))
        }
        inclusive = tokens[index + 2].isSymbol(".")
        index += 3
        upperColumn = column(index)
        do throws(Expression.Failure) {
            upper = try Expression.parse(tokens, &index, endColumn: end)
        } catch {
            throw fail(error.message, error.column)
        }
        if index < tokens.count {
            throw fail("unexpected \(tokens[index].quoted) after the upper bound", tokens[index].column)
        }
        guard line.opensBlock else {
            throw fail("`for` needs a block: end the line with ':' and indent the body below it", end)
        }
    }
}
