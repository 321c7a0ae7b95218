extension Rect {
    /// This rect moved by (`dx`, `dy`); the size is kept as it is.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }

    /// The standardized rect shrunk by `dx` on the left and right and by `dy`
    /// on the top and bottom (grown when negative).
    ///
    /// Where `CGRect` answers `.null` because an inset makes a side negative,
    /// this answers a rect of zero extent on that axis, centred where the
    /// rect was (so a border wider than half the layer covers it all).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        var result = Rect(x: r.minX + dx, y: r.minY + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
        if result.size.width < 0 {
            result.origin.x = r.midX
            result.size.width = 0
        }
        if result.size.height < 0 {
            result.origin.y = r.midY
            result.size.height = 0
        }
        return result
    }

    /// The smallest standardized rect that contains both rects. Empty rects
    /// take part like any other (`CGRect` only skips `.null`, which does not
    /// exist here).
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX)
        let y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The overlap of the two rects, standardized; `nil` when they are
    /// apart. Rects that only touch along an edge intersect in a rect of zero
    /// width or height, as with `CGRect`.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the rects share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        guard let overlap = intersection(other) else { return false }
        return !overlap.isEmpty
    }

    /// Whether `point` lies in the rect: the left and top edges are inside,
    /// the right and bottom edges outside, as with `CGRect.contains(_:)`. An
    /// empty rect contains no point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies wholly in this rect (edges may coincide). An empty
    /// rect contains nothing, and nothing contains an empty rect.
    public func contains(_ other: Rect) -> Bool {
        guard !isEmpty, !other.isEmpty else { return false }
        return other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The smallest rect with integer edges that contains the standardized
    /// rect: the minimum edges rounded down, the maximum edges up. An axis of
    /// zero extent stays zero (its edge is rounded down), so an empty rect
    /// never grows into a pixel.
    public var integral: Rect {
        let r = standardized
        let x0 = r.minX.rounded(.down)
        let y0 = r.minY.rounded(.down)
        let x1 = r.width == 0 ? x0 : r.maxX.rounded(.up)
        let y1 = r.height == 0 ? y0 : r.maxY.rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
