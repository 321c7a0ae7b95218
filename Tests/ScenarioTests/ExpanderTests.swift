import LoopSimTestSupport
import Testing
@testable import Scenario

/// The lines the expansion makes, one string per line: its tokens' texts
/// joined by spaces, indented by two spaces per block level; or the error.
private func expanded(_ source: String, statements: Int = Expander.maxExpansion,
                      iterations: Int = Expander.maxExpansion) -> [String] {
    var expander = Expander(file: "t.loop")
    expander.statementLimit = statements
    expander.iterationLimit = iterations
    var lines: [String] = []
    func walk(_ nodes: [Node], _ depth: Int) {
        for node in nodes {
            switch node {
            case .error(let diagnostic):
                lines.append("error \(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)")
            case .line(let line):
                lines.append(String(repeating: "  ", count: depth) + line.line.tokens.map(\.text).joined(separator: " "))
                walk(line.children, depth + 1)
            }
        }
    }
    walk(expander.expand(Lexer.blocks(source, file: "t.loop")), 0)
    return lines
}

/// The first error of `source`, as `line:column: message`.
private func failure(_ source: String) -> String? {
    parseError(source).map { "\($0.location.line):\($0.location.column): \($0.message)" }
}

@Suite(.quiescent) struct ExpanderTests {
    // MARK: Loops

    @Test func anExclusiveRangeStopsBeforeItsUpperBoundAndAnInclusiveOneIncludesIt() {
        #expect(expanded("for i in 0..<3:\n    mode m{i}") == ["mode m0", "mode m1", "mode m2"])
        #expect(expanded("for i in 1...3:\n    mode m{i}") == ["mode m1", "mode m2", "mode m3"])
        #expect(expanded("for i in -1...-1:\n    mode m{i}") == ["mode m-1"])
    }

    @Test func anEmptyRangeMakesNothing() {
        #expect(expanded("for i in 2..<2:\n    mode m{i}\nrun") == ["run"])
    }

