import Foundation
import Raster
import RenderModel
import Testing

/// The scan converter shared by LayerKit's drawing and the compositor:
/// coverage, windows, the runs painters get, and the two clipping policies.
@Suite struct ScanConverterTests {
    private static let white = PixelMath.pack(r: 255, g: 255, b: 255, a: 255)

    /// `polygons` filled in `color` into a copy of `bitmap` (window: all of
    /// it, or `columns` × `rows`).
    private func filled(_ bitmap: Bitmap, _ polygons: [[Point]], color: UInt32 = white, clipping: PolygonClipping? = nil,
                        columns: Range<Int>? = nil, rows: Range<Int>? = nil, twoEdgeRuns: Bool = true) -> Bitmap {
        var b = bitmap
        let w = b.width, h = b.height
        let converter = ScanConverter(capacity: w, clipping: clipping ?? .target(width: w, height: h))
        converter.usesTwoEdgeRuns = twoEdgeRuns
        b.withUnsafeCanvas { canvas in
            var painter = SolidPainter(canvas: canvas, color: color)
            converter.fillPolygons(polygons, columns: columns ?? 0..<w, rows: rows ?? 0..<h, painter: &painter)
        }
        return b
    }

    /// Records what a fill hands its painter, pixel by pixel.
    private struct Recorder: SpanPainter {
        var calls: [(y: Int, x0: Int, count: Int, fullLo: Int, fullHi: Int)] = []
        /// Coverage per (x, y); a pixel must not be reported twice.
        var coverage: [Int: UInt8] = [:]
        var repeated = 0

        mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int) {
            calls.append((y, x0, count, fullLo, fullHi))
            for i in 0..<count {
                let key = y * 1000 + x0 + i
                if coverage[key] != nil { repeated += 1 }
                coverage[key] = (fullLo..<fullHi).contains(i) ? 255 : cov[i]
            }
        }
    }

    @Test("a rectangle scanned as a rect and as a polygon gets the same bytes")
    func rectEqualsPolygon() {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<150 {
            let w = 24, h = 20
            func units(_ span: Int) -> Int64 { Int64(rng.next() % UInt64((span + 4) * 256)) - 512 }
            var x0 = units(w), x1 = units(w), y0 = units(h), y1 = units(h)
            if x0 > x1 { swap(&x0, &x1) }
            if y0 > y1 { swap(&y0, &y1) }
            let a = UInt8(rng.next() % 256)
            let color = PixelMath.pack(r: a / 2, g: a, b: 0, a: a)
            let start = Bitmap(width: w, height: h, fill: RGBA8(r: 10, g: 20, b: 30, a: 40))
            var asRect = start
            let converter = ScanConverter(capacity: w, clipping: .display(width: w, height: h))
            asRect.withUnsafeCanvas { canvas in
                var painter = SolidPainter(canvas: canvas, color: color)
                converter.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, columns: 0..<w, rows: 0..<h, painter: &painter)
            }
            let corners = [Point(x: Double(x0) / 256, y: Double(y0) / 256), Point(x: Double(x1) / 256, y: Double(y0) / 256),
                           Point(x: Double(x1) / 256, y: Double(y1) / 256), Point(x: Double(x0) / 256, y: Double(y1) / 256)]
            #expect(asRect == filled(start, [corners], color: color, clipping: .display(width: w, height: h)), "rect \(x0) \(y0) \(x1) \(y1)")
        }
    }

    @Test("a rectangle with whole-pixel sides gets the bytes of the same polygon, its full rows painted at once")
    func wholePixelColumnsPaintFullRows() {
        var rng = SplitMix64(seed: 0xF111)
        for _ in 0..<150 {
            let w = 24, h = 20
            // Whole-pixel columns (or beyond the window), any rows.
            var x0 = (Int64(rng.next() % 28) - 2) * 256, x1 = (Int64(rng.next() % 28) - 2) * 256
            var y0 = Int64(rng.next() % UInt64(24 * 256)) - 512, y1 = Int64(rng.next() % UInt64(24 * 256)) - 512
            if rng.next() % 2 == 0 { y0 &= ~255; y1 &= ~255 }
            if x0 > x1 { swap(&x0, &x1) }
            if y0 > y1 { swap(&y0, &y1) }
            let a = UInt8(rng.next() % 256)
            let color = PixelMath.pack(r: a / 3, g: a, b: a / 2, a: a)
            let start = Bitmap(width: w, height: h, fill: RGBA8(r: 10, g: 20, b: 30, a: 40))
            var asRect = start
            let converter = ScanConverter(capacity: w, clipping: .display(width: w, height: h))
            asRect.withUnsafeCanvas { canvas in
                var painter = SolidPainter(canvas: canvas, color: color)
                converter.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, columns: 0..<w, rows: 0..<h, painter: &painter)
            }
            let corners = [Point(x: Double(x0) / 256, y: Double(y0) / 256), Point(x: Double(x1) / 256, y: Double(y0) / 256),
                           Point(x: Double(x1) / 256, y: Double(y1) / 256), Point(x: Double(x0) / 256, y: Double(y1) / 256)]
            #expect(asRect == filled(start, [corners], color: color, clipping: .display(width: w, height: h)), "rect \(x0) \(y0) \(x1) \(y1)")
        }
        // The full rows of 2…9 × 1.5…5.5 arrive as one paintFullRows (rows 2..<5), the half rows one by one.
        struct RowRecorder: SpanPainter {
            var events: [String] = []
            mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int) {
                events.append("\(y):\(x0)+\(count) full \(fullLo)..<\(fullHi) cov \(cov[0])")
            }
            mutating func paintFullRows(_ rows: Range<Int>, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>) {
                events.append("rows \(rows):\(x0)+\(count)")
            }
        }
        var recorder = RowRecorder()
        let converter = ScanConverter(capacity: 12, clipping: .target(width: 12, height: 8))
        converter.fillRect(x0: 2 * 256, y0: 384, x1: 9 * 256, y1: 5 * 256 + 128, columns: 0..<12, rows: 0..<8, painter: &recorder)
        #expect(recorder.events == ["1:2+7 full 0..<0 cov 128", "rows 2..<5:2+7", "5:2+7 full 0..<0 cov 128"])
    }

    @Test("filling a window gives the bytes a full fill has there and leaves the rest alone")
    func windowsAgreeWithTheWhole() {
        var rng = SplitMix64(seed: 2)
        for _ in 0..<60 {
            let w = 30, h = 24
            let polygon = (0..<(3 + Int(rng.next() % 6))).map { _ in
                Point(x: Double(rng.next() % 4000) / 100 - 5, y: Double(rng.next() % 3200) / 100 - 4)
            }
            let x0 = Int(rng.next() % UInt64(w)), y0 = Int(rng.next() % UInt64(h))
            let x1 = x0 + 1 + Int(rng.next() % UInt64(w - x0)), y1 = y0 + 1 + Int(rng.next() % UInt64(h - y0))
            let start = Bitmap(width: w, height: h, fill: RGBA8(r: 0, g: 0, b: 90, a: 90))
            let clipping = PolygonClipping.display(width: w, height: h)
            let whole = filled(start, [polygon], clipping: clipping)
            let part = filled(start, [polygon], clipping: clipping, columns: x0..<x1, rows: y0..<y1)
            for y in 0..<h {
                for x in 0..<w {
                    let inside = (x0..<x1).contains(x) && (y0..<y1).contains(y)
                    #expect(part[x, y] == (inside ? whole[x, y] : start[x, y]), "(\(x), \(y)) of \(polygon)")
                }
            }
        }
    }

    @Test("each run of full pixels reaches the painter as one, with the partial pixels before it")
    func fullRunsAreHandedOver() {
        let converter = ScanConverter(capacity: 12, clipping: .target(width: 12, height: 4))
        var recorder = Recorder()
        // Columns 1.5…8.5, rows 1…3: half pixels at 1 and 8, full ones between.
        let polygon = [Point(x: 1.5, y: 1), Point(x: 8.5, y: 1), Point(x: 8.5, y: 3), Point(x: 1.5, y: 3)]
        converter.fillPolygons([polygon], columns: 0..<12, rows: 0..<4, painter: &recorder)
        let calls = recorder.calls.map { "\($0.y):\($0.x0)+\($0.count) full \($0.fullLo)..<\($0.fullHi)" }
        #expect(calls == ["1:1+7 full 1..<7", "1:8+1 full 0..<0", "2:1+7 full 1..<7", "2:8+1 full 0..<0"])
        #expect(recorder.repeated == 0)
        #expect(recorder.coverage[1001] == 128 && recorder.coverage[1002] == 255 && recorder.coverage[1008] == 128)
    }

    @Test("every covered pixel is reported exactly once, at its coverage")
    func coverageIsReportedOnce() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<60 {
            let w = 20, h = 16
            let polygons = (0..<(1 + Int(rng.next() % 3))).map { _ in
                (0..<(3 + Int(rng.next() % 6))).map { _ in Point(x: Double(rng.next() % 2600) / 100 - 3, y: Double(rng.next() % 2200) / 100 - 3) }
            }
            let converter = ScanConverter(capacity: w, clipping: .target(width: w, height: h))
            var recorder = Recorder()
            converter.fillPolygons(polygons, columns: 0..<w, rows: 0..<h, painter: &recorder)
            #expect(recorder.repeated == 0)
            // White over transparent shows the coverage in every channel.
            let bitmap = filled(Bitmap(width: w, height: h), polygons)
            for y in 0..<h {
                for x in 0..<w {
                    #expect(bitmap[x, y].a == recorder.coverage[y * 1000 + x] ?? 0, "(\(x), \(y)) of \(polygons)")
                }
            }
        }
    }

    @Test("a polygon with a coordinate that is not finite is skipped; the others still draw")
    func nonFinitePolygonsAreSkipped() {
        let square = [Point(x: 1, y: 1), Point(x: 3, y: 1), Point(x: 3, y: 3), Point(x: 1, y: 3)]
        for bad in [Double.nan, .infinity, -.infinity] {
            let broken = [Point(x: 0, y: 0), Point(x: bad, y: 2), Point(x: 4, y: 4)]
            let start = Bitmap(width: 5, height: 5)
            #expect(filled(start, [broken, square]) == filled(start, [square]))
            #expect(filled(start, [broken]) == start)
        }
    }

    @Test("the two-edge runs between vertices give the bytes of the general scan, row for row")
    func twoEdgeRunsMatchTheGeneralScan() {
        var rng = SplitMix64(seed: 11)
        let w = 40, h = 36
        var shapes: [[[Point]]] = []
        // Turned rectangles, as the compositor fills them, some with corners
        // on sample rows (whole and sixteenth pixels) and some partly outside.
        for k in 0..<120 {
            let angle = Double(k) * 0.0523 + Double(rng.next() % 1000) / 1e4
            let cx = Double(rng.next() % 4400) / 100 - 2, cy = Double(rng.next() % 4000) / 100 - 2
            let hw = 2 + Double(rng.next() % 1600) / 100, hh = 1 + Double(rng.next() % 1200) / 100
            let snap = k % 3 == 0 ? 16.0 : 0
            let c = cos(angle), s = sin(angle)
            var corners = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { p in
                Point(x: cx + p.0 * c - p.1 * s, y: cy + p.0 * s + p.1 * c)
            }
            if snap > 0 { corners = corners.map { Point(x: ($0.x * snap).rounded() / snap, y: ($0.y * snap).rounded() / snap) } }
            shapes.append([k % 2 == 0 ? corners : corners.reversed()])
        }
        // Random polygons, several at once (self-crossing, overlapping).
        for _ in 0..<80 {
            shapes.append((0..<(1 + Int(rng.next() % 3))).flatMap { _ in
                [(0..<(3 + Int(rng.next() % 6))).map { _ in Point(x: Double(rng.next() % 4800) / 100 - 4, y: Double(rng.next() % 4400) / 100 - 4) }]
            })
        }
        let start = Bitmap(width: w, height: h, fill: RGBA8(r: 10, g: 20, b: 30, a: 255))
        for polygons in shapes {
            for window in [(0..<w, 0..<h), (3..<29, 5..<31)] {
                let fast = filled(start, polygons, color: PixelMath.pack(r: 100, g: 50, b: 25, a: 128), columns: window.0, rows: window.1)
                let general = filled(start, polygons, color: PixelMath.pack(r: 100, g: 50, b: 25, a: 128), columns: window.0, rows: window.1, twoEdgeRuns: false)
                #expect(fast == general, "\(polygons) in \(window)")
            }
        }
    }

    @Test("a shape filled again at a whole-pixel offset replays its cached coverage, with the bytes of a scan")
    func shapeCacheReplaysTheScannedBytes() {
        var rng = SplitMix64(seed: 0x5CA7)
        let w = 64, h = 56
        let cached = ScanConverter(capacity: w, clipping: .display(width: w, height: h))
        cached.shapeCache = ShapeCoverageCache()
        let plain = ScanConverter(capacity: w, clipping: .display(width: w, height: h))
        let start = Bitmap(width: w, height: h, fill: RGBA8(r: 10, g: 20, b: 30, a: 255))
        let color = PixelMath.pack(r: 100, g: 50, b: 25, a: 200)
        func fill(_ converter: ScanConverter, _ polygons: [[Point]], columns: Range<Int>, rows: Range<Int>) -> Bitmap {
            var b = start
            b.withUnsafeCanvas { canvas in
                var painter = SolidPainter(canvas: canvas, color: color)
                converter.fillPolygons(polygons, columns: columns, rows: rows, painter: &painter)
            }
            return b
        }
        var replays = 0
        for k in 0..<240 {
            // A turned rectangle (some with corners on sample rows), or a
            // random polygon, self-crossing at times; about 20 × 20 pixels.
            var polygon: [Point]
            if k % 2 == 0 {
                let angle = Double(rng.next() % 6283) / 1000, c = cos(angle), s = sin(angle)
                let hw = 2 + Double(rng.next() % 800) / 100, hh = 1 + Double(rng.next() % 800) / 100
                polygon = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { Point(x: 11 + $0.0 * c - $0.1 * s, y: 11 + $0.0 * s + $0.1 * c) }
                if k % 3 == 0 { polygon = polygon.map { Point(x: ($0.x * 16).rounded() / 16, y: ($0.y * 16).rounded() / 16) } }
            } else {
                polygon = (0..<(3 + Int(rng.next() % 6))).map { _ in Point(x: 1 + Double(rng.next() % 2000) / 100, y: 1 + Double(rng.next() % 2000) / 100) }
            }
            // The same outline at three whole-pixel offsets (some across the
            // display's top or left edge), each in a window: tight (touching
            // its box), with room, the whole display, or cutting the box (a
            // shape across the line between a frame's two bands); the first
            // scans and records, the others replay, cut to their window.
            for visit in 0..<3 {
                let ox = Int(rng.next() % 42) - 6, oy = Int(rng.next() % 36) - 6
                let moved = [polygon.map { Point(x: $0.x + Double(ox), y: $0.y + Double(oy)) }]
                let xs = moved[0].map(\.x), ys = moved[0].map(\.y)
                let box = (x0: Int(xs.min()!.rounded(.down)), y0: Int(ys.min()!.rounded(.down)),
                           x1: Int(xs.max()!.rounded(.up)) + 1, y1: Int(ys.max()!.rounded(.up)) + 1)
                let windows = [(max(0, box.x0)..<min(box.x1, w), max(0, box.y0)..<min(box.y1, h)),
                               (max(0, box.x0 - 3)..<min(w, box.x1 + 2), max(0, box.y0 - 1)..<min(h, box.y1 + 4)),
                               (0..<w, 0..<h),
                               (max(0, box.x0 + 2)..<min(w, box.x1 - 1), max(0, (box.y0 + box.y1) / 2)..<min(h, box.y1))]
                let window = windows[(k + visit) % 4]
                let before = cached.shapeCache!.hits
                #expect(fill(cached, moved, columns: window.0, rows: window.1) == fill(plain, moved, columns: window.0, rows: window.1),
                        "shape \(k), visit \(visit): \(moved) in \(window)")
                if visit > 0, cached.shapeCache!.hits > before { replays += 1 }
            }
        }
        // The second and third visits replay, whatever their window (one
        // whose box has an edge on a half unit of `Fixed` after the move
        // may round to other edges, and scan).
        #expect(replays > 470, "\(replays) of 480 later visits replayed")
    }
}
