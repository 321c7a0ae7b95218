import RenderModel

/// The anti-aliasing scan converter of LoopSim: turns axis-aligned
/// rectangles and polygons (non-zero winding rule) into coverage, row by
/// row inside a window of columns and rows, and hands it to a `SpanPainter`.
/// `DrawingContext` (LayerKit) fills its paths with it, the compositor
/// (RenderServer) its layers, so both give the same bytes for the same
/// geometry.
///
/// Coverage is counted on a fixed 16 × 16 grid of samples per pixel, at the
/// sample centres ((i + ½)/16, (j + ½)/16) of the pixel. Vertices are first
/// rounded to 1/256 pixel, half to even (`Fixed`), and everything after that
/// is integer arithmetic: a sample row meets each edge at an exact rational
/// x, kept as a quotient and remainder and stepped exactly from row to row.
/// Samples where the winding number is not zero are covered.
///
/// Samples exactly on the outline count half: a crossing through a sample
/// centre gives half of that sample to each side, and a sample row through a
/// vertex is taken half just below it and half just above it. So a shape and
/// its mirror image — about a line along pixel edges or pixel centres, or
/// about the diagonal — give mirrored pixels, with no top-left bias.
/// Counting in halves, a pixel's coverage c runs 0…1024 and becomes the
/// alpha byte `(c·255 + 512) / 1024` (`Fixed.alpha`): a full pixel is 255,
/// half a pixel 128. An axis-aligned rectangle gets exactly the coverage
/// it would get as a polygon, without scanning. Runs of fully covered
/// pixels reach the painter as such (`fullLo..<fullHi`), so a painter can
/// fill them at once.
///
/// A pixel's coverage does not depend on the window, so drawing a region
/// gives the same bytes there as drawing everything. Polygons are bounded
/// before rounding as `clipping` says (`PolygonClipping`: the two users
/// differ there, and only there); a polygon with a NaN or infinite
/// coordinate is skipped.
///
/// The converter owns its scratch buffers, so one serves many shapes
/// without allocating per shape (beyond growing them, and clipping a
/// polygon that needs it). It is not thread-safe; use one per thread.
///
/// The filling methods are `@inlinable` (and what they touch
/// `@usableFromInline`) so that LayerKit and RenderServer specialize them
/// for their painters, as code in their own module would be; otherwise each
/// row would reach the painter through a protocol witness.
///
///     let converter = ScanConverter(capacity: 64, clipping: .target(width: 64, height: 48))
///     var painter = SolidPainter(canvas: canvas, color: PixelMath.pack(r: 255, g: 0, b: 0, a: 255))
///     converter.fillPolygons([triangle], columns: 0..<64, rows: 0..<48, painter: &painter)
@usableFromInline package final class ScanConverter {
    /// The widest window (in columns) the buffers take.
    @usableFromInline package let capacity: Int
    /// How polygons are bounded before their vertices are rounded.
    @usableFromInline package let clipping: PolygonClipping
    /// Coverage bytes of the current row.
    @usableFromInline let cov: UnsafeMutablePointer<UInt8>
    /// The current row's difference array of coverage (`capacity + 2`).
    @usableFromInline let delta: UnsafeMutablePointer<Int32>

    /// What a fill reads and writes, in the converter's one stored property
    /// not checked for exclusivity at run time (docs/internals/safety.md,
    /// "Exclusivity").
    @usableFromInline struct Hot {
        /// Scratch for a polygon fill's edges (kept for its capacity).
        @usableFromInline var edges: [Edge] = []
        /// Edges crossing the current sample row (room for every edge).
        @usableFromInline var active: UnsafeMutablePointer<ActiveEdge>
        /// The current sample row's crossings, as keys (see `scan`).
        @usableFromInline var crossings: UnsafeMutablePointer<Int64>
        /// Room in `active` and `crossings`.
        @usableFromInline var edgeCapacity: Int
        /// ``ScanConverter/usesTwoEdgeRuns``.
        @usableFromInline var usesTwoEdgeRuns = true
        /// ``ScanConverter/shapeCache``.
        @usableFromInline var shapeCache: ShapeCoverageCache?

        init(edgeCapacity: Int) {
            self.edgeCapacity = edgeCapacity
            active = .allocate(capacity: edgeCapacity)
            crossings = .allocate(capacity: edgeCapacity)
        }
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    @usableFromInline var hot: Hot

    /// Whether a polygon fill takes the two-edge stretches between vertices
    /// in one tight loop (`scan`); the same bytes either way, which tests
    /// check by turning it off.
    package var usesTwoEdgeRuns: Bool {
        get { hot.usesTwoEdgeRuns }
        set { hot.usesTwoEdgeRuns = newValue }
    }
    /// The coverage of recent polygon fills, replayed when the same
    /// outline comes again at a whole-pixel offset (``ShapeCoverageCache``);
    /// nil, the default, scans every fill. The same bytes either way.
    package var shapeCache: ShapeCoverageCache? {
        get { hot.shapeCache }
        set { hot.shapeCache = newValue }
    }

    /// A converter for windows up to `capacity` columns wide, bounding
    /// polygons by `clipping`.
    package init(capacity: Int, clipping: PolygonClipping) {
        self.capacity = Swift.max(1, capacity)
        self.clipping = clipping
        cov = .allocate(capacity: self.capacity + 2)
        cov.initialize(repeating: 0, count: self.capacity + 2)
        delta = .allocate(capacity: self.capacity + 2)
        delta.initialize(repeating: 0, count: self.capacity + 2)
        hot = Hot(edgeCapacity: 16)
    }

    deinit {
        cov.deallocate()
        delta.deallocate()
        hot.active.deallocate()
        hot.crossings.deallocate()
    }

    // MARK: Rectangles

    /// Fills the axis-aligned rectangle `x0..<x1` × `y0..<y1` (in 1/256
    /// pixel, `Fixed`) inside the window: a pixel's coverage is its
    /// half-samples across times its half-samples down. A row's fully
    /// covered pixels reach the painter as one full run, and a run of rows
    /// whose pixels are all fully covered as one `paintFullRows`.
    ///
    /// Traps (in debug builds) unless `columns.count` ≤ `capacity`.
    @inlinable
    package func fillRect<P: SpanPainter>(x0: Int64, y0: Int64, x1: Int64, y1: Int64,
                                          columns: Range<Int>, rows: Range<Int>, painter: inout P) {
        assert(columns.count <= capacity, "ScanConverter window of \(columns.count) columns exceeds its capacity \(capacity)")
        let hx0 = Fixed.half(x0), hx1 = Fixed.half(x1)
        let hy0 = Fixed.half(y0), hy1 = Fixed.half(y1)
        guard hx0 < hx1, hy0 < hy1 else { return }
        let cx0 = Int64(columns.lowerBound), cx1 = Int64(columns.upperBound)
        let ex0 = Swift.max(hx0 >> 5, cx0), ex1 = Swift.min((hx1 + 31) >> 5, cx1)
        let ry0 = Swift.max(hy0 >> 5, Int64(rows.lowerBound)), ry1 = Swift.min((hy1 + 31) >> 5, Int64(rows.upperBound))
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
        // Rows whose every pixel is fully covered (no partial columns)
        // reach the painter at once.
        let fullTop = Swift.max((hy0 + 31) >> 5, ry0), fullBottom = Swift.max(Swift.min(hy1 >> 5, ry1), fullTop)
        let fullRows = fullLo == 0 && fullHi == count ? fullTop..<fullBottom : ry0..<ry0
        var py = ry0
        while py < ry1 {
            if py == fullRows.lowerBound, !fullRows.isEmpty {
                painter.paintFullRows(Int(fullRows.lowerBound)..<Int(fullRows.upperBound), x0: Int(ex0), count: count, cov: cov)
                py = fullRows.upperBound
                continue
            }
            defer { py += 1 }
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
}
