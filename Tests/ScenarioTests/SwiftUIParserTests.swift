import Testing
@testable import Scenario

/// docs/reference/swiftui.md, "Language": `host` blocks, `state` lines and writes,
/// `$NAME` references, and their errors (B5.15 and the rest), each at the
/// offending token.
@Suite(.quiescent) struct SwiftUIParserTests {
    static let host = """
        host content frame=(0,0,200,100):
            state color = red
            state big = false
            body:
                set circle.background = $color
                set circle.hidden = $big
        view circle parent=content frame=(70,20,60,60)
        """

    @Test("a host parses into its view, its state variables in order and its body, which reads both")
    func parsesAHost() throws {
        let file = try ScenarioParser.parse(Self.host + "\nat 1s:\n    state content.color = yellow\n", path: "t.loop")
        let hosts = file.statements.compactMap { statement -> HostDecl? in
            if case .layer(.host(let h)) = statement { return h }
            return nil
        }
        let host = try #require(hosts.first)
        #expect(host.view.name == "content" && host.view.isView)
        #expect(host.state.map(\.name) == ["color", "big"])
        #expect(host.state.map(\.value) == [.color([255, 0, 0, 255]), .bool(false)])
        #expect(host.reads == ["color", "big"])
        #expect(host.body.first?.kind == .set(layer: "circle", property: .layer(.backgroundColor), value: .state("color")))
    }

    @Test("state values of every form: colour, number, bool, point, rect, transform")
    func stateForms() throws {
        let source = """
            host h frame=(0,0,10,10):
                state c = #112233
                state n = 0.5
                state b = true
                state p = (1, 2)
                state r = (0, 0, 4, 4)
                state t = rotate(45deg)
                body:
                    set l.background = $c
                    set l.opacity = $n
                    set l.clips = $b
                    set l.position = $p
                    set l.bounds = $r
                    set l.transform = $t
            layer l parent=h
            at 1s:
                state h.t = scale(2)
                state h.p = (3, 4)
            """
        _ = try ScenarioParser.parse(source, path: "t.loop")
    }

    static let cases: [ErrorCase] = [
        // B5.15
        ErrorCase(host + "\nat 1s:\n    set circle.background = $color", 9, 29,
                  "`$color` is a state reference and is only allowed in a host's body"),
        ErrorCase("host h:\n    state c = red\n    body:\n        state h.c = blue\n        set l.background = $c\nlayer l parent=h", 4, 9,
                  "`state` cannot be written in a body: SwiftUI ignores a state write during its render"),
        ErrorCase("host h:\n    state c = red\n    body:\n        set l.frame = $c\nlayer l parent=h", 4, 23,
                  "frame needs (x, y, width, height), found state 'c' (a colour)"),
        ErrorCase("host h:\n    state c = red\nlayer l parent=h", 1, 1, "a `host` needs exactly one `body:` block"),
        ErrorCase("host h:\n    state c = red\n    body:\n        set l.background = $c\n    body:\n        log \"x\"\nlayer l parent=h", 5, 5,
                  "a `host` needs exactly one `body:` block"),
        ErrorCase(host + "\nlayout content:\n    log \"x\"", 8, 8,
                  "a host's layout is its body: `layout content:` cannot be given for a host"),
        ErrorCase("layout content:\n    log \"x\"\n" + host, 1, 8,
                  "a host's layout is its body: `layout content:` cannot be given for a host"),
        // Names and forms
        ErrorCase("host h:\n    state color = red\n    body:\n        set l.background = $colr\nlayer l parent=h", 4, 29,
                  "unknown state 'colr' of host 'h'; did you mean 'color'? (it has color)"),
        ErrorCase(host + "\nat 1s:\n    state content.colr = blue", 9, 19,
                  "unknown state 'colr' of host 'content'; did you mean 'color'? (it has color, big)"),
        ErrorCase(host + "\nat 1s:\n    state content.color = (1, 2)", 9, 27,
                  "state 'color' of host 'content' holds a colour, found (x, y)"),
        ErrorCase(host + "\nat 1s:\n    state circle.color = blue", 9, 11,
                  "'circle' is not a host: `state` writes a state variable of a `host`"),
        ErrorCase(host + "\nat 1s:\n    state nobody.color = blue", 9, 11, "unknown layer 'nobody'"),
        ErrorCase("host h:\n    state c = red\n    body:\n        set h.background = $c", 4, 13,
                  "a body sets the host's content, not the hosting view"),
        ErrorCase("host h:\n    state c = red\n    body:\n        wake", 4, 9, "a `body:` block holds only `set` and `log`, found `wake`"),
        ErrorCase("host h:\n    state c = red\n    state c = blue\n    body:\n        log \"x\"", 3, 11,
                  "state variable 'c' is declared twice in host 'h'"),
        ErrorCase("host h:\n    state c = left\n    body:\n        log \"x\"", 2, 15,
                  "a state value is a colour, a number, true or false, (x, y), (x, y, width, height) or a transform, found 'left'"),
        ErrorCase("host h:\n    state c = red\n    body:\n        set l.contents = $c\nlayer l parent=h", 4, 26,
                  "'contents' cannot take a state value (a state variable holds a colour, a number, true or false, (x, y), (x, y, width, height) or a transform)"),
        ErrorCase("host h:\n    state c = red\n    wake\n    body:\n        log \"x\"", 3, 5,
                  "a `host` block holds `state NAME = VALUE` lines and one `body:`, found `wake`"),
        ErrorCase("host h frame=(0,0,1,1)\nat 1s:\n    wake", 1, 23,
                  "`host` needs a block: end the line with ':' and indent its `state` lines and `body:` below it"),
    ]

    @Test("B5.15: each misuse of a host, its state or `$NAME` is a parse error at the offending token", arguments: cases)
    func reportsError(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(parseError(errorCase.source))
        #expect(diagnostic.message == errorCase.message)
        #expect(diagnostic.location == loc(errorCase.line, errorCase.column))
    }
}
