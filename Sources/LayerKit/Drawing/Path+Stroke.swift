import RenderModel

/// Turns polylines into the polygons whose non-zero fill is their stroke.
///
/// The stroke of a polyline is the union of a rectangle of the stroke width
/// around each segment (butt caps: nothing past the ends) and, at each
/// vertex where the direction changes, a wedge on the outer side — the miter
/// kite when the miter length is within `miterLimit` × width, else the bevel
/// triangle: Core Graphics' defaults (butt cap, miter join, limit 10).
///
/// Rather than one polygon per piece, the outline walks the left offset
/// forward and the right offset back (for a closed subpath: a left loop and a
/// reversed right loop), with the outer join points on the outer side and the
/// vertex itself on the inner side. As a sum of edges that is exactly the sum
/// of the piece outlines, all turned the same way (the shared cap edges pass
/// through the vertex and cancel), so every point gets the same winding sign
/// and the non-zero fill is exactly their union — with about half the edges.
enum Stroker {
    /// Core Graphics' default miter limit.
    static let defaultMiterLimit = 10.0

    static func outline(of subpaths: [FlatSubpath], width: Double, miterLimit: Double = defaultMiterLimit) -> [[Point]] {
        guard width > 0, width.isFinite else { return [] }
        let hw = width / 2
        var polygons: [[Point]] = []
        for sub in subpaths {
            var pts: [Point] = []
            pts.reserveCapacity(sub.points.count)
            for p in sub.points where pts.last != p { pts.append(p) }
            if sub.closed, pts.count > 1, pts[0] == pts[pts.count - 1] { pts.removeLast() }
            guard pts.count > 1 else { continue }
            let closed = sub.closed && pts.count > 2
            let segmentCount = closed ? pts.count : pts.count - 1
            var dirs: [Point] = []
            dirs.reserveCapacity(segmentCount)
            for i in 0..<segmentCount {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                // Halved first (exactly) so far-apart finite points do not
                // overflow; the direction is the same.
                dirs.append(unit(b.x * 0.5 - a.x * 0.5, b.y * 0.5 - a.y * 0.5))
            }
            // A subpath with a non-finite point has no usable outline.
            if dirs.contains(where: { $0.x == 0 && $0.y == 0 }) { continue }
            let left = side(pts, dirs, offset: hw, closed: closed, miterLimit: miterLimit)
            let right = side(pts, dirs, offset: -hw, closed: closed, miterLimit: miterLimit)
            if closed {
                polygons.append(left)
                polygons.append(right.reversed())
            } else {
                polygons.append(left + right.reversed())
            }
        }
        return polygons
    }

    /// One offset side, forward: each segment moved by `offset` along its
    /// left normal (−dy, dx), joined at the vertices (the outer join points
    /// where the path turns away from this side, the vertex where it turns
    /// toward it or reverses). A closed side joins its last segment to its
    /// first and ends before repeating its first point.
    private static func side(_ pts: [Point], _ dirs: [Point], offset s: Double, closed: Bool, miterLimit: Double) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(dirs.count * 3)
        let count = dirs.count
        for i in 0..<count {
            let a = pts[i], b = pts[(i + 1) % pts.count], d = dirs[i]
            if i == 0 {
                out.append(Point(x: a.x - d.y * s, y: a.y + d.x * s))
            }
            out.append(Point(x: b.x - d.y * s, y: b.y + d.x * s))
            let hasNext = closed || i + 1 < count
            guard hasNext else { break }
            let d1 = dirs[(i + 1) % count]
            let cross = d.x * d1.y - d.y * d1.x
            let dot = d.x * d1.x + d.y * d1.y
            if cross == 0 && dot > 0 { continue }
            if cross != 0 && (cross > 0) == (s < 0) {
                // Outer side: the miter tip, unless beyond the limit (bevel).
                if let tip = miterTip(at: b, d, d1, offset: s, miterLimit: miterLimit) { out.append(tip) }
            } else {
                // Inner side or a full reversal: through the vertex.
                out.append(b)
            }
            out.append(Point(x: b.x - d1.y * s, y: b.y + d1.x * s))
        }
        if closed, out.count > 1 { out.removeLast() }
        return out
    }

    /// The miter tip at `p` between directions `d0` and `d1` on the side at
    /// `offset`: `p + offset·(n0 + n1) / (1 + d0·d1)`; nil when the miter is
    /// longer than `miterLimit` × width (1 / cos(θ/2) with cos θ = d0·d1,
    /// i.e. the ratio squared is 2 / (1 + d0·d1)).
    static func miterTip(at p: Point, _ d0: Point, _ d1: Point, offset s: Double, miterLimit: Double) -> Point? {
        let onePlusDot = 1 + d0.x * d1.x + d0.y * d1.y
        guard onePlusDot > 0, 2 <= miterLimit * miterLimit * onePlusDot else { return nil }
        let k = s / onePlusDot
        return Point(x: p.x + (-d0.y - d1.y) * k, y: p.y + (d0.x + d1.x) * k)
    }

    /// (dx, dy) scaled to length 1; (0, 0) when it has no direction.
    static func unit(_ dx: Double, _ dy: Double) -> Point {
        let len = Path.length(dx, dy)
        guard len > 0, len.isFinite else { return Point(x: 0, y: 0) }
        return Point(x: dx / len, y: dy / len)
    }
}
