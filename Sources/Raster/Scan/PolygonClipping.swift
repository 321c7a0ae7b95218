import RenderModel

/// How `ScanConverter` bounds a polygon before rounding its vertices to
/// 1/256 pixel: a polygon wholly outside `box` is skipped, and one that
/// reaches outside `limit` is first clipped to `box` (Sutherland–Hodgman,
/// which keeps the non-zero fill inside the box).
///
/// Clipping moves vertices — the new ones are rounded where the clip lines
/// cut the edges — so the two users' policies are kept apart: they give
/// different bytes near the edges of a polygon that reaches outside the
/// drawing area (`ScanConverterTests` pins one such case).
///
/// - `target(width:height:)`, `DrawingContext`'s: any polygon leaving the
///   bitmap beyond a 1-pixel margin is clipped to that margin, so any
///   finite coordinates work.
/// - `display(width:height:)`, the compositor's: polygons within ±2^20
///   pixels are scanned as they are, so a pixel's coverage never depends on
///   the region being drawn (a damaged region gets the bytes a full frame
///   has there); larger ones are clipped to the display with 64 pixels to
///   spare, which keeps the integer arithmetic exact.
@usableFromInline package struct PolygonClipping: Sendable {
    /// A box in pixels: `x0 ≤ x ≤ x1`, `y0 ≤ y ≤ y1`.
    package typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    /// Polygons reaching outside this box are clipped to `box`.
    package let limit: Box
    /// Where clipped polygons are clipped to; polygons wholly outside it are
    /// skipped (they cover nothing inside it).
    package let box: Box

    /// Clips polygons that reach outside `limit` to `box`.
    package init(limit: Box, box: Box) {
        self.limit = limit
        self.box = box
    }

    /// `DrawingContext`'s policy for a `width` × `height` bitmap: clip to the
    /// bitmap and a 1-pixel margin whenever a polygon leaves it.
    package static func target(width: Int, height: Int) -> PolygonClipping {
        let box: Box = (-1, -1, Double(width) + 1, Double(height) + 1)
        return PolygonClipping(limit: box, box: box)
    }

    /// The compositor's policy for a `width` × `height` display: scan
    /// polygons within ±2^20 pixels as they are, clip larger ones to the
    /// display and a 64-pixel margin.
    package static func display(width: Int, height: Int) -> PolygonClipping {
        let safe = 1_048_576.0
        return PolygonClipping(limit: (-safe, -safe, safe, safe),
                               box: (-64, -64, Double(width) + 64, Double(height) + 64))
    }

    /// `polygon` ready for vertex rounding: as it is, clipped to `box`, or
    /// `nil` when it is to be skipped (fewer than 3 points, a coordinate
    /// that is not finite, or nothing inside `box`).
    @usableFromInline package func bounded(_ polygon: [Point]) -> [Point]? {
        guard polygon.count >= 3 else { return nil }
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        for p in polygon {
            guard p.x.isFinite, p.y.isFinite else { return nil }
            bx0 = Swift.min(bx0, p.x); bx1 = Swift.max(bx1, p.x)
            by0 = Swift.min(by0, p.y); by1 = Swift.max(by1, p.y)
        }
        guard bx1 > box.x0, by1 > box.y0, bx0 < box.x1, by0 < box.y1 else { return nil }
        guard bx0 < limit.x0 || by0 < limit.y0 || bx1 > limit.x1 || by1 > limit.y1 else { return polygon }
        let clipped = PolygonClipping.clip(polygon, to: box)
        guard clipped.count >= 3, clipped.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        return clipped
    }

    // MARK: Sutherland–Hodgman

    /// `polygon` clipped to the four sides of `box` in turn. Clipping a
    /// closed polygon to a half-plane keeps every winding number inside it,
    /// so the non-zero fill inside the box is unchanged.
    static func clip(_ polygon: [Point], to box: Box) -> [Point] {
        var poly = polygon
        poly = clipSide(poly, inside: { $0.x >= box.x0 }, cross: { a, b in crossX(a, b, box.x0) })
        poly = clipSide(poly, inside: { $0.x <= box.x1 }, cross: { a, b in crossX(a, b, box.x1) })
        poly = clipSide(poly, inside: { $0.y >= box.y0 }, cross: { a, b in crossY(a, b, box.y0) })
        poly = clipSide(poly, inside: { $0.y <= box.y1 }, cross: { a, b in crossY(a, b, box.y1) })
        return poly
    }

    /// Where segment a–b meets the vertical line at `x` (a and b on opposite
    /// sides), as a convex combination so huge finite coordinates do not
    /// overflow.
    private static func crossX(_ a: Point, _ b: Point, _ x: Double) -> Point {
        let t = fraction(x, a.x, b.x)
        return Point(x: x, y: a.y * (1 - t) + b.y * t)
    }

    /// Where segment a–b meets the horizontal line at `y`.
    private static func crossY(_ a: Point, _ b: Point, _ y: Double) -> Point {
        let t = fraction(y, a.y, b.y)
        return Point(x: a.x * (1 - t) + b.x * t, y: y)
    }

    /// (v − a) / (b − a) within 0…1, halving everything first when b − a
    /// overflows.
    private static func fraction(_ v: Double, _ a: Double, _ b: Double) -> Double {
        let den = b - a
        let t = den.isFinite ? (v - a) / den : (v * 0.5 - a * 0.5) / (b * 0.5 - a * 0.5)
        return t > 0 ? (t < 1 ? t : 1) : 0
    }

    private static func clipSide(_ poly: [Point], inside: (Point) -> Bool, cross: (Point, Point) -> Point) -> [Point] {
        guard !poly.isEmpty else { return poly }
        var out: [Point] = []
        out.reserveCapacity(poly.count + 4)
        var prev = poly[poly.count - 1]
        var prevIn = inside(prev)
        for p in poly {
            let pIn = inside(p)
            if pIn != prevIn { out.append(cross(prev, p)) }
            if pIn { out.append(p) }
            prev = p
            prevIn = pIn
        }
        return out
    }
}
