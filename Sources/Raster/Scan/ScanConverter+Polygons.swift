import RenderModel

extension ScanConverter {
    /// A polygon edge in 1/256 pixel, top to bottom.
    @usableFromInline
    struct Edge {
        @usableFromInline var x0: Int64, y0: Int64, x1: Int64, y1: Int64
        /// +1 for an edge going down the screen, −1 up.
        @usableFromInline var dir: Int64

        @inlinable
        init(x0: Int64, y0: Int64, x1: Int64, y1: Int64, dir: Int64) {
            self.x0 = x0
            self.y0 = y0
            self.x1 = x1
            self.y1 = y1
            self.dir = dir
        }
    }

    /// Fills `polygons` (closed implicitly, in pixels) by the non-zero
    /// winding rule inside the window. Each polygon is bounded first as
    /// `clipping` says; one with fewer than 3 points or a coordinate that is
    /// not finite is skipped.
    ///
    /// Time is O(e log e) for e edges plus, per pixel row the polygons
    /// span, O(16 · a log a) for a active edges and O(w) for the w columns
    /// touched. Traps (in debug builds) unless `columns.count` ≤ `capacity`.
    @inlinable
    package func fillPolygons<P: SpanPainter>(_ polygons: [[Point]], columns: Range<Int>, rows: Range<Int>, painter: inout P) {
        assert(columns.count <= capacity, "ScanConverter window of \(columns.count) columns exceeds its capacity \(capacity)")
        // The scratch edge list, taken out for the fill so that it is used
        // as a local (no exclusivity checks per edge) and put back after.
        var edges: [Edge] = []
        swap(&edges, &self.hot.edges)
        defer { swap(&edges, &self.hot.edges) }
        edges.removeAll(keepingCapacity: true)
        for polygon in polygons {
            if let bounded = clipping.bounded(polygon) { ScanConverter.appendEdges(of: bounded, to: &edges) }
        }
        guard !edges.isEmpty else { return }
        edges.sort { $0.y0 < $1.y0 }
        var minY = Int64.max, maxY = Int64.min, minX = Int64.max, maxX = Int64.min
        for e in edges {
            minY = Swift.min(minY, e.y0)
            maxY = Swift.max(maxY, e.y1)
            minX = Swift.min(minX, e.x0, e.x1)
            maxX = Swift.max(maxX, e.x0, e.x1)
        }
        // Pixel rows that can hold a sample row inside [minY, maxY).
        let firstRow = Swift.max(Int64(rows.lowerBound), Fixed.floorDiv(minY, 256))
        let endRow = Swift.min(Int64(rows.upperBound), Fixed.floorDiv(maxY + 255, 256))
        guard firstRow < endRow, !columns.isEmpty else { return }
        reserveActive(edges.count)
        if scanThroughCache(edges, minX: minX, minY: minY, maxX: maxX, maxY: maxY, columns: columns, rows: rows, painter: &painter) { return }
        scan(edges, rows: Int(firstRow)..<Int(endRow), columns: columns, painter: &painter)
    }

