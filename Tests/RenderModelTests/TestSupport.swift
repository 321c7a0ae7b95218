import RenderModel
@_exported import LoopSimTestSupport


/// Whether every component of the two rects is within `tolerance`.
func close(_ r: Rect, _ s: Rect, _ tolerance: Double = 1e-9) -> Bool {
    abs(r.origin.x - s.origin.x) <= tolerance && abs(r.origin.y - s.origin.y) <= tolerance
        && abs(r.size.width - s.size.width) <= tolerance && abs(r.size.height - s.size.height) <= tolerance
}

/// Whether every entry of the two transforms is within `tolerance`.
func close(_ t: Transform2D, _ u: Transform2D, _ tolerance: Double = 1e-9) -> Bool {
    [t.a - u.a, t.b - u.b, t.c - u.c, t.d - u.d, t.tx - u.tx, t.ty - u.ty].allSatisfy { abs($0) <= tolerance }
}

/// Shorthand for test tables.
func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

/// Shorthand for test tables.
func point(_ x: Double, _ y: Double) -> Point {
    Point(x: x, y: y)
}

/// Shorthand for test tables.
func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> RGBA8 {
    RGBA8(r: r, g: g, b: b, a: a)
}
