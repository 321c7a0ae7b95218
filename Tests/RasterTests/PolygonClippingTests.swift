import Raster
import RenderModel
import Testing

/// How the two users of `ScanConverter` bound polygons before rounding:
/// the one place their bytes can differ.
@Suite struct PolygonClippingTests {
    /// White filled into a transparent `width` × `height` bitmap.
    private func white(_ polygons: [[Point]], _ clipping: PolygonClipping, width: Int, height: Int) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        let converter = ScanConverter(capacity: width, clipping: clipping)
        b.withUnsafeCanvas { canvas in
            var painter = SolidPainter(canvas: canvas, color: PixelMath.pack(r: 255, g: 255, b: 255, a: 255))
            converter.fillPolygons(polygons, columns: 0..<width, rows: 0..<height, painter: &painter)
        }
        return b
    }

    @Test("a polygon within the limit is kept as it is, one beyond it is clipped to the box, one outside the box is skipped")
    func bounding() {
        let target = PolygonClipping.target(width: 10, height: 10)
        let inside = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 10)]
        #expect(target.bounded(inside) == inside)
        let across = [Point(x: -5, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 5)]
        let clipped = target.bounded(across)
        #expect(clipped != nil && clipped!.allSatisfy { $0.x >= -1 && $0.x <= 11 && $0.y >= -1 && $0.y <= 11 })
        #expect(target.bounded([Point(x: 20, y: 0), Point(x: 30, y: 0), Point(x: 25, y: 5)]) == nil)
        #expect(target.bounded([Point(x: 0, y: 0), Point(x: 1, y: 1)]) == nil)
        // The compositor's policy leaves the same polygon alone: it is well within ±2^20 pixels.
        #expect(PolygonClipping.display(width: 10, height: 10).bounded(across) == across)
    }

    @Test("inside the target both policies give the same bytes")
    func policiesAgreeInside() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<80 {
            let polygon = (0..<(3 + Int(rng.next() % 6))).map { _ in Point(x: Double(rng.next() % 1601) / 100, y: Double(rng.next() % 1201) / 100) }
            #expect(white([polygon], .target(width: 16, height: 12), width: 16, height: 12)
                == white([polygon], .display(width: 16, height: 12), width: 16, height: 12), "\(polygon)")
        }
    }

    @Test("clipping at the target's margin moves a vertex, so near it the policies differ by a step")
    func policiesDifferOutside() {
        // The edge (−8, 0)–(1, 1) is cut at x = −1, y = 7/9, which rounds to
        // 199/256: pixel (0, 0) covers 1/18 of its area (alpha 14.2).
        let triangle = [Point(x: -8, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)]
        let drawn = white([triangle], .target(width: 4, height: 4), width: 4, height: 4)
        let composited = white([triangle], .display(width: 4, height: 4), width: 4, height: 4)
        #expect(drawn[0, 0] == RGBA8(r: 15, g: 15, b: 15, a: 15))
        #expect(composited[0, 0] == RGBA8(r: 14, g: 14, b: 14, a: 14))
        var others = 0
        for y in 0..<4 {
            for x in 0..<4 where (x, y) != (0, 0) && drawn[x, y] != composited[x, y] { others += 1 }
        }
        #expect(others == 0)
    }
}
