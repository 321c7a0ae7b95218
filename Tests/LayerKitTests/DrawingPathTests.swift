import LoopSimTestSupport
import Testing
import RenderModel
@testable import LayerKit

/// `Path`: building, the SVG-like parser and its column-naming errors,
/// shapes, flattening and stroking into polygons.
@Suite("Drawing: paths", .quiescent)
struct DrawingPathTests {
    private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    // MARK: SVG parsing

    @Test func parsesEveryCommand() throws {
        let path = try Path(svg: "M 1 2 L 3 4 Q 5 6 7 8 C 9 10 11 12 13 14 Z")
        #expect(path.elements == [
            .move(p(1, 2)), .line(p(3, 4)), .quad(to: p(7, 8), control: p(5, 6)),
            .curve(to: p(13, 14), control1: p(9, 10), control2: p(11, 12)), .close,
        ])
    }

    @Test func parsesCompactNumbersAndRepeats() throws {
        #expect(try Path(svg: "M10-5L3,4").elements == [.move(p(10, -5)), .line(p(3, 4))])
        #expect(try Path(svg: "M0 0 1 1 2,2").elements == [.move(p(0, 0)), .line(p(1, 1)), .line(p(2, 2))])
        #expect(try Path(svg: "M.5 -.25e1L+3 1E-1").elements == [.move(p(0.5, -2.5)), .line(p(3, 0.1))])
        #expect(try Path(svg: "M0 0Q1 2 3 4 5 6 7 8").elements == [
            .move(p(0, 0)), .quad(to: p(3, 4), control: p(1, 2)), .quad(to: p(7, 8), control: p(5, 6)),
        ])
        #expect(try Path(svg: "  \n").isEmpty)
        #expect(try Path(svg: "M 0 0 Z M 5 5 L 6 6 Z").elements == [.move(p(0, 0)), .close, .move(p(5, 5)), .line(p(6, 6)), .close])
    }

    /// Each malformed string fails at the expected 1-based column (Unicode
    /// scalars), with a message naming the problem.
    @Test(arguments: [
        ("L 0 0", 1, "must start with 'M'"),
        ("m 0 0", 1, "relative command 'm'"),
        ("M 0 0 L 10", 11, "expected a number (y of 'L')"),
        ("M 0 0 X 1", 7, "unexpected character 'X'"),
        ("M 0 0 l 1 1", 7, "relative command 'l'"),
        ("M 0 0 H 5", 7, "command 'H' is not supported"),
        ("M 0 0 L 1e 2", 10, "malformed exponent"),
        ("M 1e999 0", 3, "out of range"),
        ("M 0 0 Z 5", 9, "'Z' takes no numbers"),
        ("M 0 0 L é 1", 9, "expected a number (x of 'L')"),
        ("M 0 0 Q 1 1", 12, "expected a number (x of 'Q')"),
        ("M 0 0 C 1 1 2", 14, "(y of the second control point of 'C')"),
        ("M 0 0 L - 1", 9, "expected a number (x of 'L')"),
        ("M 0 0 L . 1", 9, "expected a number (x of 'L')"),
        ("M 0 0 L 1. 1", 10, "expected digits after the decimal point"),
        ("M 0 0 L -.e1 1", 9, "expected a number (x of 'L')"),
        ("é M 0 0", 1, "must start with 'M'"),
    ])
    func parseErrorsNameTheColumn(_ text: String, column: Int, message: String) {
        #expect(throws: PathParseError.self) { try Path(svg: text) }
        do {
            _ = try Path(svg: text)
        } catch {
            #expect(error.column == column, "\(text): \(error)")
            #expect(error.message.contains(message), "\(text): \(error)")
            #expect(error.description.hasPrefix("column \(column): "))
        }
    }

    /// `PathNumber` is the one number grammar of path data (here and in the
    /// scenario language): SVG's, except that a point needs digits after it.
    @Test(arguments: [
        ("0", 0.0, 1), ("-1.5", -1.5, 4), (".5", 0.5, 2), ("+.25e1", 2.5, 6), ("1E-1", 0.1, 4), ("12,3", 12, 2),
        ("7-3", 7, 1), ("1.5.5", 1.5, 3),
    ])
    func pathNumbersFollowOneGrammar(_ text: String, value: Double, end: Int) throws {
        let scanned = try PathNumber.scan(Array(text.unicodeScalars), from: 0)
        #expect(scanned.value == value)
        #expect(scanned.end == end)
    }

    @Test(arguments: [
        ("-", PathNumber.Failure.expectedDigits(at: 0)), (".", .expectedDigits(at: 0)), ("-.e", .expectedDigits(at: 0)),
        ("1.", .expectedFractionDigits(at: 1)), ("1.x", .expectedFractionDigits(at: 1)), ("2e", .malformedExponent(at: 1)),
        ("2e+", .malformedExponent(at: 1)), ("1e999", .outOfRange("1e999", at: 0)),
    ])
    func pathNumberFailuresSayWhere(_ text: String, failure: PathNumber.Failure) {
        #expect(throws: failure) { try PathNumber.scan(Array(text.unicodeScalars), from: 0) }
    }

    // MARK: Shapes

    @Test func rectIsOneClosedClockwiseSubpath() {
        let path = Path.rect(Rect(x: 5, y: 6, width: -4, height: 2))
        #expect(path.elements == [.move(p(1, 6)), .line(p(5, 6)), .line(p(5, 8)), .line(p(1, 8)), .close])
        #expect(Path.rect(Rect(x: 1, y: 1, width: 0, height: 5)).isEmpty)
    }

    @Test func roundedRectRadiusIsClampedToHalfTheShorterSide() {
        let r = Rect(x: 0, y: 0, width: 16, height: 10)
        #expect(Path.roundedRect(r, radius: 100) == Path.roundedRect(r, radius: 5))
        #expect(Path.roundedRect(r, radius: 0) == Path.rect(r))
        #expect(Path.roundedRect(r, radius: -3) == Path.rect(r))
        #expect(Path.roundedRect(r, radius: .nan) == Path.rect(r))
        #expect(Path.roundedRect(r, radius: 2).controlPointBounds == r)
    }

    @Test func ellipseTouchesItsRectAtFourPoints() {
        let path = Path.ellipse(in: Rect(x: 2, y: 4, width: 10, height: 6))
        let ends = path.elements.compactMap { e -> Point? in
            switch e {
            case .move(let q): return q
            case .curve(let q, _, _): return q
            default: return nil
            }
        }
        #expect(ends == [p(12, 7), p(7, 10), p(2, 7), p(7, 4), p(12, 7)])
        #expect(path.controlPointBounds == Rect(x: 2, y: 4, width: 10, height: 6))
    }

    @Test func applyingMapsEveryPoint() {
        let path = Path.line(from: p(1, 2), to: p(3, 4)).applying(.translation(x: 10, y: 20))
        #expect(path.elements == [.move(p(11, 22)), .line(p(13, 24))])
    }

    // MARK: Flattening

    @Test func flatteningEndsExactlyAtTheEndPointsAndStaysOnTheCurve() throws {
        let path = try Path(svg: "M 0 0 Q 50 100 100 0 C 120 -50 150 50 200 0")
        let flat = path.flattened(tolerance: 0.05)
        #expect(flat.count == 1)
        let pts = flat[0].points
        #expect(pts.first == p(0, 0))
        #expect(pts.contains(p(100, 0)))
        #expect(pts.last == p(200, 0))
        // Quadratic: every vertex satisfies the parabola through (0,0),(100,0) with apex 50.
        for q in pts where q.x <= 100 {
            let expected = q.x * (100 - q.x) / 50
            #expect(abs(q.y - expected) < 1e-9)
        }
        // Enough segments for the tolerance, but a bounded number.
        #expect(pts.count > 20 && pts.count < 200)
        // Same input, same vertices.
        #expect(path.flattened(tolerance: 0.05) == flat)
    }

    @Test func segmentCountFollowsTheControlPolygonAndIsCapped() {
        // A straight "curve" is one segment.
        #expect(Path.segmentCount(quad: p(0, 0), p(5, 0), p(10, 0), tolerance: 0.05) == 1)
        // |p0 − 2c + p1| = 200 → ⌈√(200 / 0.2)⌉ = 32.
        #expect(Path.segmentCount(quad: p(0, 0), p(50, 100), p(100, 0), tolerance: 0.05) == 32)
        #expect(Path.segmentCount(cubic: p(0, 0), p(1e300, 0), p(-1e300, 0), p(0, 0), tolerance: 0.05) == Path.maxCurveSegments)
        #expect(Path.segmentCount(cubic: p(0, 0), p(.nan, 0), p(0, 0), p(0, 0), tolerance: 0.05) == Path.maxCurveSegments)
    }

    @Test func segmentsWithoutACurrentPointStartASubpath() {
        var path = Path()
        path.line(to: p(5, 5))
        path.line(to: p(6, 5))
        path.close()
        path.line(to: p(9, 9))
        #expect(path.flattened(tolerance: 0.05) == [
            FlatSubpath(points: [p(5, 5), p(5, 5), p(6, 5)], closed: true),
            FlatSubpath(points: [p(5, 5), p(9, 9)], closed: false),
        ])
    }

    // MARK: Stroking

    @Test func strokeOfASegmentIsItsRectangle() {
        let polygons = Stroker.outline(of: [FlatSubpath(points: [p(2, 5), p(8, 5)], closed: false)], width: 2)
        #expect(polygons.count == 1)
        #expect(Set(polygons[0].map { "\($0)" }) == Set(["(2.0, 4.0)", "(8.0, 4.0)", "(8.0, 6.0)", "(2.0, 6.0)"]))
    }

    @Test func rightAngleGetsAMiterAndAHairpinGetsABevel() {
        // Along +x then +y: the outer side is the one at offset −1.
        #expect(Stroker.miterTip(at: p(0, 0), p(1, 0), p(0, 1), offset: -1, miterLimit: 10) == p(1, -1))
        // 1 / sin(5°) ≈ 11.5 > 10: no miter (bevel).
        let a = 10.0 * Double.pi / 180
        #expect(Stroker.miterTip(at: p(0, 0), p(1, 0), p(-DrawingTestTrig.cos(a), DrawingTestTrig.sin(a)), offset: 1, miterLimit: 10) == nil)
        #expect(Stroker.miterTip(at: p(0, 0), p(1, 0), p(-1, 0), offset: 1, miterLimit: 10) == nil)
    }

    @Test func outlinesAreOnePolygonPerOpenSubpathAndTwoPerClosedOne() throws {
        let path = try Path(svg: "M 0 0 L 10 0 L 10 10 L 0 10 Z M 20 20 Q 30 0 40 20 C 50 40 60 0 70 20")
        let polygons = Stroker.outline(of: path.flattened(tolerance: 0.05), width: 3)
        #expect(polygons.count == 3)
        // The closed square: an outer loop (miter corners) and an inner loop
        // (through the corners themselves), turned opposite ways.
        func area(_ poly: [Point]) -> Double {
            var sum = 0.0
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                sum += a.x * b.y - b.x * a.y
            }
            return sum / 2
        }
        let outer = polygons[0].contains(p(-1.5, -1.5)) ? polygons[0] : polygons[1]
        let inner = polygons[0].contains(p(-1.5, -1.5)) ? polygons[1] : polygons[0]
        #expect(Set(outer.map { "\($0)" }).isSuperset(of: ["(-1.5, -1.5)", "(11.5, -1.5)", "(11.5, 11.5)", "(-1.5, 11.5)"]))
        #expect(Set(inner.map { "\($0)" }).isSuperset(of: ["(10.0, 1.5)", "(10.0, 0.0)", "(8.5, 0.0)", "(0.0, 0.0)"]))
        #expect(abs(area(outer)) == 13 * 13)
        #expect(area(outer) * area(inner) < 0)
    }

    @Test func degenerateStrokesDrawNothing() {
        #expect(Stroker.outline(of: [FlatSubpath(points: [p(1, 1)], closed: false)], width: 2).isEmpty)
        #expect(Stroker.outline(of: [FlatSubpath(points: [p(1, 1), p(1, 1)], closed: true)], width: 2).isEmpty)
        #expect(Stroker.outline(of: [FlatSubpath(points: [p(1, 1), p(5, 1)], closed: false)], width: 0).isEmpty)
        #expect(Stroker.outline(of: [FlatSubpath(points: [p(1, 1), p(5, 1)], closed: false)], width: .nan).isEmpty)
    }
}

/// Sine and cosine for the tests without a platform import.
private enum DrawingTestTrig {
    static func sin(_ x: Double) -> Double {
        // Taylor series around 0 after reducing to −π…π; plenty for a test angle.
        var x = x
        while x > Double.pi { x -= 2 * Double.pi }
        while x < -Double.pi { x += 2 * Double.pi }
        var term = x, sum = x
        for n in 1..<20 {
            term *= -x * x / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }

    static func cos(_ x: Double) -> Double { sin(x + Double.pi / 2) }
}
