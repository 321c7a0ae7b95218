import LoopSimTestSupport
import Testing
@testable import Scenario

/// `set L.PROP += VALUE` and the layer timing properties
/// (docs/guide/animations-language.md, "Step by step" and "Layer timing").
@Suite(.quiescent) struct IncrementTests {
    func run(_ text: String) throws -> ScenarioOutcome {
        quiescent(ScenarioRunner(file: try parseScenario(text), source: text).run())
    }

    /// The `set` events' (property, value) of a run after the declarations.
    func sets(_ outcome: ScenarioOutcome) -> [String] {
        outcome.events.filter { $0.t > 0 }.compactMap { e -> String? in
            if case .set(_, let prop, let value, _) = e.kind { "\(prop)=\(value)" } else { nil }
        }
    }

    @Test("+= adds numbers, points and rects component by component, and concatenates transforms")
    func adds() throws {
        let outcome = try run("""
        layer a frame=(0,0,10,10) opacity=0.5 z=1 corner=2
        at 1s:
            set a.opacity += 0.25
            set a.z += -3
            set a.corner += 1
            set a.position += (2, -1)
            set a.anchor += (0.5, 0)
            set a.bounds += (0, 0, 5, -2)
            set a.frame += (1, 1, 0, 0)
            set a.transform += translate(10, 0)
            set a.transform += scale(2)
        run until=2s
        """)
        #expect(outcome.failure == nil)
        #expect(sets(outcome) == [
            "opacity=0.75", "z=-2", "corner=3", "position=(7, 4)", "anchor=(1, 0.5)", "bounds=(0, 0, 15, 8)",
            "frame=(-7, 1, 15, 8)", "transform=(1, 0, 0, 1, 10, 0)", "transform=(2, 0, 0, 2, 20, 0)",
        ])
    }

    @Test("+= on a rotation steps it: three steps of 30deg make 90deg")
    func rotationSteps() throws {
        let outcome = try run("""
        layer a transform=rotate(30deg)
        at 1s:
            set a.transform += rotate(30deg)
            set a.transform += rotate(30deg)
        run until=2s
        """)
        #expect(sets(outcome).last == "transform=(0, 1, -1, 0, 0, 0)")
    }

    @Test("a sum that would be a negative radius or size is a positioned error when it runs")
    func negativeSums() throws {
        let corner = try run("layer a corner=1\nat 1s:\n    set a.corner += -2\nrun until=2s")
        #expect(corner.failure?.message == "set a.corner += … would make corner -1; it cannot be negative")
        #expect(corner.failure?.location == loc(3, 5))
        let bounds = try run("layer a bounds=(0,0,1,1)\nat 1s:\n    set a.bounds += (0,0,-2,0)\nrun until=2s")
        #expect(bounds.failure?.message == "set a.bounds += … would make the width of bounds negative: (0, 0, -1, 1)")
    }

    @Test("+= is type-checked when parsed")
    func parseErrors() {
        let cases: [(String, Int, String)] = [
            ("set a.background += red", 11, "`+=` adds to numbers, times, points, rects and transforms, and background is none of them; use `set … = …`"),
            ("set a.position += 5", 23, "position += needs (dx, dy), found '5'"),
            ("set a.bounds += (1,2)", 21, "bounds += needs (dx, dy, dwidth, dheight), found a tuple of 2"),
            ("set a.opacity += (1,2)", 22, "opacity += needs a number, found a tuple of 2"),
            ("set a.z + = 1", 13, "expected '+=' and a value after 'a.z'"),
            ("set a.z += 1 2", 18, "unexpected '2' after the value of 'a.z'"),
            ("set a.timeOffset += 1", 25, "'1' needs a unit: ns, us, ms, s, min or frames"),
        ]
        for (body, column, message) in cases {
            let d = parseError("at 1s:\n    \(body)\nlayer a")
            #expect(d?.message == message, "\(body)")
            #expect(d?.location == loc(2, column), "\(body)")
        }
    }

    @Test("speed, timeOffset and beginTime are model properties with CA's defaults, set and stepped like the others")
    func timingProperties() throws {
        let outcome = try run("""
        layer a speed=2
        at 1s:
            set a.speed = 0
            set a.timeOffset = 1.5s
            set a.beginTime += 250ms
            set a.speed += 1
        run until=2s
        """)
        #expect(outcome.failure == nil)
        #expect(sets(outcome) == ["speed=0", "timeOffset=1.5s", "beginTime=0.25s", "speed=1"])
        let layer = try #require(outcome.layers["a"])
        #expect(layer.timing.speed == 1 && layer.timing.timeOffset == 1_500_000_000 && layer.timing.beginTime == 250_000_000)
        let fresh = try run("layer b\nrun for=0")
        #expect(fresh.layers["b"]?.timing == .init(speed: 1, timeOffset: 0, beginTime: 0))
        #expect(parseError("layer a timeOffset=1")?.message == "'1' needs a unit: ns, us, ms, s, min or frames")
        #expect(parseError("layer a speed=fast")?.message == "speed needs a number, found 'fast'")
    }
}
