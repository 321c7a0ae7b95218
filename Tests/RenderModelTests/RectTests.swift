import RenderModel
import Testing

@Suite struct RectTests {
    @Test("standardized flips negative sizes and keeps positive ones", arguments: [
        (rect(10, 10, -5, -5), rect(5, 5, 5, 5)),
        (rect(10, 10, 5, -5), rect(10, 5, 5, 5)),
        (rect(1, 2, 3, 4), rect(1, 2, 3, 4)),
        (rect(0, 0, 0, 0), rect(0, 0, 0, 0)),
    ])
    func standardized(input: Rect, expected: Rect) {
        #expect(input.standardized == expected)
        #expect(input.minX == expected.minX && input.maxY == expected.maxY)
        #expect(input.width == expected.width && input.height == expected.height)
    }

    @Test("edges, middle and emptiness read like CGRect's")
    func edges() {
        let r = rect(10, 20, 30, 40)
        #expect([r.minX, r.midX, r.maxX, r.minY, r.midY, r.maxY] == [10, 25, 40, 20, 40, 60])
        #expect(!r.isEmpty)
        #expect(rect(5, 5, 0, 10).isEmpty && rect(5, 5, 10, 0).isEmpty && Rect.zero.isEmpty)
    }

    @Test("union is the smallest rect around both, standardized", arguments: [
        (rect(0, 0, 10, 10), rect(5, 5, 10, 10), rect(0, 0, 15, 15)),
        (rect(0, 0, 10, 10), rect(20, 30, 1, 1), rect(0, 0, 21, 31)),
        (rect(10, 10, -10, -10), rect(5, 5, 10, 10), rect(0, 0, 15, 15)),
        (rect(-5, -5, 2, 2), rect(0, 0, 0, 0), rect(-5, -5, 5, 5)),
    ])
    func union(a: Rect, b: Rect, expected: Rect) {
        #expect(a.union(b) == expected)
        #expect(b.union(a) == expected)
    }

    @Test("intersection is the overlap, zero-wide when touching, nil when apart", arguments: [
        (rect(0, 0, 10, 10), rect(5, 5, 10, 10), rect(5, 5, 5, 5) as Rect?),
        (rect(0, 0, 10, 10), rect(10, 0, 5, 5), rect(10, 0, 0, 5)),
        (rect(0, 0, 10, 10), rect(11, 0, 5, 5), nil),
        (rect(0, 0, 10, 10), rect(2, 3, 4, 5), rect(2, 3, 4, 5)),
        (rect(10, 10, -10, -10), rect(5, -5, 10, 10), rect(5, 0, 5, 5)),
    ])
    func intersection(a: Rect, b: Rect, expected: Rect?) {
        #expect(a.intersection(b) == expected)
        #expect(b.intersection(a) == expected)
        #expect(a.intersects(b) == (expected.map { !$0.isEmpty } ?? false))
    }

    @Test("insetBy shrinks each side and collapses to the middle past zero", arguments: [
        (rect(0, 0, 10, 10), 2.0, 3.0, rect(2, 3, 6, 4)),
        (rect(0, 0, 10, 10), -1.0, -1.0, rect(-1, -1, 12, 12)),
        (rect(0, 0, 10, 10), 6.0, 0.0, rect(5, 0, 0, 10)),
        (rect(10, 10, -10, -10), 1.0, 1.0, rect(1, 1, 8, 8)),
    ])
    func inset(r: Rect, dx: Double, dy: Double, expected: Rect) {
        #expect(r.insetBy(dx: dx, dy: dy) == expected)
    }

    @Test("contains(point) includes the top-left edges and excludes the bottom-right", arguments: [
        (point(0, 0), true), (point(9.5, 9.5), true), (point(10, 5), false), (point(5, 10), false),
        (point(-0.001, 5), false), (point(5, 5), true),
    ])
    func containsPoint(p: Point, inside: Bool) {
        #expect(rect(0, 0, 10, 10).contains(p) == inside)
        #expect(rect(10, 10, -10, -10).contains(p) == inside)
        #expect(!rect(0, 0, 0, 10).contains(p))
    }

    @Test("contains(rect) allows shared edges and refuses empty rects")
    func containsRect() {
        let r = rect(0, 0, 10, 10)
        #expect(r.contains(rect(0, 0, 10, 10)))
        #expect(r.contains(rect(2, 2, 3, 3)))
        #expect(!r.contains(rect(8, 8, 3, 3)))
        #expect(!r.contains(rect(2, 2, 0, 3)))
        #expect(!Rect.zero.contains(Rect.zero))
    }

    @Test("integral rounds the min edges down and the max edges up", arguments: [
        (rect(0.5, 0.5, 1, 1), rect(0, 0, 2, 2)),
        (rect(-0.5, 1.2, 2, 3.1), rect(-1, 1, 3, 4)),
        (rect(1, 2, 3, 4), rect(1, 2, 3, 4)),
        (rect(0.5, 0.5, 0, 0), rect(0, 0, 0, 0)),
        (rect(3.5, 3.5, -1, -1), rect(2, 2, 2, 2)),
    ])
    func integral(r: Rect, expected: Rect) {
        #expect(r.integral == expected)
    }

    @Test("offsetBy moves the origin only")
    func offset() {
        #expect(rect(1, 2, 3, 4).offsetBy(dx: 10, dy: -2) == rect(11, 0, 3, 4))
        #expect(point(1, 2).offsetBy(dx: 1, dy: 1) == point(2, 3))
    }

    @Test("descriptions print the frame-tuple order")
    func descriptions() {
        #expect(rect(1, 2, 3, 4).description == "(1.0, 2.0, 3.0, 4.0)")
        #expect(point(1, 2.5).description == "(1.0, 2.5)")
        #expect(Size(width: 3, height: 4).description == "(3.0, 4.0)")
    }
}
