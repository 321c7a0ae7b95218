import RenderModel

/// Outlines of layer shapes — rectangles, rounded rectangles, border rings —
/// in a layer's own space, mapped to the display.
///
/// Arcs are flattened with a table of cosines computed by a fixed
/// polynomial (basic arithmetic only, so every machine gets the same
/// doubles, unlike the C library's `cos`), and `sin k = cos(n − k)` by
/// construction, so the four corners of a rounded rectangle are exact
/// mirror images of each other.
package enum Shapes {
    /// Steps of the finest quarter circle.
    static let quarterSteps = 512

    /// `cos(k·π/1024)` for k in 0…512; entry 512 is exactly 0.
    static let cosines: [Double] = {
        let halfPi = 1.5707963267948966
        var table = (0...quarterSteps).map { k in cosine(Double(k) * (halfPi / Double(quarterSteps))) }
        table[0] = 1
        table[quarterSteps] = 0
        return table
    }()

    /// cos x for 0 ≤ x ≤ π/2 by its Taylor series (Horner, 20 terms).
    static func cosine(_ x: Double) -> Double {
        let x2 = x * x
        var coefficients: [Double] = []
        var term = 1.0
        for n in 0..<20 {
            coefficients.append(n % 2 == 0 ? term : -term)
            term = term / Double((2 * n + 1) * (2 * n + 2))
        }
        var r = 0.0
        for c in coefficients.reversed() {
            r = r * x2 + c
        }
        return r
    }

    /// Segments per quarter circle for an arc of `radius` display pixels:
    /// the fewest (a power of two up to 256) whose chords stay within 1/32
    /// pixel of the arc.
    static func segments(radius: Double) -> Int {
        var n = 1
        while n < 256 {
            // cos of half a step: the sagitta is r·(1 − cos(θ/2)).
            let half = cosines[quarterSteps / (2 * n)]
            if radius * (1 - half) <= 1.0 / 32 { break }
            n *= 2
        }
        return n
    }

    /// The rounded rectangle `rect` with corner `radius` (clamped to half the
    /// shorter side), clockwise on screen from the top edge, mapped by `t`.
    /// A radius of 0 gives the four corners.
    static func roundedRect(_ rect: Rect, radius: Double, transform t: Transform2D, segments n: Int) -> [Point] {
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        let r = Swift.min(Swift.max(radius, 0), Swift.min(rect.width, rect.height) / 2)
        @inline(__always) func map(_ x: Double, _ y: Double) -> Point {
            Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
        }
        guard r > 0 else {
            return [map(x0, y0), map(x1, y0), map(x1, y1), map(x0, y1)]
        }
        var points: [Point] = []
        points.reserveCapacity(4 * (n + 1))
        let stride = quarterSteps / n
        let cs = cosines
        // Top right: from the top edge round to the right edge.
        for k in 0...n {
            let c = cs[k * stride], s = cs[quarterSteps - k * stride]
            points.append(map((x1 - r) + r * s, (y0 + r) - r * c))
        }
        // Bottom right.
        for k in 0...n {
            let c = cs[k * stride], s = cs[quarterSteps - k * stride]
            points.append(map((x1 - r) + r * c, (y1 - r) + r * s))
        }
        // Bottom left.
        for k in 0...n {
            let c = cs[k * stride], s = cs[quarterSteps - k * stride]
            points.append(map((x0 + r) - r * s, (y1 - r) + r * c))
        }
        // Top left.
        for k in 0...n {
            let c = cs[k * stride], s = cs[quarterSteps - k * stride]
            points.append(map((x0 + r) - r * c, (y0 + r) - r * s))
        }
        return points
    }

    /// Whether `t` keeps rectangles axis-aligned (any scale, flips and
    /// quarter turns).
    @inline(__always)
    static func isAxisAligned(_ t: Transform2D) -> Bool {
        (t.b == 0 && t.c == 0) || (t.a == 0 && t.d == 0)
    }

    /// The largest factor by which `t` stretches a length.
    static func maxScale(_ t: Transform2D) -> Double {
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        let sy = (t.c * t.c + t.d * t.d).squareRoot()
        return Swift.max(sx, sy)
    }

    /// `rect` (layer space) with corner `radius`, mapped to the display by
    /// `t`, as something the scanner fills: an axis-aligned rectangle when
    /// it stays one, polygons otherwise. `nil` when it has no area or is not
    /// finite.
    package static func shape(_ rect: Rect, radius: Double, transform t: Transform2D) -> DeviceShape? {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0 else { return nil }
        let r = Swift.min(Swift.max(radius, 0), Swift.min(rect.width, rect.height) / 2)
        if r <= 0, isAxisAligned(t) {
            let ax = t.a * rect.minX + t.c * rect.minY + t.tx, ay = t.b * rect.minX + t.d * rect.minY + t.ty
            let bx = t.a * rect.maxX + t.c * rect.maxY + t.tx, by = t.b * rect.maxX + t.d * rect.maxY + t.ty
            guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return nil }
            let x0 = Fixed.units(Swift.min(ax, bx)), x1 = Fixed.units(Swift.max(ax, bx))
            let y0 = Fixed.units(Swift.min(ay, by)), y1 = Fixed.units(Swift.max(ay, by))
            guard x0 < x1, y0 < y1 else { return nil }
            return .rect(x0: x0, y0: y0, x1: x1, y1: y1)
        }
        let n = r > 0 ? segments(radius: r * maxScale(t)) : 1
        return .polygons([roundedRect(rect, radius: r, transform: t, segments: n)])
    }

    /// The border ring: the rounded bounds minus the bounds inset by `width`
    /// with the radius reduced by `width` (the inner outline runs the other
    /// way round, so the non-zero rule leaves the hole empty).
    package static func ring(_ rect: Rect, radius: Double, width: Double, transform t: Transform2D) -> DeviceShape? {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0, width > 0 else { return nil }
        let r = Swift.min(Swift.max(radius, 0), Swift.min(rect.width, rect.height) / 2)
        let scale = maxScale(t)
        let outer = roundedRect(rect, radius: r, transform: t, segments: r > 0 ? segments(radius: r * scale) : 1)
        let inner = rect.insetBy(dx: width, dy: width)
        guard inner.width > 0, inner.height > 0 else { return .polygons([outer]) }
        let ir = Swift.max(0, r - width)
        let hole = roundedRect(inner, radius: ir, transform: t, segments: ir > 0 ? segments(radius: ir * scale) : 1)
        return .polygons([outer, hole.reversed()])
    }
}
