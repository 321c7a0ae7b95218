extension Point {
    /// This point mapped by `t`: (a·x + c·y + tx, b·x + d·y + ty).
    public func applying(_ t: Transform2D) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension Size {
    /// This size mapped by the linear part of `t` (no translation), as
    /// `CGSize.applying(_:)`; the result may be negative.
    public func applying(_ t: Transform2D) -> Size {
        Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension Rect {
    /// The bounding box of this rect's four corners mapped by `t`, as
    /// `CGRect.applying(_:)`; the result is standardized.
    ///
    /// With the identity the result is the standardized rect itself; under a
    /// rotation that is not a multiple of 90° the box is larger than the rect.
    public func applying(_ t: Transform2D) -> Rect {
        if t.isIdentity { return standardized }
        let corners = [
            Point(x: minX, y: minY).applying(t),
            Point(x: maxX, y: minY).applying(t),
            Point(x: minX, y: maxY).applying(t),
            Point(x: maxX, y: maxY).applying(t),
        ]
        var x0 = corners[0].x, x1 = corners[0].x
        var y0 = corners[0].y, y1 = corners[0].y
        for p in corners.dropFirst() {
            x0 = Swift.min(x0, p.x)
            x1 = Swift.max(x1, p.x)
            y0 = Swift.min(y0, p.y)
            y1 = Swift.max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
