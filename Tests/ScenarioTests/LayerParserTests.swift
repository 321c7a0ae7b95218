import LoopSimTestSupport
import Testing
@testable import Scenario
import LayerKit

/// Layers `a` and `b`, a view `v` and an image `logo`, declared after the
/// statements under test (names may be used before their declaration).
private let declarations = """
layer a
layer b
view v
image logo file="logo.ppm"
"""

/// The actions of `body` (lines without indentation) inside an `at 1s:` block.
private func layerActions(_ body: String) throws -> [Action] {
    let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
        .map { "    " + $0 }.joined(separator: "\n")
    let file = try parseScenario("at 1s:\n\(indented)\n\(declarations)")
    guard case .at(let event) = file.statements.first, case .input(let actions) = event.kind else {
        Issue.record("no at block")
        return []
    }
    return actions
}

private func layerActionKinds(_ body: String) throws -> [ActionKind] {
    try layerActions(body).map(\.kind)
}

/// The value of `set a.PROPERTY = TEXT`.
private func setValue(_ property: String, _ text: String) throws -> LayerValue? {
    guard case .layer(.set(let layer, let name, let value)) = try layerActionKinds("set a.\(property) = \(text)").first else {
        Issue.record("no set")
        return nil
    }
    #expect(layer == "a")
    #expect(name.languageName == property)
    return value
}

/// The declarations of a file, in order.
private func layerDecls(_ source: String) throws -> [LayerDecl] {
    try parseScenario(source).statements.compactMap { statement -> LayerDecl? in
        if case .layer(.layer(let decl)) = statement { return decl }
        return nil
    }
}

/// The steps of `draw a:` + `body`.
private func drawSteps(_ body: String) throws -> [DrawStep] {
    let indented = body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    let file = try parseScenario("draw a:\n\(indented)\n\(declarations)")
    guard case .layer(.draw(let layer, let steps, let location, _)) = file.statements.first else {
        Issue.record("no draw block")
        return []
    }
    #expect(layer == "a" && location == loc(1, 1))
    return steps
}

private func drawCommand(_ line: String) throws -> DrawCommand? {
    try drawSteps(line).first?.command
}

@Suite(.quiescent) struct LayerParserTests {
    // MARK: Declarations

