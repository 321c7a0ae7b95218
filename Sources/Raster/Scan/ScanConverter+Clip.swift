import RenderModel

extension ScanConverter {
    /// The compositor's converter for a `width` × `height` display, with
    /// a shape cache: animated frames fill the same turned outlines again
    /// and again.
    package convenience init(displayWidth width: Int, displayHeight height: Int) {
        self.init(capacity: width, clipping: .display(width: width, height: height))
        shapeCache = ShapeCoverageCache()
    }

    /// Scans `shape` inside `clip` (which must lie in the display), through
    /// the clip's mask if it has one.
    @inlinable
    package func fill<P: SpanPainter>(_ shape: DeviceShape, clip: Clip, painter: P) {
        if let mask = clip.mask {
            var masked = Masked(inner: painter, mask: mask)
            fill(shape, rect: clip.rect, painter: &masked)
        } else {
            var p = painter
            fill(shape, rect: clip.rect, painter: &p)
        }
    }

    @inlinable
    func fill<P: SpanPainter>(_ shape: DeviceShape, rect: PixelRect, painter: inout P) {
        let columns = rect.x..<rect.maxX, rows = rect.y..<rect.maxY
        switch shape {
        case let .rect(x0, y0, x1, y1):
            fillRect(x0: x0, y0: y0, x1: x1, y1: y1, columns: columns, rows: rows, painter: &painter)
        case .polygons(let polygons):
            fillPolygons(polygons, columns: columns, rows: rows, painter: &painter)
        }
    }
}
