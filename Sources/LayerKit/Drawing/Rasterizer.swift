import RenderModel

/// The anti-aliasing scan converter: fills polygons with the non-zero winding
/// rule into a premultiplied RGBA8 bitmap, the same bytes on every machine.
///
/// Coverage is counted on a fixed 16 × 16 grid of samples per pixel, at the
/// sample centres ((i + ½)/16, (j + ½)/16) of the pixel. Vertices are first
/// rounded to 1/256 pixel (half to even), and everything after that is
/// integer arithmetic: a sample row meets each edge at an exact rational x,
/// and the samples of the row right of that crossing are on the edge's
/// right. Samples where the winding number is not zero are covered.
///
/// Samples exactly on the outline count half: a crossing through a sample
/// centre gives half of that sample to each side, and a sample row through a
/// vertex is taken half just below it and half just above it. So a shape and
/// its mirror image — about a line along pixel edges or pixel centres, or
/// about the diagonal — give mirrored pixels, with no top-left bias.
///
/// Counting in halves, a pixel's coverage c runs 0…1024 and becomes alpha
/// (c·255 + 512) / 1024: a full pixel is 255, half a pixel 128. The premultiplied colour is scaled by it
/// with `(v·a + 127) / 255` and drawn source-over with
/// `src + (dst·(255 − srcA) + 127) / 255` (core-animation.md choice 7).
///
/// Polygons are clipped to the bitmap (beyond a 1-pixel margin) before
/// rounding, so any finite coordinates work; a polygon with a NaN or
/// infinite coordinate is skipped.
enum Rasterizer {
    /// Samples per pixel along each axis.
    static let grid = 16
    /// Fixed-point units per pixel (1/256).
    static let one: Int64 = 256

    private struct Edge {
        var x0: Int64, y0: Int64, x1: Int64, y1: Int64
        /// +1 for an edge going down the screen, −1 up.
        var dir: Int64
    }

    /// Fills `polygons` (closed implicitly, device pixels) in `color`
    /// (premultiplied) into `bitmap`.
    static func fill(_ polygons: [[Point]], color: RGBA8, into bitmap: inout Bitmap) {
        let w = bitmap.width, h = bitmap.height
        guard w > 0, h > 0, color.a > 0 || color.r > 0 || color.g > 0 || color.b > 0 else { return }
        var edges = buildEdges(polygons, width: w, height: h)
        guard !edges.isEmpty else { return }
        edges.sort { $0.y0 < $1.y0 }
        var minY = Int64.max, maxY = Int64.min
        for e in edges {
            minY = Swift.min(minY, e.y0)
            maxY = Swift.max(maxY, e.y1)
        }
        // Pixel rows that can hold a sample row inside [minY, maxY).
        let firstRow = Swift.max(0, Int(floorDiv(minY, one)))
        let endRow = Swift.min(h, Int(floorDiv(maxY + one - 1, one)))
        guard firstRow < endRow else { return }

        bitmap.withUnsafeMutablePixels { pixels in
            scan(edges, rows: firstRow..<endRow, width: w, color: color, pixels: pixels.baseAddress!)
        }
    }

    // MARK: Geometry to integer edges

