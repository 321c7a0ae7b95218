import RenderModel

/// A shape in display space, ready to be scanned: an axis-aligned rectangle
/// (in 1/256-pixel units), or polygons filled with the non-zero winding rule.
enum DeviceShape {
    case rect(x0: Int64, y0: Int64, x1: Int64, y1: Int64)
    case polygons([[Point]])
}

/// Turns shapes into coverage rows inside a clip and hands them to a
/// `SpanPainter`. Owns the scratch buffers, so one scanner serves a whole
/// frame without allocating per shape (beyond a polygon's edge list).
///
/// Coverage follows `Fixed`: 16 × 16 samples per pixel at 1/256-pixel
/// vertices, samples on an edge counting half, rows through a vertex counted
/// half just below and half just above it (the approach of LayerKit's
/// path filler). Everything after vertex rounding is integer arithmetic, and
/// every pixel's coverage is independent of the clip, so drawing a region
/// gives the same bytes there as drawing the whole display.
final class Scanner {
    /// The widest clip the buffers take.
    let capacity: Int
    /// Coverage of the current row.
    private let cov: UnsafeMutablePointer<UInt8>
    /// The current row's difference array of coverage.
    private let delta: UnsafeMutablePointer<Int32>
    private var edges: [Edge] = []
    private var active: UnsafeMutablePointer<ActiveEdge>
    private var crossings: UnsafeMutablePointer<Int64>
    private var edgeCapacity: Int

    /// The box polygons too large for exact integer scanning are clipped to.
    private let bigClip: (x0: Double, y0: Double, x1: Double, y1: Double)

    init(displayWidth: Int, displayHeight: Int) {
        capacity = Swift.max(1, displayWidth)
        cov = .allocate(capacity: capacity + 2)
        cov.initialize(repeating: 0, count: capacity + 2)
        delta = .allocate(capacity: capacity + 2)
        delta.initialize(repeating: 0, count: capacity + 2)
        edgeCapacity = 64
        active = .allocate(capacity: edgeCapacity)
        crossings = .allocate(capacity: edgeCapacity)
        bigClip = (-64, -64, Double(displayWidth) + 64, Double(displayHeight) + 64)
    }

    deinit {
        cov.deallocate()
        delta.deallocate()
        active.deallocate()
        crossings.deallocate()
    }

    /// Scans `shape` inside `clip` (which must lie in the display), through
    /// the clip's mask if it has one.
    func fill<P: SpanPainter>(_ shape: DeviceShape, clip: Clip, painter: P) {
        if let mask = clip.mask {
            var masked = Masked(inner: painter, mask: mask)
            fill(shape, rect: clip.rect, painter: &masked)
        } else {
            var p = painter
            fill(shape, rect: clip.rect, painter: &p)
        }
    }

