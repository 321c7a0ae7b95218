import LoopSimTestSupport
import Testing
@testable import Scenario

private func lex(_ text: String, line: Int = 1) throws -> LexedLine? {
    try Lexer.lexLine(text, number: line, file: "t.loop")
}

private func kinds(_ text: String) throws -> [Token.Kind] {
    try #require(try lex(text)).tokens.map(\.kind)
}

private func lexError(_ text: String) -> Diagnostic? {
    do {
        _ = try Lexer.lexLine(text, number: 1, file: "t.loop")
        return nil
    } catch {
        return error
    }
}

private func number(_ integer: String, _ fraction: String? = nil, unit: String? = nil,
                    sign: Character? = nil) -> Token.Kind {
    .number(NumberLiteral(negative: sign == "-", hasSign: sign != nil, integerDigits: integer,
                          fractionDigits: fraction, unit: unit))
}

@Suite(.quiescent) struct LexerTests {
    @Test func wordsSymbolsAndColumns() throws {
        let line = try #require(try lex("    timer tick-2 every=1s:"))
        #expect(line.indent == 4)
        #expect(line.tokens.map(\.text) == ["timer", "tick-2", "every", "=", "1s", ":"])
        #expect(line.tokens.map(\.column) == [5, 11, 18, 23, 24, 26])
        #expect(line.tokens.map(\.endColumn) == [10, 17, 23, 24, 26, 27])
        #expect(line.opensBlock)
        #expect(line.tokens[0].kind == .word("timer"))
        #expect(line.tokens[3].kind == .symbol("="))
    }