    private static func buildEdges(_ polygons: [[Point]], width: Int, height: Int) -> [Edge] {
        var edges: [Edge] = []
        let box = (x0: -1.0, y0: -1.0, x1: Double(width) + 1, y1: Double(height) + 1)
        for polygon in polygons where polygon.count >= 3 {
            var finite = true
            var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
            for p in polygon {
                guard p.x.isFinite, p.y.isFinite else { finite = false; break }
                bx0 = Swift.min(bx0, p.x); bx1 = Swift.max(bx1, p.x)
                by0 = Swift.min(by0, p.y); by1 = Swift.max(by1, p.y)
            }
            guard finite, bx1 > box.x0, by1 > box.y0, bx0 < box.x1, by0 < box.y1 else { continue }
            var poly = polygon
            if bx0 < box.x0 || by0 < box.y0 || bx1 > box.x1 || by1 > box.y1 {
                poly = clip(poly, box: box)
                guard poly.count >= 3, poly.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            }
            var prev = fixed(poly[poly.count - 1])
            for p in poly {
                let cur = fixed(p)
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
        return edges
    }

    /// The point in 1/256 pixel, rounded half to even (so mirroring about a
    /// pixel edge or centre commutes with the rounding).
    private static func fixed(_ p: Point) -> (x: Int64, y: Int64) {
        (Int64((p.x * 256).rounded(.toNearestOrEven)), Int64((p.y * 256).rounded(.toNearestOrEven)))
    }

    /// Sutherland–Hodgman against the four sides of `box`. Clipping a closed
    /// polygon to a half-plane keeps every winding number inside it, so the
    /// non-zero fill inside the box is unchanged.
    private static func clip(_ polygon: [Point], box: (x0: Double, y0: Double, x1: Double, y1: Double)) -> [Point] {
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

    // MARK: Scan conversion

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// An edge crossing the current sample rows: the crossing as the exact
    /// fraction (n / d), kept as floor `q` and remainder `r` (0 ≤ r < d) of
    /// (x − 8) / 16 in sample columns, stepped exactly from row to row.
    private struct ActiveEdge {
        var q: Int64
        var r: Int64
        /// 16·dy: the denominator.
        var d: Int64
        /// The change of (q, r) from one sample row to the next.
        var dq: Int64
        var dr: Int64
        var y0: Int64
        var y1: Int64
        /// 1 for an edge going down, 0 up (the low bit of a crossing key).
        var downBit: Int64

        init(_ e: Edge, at yc: Int64) {
            let dx = e.x1 - e.x0, dy = e.y1 - e.y0
            d = 16 * dy
            // With x = x0 + (yc − y0)·dx/dy: (x − 8) / 16 = n / d for
            // n = x0·dy + (yc − y0)·dx − 8·dy.
            let n = e.x0 * dy + (yc - e.y0) * dx - 8 * dy
            q = Rasterizer.floorDiv(n, d)
            r = n - q * d
            let step = 16 * dx
            dq = Rasterizer.floorDiv(step, d)
            dr = step - dq * d
            y0 = e.y0
            y1 = e.y1
            downBit = e.dir > 0 ? 1 : 0
        }

        /// The crossing in half-samples: a crossing exactly on a sample
        /// centre (r = 0) splits that sample; otherwise the boundary is
        /// before the first sample whose centre is right of it.
        var half: Int64 { r == 0 ? 2 * q + 1 : 2 * q + 2 }

        mutating func step() {
            q += dq
            r += dr
            if r >= d {
                r -= d
                q += 1
            }
        }
    }

    private static func scan(_ edges: [Edge], rows: Range<Int>, width w: Int, color: RGBA8, pixels: UnsafeMutablePointer<UInt8>) {
        // Crossings are in half-samples: sample X spans [2X, 2X + 2).
        let maxHalf = Int64(w * grid * 2)
        // Per pixel row: the difference array of the covered half-sample
        // counts, each sample row weighted 2 (or 1 + 1 through a vertex).
        let delta = UnsafeMutablePointer<Int32>.allocate(capacity: w + 2)
        delta.initialize(repeating: 0, count: w + 2)
        defer { delta.deallocate() }
        // At most every edge is active at once.
        let active = UnsafeMutablePointer<ActiveEdge>.allocate(capacity: edges.count)
        defer { active.deallocate() }
        let crossings = UnsafeMutablePointer<Int64>.allocate(capacity: edges.count)
        defer { crossings.deallocate() }
        var activeCount = 0
        var next = 0
        var touchedLo = Int.max, touchedHi = -1

        /// Adds the spans of one sample row over `count` crossings, with `weight`.
        func addSpans(_ count: Int, weight: Int32) {
            sortSmall(crossings, count)
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
                    // Half-samples spanStart..<x of this row are covered.
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

        for py in rows {
            touchedLo = Int.max
            touchedHi = -1
            for sub in 0..<grid {
                let yc = Int64(py * grid + sub) * 16 + 8
                while next < edges.count, edges[next].y0 <= yc {
                    (active + activeCount).initialize(to: ActiveEdge(edges[next], at: yc))
                    activeCount += 1
                    next += 1
                }
                // Drop edges that ended above this row; keep those ending on it.
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
                    // A sample row through a vertex counts half just below it
                    // (edges with y0 ≤ yc < y1) and half just above it
                    // (y0 < yc ≤ y1), so tops and bottoms are treated alike.
                    var n = 0
                    for i in 0..<activeCount where active[i].y1 > yc {
                        crossings[n] = Swift.min(Swift.max(active[i].half, 0), maxHalf) << 1 | active[i].downBit
                        n += 1
                    }
                    addSpans(n, weight: 1)
                    n = 0
                    for i in 0..<activeCount where active[i].y0 < yc {
                        crossings[n] = Swift.min(Swift.max(active[i].half, 0), maxHalf) << 1 | active[i].downBit
                        n += 1
                    }
                    addSpans(n, weight: 1)
                } else {
                    for i in 0..<activeCount {
                        crossings[i] = Swift.min(Swift.max(active[i].half, 0), maxHalf) << 1 | active[i].downBit
                    }
                    addSpans(activeCount, weight: 2)
                }
                // On to the next sample row.
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
            composite(row: pixels + (py * w) * 4, delta: delta, from: touchedLo, through: end, color: color)
            for i in touchedLo...(touchedHi + 1) { delta[i] = 0 }
        }
    }

    /// Insertion sort for the usual handful of crossings, the library sort
    /// (O(n log n)) beyond that.
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

    /// Prefix-sums the row's difference array into coverage and draws.
    private static func composite(row: UnsafeMutablePointer<UInt8>, delta: UnsafeMutablePointer<Int32>, from lo: Int, through hi: Int, color: RGBA8) {
        let sr = UInt32(color.r), sg = UInt32(color.g), sb = UInt32(color.b), sa = UInt32(color.a)
        // The opaque colour's four bytes in memory order, written at once.
        let packed = withUnsafeBytes(of: (color.r, color.g, color.b, color.a)) { $0.load(as: UInt32.self) }
        let raw = UnsafeMutableRawPointer(row)
        var coverage: Int32 = 0
        var x = lo
        while x <= hi {
            coverage += delta[x]
            if coverage > 0 {
                let p = row + x * 4
                if coverage >= 1024 {
                    if sa == 255 {
                        raw.storeBytes(of: packed, toByteOffset: x * 4, as: UInt32.self)
                    } else {
                        blend(p, sr, sg, sb, sa)
                    }
                } else {
                    let alpha = (UInt32(coverage) * 255 + 512) >> 10
                    blend(p, (sr * alpha + 127) / 255, (sg * alpha + 127) / 255, (sb * alpha + 127) / 255, (sa * alpha + 127) / 255)
                }
            }
            x += 1
        }
    }

    /// Source-over of one premultiplied pixel, `src + (dst·(255 − srcA) + 127) / 255`.
    @inline(__always)
    static func blend(_ p: UnsafeMutablePointer<UInt8>, _ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) {
        if a == 255 {
            p[0] = UInt8(r); p[1] = UInt8(g); p[2] = UInt8(b); p[3] = 255
            return
        }
        let keep = 255 - a
        p[0] = UInt8(Swift.min(255, r + (UInt32(p[0]) * keep + 127) / 255))
        p[1] = UInt8(Swift.min(255, g + (UInt32(p[1]) * keep + 127) / 255))
        p[2] = UInt8(Swift.min(255, b + (UInt32(p[2]) * keep + 127) / 255))
        p[3] = UInt8(Swift.min(255, a + (UInt32(p[3]) * keep + 127) / 255))
    }
}