    @Test func theBodyIsCopiedInOrderWithItsBlocksAndLoopsNest() {
        #expect(expanded("""
        for i in 0..<2:
            timer t{i} at={i}s:
                for j in 1...2:
                    log "x"
                    sleep {i * 10 + j}ms
        """) == [
            "timer t0 at = 0s :", "  log \"x\"", "  sleep 1ms", "  log \"x\"", "  sleep 2ms",
            "timer t1 at = 1s :", "  log \"x\"", "  sleep 11ms", "  log \"x\"", "  sleep 12ms",
        ])
    }

    @Test func aLoopInsideABlockMakesLinesOfThatBlock() throws {
        let file = try ScenarioParser.parse("""
        view a frame=(0,0,10,10)
        at 1s:
            for i in 0..<3:
                set a.opacity = {i * 0.25}
            log "done"
        run for=2s
        """, path: "t.loop")
        guard case .at(let event) = file.statements[1], case .input(let body) = event.kind else {
            Issue.record("expected an `at` block")
            return
        }
        #expect(body.count == 4)
        #expect(body.map(\.location.line) == [4, 4, 4, 5])
        #expect(body[2].kind == .layer(.set(layer: "a", property: .layer(.opacity), value: .number(0.5))))
    }

    @Test func theBoundsAreExpressionsOverConstantsAndOuterVariables() {
        #expect(expanded("let n = 3\nfor i in 0..<n-1:\n    mode m{i}") == ["mode m0", "mode m1"])
        #expect(expanded("for i in 0..<3:\n    for j in i+1..<3:\n        mode m{i}{j}") ==
            ["mode m01", "mode m02", "mode m12"])
        #expect(expanded("for i in (1 + 1) * 2 ... 5 # comment\n    mode m{i}") ==
            ["error 1:27: `for` needs a block: end the line with ':' and indent the body below it"])
        #expect(expanded("for i in (1 + 1) * 2 ... 5: # comment\n    mode m{i}") == ["mode m4", "mode m5"])
    }

    // MARK: Constants and substitutions

    @Test func aConstantIsUsableAfterItsLineEvenOutsideLoops() {
        #expect(expanded("let w = 16.667\nlet h = w * 2\ndisplay size=({h * 3}, 10)\ntimer t at={h}ms:\n    wake") ==
            ["display size = ( 100.002 , 10 )", "timer t at = 33.334ms :", "  wake"])
    }

    @Test func substitutionsMakeNamesNumbersTimesAndTupleElements() throws {
        #expect(expanded("for i in 17...17:\n    layer row{i / 10}-col{i % 10} frame=({i % 10 * 32}, {-i}, 30, 22)") ==
            ["layer row1-col7 frame = ( 224 , -17 , 30 , 22 )"])
        #expect(expanded("for i in 17...17:\n    at {i * 16.667}ms wake") == ["at 283.339ms wake"])
        #expect(expanded("for i in 2...2:\n    at -{i}ms wake") == ["at -2ms wake"])
        #expect(expanded("let x = 2.50\nlet y = 2.0\nview v opacity={x} z={y}") == ["view v opacity = 2.5 z = 2"])
        #expect(expanded("view v z={0.1 + 0.2}") == ["view v z = 0.3"])
    }

    @Test func substitutedTokensKeepTheirSourceColumns() throws {
        var expander = Expander(file: "t.loop")
        let nodes = expander.expand(Lexer.blocks("for i in 0..<1:\n    layer cell{i * 100} z={i}", file: "t.loop"))
        guard case .line(let node) = nodes.first else {
            Issue.record("expected a line")
            return
        }
        #expect(node.line.tokens.map(\.column) == [5, 11, 25, 26, 27])
        #expect(node.line.tokens.map(\.endColumn) == [10, 24, 26, 27, 30])
        #expect(node.line.tokens[1].kind == .word("cell0"))
        #expect(node.line.loops == [LoopBinding(name: "i", value: ExactNumber(0), line: 1)])
    }

    @Test func stringsAndColoursAreNotSubstituted() {
        #expect(expanded("for i in 0..<1:\n    at 1s:\n        log \"cell {i}\"") == ["at 1s :", "  log \"cell {i}\""])
    }

    @Test func filesWithoutLoopsComeOutUnchanged() {
        let source = "display size=(10,10)\ntimer t every=1s:\n    log \"x\"\nrun for=2s"
        var expander = Expander(file: "t.loop")
        #expect(expander.expand(Lexer.blocks(source, file: "t.loop")) == Lexer.blocks(source, file: "t.loop"))
    }

    // MARK: A grid

    @Test func aGridOf200ViewsIsBuiltWithNestedLoops() throws {
        let source = """
        display size=(320,240) hz=60
        let cols = 10
        view root frame=(0,0,320,240) background=black
        for row in 0..<20:
            for col in 0..<cols:
                view cell{row * cols + col} parent=root frame=({col * 32}, {row * 12}, 30, 10) background=gray
        at 100ms:
            for i in 0..<200:
                set cell{i}.opacity = {i % 2 * 0.5 + 0.5}
        run for=1s
        """
        let file = try ScenarioParser.parse(source, path: "t.loop")
        let cells = file.statements.compactMap { statement -> LayerDecl? in
            if case .layer(.layer(let decl)) = statement, decl.name.hasPrefix("cell") { return decl }
            return nil
        }
        #expect(cells.count == 200)
        #expect(cells.map(\.name) == (0..<200).map { "cell\($0)" })
        #expect(cells[137].properties[0].1 == .rect(x: 7 * 32, y: 13 * 12, width: 30, height: 10))
        #expect(cells.allSatisfy { $0.location.line == 6 && $0.parent == "root" })

        let outcome = quiescent(ScenarioRunner(file: file, source: source).run())
        #expect(outcome.failure == nil)
        #expect(outcome.layers.count == 201)
    }
}
