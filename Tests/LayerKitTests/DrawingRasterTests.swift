import LoopSimTestSupport
import Raster
import Testing
import RenderModel
@testable import LayerKit

/// `DrawingContext` fills and strokes, checked by exact pixel values.
@Suite("Drawing: rasterizer", .quiescent)
struct DrawingRasterTests {
    private static let red = RGBA8(r: 255, g: 0, b: 0)
    private static let clear = RGBA8.clear

    /// Every pixel of `bitmap` for which `expected` returns non-nil equals it.
    private func expectPixels(_ bitmap: Bitmap, sourceLocation: SourceLocation = #_sourceLocation,
                              _ expected: (Int, Int) -> RGBA8?) {
        var mismatches: [String] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                if let e = expected(x, y), bitmap[x, y] != e {
                    mismatches.append("(\(x), \(y)) is \(bitmap[x, y]), expected \(e)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(8).joined(separator: "; "))", sourceLocation: sourceLocation)
    }

    @Test func rectOnPixelBoundariesIsOpaqueInsideAndUntouchedOutside() {
        let ctx = DrawingContext(width: 10, height: 10)
        ctx.fillRect(Rect(x: 2, y: 3, width: 5, height: 4), color: Self.red)
        expectPixels(ctx.bitmap) { x, y in
            (2..<7).contains(x) && (3..<7).contains(y) ? Self.red : Self.clear
        }
    }

    @Test func rectOnHalfPixelBoundariesHasHalfCoveredEdges() {
        let ctx = DrawingContext(width: 10, height: 10)
        ctx.fillRect(Rect(x: 2.5, y: 2.5, width: 5, height: 5), color: Self.red)
        // Edge pixels: 128 of 256 samples → alpha (128·255 + 128) / 256 = 128,
        // red (255·128 + 127) / 255 = 128. Corners: 64 samples → 64.
        let half = RGBA8(r: 128, g: 0, b: 0, a: 128)
        let quarter = RGBA8(r: 64, g: 0, b: 0, a: 64)
        expectPixels(ctx.bitmap) { x, y in
            let xEdge = x == 2 || x == 7, yEdge = y == 2 || y == 7
            let xIn = (3..<7).contains(x), yIn = (3..<7).contains(y)
            if xEdge && yEdge { return quarter }
            if (xEdge && yIn) || (yEdge && xIn) { return half }
            if xIn && yIn { return Self.red }
            return Self.clear
        }
    }

    @Test func quarterPixelEdgeCoversTwelveOfSixteenColumns() {
        let ctx = DrawingContext(width: 4, height: 1)
        ctx.fillRect(Rect(x: 1.25, y: 0, width: 2, height: 1), color: .white)
        // Samples at (i + ½)/16 ≥ .25: i = 4…15, 12 × 16 = 192 → alpha 191.
        #expect(ctx.bitmap[0, 0] == .clear)
        #expect(ctx.bitmap[1, 0] == RGBA8(r: 191, g: 191, b: 191, a: 191))
        #expect(ctx.bitmap[2, 0] == .white)
        #expect(ctx.bitmap[3, 0] == RGBA8(r: 64, g: 64, b: 64, a: 64))
    }

    @Test func halfTransparentRedOverOpaqueBlue() {
        let ctx = DrawingContext(bitmap: Bitmap(width: 3, height: 3, fill: RGBA8(r: 0, g: 0, b: 255)))
        ctx.fillRect(Rect(x: 0, y: 0, width: 3, height: 3), color: RGBA8(r: 255, g: 0, b: 0, a: 128))
        // Premultiplied source (128, 0, 0, 128); blue (255·127 + 127) / 255 = 127;
        // alpha 128 + (255·127 + 127) / 255 = 255.
        let expected = RGBA8(r: 128, g: 0, b: 127, a: 255)
        #expect(expected == RGBA8(r: 255, g: 0, b: 0, a: 128).premultiplied().composited(over: RGBA8(r: 0, g: 0, b: 255)))
        expectPixels(ctx.bitmap) { _, _ in expected }
    }

    @Test func partialCoverageScalesATranslucentColour() {
        let ctx = DrawingContext(width: 2, height: 1)
        ctx.fillRect(Rect(x: 0.5, y: 0, width: 1, height: 1), color: RGBA8(r: 255, g: 0, b: 0, a: 128))
        // (128, 0, 0, 128) × coverage alpha 128: (128·128 + 127) / 255 = 64.
        #expect(ctx.bitmap[0, 0] == RGBA8(r: 64, g: 0, b: 0, a: 64))
        #expect(ctx.bitmap[1, 0] == RGBA8(r: 64, g: 0, b: 0, a: 64))
    }

    @Test func transparentColourChangesNothing() {
        let ctx = DrawingContext(bitmap: Bitmap(width: 4, height: 4, fill: RGBA8(r: 1, g: 2, b: 3, a: 4)))
        let before = ctx.bitmap
        ctx.fillEllipse(in: Rect(x: 0, y: 0, width: 4, height: 4), color: RGBA8(r: 255, g: 255, b: 255, a: 0))
        ctx.drawText("W", at: .zero, color: RGBA8(r: 9, g: 9, b: 9, a: 0))
        #expect(ctx.bitmap == before)
    }

    @Test func ellipseIsOpaqueInTheMiddleUntouchedInTheCornersAndSymmetric() {
        let ctx = DrawingContext(width: 20, height: 20)
        ctx.fillEllipse(in: Rect(x: 2, y: 2, width: 16, height: 16), color: .black)
        let b = ctx.bitmap
        for (x, y) in [(9, 9), (10, 10), (9, 10), (10, 9), (3, 9), (16, 10), (9, 3), (10, 16)] {
            #expect(b[x, y] == .black, "(\(x), \(y))")
        }
        for (x, y) in [(0, 0), (19, 0), (0, 19), (19, 19), (2, 2), (3, 3), (17, 17), (16, 3), (1, 10), (18, 10)] {
            #expect(b[x, y] == .clear, "(\(x), \(y))")
        }
        var partial = 0
        var total = 0
        for y in 0..<20 {
            for x in 0..<20 {
                let v = b[x, y]
                #expect(v == b[19 - x, y] && v == b[x, 19 - y] && v == b[y, x], "(\(x), \(y))")
                if v.a > 0 && v.a < 255 { partial += 1 }
                total += Int(v.a)
            }
        }
        #expect(partial > 20)
        // Area π·8² = 201.06 pixels, within half a pixel.
        #expect(abs(Double(total) / 255 - 201.06) < 0.5)
    }

    @Test func roundedRectCornersArePartlyCovered() {
        let ctx = DrawingContext(width: 20, height: 20)
        ctx.fillRoundedRect(Rect(x: 2, y: 2, width: 16, height: 16), radius: 6, color: .black)
        let b = ctx.bitmap
        // Outside the rect and in the very corners: nothing.
        for (x, y) in [(1, 10), (2, 2), (17, 2), (2, 17), (17, 17)] { #expect(b[x, y] == .clear, "(\(x), \(y))") }
        // Straight edges and the middle: opaque.
        for (x, y) in [(2, 10), (17, 9), (10, 2), (9, 17), (10, 10), (8, 3), (3, 8)] { #expect(b[x, y] == .black, "(\(x), \(y))") }
        // The arc at 45° passes (8 − 4.24, 8 − 4.24): partly covered, mirrored at every corner.
        let corner = b[3, 3]
        #expect(corner.a > 0 && corner.a < 255)
        #expect(b[16, 3] == corner && b[3, 16] == corner && b[16, 16] == corner)
        // A larger radius is clamped: radius 100 on 16 × 10 draws radius 5.
        let a = DrawingContext(width: 20, height: 14), c = DrawingContext(width: 20, height: 14)
        a.fillRoundedRect(Rect(x: 2, y: 2, width: 16, height: 10), radius: 100, color: .black)
        c.fillRoundedRect(Rect(x: 2, y: 2, width: 16, height: 10), radius: 5, color: .black)
        #expect(a.bitmap == c.bitmap)
    }

    @Test func strokeOfWidthTwoCoversOnePointEachSideOfTheEdges() {
        let ctx = DrawingContext(width: 20, height: 20)
        ctx.strokeRect(Rect(x: 4, y: 4, width: 12, height: 12), color: Self.red, width: 2)
        expectPixels(ctx.bitmap) { x, y in
            let outer = (3..<17).contains(x) && (3..<17).contains(y)
            let inner = (5..<15).contains(x) && (5..<15).contains(y)
            return outer && !inner ? Self.red : Self.clear
        }
    }

    @Test func strokeOfWidthOneOnWholePointsIsTwoHalfRows() {
        let ctx = DrawingContext(width: 10, height: 10)
        ctx.line(from: Point(x: 2, y: 5), to: Point(x: 8, y: 5), color: .white, width: 1)
        let half = RGBA8(r: 128, g: 128, b: 128, a: 128)
        expectPixels(ctx.bitmap) { x, y in
            (2..<8).contains(x) && (y == 4 || y == 5) ? half : .clear
        }
        let centred = DrawingContext(width: 10, height: 10)
        centred.line(from: Point(x: 2, y: 5.5), to: Point(x: 8, y: 5.5), color: .white, width: 1)
        expectPixels(centred.bitmap) { x, y in (2..<8).contains(x) && y == 5 ? .white : .clear }
    }

    /// The stroke as the reference construction: one rectangle per segment
    /// and one wedge per turning vertex, each its own subpath turned the same
    /// way, with the same floating-point formulas as the stroker.
    private func strokePieces(_ path: Path, width: Double) -> Path {
        let hw = width / 2
        var pieces = Path()
        func add(_ poly: [Point]) {
            var area = 0.0
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                area += a.x * b.y - b.x * a.y
            }
            let turned = area < 0 ? Array(poly.reversed()) : poly
            pieces.move(to: turned[0])
            for q in turned.dropFirst() { pieces.line(to: q) }
            pieces.close()
        }
        func offset(_ p: Point, _ d: Point, _ s: Double) -> Point { Point(x: p.x - d.y * s, y: p.y + d.x * s) }
        for sub in path.flattened(tolerance: DrawingContext.flatness) {
            var pts = sub.points
            if sub.closed, pts.count > 2, pts.first == pts.last { pts.removeLast() }
            let closed = sub.closed && pts.count > 2
            let n = closed ? pts.count : pts.count - 1
            let dirs = (0..<n).map { i in
                Stroker.unit(pts[(i + 1) % pts.count].x - pts[i].x, pts[(i + 1) % pts.count].y - pts[i].y)
            }
            for i in 0..<n {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                add([offset(a, dirs[i], hw), offset(b, dirs[i], hw), offset(b, dirs[i], -hw), offset(a, dirs[i], -hw)])
            }
            for v in (closed ? 0..<n : 1..<n) {
                let d0 = dirs[(v + n - 1) % n], d1 = dirs[v % n], b = pts[v]
                let cross = d0.x * d1.y - d0.y * d1.x
                guard cross != 0 else { continue }
                let s = cross > 0 ? -hw : hw
                if let tip = Stroker.miterTip(at: b, d0, d1, offset: s, miterLimit: 10) {
                    add([b, offset(b, d0, s), tip, offset(b, d1, s)])
                } else {
                    add([b, offset(b, d0, s), offset(b, d1, s)])
                }
            }
        }
        return pieces
    }

    /// Polylines give the same bytes as the reference. With curves the
    /// reference's separately rounded pieces leave hairline seams (a sample
    /// or two short) that the single outline does not have, so there the
    /// stroke may only be darker, and by a few levels.
    @Test(arguments: [
        ("M 2 2 L 30 6 L 4 12 L 28 20 L 10 28", 3.0, true),
        ("M 3 3 L 29 5 L 3 8 L 29 29 L 16 2 Z", 2.5, true),
        ("M 6 6 L 26 6 L 26 26 L 6 26 Z M 16 10 L 22 16 L 16 22 L 10 16 Z", 1.5, true),
        ("M 4 28 Q 16 -10 28 28 C 20 10 12 40 4 16", 4.0, false),
    ])
    func strokeIsTheUnionOfSegmentRectanglesAndJoinWedges(_ svg: String, width: Double, exact: Bool) throws {
        let path = try Path(svg: svg)
        let stroked = DrawingContext(width: 32, height: 32)
        stroked.stroke(path, color: .black, width: width)
        let reference = DrawingContext(width: 32, height: 32)
        reference.fill(strokePieces(path, width: width), color: .black)
        let a = stroked.bitmap.pixels, b = reference.bitmap.pixels
        let differing = a.indices.filter { a[$0] != b[$0] }
        if exact {
            #expect(differing.isEmpty, "\(differing.count) bytes differ")
        } else {
            #expect(differing.allSatisfy { a[$0] > b[$0] && a[$0] - b[$0] <= 3 }, "\(differing.map { (a[$0], b[$0]) })")
        }
        #expect(a.contains { $0 != 0 && $0 != 255 })
    }

    @Test func diagonalLineIsAntiAliasedAndSymmetric() {
        let ctx = DrawingContext(width: 20, height: 20)
        ctx.line(from: Point(x: 2, y: 2), to: Point(x: 18, y: 18), color: .black, width: 2)
        let b = ctx.bitmap
        var partial = 0
        for y in 0..<20 {
            for x in 0..<20 {
                #expect(b[x, y] == b[y, x], "(\(x), \(y)) vs (\(y), \(x))")
                #expect(b[x, y] == b[19 - x, 19 - y], "(\(x), \(y)) vs its 180° turn")
                if b[x, y].a > 0 && b[x, y].a < 255 { partial += 1 }
                // Only grey levels of black: r = g = b = 0.
                #expect(b[x, y].r == 0)
            }
        }
        #expect(partial >= 32)
        #expect(b[10, 10] == .black && b[5, 5] == .black)
        #expect(b[2, 18] == .clear && b[18, 2] == .clear && b[10, 5] == .clear)
        // Butt caps: nothing beyond the ends along the line.
        #expect(b[0, 0] == .clear && b[19, 19] == .clear)
        // Width 2 along the diagonal: about 2·16·√2 ≈ 45.25 pixels of ink.
        var ink = 0
        for y in 0..<20 { for x in 0..<20 { ink += Int(b[x, y].a) } }
        #expect(abs(Double(ink) / 255 - 45.25) < 0.5)
    }

    @Test func nonZeroWindingFillsSameDirectionOverlapsAndHonoursReversedHoles() throws {
        let same = DrawingContext(width: 10, height: 10)
        same.fill(try Path(svg: "M 1 1 L 9 1 L 9 9 L 1 9 Z M 3 3 L 7 3 L 7 7 L 3 7 Z"), color: .black)
        expectPixels(same.bitmap) { x, y in (1..<9).contains(x) && (1..<9).contains(y) ? .black : .clear }
        let hole = DrawingContext(width: 10, height: 10)
        hole.fill(try Path(svg: "M 1 1 L 9 1 L 9 9 L 1 9 Z M 3 3 L 3 7 L 7 7 L 7 3 Z"), color: .black)
        expectPixels(hole.bitmap) { x, y in
            let outer = (1..<9).contains(x) && (1..<9).contains(y)
            let inner = (3..<7).contains(x) && (3..<7).contains(y)
            return outer && !inner ? .black : .clear
        }
        // An unclosed subpath is closed for filling.
        let open = DrawingContext(width: 10, height: 10)
        open.fill(try Path(svg: "M 1 1 L 9 1 L 9 9 L 1 9"), color: .black)
        #expect(open.bitmap == DrawingContext(width: 10, height: 10).filled(Rect(x: 1, y: 1, width: 8, height: 8)))
    }

    /// Draws the two Bézier fills used by the determinism test.
    private func drawCurves() throws -> (quad: Bitmap, cubic: Bitmap) {
        let q = DrawingContext(width: 20, height: 20)
        q.fill(try Path(svg: "M 2 18 Q 10 -6 18 18 Z"), color: RGBA8(r: 0, g: 128, b: 255))
        let c = DrawingContext(width: 20, height: 20)
        c.fill(try Path(svg: "M 2 10 C 8 -4 12 24 18 10 Z"), color: RGBA8(r: 0, g: 128, b: 255, a: 200))
        return (q.bitmap, c.bitmap)
    }

    @Test func bezierFillsAreDeterministicAndMatchTheRecordedHashes() throws {
        let first = try drawCurves(), second = try drawCurves()
        #expect(first.quad == second.quad)
        #expect(first.cubic == second.cubic)
        #expect(first.quad.contentHash == "9d7fa7c0c7764669")
        #expect(first.cubic.contentHash == "db53fa6c1b6a9ee5")

        // Quadratic: apex at (10, 6), chord at y = 18.
        let q = first.quad
        let blue = RGBA8(r: 0, g: 128, b: 255)
        #expect(q[10, 10] == blue && q[10, 7] == blue && q[4, 16] == blue)
        #expect(q[10, 5] == .clear && q[10, 3] == .clear && q[10, 18] == .clear && q[1, 17] == .clear)
        #expect(q[10, 6].a > 0 && q[10, 6].a < 255)
        // Cubic: crosses its chord (y = 10) at (10, 10); lobes above on the
        // left, below on the right, both filled (non-zero).
        let c = first.cubic
        let translucent = RGBA8(r: 0, g: 128, b: 255, a: 200).premultiplied()
        #expect(c[6, 8] == translucent && c[13, 11] == translucent)
        #expect(c[6, 12] == .clear && c[13, 7] == .clear && c[10, 2] == .clear)
        for y in 0..<20 { for x in 0..<20 { #expect(c[x, y] == c[19 - x, 19 - y], "(\(x), \(y))") } }
    }

    @Test func transformAndScaleMoveTheDrawing() {
        let moved = DrawingContext(width: 10, height: 10)
        moved.transform = .translation(x: 3, y: 1)
        moved.fillRect(Rect(x: 0, y: 0, width: 2, height: 2), color: .black)
        #expect(moved.bitmap == DrawingContext(width: 10, height: 10).filled(Rect(x: 3, y: 1, width: 2, height: 2)))

        let retina = DrawingContext(width: 5, height: 5, scale: 2)
        #expect(retina.bitmap.width == 10 && retina.bitmap.height == 10)
        #expect(retina.width == 5 && retina.height == 5)
        retina.fillRect(Rect(x: 1, y: 1, width: 2, height: 2), color: .black)
        #expect(retina.bitmap == DrawingContext(width: 10, height: 10).filled(Rect(x: 2, y: 2, width: 4, height: 4)))
        // A half point is a whole pixel at scale 2: no partial pixels.
        let sharp = DrawingContext(width: 5, height: 5, scale: 2)
        sharp.strokeRect(Rect(x: 1, y: 1, width: 3, height: 3), color: .black, width: 1)
        #expect(sharp.bitmap.pixels.allSatisfy { $0 == 0 || $0 == 255 })
    }

    @Test func everythingIsClippedToTheBitmap() {
        let ctx = DrawingContext(width: 8, height: 8)
        ctx.fillRect(Rect(x: -100, y: -100, width: 104, height: 1000), color: .black)
        expectPixels(ctx.bitmap) { x, _ in x < 4 ? .black : .clear }
        let far = DrawingContext(width: 8, height: 8)
        far.fillEllipse(in: Rect(x: -1e9, y: -1e9, width: 2e9 + 8, height: 2e9 + 8), color: .black)
        far.line(from: Point(x: -1e12, y: 4.5), to: Point(x: 1e12, y: 4.5), color: .white, width: 1)
        expectPixels(far.bitmap) { _, y in y == 4 ? .white : .black }
    }

    @Test func extremeAndNonFiniteCoordinatesNeverTrap() {
        let big = Double.greatestFiniteMagnitude
        let ctx = DrawingContext(width: 8, height: 8)
        var path = Path()
        path.move(to: Point(x: -big, y: 4))
        path.line(to: Point(x: big, y: 4))
        path.line(to: Point(x: big, y: big))
        path.line(to: Point(x: -big, y: big))
        path.close()
        // A subpath with NaN is dropped; the others still draw.
        path.move(to: Point(x: .nan, y: 0))
        path.line(to: Point(x: 8, y: 0))
        path.line(to: Point(x: 8, y: 2))
        ctx.fill(path, color: .black)
        expectPixels(ctx.bitmap) { _, y in y >= 4 ? .black : .clear }
        ctx.stroke(path, color: .white, width: big)
        ctx.stroke(path, color: .white, width: .infinity)
        ctx.line(from: Point(x: -big, y: -big), to: Point(x: big, y: big), color: .white, width: 1)
        ctx.fillEllipse(in: Rect(x: -big, y: -big, width: big, height: big), color: .white)
        ctx.drawText("x", at: Point(x: big, y: -big), color: .white, size: big)
        #expect(ctx.bitmap.width == 8)
    }

    @Test func clearReplacesEveryPixel() {
        let ctx = DrawingContext(width: 3, height: 2)
        ctx.fillRect(Rect(x: 0, y: 0, width: 3, height: 2), color: .black)
        ctx.clear(RGBA8(r: 255, g: 255, b: 255, a: 128))
        expectPixels(ctx.bitmap) { _, _ in RGBA8(r: 128, g: 128, b: 128, a: 128) }
    }
}

extension DrawingContext {
    /// Test helper: this (empty) context's bitmap with `rect` filled black.
    fileprivate func filled(_ rect: Rect) -> Bitmap {
        fillRect(rect, color: .black)
        return bitmap
    }
}
