import RenderModel
import Testing

@Suite struct Transform2DTests {
    @Test("identity maps every point to itself and says so")
    func identity() {
        #expect(Transform2D.identity.isIdentity)
        #expect(point(3, -4).applying(.identity) == point(3, -4))
        #expect(!Transform2D.translation(x: 1, y: 0).isIdentity)
        #expect(Transform2D.rotation(degrees: 0).isIdentity)
        #expect(Transform2D.rotation(degrees: 360).isIdentity)
    }

    @Test("constructors fill the entries as CGAffineTransform's do")
    func constructors() {
        #expect(Transform2D.translation(x: 3, y: 4) == Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        #expect(Transform2D.scale(x: 2, y: 3) == Transform2D(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        #expect(Transform2D.scale(2) == .scale(x: 2, y: 2))
        let r = Transform2D.rotation(radians: 0.3)
        #expect(r.a == r.d && r.b == -r.c && abs(r.b - 0.29552020666133955) < 1e-15)
    }

    @Test("concatenating is the matrix product self × other")
    func product() {
        let t1 = Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t2 = Transform2D(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        #expect(t1.concatenating(t2) == Transform2D(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
        let p = point(1.5, -2)
        #expect(p.applying(t1.concatenating(t2)) == p.applying(t1).applying(t2))
    }

    @Test("t1.concatenating(t2) applies t1 first", arguments: [
        (Transform2D.scale(2), Transform2D.translation(x: 10, y: 0), point(12, 2)),
        (Transform2D.translation(x: 10, y: 0), Transform2D.scale(2), point(22, 2)),
        (Transform2D.rotation(degrees: 90), Transform2D.translation(x: 5, y: 0), point(4, 1)),
        (Transform2D.translation(x: 5, y: 0), Transform2D.rotation(degrees: 90), point(-1, 6)),
    ])
    func order(first: Transform2D, then: Transform2D, expected: Point) {
        #expect(point(1, 1).applying(first.concatenating(then)) == expected)
    }

    @Test("translatedBy, scaledBy and rotated prepend their step")
    func prepend() {
        let t = Transform2D.scale(2).translatedBy(x: 10, y: 0)
        #expect(t == Transform2D.translation(x: 10, y: 0).concatenating(.scale(2)))
        #expect(point(0, 0).applying(t) == point(20, 0))
        let s = Transform2D.translation(x: 10, y: 0).scaledBy(x: 2, y: 3)
        #expect(point(1, 1).applying(s) == point(12, 3))
        let r = Transform2D.translation(x: 10, y: 0).rotated(degrees: 90)
        #expect(point(1, 0).applying(r) == point(10, 1))
        #expect(close(Transform2D.identity.rotated(radians: 0.5), .rotation(radians: 0.5), 0))
    }

    @Test("multiples of 90° are exact and turn clockwise on a y-down screen", arguments: [
        (90.0, point(0, 1)), (180.0, point(-1, 0)), (270.0, point(0, -1)), (-90.0, point(0, -1)),
        (450.0, point(0, 1)), (-360.0, point(1, 0)),
    ])
    func quarterTurns(degrees: Double, image: Point) {
        let t = Transform2D.rotation(degrees: degrees)
        #expect(point(1, 0).applying(t) == image)
        let entries: [Double] = [t.a, t.b, t.c, t.d]
        let units: Set<Double> = [0, 1, -1]
        #expect(entries.allSatisfy(units.contains))
        #expect(t.determinant == 1)
    }

    @Test("a quarter turn in degrees agrees with one in radians")
    func degreesAndRadians() {
        #expect(close(.rotation(degrees: 90), .rotation(radians: .pi / 2), 1e-15))
        #expect(Transform2D.rotation(degrees: 30) == .rotation(radians: 30 * .pi / 180))
    }

    @Test("inverted undoes the transform", arguments: [
        Transform2D.scale(x: 2, y: 4).concatenating(.translation(x: 10, y: -6)),
        Transform2D.rotation(degrees: 90).concatenating(.translation(x: 3, y: 4)),
        Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6),
        Transform2D.rotation(radians: 0.7).scaledBy(x: 3, y: 0.5),
    ])
    func inverse(t: Transform2D) throws {
        let inverse = try #require(t.inverted())
        #expect(close(t.concatenating(inverse), .identity, 1e-12))
        #expect(close(inverse.concatenating(t), .identity, 1e-12))
    }

    @Test("a scale and a translation invert exactly")
    func exactInverse() {
        let t = Transform2D.scale(2).concatenating(.translation(x: 10, y: 4))
        #expect(t.inverted() == Transform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: -5, ty: -2))
    }

    @Test("singular transforms have no inverse", arguments: [
        Transform2D.scale(x: 0, y: 1),
        Transform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
        Transform2D(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0),
    ])
    func singular(t: Transform2D) {
        #expect(t.inverted() == nil)
    }

    @Test("a rect maps to the bounding box of its corners", arguments: [
        (rect(0, 0, 10, 20), Transform2D.rotation(degrees: 90), rect(-20, 0, 20, 10)),
        (rect(0, 0, 10, 20), Transform2D.scale(x: 2, y: 3), rect(0, 0, 20, 60)),
        (rect(0, 0, 10, 20), Transform2D.scale(x: -1, y: 1), rect(-10, 0, 10, 20)),
        (rect(1, 1, 2, 2), Transform2D.translation(x: 5, y: -1), rect(6, 0, 2, 2)),
        (rect(2, 2, -2, -2), Transform2D.identity, rect(0, 0, 2, 2)),
    ])
    func rectBox(r: Rect, t: Transform2D, expected: Rect) {
        #expect(r.applying(t) == expected)
    }

    @Test("a 45° turn grows a square's box by √2")
    func diagonalBox() {
        let box = rect(-1, -1, 2, 2).applying(.rotation(degrees: 45))
        #expect(close(box, rect(-2.0.squareRoot(), -2.0.squareRoot(), 2 * 2.0.squareRoot(), 2 * 2.0.squareRoot()), 1e-12))
    }

    @Test("a size maps through the linear part only")
    func size() {
        let t = Transform2D.rotation(degrees: 90).concatenating(.translation(x: 100, y: 100))
        #expect(Size(width: 10, height: 20).applying(t) == Size(width: -20, height: 10))
    }
}
