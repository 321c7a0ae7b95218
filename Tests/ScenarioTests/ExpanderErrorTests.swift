import LoopSimTestSupport
import Testing
@testable import Scenario

/// Every error of loops, constants and substitutions, at its line and column
/// (docs/guide/scenario-language.md, section 9).
@Suite(.quiescent) struct ExpanderErrorTests {
    static let cases: [ErrorCase] = [
        // Expressions.
        ErrorCase("for i in 0..<3:\n    layer c{i} frame=(0,0,{k},1)", 2, 28,
                  "unknown variable 'k'; did you mean 'i'? (defined here: i) (in the loop at line 1 with i = 0)"),
        ErrorCase("view v z={n}", 1, 11, "unknown variable 'n' (no loop variable or `let` constant is defined here)"),
        ErrorCase("for i in 1..<3:\n    layer c{i} frame=(0,0,{10/(i-1)},1)", 2, 30,
                  "division by zero: '/' by (i - 1), which is 0 (in the loop at line 1 with i = 1)"),
        ErrorCase("view v z={1 % 0}", 1, 13, "division by zero: '%' by 0, which is 0"),
        ErrorCase("view v z={9223372036854775807 + 1}", 1, 31,
                  "arithmetic overflow: 9223372036854775807 + 1 does not fit in 64 bits"),
        ErrorCase("view v z={99999999999999999999}", 1, 11,
                  "'99999999999999999999' is too large (numbers in expressions fit in 64 bits, with at most 18 decimal places)"),
        ErrorCase("for i in 0..<3:\n    layer c{i/2.0}", 2, 12,
                  "a part of a name must be a whole number; {…} is 0.5 here (in the loop at line 1 with i = 1)"),
        ErrorCase("view v z={1.0 / 3}", 1, 10, "{…} is 1/3 here, which has no exact decimal form"),
        ErrorCase("for i in 3...3:\n    view v z={i}-{i}", 2, 14,
                  "'{i}-{i}' makes '3-3' here, which is not one name or number (in the loop at line 1 with i = 3)"),
        ErrorCase("view v z={(1 + 2}", 1, 17, "expected ')' to close the '(' at column 11"),
        ErrorCase("view v z={1 +}", 1, 14, "expected a number, a name or '(' after '+'"),
        ErrorCase("view v z={1 2}", 1, 13, "unexpected '2' in '{…}'"),
        ErrorCase("view v z={}", 1, 10, "empty '{}': write an expression inside, like {i}"),
        ErrorCase("view v z={1", 1, 10, "unterminated '{': missing the closing '}'"),
        ErrorCase("view v z={1 {2}}", 1, 13, "'{' cannot be nested inside '{…}'"),
        ErrorCase("view v z={2ms}", 1, 12,
                  "unexpected 'ms' after a number: numbers in expressions have no unit (write the unit after the '}', like {i * 2}ms)"),
        ErrorCase("view v z={1.}", 1, 12, "expected digits after the decimal point"),
        ErrorCase("view v z={.5}", 1, 11, "a number must start with a digit (write 0.5, not .5)"),
        ErrorCase("view v z={" + String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40) + "}", 1, 43,
                  "the expression is nested too deeply (at most 32 levels of '(' and '-')"),
        // Loops.
        ErrorCase("for i in 0..<2.5:\n    wake", 1, 14, "the upper bound of a loop must be a whole number; it is 2.5 here"),
        ErrorCase("for i in 0.5..<2:\n    wake", 1, 10, "the lower bound of a loop must be a whole number; it is 0.5 here"),
        ErrorCase("for i in 5..<3:\n    wake", 1, 11, "the range 5..<3 is reversed: its lower bound is above its upper bound"),
        ErrorCase("for i in 0..<3\n    wake", 1, 15, "`for` needs a block: end the line with ':' and indent the body below it"),
        ErrorCase("for i in 0..<3:", 1, 15, "expected an indented block after ':'"),
        ErrorCase("for\n", 1, 4, "expected a loop variable after `for`, like for i in 0..<10:"),
        ErrorCase("for 3 in 0..<3:\n    wake", 1, 5, "expected a loop variable after `for`, like for i in 0..<10:, found '3'"),
        ErrorCase("for i from 0..<3:\n    wake", 1, 7, "expected 'in' after the loop variable 'i', found 'from'"),
        ErrorCase("for i in 0..3:\n    wake", 1, 11, "expected '..<' or '...' after the lower bound, like 0..<10 or 1...10, found '.'"),
        ErrorCase("for i in 0 to 3:\n    wake", 1, 12, "expected '..<' or '...' after the lower bound, like 0..<10 or 1...10, found 'to'"),
        ErrorCase("for i in 0..<3 by 2:\n    wake", 1, 16, "unexpected 'by' after the upper bound"),
        ErrorCase("for i in 0..<:\n    wake", 1, 14, "expected a number, a name or '(' after '<'"),
        ErrorCase("for i in 0..<2:\n    for i in 0..<2:\n        wake", 2, 9,
                  "'i' is already the variable of the loop at line 1; choose another name (in the loop at line 1 with i = 0)"),
        ErrorCase("let i = 1\nfor i in 0..<2:\n    wake", 2, 5, "'i' is already a constant (`let` on line 1); choose another name"),
        ErrorCase("at 1s:\n    for i in 0..<2:\n        for j in 0..<{i}:\n            wake", 3, 22,
                  "expected a number, a name or '(', found '{' (in the loop at line 2 with i = 0)"),
        // Constants.
        ErrorCase("let n = 3\nlet n = 4", 2, 5, "'n' is already a constant (`let` on line 1); choose another name"),
        ErrorCase("for i in 0..<3:\n    let x = 3", 2, 5,
                  "`let` must be at the top level, not inside a block or a loop (in the loop at line 1 with i = 0)"),
        ErrorCase("at 1s:\n    let x = 3", 2, 5, "`let` must be at the top level, not inside a block or a loop"),
        ErrorCase("let x = 3:\n    wake", 1, 10, "`let` does not take a block"),
        ErrorCase("let", 1, 4, "expected a name after `let`, like let n = 10"),
        ErrorCase("let 3 = 4", 1, 5, "expected a name after `let`, like let n = 10, found '3'"),
        ErrorCase("let n 4", 1, 7, "expected '=' and a value after 'n'"),
        ErrorCase("let n = 4 5", 1, 11, "unexpected '5' after the value of 'n'"),
        ErrorCase("let n =", 1, 8, "expected a number, a name or '(' after '='"),
        ErrorCase("let n = n + 1", 1, 9, "unknown variable 'n' (no loop variable or `let` constant is defined here)"),
        // The parser's and the name checker's errors in a copy name the values.
        ErrorCase("for i in 0..<3:\n    display hz={i * 0.5 + 60.5}", 2, 16,
                  "hz must be a whole number (in the loop at line 1 with i = 0)"),
        ErrorCase("for i in 0..<2:\n    for j in 0..<2:\n        view c{i} frame=(0,0,1,1)", 3, 14,
                  "'c0' is already declared (as a view on line 3) (in the loops at lines 1 and 2 with i = 0, j = 1)"),
        ErrorCase("for i in 0..<3:\n    mode m{i}\nat 1s perform mode=m{3}:\n    wake", 3, 20,
                  "unknown mode 'm3'; did you mean 'm0'?"),
        ErrorCase("for i in 0..<3:\n    at {i - 1}s wake", 2, 8,
                  "a time cannot be negative (in the loop at line 1 with i = 0)"),
    ]

    @Test(arguments: cases)
    func reportsTheErrorWhereItIs(_ c: ErrorCase) throws {
        let diagnostic = try #require(parseError(c.source), "expected an error")
        #expect("\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)"
            == "\(c.line):\(c.column): \(c.message)")
    }

    @Test func rendersTheSourceLineWithTheCaretAndTheLoopValues() {
        #expect(parseError("for i in 1..<3:\n    layer c{i} frame=(0,0,{10/(i-1)},1)")?.description == """
        t.loop:2:30: error: division by zero: '/' by (i - 1), which is 0 (in the loop at line 1 with i = 1)
            layer c{i} frame=(0,0,{10/(i-1)},1)
                                     ^
        """)
    }

    @Test func errorsComeInFileOrderAcrossTheExpansionAndTheParser() {
        // The parse error of line 1 comes before the expansion error of line 3.
        #expect(parseError("run until=5\nview v z=1\nview w z={1/0}")?.location.line == 1)
        // Inside a loop, the first copy's parse error comes before a later
        // copy's expansion error.
        #expect(parseError("for i in 0..<3:\n    view v{i} z={1 / (2 - i)} hz=1")?.message
            == "unknown option 'hz' for `view`; did you mean 'z'? (allowed: parent=, frame=, bounds=, position=, anchor=, transform=, background=, opacity=, hidden=, corner=, border=, borderColor=, clips=, z=, contents=, gravity=, contentsScale=, speed=, timeOffset=, beginTime=) (in the loop at line 1 with i = 0)")
    }

    // MARK: Limits

    @Test func loopsNestAtMost16Deep() {
        func nest(_ depth: Int) -> String {
            (0..<depth).map { String(repeating: "    ", count: $0) + "for i\($0) in 0..<1:" }.joined(separator: "\n")
                + "\n" + String(repeating: "    ", count: depth) + "mode m"
        }
        #expect(parseError(nest(16)) == nil)
        let diagnostic = parseError(nest(17))
        #expect(diagnostic?.location.line == 17)
        #expect(diagnostic?.location.column == 65)
        #expect(diagnostic?.message.hasPrefix("loops are nested too deeply (at most 16 levels) (in the loops at lines 1, 2, 3,") == true)
    }

    @Test func theExpansionStopsPastItsStatementLimit() throws {
        var expander = Expander(file: "t.loop")
        expander.statementLimit = 10
        let source = "for i in 0..<2:\n    for j in 0..<5:\n        mode m{i}{j}\nfor k in 0..<1:\n    mode n"
        #expect(throws: Never.self) { try ScenarioParser.parse("for i in 0..<10:\n    mode m{i}", path: "t.loop", expander: expander) }
        do {
            _ = try ScenarioParser.parse(source, path: "t.loop", expander: expander)
            Issue.record("expected the limit")
        } catch {
            #expect("\(error.location.line):\(error.location.column): \(error.message)" == """
            5:5: loops make more than 10 statements in all (the limit of a file) (in the loop at line 4 with k = 0)
            """)
        }
    }

    @Test func theExpansionStopsPastItsIterationLimitEvenWhenLoopsMakeNothing() throws {
        var expander = Expander(file: "t.loop")
        expander.iterationLimit = 100
        do {
            _ = try ScenarioParser.parse("for i in 0..<1000000000000:\n    for j in 0..<0:\n        wake", path: "t.loop",
                                         expander: expander)
            Issue.record("expected the limit")
        } catch {
            #expect("\(error.location.line):\(error.location.column): \(error.message)" == """
            1:1: loops run more than 100 times in all (the limit of a file)
            """)
        }
    }

    @Test func theDefaultLimitsAreAMillion() {
        #expect(Expander(file: "t.loop").statementLimit == 1_000_000)
        #expect(Expander(file: "t.loop").iterationLimit == 1_000_000)
        #expect(Expander.maxLoopDepth == 16)
    }
}