    @Test func theSpecsSetupSection() throws {
        let file = try parseScenario("""
        display size=(200,100) hz=60 background=black
        mode tracking common
        layer root frame=(0,0,200,100)
        layer button parent=root frame=(50,30,100,40) background=red corner=8
        view card parent=root frame=(10,10,80,80)
        image logo file="Traces/assets/logo.ppm"
        """)
        #expect(Array(file.statements[2...]) == [
            .layer(.layer(LayerDecl(name: "root", parent: nil, isView: false,
                                    properties: [(.layer(.frame), .rect(x: 0, y: 0, width: 200, height: 100))],
                                    location: loc(3, 1)))),
            .layer(.layer(LayerDecl(name: "button", parent: "root", isView: false, properties: [
                (.layer(.frame), .rect(x: 50, y: 30, width: 100, height: 40)),
                (.layer(.backgroundColor), .color([255, 0, 0, 255])),
                (.layer(.cornerRadius), .number(8)),
            ], location: loc(4, 1)))),
            .layer(.layer(LayerDecl(name: "card", parent: "root", isView: true,
                                    properties: [(.layer(.frame), .rect(x: 10, y: 10, width: 80, height: 80))],
                                    location: loc(5, 1)))),
            .layer(.image(ImageDecl(name: "logo", file: "Traces/assets/logo.ppm", location: loc(6, 1)))),
        ])
    }

    @Test("display render= is the server's virtual time per drawn frame (0 by default)")
    func displayRenderCost() throws {
        #expect(try parseScenario("display size=(20,10) render=12.5ms").display.renderCost == 12_500_000)
        #expect(try parseScenario("display render=2frames hz=50").display.renderCost == 40_000_000)
        #expect(try parseScenario("display size=(20,10)").display.renderCost == 0)
    }

    @Test func declarationsWithoutOptionsAndInAnyOrder() throws {
        let decls = try layerDecls("""
        view leaf corner = 2 parent = mid
        layer mid parent=top
        layer top
        """)
        #expect(decls.map(\.name) == ["leaf", "mid", "top"])
        #expect(decls.map(\.parent) == ["mid", "top", nil])
        #expect(decls.map(\.isView) == [true, false, false])
        #expect(decls[0].properties.count == 1 && decls[2].properties.isEmpty)
    }

    @Test func everyPropertyInOneDeclaration() throws {
        let decl = try #require(try layerDecls("""
        layer all frame=(1,2,3,4) bounds=(0,0,3,4) position=(2.5,4) anchor=(0.5,0.5) transform=scale(2) translate(1,0) background=#FF000080 opacity=0.5 hidden=false corner=2 border=1 borderColor=blue clips=true z=-1 contents=logo gravity=resizeAspectFill contentsScale=3 speed=2 timeOffset=1.5s beginTime=0
        image logo file="logo.ppm"
        """).first)
        #expect(decl.properties.map(\.0) == LayerPropertyName.allCases)
        #expect(decl.properties.map(\.1) == [
            .rect(x: 1, y: 2, width: 3, height: 4), .rect(x: 0, y: 0, width: 3, height: 4), .point(x: 2.5, y: 4),
            .point(x: 0.5, y: 0.5), .transform([.scale(x: 2, y: 2), .translate(x: 1, y: 0)]),
            .color([255, 0, 0, 128]), .number(0.5), .bool(false), .number(2), .number(1), .color([0, 0, 255, 255]),
            .bool(true), .number(-1), .image("logo"), .gravity("resizeAspectFill"), .number(3), .number(2), .time(1_500_000_000), .time(0),
        ])
    }

    // MARK: Property values

    static let values: [(String, String, LayerValue)] = [
        ("frame", "(1, 2.5, 30, 40)", .rect(x: 1, y: 2.5, width: 30, height: 40)),
        ("frame", "(-10,-20,0,0)", .rect(x: -10, y: -20, width: 0, height: 0)),
        ("bounds", "(0,0,10,2)", .rect(x: 0, y: 0, width: 10, height: 2)),
        ("position", "(-5, 10)", .point(x: -5, y: 10)),
        ("anchor", "(0.5,1)", .point(x: 0.5, y: 1)),
        ("transform", "identity", .transform([])),
        ("transform", "rotate(30deg)", .transform([.rotate(degrees: 30)])),
        ("transform", "rotate(-90deg)", .transform([.rotate(degrees: -90)])),
        ("transform", "rotate(0)", .transform([.rotate(degrees: 0)])),
        ("transform", "rotate(3.14159265358979323846rad)", .transform([.rotate(degrees: 180)])),
        ("transform", "scale(2)", .transform([.scale(x: 2, y: 2)])),
        ("transform", "scale(2,1)", .transform([.scale(x: 2, y: 1)])),
        ("transform", "scale(-1, 0.5)", .transform([.scale(x: -1, y: 0.5)])),
        ("transform", "translate(10,0)", .transform([.translate(x: 10, y: 0)])),
        ("transform", "rotate(6deg) scale(2) translate(10, -5) rotate(1deg)", .transform([
            .rotate(degrees: 6), .scale(x: 2, y: 2), .translate(x: 10, y: -5), .rotate(degrees: 1),
        ])),
        ("background", "yellow", .color([255, 255, 0, 255])),
        ("background", "#336699", .color([0x33, 0x66, 0x99, 255])),
        ("background", "#33669980", .color([0x33, 0x66, 0x99, 0x80])),
        ("background", "none", .none),
        ("borderColor", "darkGray", .color([85, 85, 85, 255])),
        ("borderColor", "none", .none),
        ("opacity", "0.25", .number(0.25)),
        ("opacity", "2", .number(2)),
        ("opacity", "-1", .number(-1)),
        ("corner", "8", .number(8)),
        ("corner", "0", .number(0)),
        ("border", "1.5", .number(1.5)),
        ("z", "-3", .number(-3)),
        ("z", "-0", .number(0)),
        ("hidden", "true", .bool(true)),
        ("hidden", "false", .bool(false)),
        ("clips", "true", .bool(true)),
        ("contents", "logo", .image("logo")),
        ("contents", "none", .none),
    ]

    @Test func propertyValues() throws {
        for (property, text, expected) in Self.values {
            #expect(try setValue(property, text) == expected, "\(property) = \(text)")
            let decl = try #require(try layerDecls("layer x \(property)=\(text)\n\(declarations)").first)
            #expect(decl.properties.count == 1 && decl.properties[0].1 == expected, "layer x \(property)=\(text)")
        }
    }

    @Test func radiansBecomeDegrees() throws {
        guard case .transform(let steps) = try setValue("transform", "rotate(0.5rad)"),
              case .rotate(let degrees) = steps.first else {
            Issue.record("no rotation")
            return
        }
        #expect(abs(degrees - 0.5 * 180 / Double.pi) < 1e-12)
    }

    @Test func everyGravity() throws {
        for gravity in Parser.gravities {
            #expect(try setValue("gravity", gravity) == .gravity(gravity))
        }
        #expect(Parser.gravities.count == 12)
    }

    @Test func setSpacing() throws {
        #expect(try layerActionKinds("set a.opacity=1\nset a.background =#FF0000\nset v.frame= (0,0,1,1)") == [
            .layer(.set(layer: "a", property: .layer(.opacity), value: .number(1))),
            .layer(.set(layer: "a", property: .layer(.backgroundColor), value: .color([255, 0, 0, 255]))),
            .layer(.set(layer: "v", property: .layer(.frame), value: .rect(x: 0, y: 0, width: 1, height: 1))),
        ])
    }

    @Test func aColourAfterSpacedEqualsIsAColour() throws {
        #expect(try setValue("background", "#00FF00") == .color([0, 255, 0, 255]))
        #expect(try setValue("background", "red # a comment") == .color([255, 0, 0, 255]))
    }

    // MARK: Actions

    @Test func transactionActions() throws {
        let body = try layerActions("""
        begin
        transaction duration=0.5s timing=easeInEaseOut disableActions=false
        transaction disableActions=true
        transaction timing=linear
        transaction duration=250ms
        set a.opacity = 0
        completion:
            log "done"
            begin
            completion:
                commit
        commit
        flush
        """)
        #expect(body.map(\.kind) == [
            .layer(.begin),
            .layer(.transaction(duration: 500_000_000, timing: "easeInEaseOut", disableActions: false)),
            .layer(.transaction(duration: nil, timing: nil, disableActions: true)),
            .layer(.transaction(duration: nil, timing: "linear", disableActions: nil)),
            .layer(.transaction(duration: 250_000_000, timing: nil, disableActions: nil)),
            .layer(.set(layer: "a", property: .layer(.opacity), value: .number(0))),
            .layer(.completion(body: [
                Action(.log("done"), at: loc(9, 9)),
                Action(.layer(.begin), at: loc(10, 9)),
                Action(.layer(.completion(body: [Action(.layer(.commit), at: loc(12, 13))])), at: loc(11, 9)),
            ])),
            .layer(.commit),
            .layer(.flush),
        ])
        #expect(body.map(\.location) == [2, 3, 4, 5, 6, 7, 8, 13, 14].map { loc($0, 5) })
    }

    @Test func everyTimingName() throws {
        for timing in ["default", "linear", "easeIn", "easeOut", "easeInEaseOut"] {
            #expect(try layerActionKinds("transaction timing=\(timing)") ==
                [.layer(.transaction(duration: nil, timing: timing, disableActions: nil))])
        }
    }

    @Test func treeActions() throws {
        #expect(try layerActionKinds("""
        add a to b
        add a to v at=0
        add v to b at=2147483647
        remove a
        needsLayout v
        needsDisplay a
        layoutIfNeeded b
        """) == [
            .layer(.add(layer: "a", parent: "b", index: nil)),
            .layer(.add(layer: "a", parent: "v", index: 0)),
            .layer(.add(layer: "v", parent: "b", index: 2_147_483_647)),
            .layer(.remove(layer: "a")),
            .layer(.needsLayout("v")),
            .layer(.needsDisplay("a")),
            .layer(.layoutIfNeeded("b")),
        ])
    }

    @Test func layerActionsInEveryKindOfBlock() throws {
        let file = try parseScenario("""
        timer t every=1s:
            perform:
                async main:
                    set a.z = 1
        source s:
            commit
        layout a:
            set b.frame = (0,0,10,10)
            completion:
                needsDisplay b
        \(declarations)
        """)
        #expect(file.statements.count == 7)
    }

    // MARK: Behaviour blocks

    @Test func layoutAndConstraintsBlocks() throws {
        let file = try parseScenario("""
        layout a:
            set b.frame = (0,0,80,20)
        constraints v:
            needsLayout v
        layout v:
            log "layoutSubviews"
        \(declarations)
        """)
        #expect(Array(file.statements.prefix(3)) == [
            .layer(.layout(layer: "a", body: [
                Action(.layer(.set(layer: "b", property: .layer(.frame), value: .rect(x: 0, y: 0, width: 80, height: 20))),
                       at: loc(2, 5)),
            ], location: loc(1, 1))),
            .layer(.constraints(layer: "v", body: [Action(.layer(.needsLayout("v")), at: loc(4, 5))],
                                location: loc(3, 1))),
            .layer(.layout(layer: "v", body: [Action(.log("layoutSubviews"), at: loc(6, 5))], location: loc(5, 1))),
        ])
    }

    @Test func theSpecsDrawBlock() throws {
        let steps = try drawSteps("""
        fill rect=(0,0,80,80) color=white
        stroke ellipse=(10,10,60,60) color=orange width=2
        text "Hi" at=(4,4) color=black size=8
        """)
        #expect(steps == [
            DrawStep(command: .fill(.rect(x: 0, y: 0, width: 80, height: 80), color: [255, 255, 255, 255]),
                     location: loc(2, 5)),
            DrawStep(command: .stroke(.ellipse(x: 10, y: 10, width: 60, height: 60), color: [255, 128, 0, 255], width: 2),
                     location: loc(3, 5)),
            DrawStep(command: .text("Hi", x: 4, y: 4, color: [0, 0, 0, 255], size: 8), location: loc(4, 5)),
        ])
    }

    static let drawCommands: [(String, DrawCommand)] = [
        ("fill rect=(1,2,3,4) color=#102030", .fill(.rect(x: 1, y: 2, width: 3, height: 4), color: [16, 32, 48, 255])),
        ("fill color=red roundedRect=(0,0,10,10) radius=3",
         .fill(.roundedRect(x: 0, y: 0, width: 10, height: 10, radius: 3), color: [255, 0, 0, 255])),
        ("fill ellipse=(0,0,0,0) color=clear", .fill(.ellipse(x: 0, y: 0, width: 0, height: 0), color: [0, 0, 0, 0])),
        ("fill path=\"M 0 0 L 10 0 Q 20 0 20 10 C 20 20 10 20 0 20 Z\" color=green",
         .fill(.path("M 0 0 L 10 0 Q 20 0 20 10 C 20 20 10 20 0 20 Z"), color: [0, 255, 0, 255])),
        ("stroke rect=(0,0,5,5) color=blue", .stroke(.rect(x: 0, y: 0, width: 5, height: 5), color: [0, 0, 255, 255], width: 1)),
        ("stroke roundedRect=(0,0,5,5) radius=0 color=blue width=0.5",
         .stroke(.roundedRect(x: 0, y: 0, width: 5, height: 5, radius: 0), color: [0, 0, 255, 255], width: 0.5)),
        ("stroke path=\"M0,0 L10,0\" color=gray width=3", .stroke(.path("M0,0 L10,0"), color: [128, 128, 128, 255], width: 3)),
        ("line from=(0,0) to=(10,-5) color=black",
         .line(x1: 0, y1: 0, x2: 10, y2: -5, color: [0, 0, 0, 255], width: 1)),
        ("line to=(1,1) from=(2,2) width=4 color=white",
         .line(x1: 2, y1: 2, x2: 1, y2: 1, color: [255, 255, 255, 255], width: 4)),
        ("text \"Hi\" at=(4,4) color=black", .text("Hi", x: 4, y: 4, color: [0, 0, 0, 255], size: 8)),
        ("text \"\" color=red at=(0, 0) size=16", .text("", x: 0, y: 0, color: [255, 0, 0, 255], size: 16)),
    ]

    @Test func drawCommands() throws {
        for (line, expected) in Self.drawCommands {
            #expect(try drawCommand(line) == expected, "\(line)")
        }
    }

    static let validPaths = [
        "M 0 0",
        "M 0 0 Z",
        "M0 0L10 0",
        "M0,0L10,0Q20,0,20,10C20,20,10,20,0,20Z",
        "M 1.5 , -2 L +3 4 Z M 5 5 L 6 6 Z",
        "  M 0 0\tL 1 1  ",
        "M 0 0 Z L 5 5",
        "M .5 -.25 L +.5e1 2E-1 Z",
    ]

    @Test func validPaths() throws {
        for path in Self.validPaths {
            #expect(try drawCommand("fill path=\"\(path)\" color=red") == .fill(.path(path), color: [255, 0, 0, 255]),
                    "\(path)")
            // The language's path data is a subset of what Path(svg:) reads.
            #expect(throws: Never.self) { try Path(svg: path) }
        }
    }

    // MARK: Expectations

    @Test func expectCommits() throws {
        let file = try parseScenario("expect commits == 2\nexpect commits==0\nexpect commits == 2147483647")
        #expect(file.statements == [
            .expect(Expectation(kind: .commits(2), location: loc(1, 1))),
            .expect(Expectation(kind: .commits(0), location: loc(2, 1))),
            .expect(Expectation(kind: .commits(2_147_483_647), location: loc(3, 1))),
        ])
    }

    // MARK: Names

    @Test func layerNamesMayBeKeywordsAndBeUsedBeforeTheirDeclaration() throws {
        let file = try parseScenario("""
        at 1s:
            set commit.hidden = true
            add layer to commit
        layout layer:
            remove commit
        layer commit
        view layer parent=commit
        """)
        #expect(file.statements.count == 4)
    }

    @Test func aDeepParentChainIsNotACycle() throws {
        var lines = ["layer l0"]
        for index in 1..<2_000 { lines.append("layer l\(index) parent=l\(index - 1)") }
        #expect(try parseScenario(lines.reversed().joined(separator: "\n")).statements.count == 2_000)
    }

    @Test func theSpecsExampleParses() throws {
        let file = try parseScenario("""
        # A tap turns the button yellow, blocks the main thread for 3 s, then turns it
        # green. The implicit transaction is committed only when the loop is about to
        # sleep again, so yellow is never on screen.
        display size=(200,100) hz=60
        view button frame=(50,30,100,40) background=red   # a UIButton: its layer has no implicit animations

        at 1s:
            set button.background = yellow
            sleep 3s
            set button.background = green

        run until=6s
        expect commits == 2          # the initial tree, then the tap's change
        """)
        #expect(file.statements.count == 5)
        #expect(file.statements[2] == .at(ExternalEvent(time: 1_000_000_000, kind: .input(body: [
            Action(.layer(.set(layer: "button", property: .layer(.backgroundColor), value: .color([255, 255, 0, 255]))), at: loc(8, 5)),
            Action(.sleep(3_000_000_000), at: loc(9, 5)),
            Action(.layer(.set(layer: "button", property: .layer(.backgroundColor), value: .color([0, 255, 0, 255]))), at: loc(10, 5)),
        ]), location: loc(7, 1))))
    }
}
