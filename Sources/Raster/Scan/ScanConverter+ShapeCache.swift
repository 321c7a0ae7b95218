import RenderModel

/// The coverage of a polygon fill, kept for the next time the same outline
/// is filled at a whole-pixel offset (`ScanConverter.shapeCache`).
///
/// What the converter hands its painter for a window holding the edges'
/// whole pixel box depends only on the edges after rounding (`Fixed`),
/// relative to the whole pixel at the top left of that box: nothing is
/// clamped, and every sample and pixel position moves with the shape. So
/// an outline met again at an offset of whole pixels — the same turned
/// square in each cell of a grid, the spinner at the angle it had one turn
/// ago — replays the spans recorded the first time, with the same bytes,
/// and skips the scan. This is Skia's software path-mask cache, keyed by
/// the exact edges. A window that cuts the box (a shape across the
/// display's edge, or across the line between the two bands of a frame
/// drawn on two cores) gets the recorded spans cut to it: a pixel's
/// coverage does not depend on the window (`ScanConverter`), so those are
/// the bytes a scan of that window paints.
///
/// Fixed in size: ``slots`` entries of at most ``maxArea`` pixels, replaced
/// in turn, so memory is bounded (about 1 MB) and no entry outlives a few
/// dozen new shapes. The cache changes how fast a fill is, never its bytes:
/// tests fill shapes with and without it and compare.
@usableFromInline package final class ShapeCoverageCache {
    /// Entries kept.
    @usableFromInline static let slots = 64
    /// The largest box (pixels) whose coverage is kept.
    @usableFromInline static let maxArea = 128 * 128
    /// The most edges an outline may have to be kept.
    @usableFromInline static let maxEdges = 16

    /// One painter call, relative to the shape's top-left pixel; its
    /// coverage bytes are `bytes[offset..<offset + count]`.
    @usableFromInline struct Span {
        @usableFromInline var y: Int32, x0: Int32, count: Int32, fullLo: Int32, fullHi: Int32, offset: Int32

        @inlinable init(y: Int32, x0: Int32, count: Int32, fullLo: Int32, fullHi: Int32, offset: Int32) {
            self.y = y
            self.x0 = x0
            self.count = count
            self.fullLo = fullLo
            self.fullHi = fullHi
            self.offset = offset
        }
    }

    @usableFromInline struct Entry {
        @usableFromInline var hash: UInt64
        /// The edges, translated to the box's top-left pixel.
        @usableFromInline var edges: [ScanConverter.Edge]
        @usableFromInline var spans: [Span]
        @usableFromInline var bytes: [UInt8]

        @inlinable init(hash: UInt64, edges: [ScanConverter.Edge], spans: [Span], bytes: [UInt8]) {
            self.hash = hash
            self.edges = edges
            self.spans = spans
            self.bytes = bytes
        }
    }

    /// What a fill reads and writes, in the cache's one stored property
    /// not checked for exclusivity at run time (docs/internals/safety.md,
    /// "Exclusivity").
    @usableFromInline struct Hot {
        @usableFromInline var entries: [Entry] = []
        /// The slot the next new entry takes once all are used.
        @usableFromInline var nextSlot = 0
        @usableFromInline var hits = 0, misses = 0
        init() {}
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    @usableFromInline var hot = Hot()

    /// Fills answered from the cache.
    package var hits: Int { hot.hits }
    /// Fills recorded into the cache.
    package var misses: Int { hot.misses }

    package init() {}

    /// The entry whose edges are `edges` moved by (−`dx`, −`dy`), its hash
    /// `hash`, if kept.
    @inlinable func lookup(_ edges: [ScanConverter.Edge], dx: Int64, dy: Int64, hash: UInt64) -> Int? {
        search: for i in hot.entries.indices where hot.entries[i].hash == hash && hot.entries[i].edges.count == edges.count {
            for k in edges.indices where !(hot.entries[i].edges[k] == edges[k].moved(dx: -dx, dy: -dy)) { continue search }
            hot.hits += 1
            return i
        }
        return nil
    }

    /// Keeps `entry`, replacing the oldest once every slot is used.
    @inlinable func store(_ entry: Entry) {
        hot.misses += 1
        if hot.entries.count < Self.slots {
            hot.entries.append(entry)
        } else {
            hot.entries[hot.nextSlot] = entry
            hot.nextSlot = (hot.nextSlot + 1) % Self.slots
        }
    }

    /// FNV-1a over the coordinates of `edges` moved by (−`dx`, −`dy`): a
    /// lookup's first test (the edges themselves are compared after it).
    @inlinable static func hash(_ edges: [ScanConverter.Edge], dx: Int64, dy: Int64) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ v: Int64) { h = (h ^ UInt64(bitPattern: v)) &* 0x0000_0100_0000_01b3 }
        for e in edges {
            mix(e.x0 - dx)
            mix(e.y0 - dy)
            mix(e.x1 - dx)
            mix(e.y1 - dy)
            mix(e.dir)
        }
        return h
    }
}

extension ScanConverter.Edge: Equatable {
    @inlinable static func == (a: Self, b: Self) -> Bool {
        a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1 && a.dir == b.dir
    }

    /// The edge moved by (`dx`, `dy`) (1/256 pixel).
    @inlinable func moved(dx: Int64, dy: Int64) -> Self {
        Self(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy, dir: dir)
    }
}