    /// Appends the edges of `polygon` (already bounded) to `edges`, with
    /// vertices in 1/256 pixel; horizontal edges cross no sample row and
    /// are dropped.
    @usableFromInline
    static func appendEdges(of polygon: [Point], to edges: inout [Edge]) {
        var prev = (x: Fixed.units(polygon[polygon.count - 1].x), y: Fixed.units(polygon[polygon.count - 1].y))
        for p in polygon {
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

    /// Grows `active` and `crossings` to hold `count` edges at once.
    @usableFromInline
    func reserveActive(_ count: Int) {
        guard count > hot.edgeCapacity else { return }
        hot.active.deallocate()
        hot.crossings.deallocate()
        hot.edgeCapacity = count
        hot.active = .allocate(capacity: hot.edgeCapacity)
        hot.crossings = .allocate(capacity: hot.edgeCapacity)
    }

    /// An edge crossing the current sample rows: the crossing as the exact
    /// fraction n / d of (x − 8) / 16 in sample columns, kept as floor `q`
    /// and remainder `r` (0 ≤ r < d), stepped exactly from sample row to
    /// sample row.
    @usableFromInline
    struct ActiveEdge {
        @usableFromInline var q: Int64
        @usableFromInline var r: Int64
        /// 16·dy: the denominator.
        @usableFromInline var d: Int64
        /// The change of (q, r) from one sample row to the next.
        @usableFromInline var dq: Int64
        @usableFromInline var dr: Int64
        @usableFromInline var y0: Int64
        @usableFromInline var y1: Int64
        /// 1 for an edge going down, 0 up (the low bit of a crossing key).
        @usableFromInline var downBit: Int64

        /// `e` at the sample row through `yc` (1/256 pixel), its crossings
        /// counted in sample columns from `originColumn` (the window's left
        /// edge, so `half` is relative to the window).
        @inlinable
        init(_ e: Edge, at yc: Int64, originColumn: Int64) {
            let dx = e.x1 - e.x0, dy = e.y1 - e.y0
            d = 16 * dy
            // With x = x0 + (yc − y0)·dx/dy: (x − 8) / 16 = n / d for
            // n = x0·dy + (yc − y0)·dx − 8·dy.
            let n = e.x0 * dy + (yc - e.y0) * dx - 8 * dy
            let floor = Fixed.floorDiv(n, d)
            r = n - floor * d
            q = floor - originColumn
            let step = 16 * dx
            dq = Fixed.floorDiv(step, d)
            dr = step - dq * d
            y0 = e.y0
            y1 = e.y1
            downBit = e.dir > 0 ? 1 : 0
        }

        /// The crossing in half-samples: a crossing exactly on a sample
        /// centre (r = 0) splits that sample; otherwise the boundary is
        /// before the first sample whose centre is right of it.
        @inlinable @inline(__always)
        var half: Int64 { r == 0 ? 2 * q + 1 : 2 * q + 2 }

        /// On to the next sample row.
        @inlinable @inline(__always)
        mutating func step() {
            q += dq
            r += dr
            if r >= d {
                r -= d
                q += 1
            }
        }
    }

    /// Scans `edges` (sorted by top) over `rows`, painting each row's
    /// covered pixels inside `columns`. `active` and `crossings` must hold
    /// every edge.
    ///
    /// Per sample row, the active edges' crossings become keys — the
    /// half-sample counted from the window's left edge (clamped to the
    /// window) shifted left once, with the edge's direction in the low
    /// bit — sorted, and walked with the winding number; each covered run
    /// of half-samples adds its weight to the pixel row's difference array
    /// (2 per sample row, or 1 + 1 for a row through a vertex). The prefix
    /// sums are the coverage.
    ///
    /// One function of about 160 lines on purpose: it is the inner loop of
    /// every fill and composite, and its state (the active list, the
    /// touched span, the row accumulators) lives in locals that the
    /// optimizer keeps in registers across the row loop.
    @inlinable
    func scan<P: SpanPainter>(_ edges: [Edge], rows: Range<Int>, columns: Range<Int>, painter: inout P) {
        let originColumn = Int64(columns.lowerBound) * 16
        let maxHalf = Int64(columns.count) * 32
        let w = columns.count
        let delta = self.delta, cov = self.cov, active = self.hot.active, crossings = self.hot.crossings
        var activeCount = 0
        var next = 0
        var touchedLo = Int.max, touchedHi = -1
        let edgeCount = edges.count
        let twoEdgeRuns = hot.usesTwoEdgeRuns

        @inline(__always) func key(_ e: ActiveEdge) -> Int64 {
            Swift.min(Swift.max(e.half, 0), maxHalf) << 1 | e.downBit
        }

        /// Adds the covered half-samples `start..<end` of one sample row to
        /// the difference array, with `weight`.
        @inline(__always) func addSpan(_ start: Int64, _ end: Int64, weight: Int32) {
            let p0 = Int(start >> 5), f0 = Int32(start & 31)
            let p1 = Int(end >> 5), f1 = Int32(end & 31)
            delta[p0] += (32 - f0) * weight
            delta[p0 + 1] += f0 * weight
            delta[p1] -= (32 - f1) * weight
            delta[p1 + 1] -= f1 * weight
            if p0 < touchedLo { touchedLo = p0 }
            if p1 > touchedHi { touchedHi = p1 }
        }

        /// Adds the spans of one sample row over `count` crossings, with `weight`.
        @inline(__always) func addSpans(_ count: Int, weight: Int32) {
            ScanConverter.sortSmall(crossings, count)
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
                    addSpan(spanStart, x, weight: weight)
                }
            }
        }

        for py in rows {
            touchedLo = Int.max
            touchedHi = -1
            var sub = -1
            while sub < 15 {
                sub += 1
                let yc = Int64(py * 16 + sub) * 16 + 8
                while next < edgeCount, edges[next].y0 <= yc {
                    (active + activeCount).initialize(to: ActiveEdge(edges[next], at: yc, originColumn: originColumn))
                    activeCount += 1
                    next += 1
                }
                // Drop edges that ended above this row; keep those ending on it.
                var kept = 0
                var tie = false
                for i in 0..<activeCount where active[i].y1 >= yc {
                    if active[i].y0 == yc || active[i].y1 == yc { tie = true }
                    if kept != i { active[kept] = active[i] }
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
                // On to the next sample row.
                kept = 0
                for i in 0..<activeCount where active[i].y1 > yc {
                    if kept != i { active[kept] = active[i] }
                    active[kept].step()
                    kept += 1
                }
                activeCount = kept
                // The usual case, a stretch of sample rows between vertices
                // crossed by the same two edges (opposite ways, as every
                // closed outline crosses a line): the span between their
                // crossings, with no sorting or winding, until an edge ends
                // or starts. What the loop above would do, row for row.
                guard twoEdgeRuns, activeCount == 2, active[0].downBit != active[1].downBit else { continue }
                var limit = Swift.min(active[0].y1, active[1].y1)
                if next < edgeCount { limit = Swift.min(limit, edges[next].y0) }
                // Wrapping arithmetic: crossings stay within the bounded
                // polygon's span (`PolygonClipping`), far from overflow.
                var q0 = active[0].q, r0 = active[0].r, q1 = active[1].q, r1 = active[1].r
                let d0 = active[0].d, dq0 = active[0].dq, dr0 = active[0].dr
                let d1 = active[1].d, dq1 = active[1].dq, dr1 = active[1].dr
                var lo = touchedLo, hi = touchedHi
                var y = yc &+ 16
                while sub < 15, y < limit {
                    sub &+= 1
                    let h0 = Swift.min(Swift.max(r0 == 0 ? 2 &* q0 &+ 1 : 2 &* q0 &+ 2, 0), maxHalf)
                    let h1 = Swift.min(Swift.max(r1 == 0 ? 2 &* q1 &+ 1 : 2 &* q1 &+ 2, 0), maxHalf)
                    let a = Swift.min(h0, h1), b = Swift.max(h0, h1)
                    if a < b {
                        let p0 = Int(truncatingIfNeeded: a >> 5), f0 = Int32(truncatingIfNeeded: a & 31)
                        let p1 = Int(truncatingIfNeeded: b >> 5), f1 = Int32(truncatingIfNeeded: b & 31)
                        delta[p0] &+= (32 &- f0) &* 2
                        delta[p0 &+ 1] &+= f0 &* 2
                        delta[p1] &-= (32 &- f1) &* 2
                        delta[p1 &+ 1] &-= f1 &* 2
                        lo = Swift.min(lo, p0)
                        hi = Swift.max(hi, p1)
                    }
                    q0 &+= dq0
                    r0 &+= dr0
                    if r0 >= d0 { r0 &-= d0; q0 &+= 1 }
                    q1 &+= dq1
                    r1 &+= dr1
                    if r1 >= d1 { r1 &-= d1; q1 &+= 1 }
                    y &+= 16
                }
                touchedLo = lo
                touchedHi = hi
                active[0].q = q0
                active[0].r = r0
                active[1].q = q1
                active[1].r = r1
            }
            guard touchedHi >= 0 else { continue }
            // Prefix sums into alpha, painted as they come: each run of
            // full pixels with the partial ones before it, so painters can
            // fill the run at once, then the partial pixels after the last
            // run. Pixels without coverage at either end are left out.
            let end = Swift.min(touchedHi, w - 1)
            var coverage: Int32 = 0
            var start = -1, last = -1, full = -1
            var x = touchedLo
            while x <= end {
                coverage += delta[x]
                let a = Fixed.alpha(Int64(coverage))
                cov[x] = a
                if a == 255 {
                    if full < 0 {
                        full = x
                        if start < 0 { start = x }
                    }
                } else {
                    if full >= 0 {
                        painter.paint(y: py, x0: columns.lowerBound + start, count: x - start, cov: cov + start,
                                      fullLo: full - start, fullHi: x - start)
                        start = -1
                        full = -1
                    }
                    if a != 0 {
                        if start < 0 { start = x }
                        last = x
                    }
                }
                x += 1
            }
            if full >= 0 {
                painter.paint(y: py, x0: columns.lowerBound + start, count: end + 1 - start, cov: cov + start,
                              fullLo: full - start, fullHi: end + 1 - start)
            } else if start >= 0 {
                painter.paint(y: py, x0: columns.lowerBound + start, count: last + 1 - start, cov: cov + start, fullLo: 0, fullHi: 0)
            }
            for i in touchedLo...(touchedHi + 1) { delta[i] = 0 }
        }
    }

    /// Sorts `count` crossing keys: insertion sort for the usual handful,
    /// the library sort (O(n log n)) beyond 24.
    @inlinable
    static func sortSmall(_ a: UnsafeMutablePointer<Int64>, _ count: Int) {
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