    private func fill<P: SpanPainter>(_ shape: DeviceShape, rect: PixelRect, painter: inout P) {
        switch shape {
        case let .rect(x0, y0, x1, y1):
            fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: rect, painter: &painter)
        case .polygons(let polygons):
            fillPolygons(polygons, clip: rect, painter: &painter)
        }
    }

    // MARK: Rectangles

    /// An axis-aligned rectangle: coverage is `halvesX × halvesY` per pixel.
    func fillRect<P: SpanPainter>(x0: Int64, y0: Int64, x1: Int64, y1: Int64, clip: PixelRect, painter: inout P) {
        let hx0 = Fixed.half(x0), hx1 = Fixed.half(x1)
        let hy0 = Fixed.half(y0), hy1 = Fixed.half(y1)
        guard hx0 < hx1, hy0 < hy1 else { return }
        let cx0 = Int64(clip.x), cx1 = Int64(clip.maxX)
        let ex0 = Swift.max(hx0 >> 5, cx0), ex1 = Swift.min((hx1 + 31) >> 5, cx1)
        let ry0 = Swift.max(hy0 >> 5, Int64(clip.y)), ry1 = Swift.min((hy1 + 31) >> 5, Int64(clip.maxY))
        guard ex0 < ex1, ry0 < ry1 else { return }
        let ff0 = Swift.min(Swift.max((hx0 + 31) >> 5, ex0), ex1)
        let ff1 = Swift.min(Swift.max(hx1 >> 5, ff0), ex1)
        let count = Int(ex1 - ex0)
        let fullLo = Int(ff0 - ex0), fullHi = Int(ff1 - ex0)
        // Half-samples of the edge columns (constant down the rect).
        @inline(__always) func halvesX(_ px: Int64) -> Int64 {
            Swift.max(0, Swift.min(hx1, 32 * px + 32) - Swift.max(hx0, 32 * px))
        }
        let cov = self.cov
        for py in ry0..<ry1 {
            let hy = Swift.max(0, Swift.min(hy1, 32 * py + 32) - Swift.max(hy0, 32 * py))
            if hy == 0 { continue }
            var px = ex0
            while px < ff0 {
                cov[Int(px - ex0)] = Fixed.alpha(halvesX(px) * hy)
                px += 1
            }
            px = ff1
            while px < ex1 {
                cov[Int(px - ex0)] = Fixed.alpha(halvesX(px) * hy)
                px += 1
            }
            if hy == 32 {
                painter.paint(y: Int(py), x0: Int(ex0), count: count, cov: cov, fullLo: fullLo, fullHi: fullHi)
            } else {
                let a = Fixed.alpha(32 * hy)
                (cov + fullLo).update(repeating: a, count: fullHi - fullLo)
                painter.paint(y: Int(py), x0: Int(ex0), count: count, cov: cov, fullLo: 0, fullHi: 0)
            }
        }
    }

    // MARK: Polygons

    struct Edge {
        var x0: Int64, y0: Int64, x1: Int64, y1: Int64
        /// +1 for an edge going down the screen, −1 up.
        var dir: Int64
    }

    /// Fills `polygons` (closed implicitly, display pixels) by the non-zero
    /// rule. A polygon with a coordinate that is not finite is skipped.
    func fillPolygons<P: SpanPainter>(_ polygons: [[Point]], clip: PixelRect, painter: inout P) {
        edges.removeAll(keepingCapacity: true)
        for polygon in polygons where polygon.count >= 3 {
            addEdges(polygon)
        }
        guard !edges.isEmpty else { return }
        edges.sort { $0.y0 < $1.y0 }
        var minY = Int64.max, maxY = Int64.min
        for e in edges {
            minY = Swift.min(minY, e.y0)
            maxY = Swift.max(maxY, e.y1)
        }
        let firstRow = Swift.max(Int64(clip.y), Fixed.floorDiv(minY, 256))
        let endRow = Swift.min(Int64(clip.maxY), Fixed.floorDiv(maxY + 255, 256))
        guard firstRow < endRow, clip.width > 0 else { return }
        if edges.count > edgeCapacity {
            active.deallocate()
            crossings.deallocate()
            edgeCapacity = edges.count
            active = .allocate(capacity: edgeCapacity)
            crossings = .allocate(capacity: edgeCapacity)
        }
        scan(rows: Int(firstRow)..<Int(endRow), clip: clip, painter: &painter)
    }

    private func addEdges(_ polygon: [Point]) {
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        for p in polygon {
            guard p.x.isFinite, p.y.isFinite else { return }
            bx0 = Swift.min(bx0, p.x); bx1 = Swift.max(bx1, p.x)
            by0 = Swift.min(by0, p.y); by1 = Swift.max(by1, p.y)
        }
        var poly = polygon
        let safe = Fixed.safePixels
        if bx0 < -safe || by0 < -safe || bx1 > safe || by1 > safe {
            guard bx1 > bigClip.x0, by1 > bigClip.y0, bx0 < bigClip.x1, by0 < bigClip.y1 else { return }
            poly = Scanner.clip(poly, box: bigClip)
            guard poly.count >= 3 else { return }
        }
        var prev = (x: Fixed.units(poly[poly.count - 1].x), y: Fixed.units(poly[poly.count - 1].y))
        for p in poly {
            let cur = (x: Fixed.units(p.x), y: Fixed.units(p.y))
            if cur.y != prev.y {
                if prev.y < cur.y {
                    edges.append(Edge(x0: prev.x, y0: prev.y, x1: cur.x, y1: cur.y, dir: 1))
                } else {
                    edges.append(Edge(x0: cur.x, y0: cur.y, x1: prev.x, y1: prev.y, dir: -1))
                }
            }
            prev = cur
        }
    }

    /// Sutherland–Hodgman against a box; keeps the non-zero fill inside it.
    private static func clip(_ polygon: [Point], box: (x0: Double, y0: Double, x1: Double, y1: Double)) -> [Point] {
        var poly = polygon
        poly = clipSide(poly, inside: { $0.x >= box.x0 }, cross: { a, b in crossX(a, b, box.x0) })
        poly = clipSide(poly, inside: { $0.x <= box.x1 }, cross: { a, b in crossX(a, b, box.x1) })
        poly = clipSide(poly, inside: { $0.y >= box.y0 }, cross: { a, b in crossY(a, b, box.y0) })
        poly = clipSide(poly, inside: { $0.y <= box.y1 }, cross: { a, b in crossY(a, b, box.y1) })
        return poly
    }

    private static func crossX(_ a: Point, _ b: Point, _ x: Double) -> Point {
        let t = fraction(x, a.x, b.x)
        return Point(x: x, y: a.y * (1 - t) + b.y * t)
    }

    private static func crossY(_ a: Point, _ b: Point, _ y: Double) -> Point {
        let t = fraction(y, a.y, b.y)
        return Point(x: a.x * (1 - t) + b.x * t, y: y)
    }

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

    /// An edge crossing the current sample rows: the crossing as the exact
    /// fraction n / d of (x − 8) / 16 in sample columns, kept as floor `q`
    /// and remainder `r`, stepped exactly from sample row to sample row.
    struct ActiveEdge {
        var q: Int64
        var r: Int64
        var d: Int64
        var dq: Int64
        var dr: Int64
        var y0: Int64
        var y1: Int64
        var downBit: Int64

        init(_ e: Edge, at yc: Int64) {
            let dx = e.x1 - e.x0, dy = e.y1 - e.y0
            d = 16 * dy
            let n = e.x0 * dy + (yc - e.y0) * dx - 8 * dy
            q = Fixed.floorDiv(n, d)
            r = n - q * d
            let step = 16 * dx
            dq = Fixed.floorDiv(step, d)
            dr = step - dq * d
            y0 = e.y0
            y1 = e.y1
            downBit = e.dir > 0 ? 1 : 0
        }

        /// The crossing in half-samples.
        @inline(__always)
        var half: Int64 { r == 0 ? 2 * q + 1 : 2 * q + 2 }

        @inline(__always)
        mutating func step() {
            q += dq
            r += dr
            if r >= d {
                r -= d
                q += 1
            }
        }
    }

    private func scan<P: SpanPainter>(rows: Range<Int>, clip: PixelRect, painter: inout P) {
        let base = Int64(clip.x) * 32
        let maxHalf = Int64(clip.maxX) * 32 - base
        let w = clip.width
        let delta = self.delta, cov = self.cov, active = self.active, crossings = self.crossings
        var activeCount = 0
        var next = 0
        var touchedLo = Int.max, touchedHi = -1
        let edgeCount = edges.count

        @inline(__always) func key(_ e: ActiveEdge) -> Int64 {
            Swift.min(Swift.max(e.half - base, 0), maxHalf) << 1 | e.downBit
        }

        func addSpans(_ count: Int, weight: Int32) {
            Scanner.sortSmall(crossings, count)
            var winding: Int64 = 0
            var spanStart: Int64 = 0
            for k in 0..<count {
                let key = crossings[k]
                let x = key >> 1
                let before = winding
                winding += (key & 1) == 1 ? 1 : -1
                if before == 0 {
                    spanStart = x
                } else if winding == 0, x > spanStart {
                    let p0 = Int(spanStart >> 5), f0 = Int32(spanStart & 31)
                    let p1 = Int(x >> 5), f1 = Int32(x & 31)
                    delta[p0] += (32 - f0) * weight
                    delta[p0 + 1] += f0 * weight
                    delta[p1] -= (32 - f1) * weight
                    delta[p1 + 1] -= f1 * weight
                    if p0 < touchedLo { touchedLo = p0 }
                    if p1 > touchedHi { touchedHi = p1 }
                }
            }
        }

        edges.withUnsafeBufferPointer { edges in
            for py in rows {
                touchedLo = Int.max
                touchedHi = -1
                for sub in 0..<16 {
                    let yc = Int64(py * 16 + sub) * 16 + 8
                    while next < edgeCount, edges[next].y0 <= yc {
                        (active + activeCount).initialize(to: ActiveEdge(edges[next], at: yc))
                        activeCount += 1
                        next += 1
                    }
                    var kept = 0
                    var tie = false
                    for i in 0..<activeCount where active[i].y1 >= yc {
                        if active[i].y0 == yc || active[i].y1 == yc { tie = true }
                        active[kept] = active[i]
                        kept += 1
                    }
                    activeCount = kept
                    if activeCount == 0 { continue }
                    if tie {
                        var n = 0
                        for i in 0..<activeCount where active[i].y1 > yc {
                            crossings[n] = key(active[i])
                            n += 1
                        }
                        addSpans(n, weight: 1)
                        n = 0
                        for i in 0..<activeCount where active[i].y0 < yc {
                            crossings[n] = key(active[i])
                            n += 1
                        }
                        addSpans(n, weight: 1)
                    } else {
                        for i in 0..<activeCount {
                            crossings[i] = key(active[i])
                        }
                        addSpans(activeCount, weight: 2)
                    }
                    kept = 0
                    for i in 0..<activeCount where active[i].y1 > yc {
                        active[kept] = active[i]
                        active[kept].step()
                        kept += 1
                    }
                    activeCount = kept
                }
                guard touchedHi >= 0 else { continue }
                let end = Swift.min(touchedHi, w - 1)
                var coverage: Int32 = 0
                var lo = touchedLo
                // Skip leading zero coverage so spans start where paint does.
                var x = touchedLo
                while x <= end {
                    coverage += delta[x]
                    cov[x - touchedLo] = Fixed.alpha(Int64(coverage))
                    x += 1
                }
                var hi = end
                while lo <= hi, cov[lo - touchedLo] == 0 { lo += 1 }
                while hi >= lo, cov[hi - touchedLo] == 0 { hi -= 1 }
                if lo <= hi {
                    painter.paint(y: py, x0: clip.x + lo, count: hi - lo + 1, cov: cov + (lo - touchedLo), fullLo: 0, fullHi: 0)
                }
                for i in touchedLo...(touchedHi + 1) { delta[i] = 0 }
            }
        }
    }

    /// Insertion sort for the usual handful of crossings.
    private static func sortSmall(_ a: UnsafeMutablePointer<Int64>, _ count: Int) {
        if count > 24 {
            var buffer = UnsafeMutableBufferPointer(start: a, count: count)
            buffer.sort()
            return
        }
        var i = 1
        while i < count {
            let v = a[i]
            var j = i - 1
            while j >= 0, a[j] > v {
                a[j + 1] = a[j]
                j -= 1
            }
            a[j + 1] = v
            i += 1
        }
    }
}