extension ScanConverter {
    /// Forwards every call to `inner`, cut to the window `columns` ×
    /// `rows` (``paintCut(_:y:x0:count:cov:fullLo:fullHi:columns:rows:)``),
    /// and records it whole, relative to the shape's top-left pixel
    /// (`originX`, `originY`).
    @usableFromInline struct RecordingPainter<Inner: SpanPainter>: SpanPainter {
        @usableFromInline var inner: Inner
        @usableFromInline let originX: Int, originY: Int
        @usableFromInline let columns: Range<Int>, rows: Range<Int>
        @usableFromInline var spans: [ShapeCoverageCache.Span] = []
        @usableFromInline var bytes: [UInt8] = []

        @inlinable init(inner: Inner, originX: Int, originY: Int, columns: Range<Int>, rows: Range<Int>) {
            self.inner = inner
            self.originX = originX
            self.originY = originY
            self.columns = columns
            self.rows = rows
        }

        @inlinable mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int) {
            // Recorded before the painter may overwrite `cov`.
            spans.append(.init(y: Int32(y - originY), x0: Int32(x0 - originX), count: Int32(count),
                               fullLo: Int32(fullLo), fullHi: Int32(fullHi), offset: Int32(bytes.count)))
            bytes.append(contentsOf: UnsafeBufferPointer(start: cov, count: count))
            ScanConverter.paintCut(&inner, y: y, x0: x0, count: count, cov: cov, fullLo: fullLo, fullHi: fullHi,
                                   columns: columns, rows: rows)
        }
    }

    /// Hands `painter` the part of a span inside `columns` × `rows`: its
    /// pixels there, with their coverage and the part of its full run
    /// there; nothing when the span is outside.
    @inlinable @inline(__always)
    static func paintCut<P: SpanPainter>(_ painter: inout P, y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>,
                                         fullLo: Int, fullHi: Int, columns: Range<Int>, rows: Range<Int>) {
        guard y >= rows.lowerBound, y < rows.upperBound else { return }
        let start = Swift.max(x0, columns.lowerBound), end = Swift.min(x0 + count, columns.upperBound)
        guard start < end else { return }
        let skip = start - x0, n = end - start
        painter.paint(y: y, x0: start, count: n, cov: cov + skip,
                      fullLo: Swift.min(Swift.max(fullLo - skip, 0), n), fullHi: Swift.min(Swift.max(fullHi - skip, 0), n))
    }

    /// The scan of `edges` (sorted, non-empty, spanning sample rows
    /// `minY`…`maxY` and columns `minX`…`maxX` in 1/256 pixel) inside the
    /// window, through ``shapeCache`` when the edges' whole pixel box is
    /// small: replayed when the same edges were scanned before at a
    /// whole-pixel offset, recorded otherwise — cut to the window when it
    /// does not hold the box (the box is then what is scanned and
    /// recorded). Returns false, having painted nothing, when the cache
    /// does not apply.
    @inlinable
    func scanThroughCache<P: SpanPainter>(_ edges: [Edge], minX: Int64, minY: Int64, maxX: Int64, maxY: Int64,
                                          columns: Range<Int>, rows: Range<Int>, painter: inout P) -> Bool {
        guard let cache = hot.shapeCache, edges.count <= ShapeCoverageCache.maxEdges else { return false }
        let px0 = Fixed.floorDiv(minX, 256), px1 = Fixed.floorDiv(maxX + 255, 256)
        let py0 = Fixed.floorDiv(minY, 256), py1 = Fixed.floorDiv(maxY + 255, 256)
        guard px1 - px0 <= Int64(capacity),
              (px1 - px0) * (py1 - py0) <= Int64(ShapeCoverageCache.maxArea) else { return false }
        let holds = px0 >= Int64(columns.lowerBound) && px1 <= Int64(columns.upperBound)
            && py0 >= Int64(rows.lowerBound) && py1 <= Int64(rows.upperBound)
        let dx = px0 * 256, dy = py0 * 256
        let hash = ShapeCoverageCache.hash(edges, dx: dx, dy: dy)
        let ox = Int(px0), oy = Int(py0)
        if let i = cache.lookup(edges, dx: dx, dy: dy, hash: hash) {
            let cov = self.cov
            cache.hot.entries[i].bytes.withUnsafeBufferPointer { bytes in
                for s in cache.hot.entries[i].spans {
                    let count = Int(s.count), y = oy + Int(s.y), x0 = ox + Int(s.x0)
                    if !holds, y < rows.lowerBound || y >= rows.upperBound { continue }
                    // A painter that never writes coverage reads the
                    // cache's bytes; another gets a copy to write on.
                    let recorded = bytes.baseAddress! + Int(s.offset)
                    let given = P.leavesCoverage ? UnsafeMutablePointer(mutating: recorded) : cov
                    if !P.leavesCoverage { cov.update(from: recorded, count: count) }
                    if holds {
                        painter.paint(y: y, x0: x0, count: count, cov: given, fullLo: Int(s.fullLo), fullHi: Int(s.fullHi))
                    } else {
                        ScanConverter.paintCut(&painter, y: y, x0: x0, count: count, cov: given, fullLo: Int(s.fullLo),
                                               fullHi: Int(s.fullHi), columns: columns, rows: rows)
                    }
                }
            }
            return true
        }
        var recorder = RecordingPainter(inner: painter, originX: ox, originY: oy, columns: columns, rows: rows)
        scan(edges, rows: Int(py0)..<Int(py1), columns: holds ? columns : Int(px0)..<Int(px1), painter: &recorder)
        painter = recorder.inner
        cache.store(.init(hash: hash, edges: edges.map { $0.moved(dx: -dx, dy: -dy) }, spans: recorder.spans, bytes: recorder.bytes))
        return true
    }
}