    @Test func names() throws {
        #expect(try kinds("_a A9 a_b-c returnAfterSource") ==
            [.word("_a"), .word("A9"), .word("a_b-c"), .word("returnAfterSource")])
    }

    @Test func numbers() throws {
        #expect(try kinds("0 250ms 1.5s 16.667ms -2147483647 +3 2frames 10min") == [
            number("0"), number("250", unit: "ms"), number("1", "5", unit: "s"),
            number("16", "667", unit: "ms"), number("2147483647", sign: "-"), number("3", sign: "+"),
            number("2", unit: "frames"), number("10", unit: "min"),
        ])
    }

    @Test func numberWithUnknownUnitKeepsTheUnitText() throws {
        #expect(try kinds("1e5") == [number("1", unit: "e5")])
    }

    @Test func signWithoutDigitIsASymbol() throws {
        #expect(try kinds("- +") == [.symbol("-"), .symbol("+")])
    }

    @Test func strings() throws {
        #expect(try kinds(#"log "a \"b\" \\ # c""#) == [.word("log"), .string(#"a "b" \ # c"#)])
        #expect(try kinds(#""""#) == [.string("")])
        #expect(try kinds(#""héllo wörld""#) == [.string("héllo wörld")])
    }

    @Test func columnsCountUnicodeScalars() throws {
        let line = try #require(try lex(#"log "é☃" x"#))
        #expect(line.tokens[2].column == 10)
    }

    @Test func commentsAndColours() throws {
        #expect(try kinds("run # a comment (with \"stuff\"") == [.word("run")])
        #expect(try kinds("display background=#FF000080") ==
            [.word("display"), .word("background"), .symbol("="), .color([255, 0, 0, 128])])
        #expect(try kinds("x=#00ff7F") == [.word("x"), .symbol("="), .color([0, 255, 127, 255])])
        #expect(try kinds("(#000000,#FFFFFF)") ==
            [.symbol("("), .color([0, 0, 0, 255]), .symbol(","), .color([255, 255, 255, 255]), .symbol(")")])
        // After `=`, `(` or `,` and spaces, `#` is a colour when a letter or
        // digit follows it, and otherwise a comment.
        #expect(try kinds("x = #FF0000") == [.word("x"), .symbol("="), .color([255, 0, 0, 255])])
        #expect(try kinds("(#000000, #FFFFFF)") ==
            [.symbol("("), .color([0, 0, 0, 255]), .symbol(","), .color([255, 255, 255, 255]), .symbol(")")])
        #expect(try kinds("x= # a comment") == [.word("x"), .symbol("=")])
        #expect(try kinds("x=   #") == [.word("x"), .symbol("=")])
        // Anywhere else, `#` starts a comment even when hex digits follow.
        #expect(try kinds("run #FF0000") == [.word("run")])
        #expect(try kinds("log \"x\" #FF0000") == [.word("log"), .string("x")])
    }

    @Test func blankAndCommentLinesAreDropped() throws {
        #expect(try lex("") == nil)
        #expect(try lex("      ") == nil)
        #expect(try lex("   # note") == nil)
        #expect(try lex("\t# a tab before a comment is fine") == nil)
        #expect(try lex(" \t ") == nil)
    }

    @Test func tabsBetweenTokensSeparateThem() throws {
        #expect(try kinds("run\tuntil=1s") == [.word("run"), .word("until"), .symbol("="), number("1", unit: "s")])
    }

    @Test func otherCharactersAreSymbols() throws {
        #expect(try kinds("a.b == c; é") ==
            [.word("a"), .symbol("."), .word("b"), .symbol("="), .symbol("="), .word("c"), .symbol(";"), .symbol("é")])
        let line = try #require(try lex("x \u{7}"))
        #expect(line.tokens[1].quoted == "U+0007")
        #expect(line.tokens[0].quoted == "'x'")
    }

    @Test func lexicalErrors() {
        let cases: [(String, Int, String)] = [
            ("  \tlog", 3, "tab in indentation; indent with spaces only"),
            ("\t  log", 1, "tab in indentation; indent with spaces only"),
            (#"log "abc"#, 5, #"unterminated string: missing the closing '"'"#),
            (#"log "abc\"#, 5, #"unterminated string: missing the closing '"'"#),
            (#"log "a\tb""#, 7, #"unknown escape '\t' in a string; only \" and \\ are allowed"#),
            ("x=#12345", 3, "a colour is written #RRGGBB or #RRGGBBAA (hex digits)"),
            ("x=#GG0000", 3, "a colour is written #RRGGBB or #RRGGBBAA (hex digits)"),
            ("x = #FF00", 5, "a colour is written #RRGGBB or #RRGGBBAA (hex digits)"),
            ("x=#", 3, "a colour is written #RRGGBB or #RRGGBBAA (hex digits)"),
            ("sleep 1.", 8, "expected digits after the decimal point"),
            ("sleep .5s", 7, "a number must start with a digit (write 0.5, not .5)"),
        ]
        for (text, column, message) in cases {
            let diagnostic = lexError(text)
            #expect(diagnostic?.location == Scenario.SourceLocation(file: "t.loop", line: 1, column: column), "\(text)")
            #expect(diagnostic?.message == message, "\(text)")
            #expect(diagnostic?.sourceLine == text)
        }
    }

    @Test func physicalLines() {
        #expect(Lexer.physicalLines("a\r\nb\n\nc") == ["a", "b", "", "c"])
        #expect(Lexer.physicalLines("\u{FEFF}run\n") == ["run", ""])
        #expect(Lexer.physicalLines("a\rb") == ["a\rb"])
    }

    @Test func hexColours() {
        #expect(Lexer.parseHexColor("0a0B0c") == [10, 11, 12, 255])
        #expect(Lexer.parseHexColor("00000000") == [0, 0, 0, 0])
        #expect(Lexer.parseHexColor("0000000") == nil)
        #expect(Lexer.parseHexColor("") == nil)
    }
}

@Suite(.quiescent) struct BlockTests {
    private func shape(_ nodes: [Node]) -> String {
        nodes.map { node -> String in
            switch node {
            case .error(let d): return "!\(d.location.line):\(d.location.column)"
            case .line(let n):
                let head = n.line.tokens.first?.text ?? "?"
                return n.children.isEmpty ? head : "\(head)[\(shape(n.children))]"
            }
        }.joined(separator: " ")
    }

    private func blocks(_ source: String) -> String { shape(Lexer.blocks(source, file: "t.loop")) }

    @Test func nesting() {
        let source = """
        # comment
        timer t every=1s:
            log "a"

            perform:
                  # an odd comment indentation is ignored
                  wake
                  async main:
                    stop
            log "b"
        run
        """
        #expect(blocks(source) == "timer[log perform[wake async[stop]] log] run")
    }

    @Test func crlfAndBOM() {
        #expect(blocks("\u{FEFF}at 1s:\r\n  wake\r\nrun\r\n") == "at[wake] run")
    }

    @Test func structuralErrorsArePlacedWhereTheyOccur() {
        // Unexpected indentation after a line that opens no block.
        #expect(blocks("run\n  wake\nrun") == "run !2:3")
        // The first line may not be indented.
        #expect(blocks("  run") == "!1:3")
        // A dedent to an indentation no open block has.
        #expect(blocks("at 1s:\n    wake\n  stop\nrun") == "at[wake] !3:3")
        // An empty block, in the middle and at the end of the file.
        #expect(blocks("at 1s:\nrun") == "at[!1:6]")
        #expect(blocks("run\nat 1s:") == "run at[!2:6]")
        // A lexical error inside a block stops the file there.
        #expect(blocks("at 1s:\n    log \"x\n    wake\nrun") == "at[!2:9]")
        // A tab in the first line of a block.
        #expect(blocks("at 1s:\n\twake") == "at[!2:1]")
    }

    @Test func siblingsAfterDeepDedent() {
        #expect(blocks("a:\n b:\n  c:\n   d\ne") == "a[b[c[d]]] e")
        #expect(blocks("a:\n    b:\n        c\n    d\ne") == "a[b[c] d] e")
    }
}
