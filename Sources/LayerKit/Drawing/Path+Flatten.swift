import RenderModel

/// One subpath as a polyline: its curves replaced by straight segments.
struct FlatSubpath: Equatable {
    /// The vertices, at least one.
    var points: [Point]
    /// Whether the subpath was closed (`Z` / `close()`); a fill closes every
    /// subpath anyway, a stroke joins the last point back to the first only
    /// when this is set.
    var closed: Bool
}

extension Path {
    /// The largest number of segments one curve is cut into.
    static let maxCurveSegments = 1024

    /// The segment count for a quadratic from `p0` via `c` to `p1` so that
    /// no chord strays more than `tolerance` from the curve: the chord error
    /// of a uniform step 1/n is at most |p0 − 2c + p1| / (4n²).
    static func segmentCount(quad p0: Point, _ c: Point, _ p1: Point, tolerance: Double) -> Int {
        let dx = p0.x - 2 * c.x + p1.x, dy = p0.y - 2 * c.y + p1.y
        return segmentCount(bound: length(dx, dy) / (4 * tolerance))
    }

    /// The segment count for a cubic: the chord error of a uniform step 1/n
    /// is at most 3·max(|p0 − 2c1 + c2|, |c1 − 2c2 + p1|) / (4n²).
    static func segmentCount(cubic p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, tolerance: Double) -> Int {
        let d1 = length(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y)
        let d2 = length(c1.x - 2 * c2.x + p1.x, c1.y - 2 * c2.y + p1.y)
        return segmentCount(bound: 3 * Swift.max(d1, d2) / (4 * tolerance))
    }

    /// ⌈√bound⌉ within 1…`maxCurveSegments` (the cap also for an infinite
    /// or NaN bound).
    private static func segmentCount(bound: Double) -> Int {
        let n = bound.squareRoot().rounded(.up)
        guard n.isFinite else { return maxCurveSegments }
        if n <= 1 { return 1 }
        return n >= Double(maxCurveSegments) ? maxCurveSegments : Int(n)
    }

    /// √(dx² + dy²) without overflowing for large finite components.
    static func length(_ dx: Double, _ dy: Double) -> Double {
        let m = Swift.max(Swift.abs(dx), Swift.abs(dy))
        guard m > 0, m.isFinite else { return m }
        let x = dx / m, y = dy / m
        return m * (x * x + y * y).squareRoot()
    }

    /// The subpaths as polylines, curves cut into uniform parameter steps
    /// whose count depends only on the control points and `tolerance` (so
    /// the same path gives the same vertices on every machine).
    ///
    /// A segment without a current point starts a subpath at its end point;
    /// one after `close` starts a subpath at the closed subpath's start.
    func flattened(tolerance: Double) -> [FlatSubpath] {
        var result: [FlatSubpath] = []
        var points: [Point] = []
        var start = Point.zero
        var hasCurrent = false

        func finish(closed: Bool) {
            if !points.isEmpty { result.append(FlatSubpath(points: points, closed: closed)) }
            points = []
        }
        /// Makes sure a subpath is open, returning its current point.
        func begin(at fallback: Point) -> Point {
            if points.isEmpty {
                let p = hasCurrent ? start : fallback
                points = [p]
                start = p
                hasCurrent = true
            }
            return points[points.count - 1]
        }

        for e in elements {
            switch e {
            case .move(let p):
                finish(closed: false)
                points = [p]
                start = p
                hasCurrent = true
            case .line(let p):
                _ = begin(at: p)
                points.append(p)
            case .quad(let p1, let c):
                let p0 = begin(at: p1)
                let n = Path.segmentCount(quad: p0, c, p1, tolerance: tolerance)
                for i in 1..<n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    let a = mt * mt, b = 2 * mt * t, d = t * t
                    points.append(Point(x: a * p0.x + b * c.x + d * p1.x, y: a * p0.y + b * c.y + d * p1.y))
                }
                points.append(p1)
            case .curve(let p1, let c1, let c2):
                let p0 = begin(at: p1)
                let n = Path.segmentCount(cubic: p0, c1, c2, p1, tolerance: tolerance)
                for i in 1..<n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
                    points.append(Point(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x,
                                        y: a * p0.y + b * c1.y + c * c2.y + d * p1.y))
                }
                points.append(p1)
            case .close:
                if !points.isEmpty { finish(closed: true) }
            }
        }
        finish(closed: false)
        return result
    }
}
