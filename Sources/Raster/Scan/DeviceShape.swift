import RenderModel

/// A shape in display space, ready to be scanned: an axis-aligned rectangle
/// (in 1/256-pixel units, `Fixed`), or polygons filled with the non-zero
/// winding rule.
@usableFromInline package enum DeviceShape {
    case rect(x0: Int64, y0: Int64, x1: Int64, y1: Int64)
    case polygons([[Point]])
}

/// The pixel box a set of device-space points can paint, clipped to
/// `clip`; `nil` when it is empty or a point is not finite.
package func deviceBox(_ points: [Point], clip: PixelRect) -> PixelRect? {
    var bounds = PointBounds()
    for p in points { bounds.add(p) }
    return bounds.deviceBox(clip: clip)
}

/// ``deviceBox(_:clip:)`` of four points (a layer's rectangle mapped to the
/// display), without an array: the step makes one for every layer that
/// moved, a hundred a frame in the animation bench.
package func deviceBox(_ a: Point, _ b: Point, _ c: Point, _ d: Point, clip: PixelRect) -> PixelRect? {
    var bounds = PointBounds()
    bounds.add(a); bounds.add(b); bounds.add(c); bounds.add(d)
    return bounds.deviceBox(clip: clip)
}

/// The extent of device-space points, and whether each was finite.
private struct PointBounds {
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
    var finite = true

    @inline(__always)
    mutating func add(_ p: Point) {
        guard p.x.isFinite, p.y.isFinite else { finite = false; return }
        x0 = Swift.min(x0, p.x); x1 = Swift.max(x1, p.x)
        y0 = Swift.min(y0, p.y); y1 = Swift.max(y1, p.y)
    }

    func deviceBox(clip: PixelRect) -> PixelRect? {
        guard finite, x0 <= x1, y0 <= y1 else { return nil }
        let xs = Fixed.pixelSpan(minUnits: Fixed.units(x0), maxUnits: Fixed.units(x1))
        let ys = Fixed.pixelSpan(minUnits: Fixed.units(y0), maxUnits: Fixed.units(y1))
        let cx0 = Int64(clip.x), cy0 = Int64(clip.y), cx1 = Int64(clip.maxX), cy1 = Int64(clip.maxY)
        let bx0 = Swift.max(xs.lo, cx0), bx1 = Swift.min(xs.hi, cx1)
        let by0 = Swift.max(ys.lo, cy0), by1 = Swift.min(ys.hi, cy1)
        guard bx0 < bx1, by0 < by1 else { return nil }
        return PixelRect(x0: Int(bx0), y0: Int(by0), x1: Int(bx1), y1: Int(by1))
    }
}
