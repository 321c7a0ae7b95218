import Raster
import RenderModel

/// The display phase's Core Graphics stand-in: draws into a bitmap it owns.
///
/// Coordinates are points with the origin at the top left and y growing
/// down; at `scale` 1 a point is a pixel, at `scale` n the bitmap has n × n
/// pixels per point. `transform` maps user coordinates to points before that
/// (the CTM without the scale), identity by default.
///
/// Colours are straight (not premultiplied) `RGBA8`, premultiplied with
/// `(c·a + 127) / 255` and drawn source-over onto the premultiplied bitmap.
/// Fills use the non-zero winding rule; strokes are centred on the path with
/// butt caps and miter joins (limit 10, else bevel), as Core Graphics'
/// defaults. Edges are anti-aliased on a fixed 16 × 16 sample grid per pixel
/// in integer arithmetic by RenderModel's `ScanConverter`, the compositor's
/// too, so the same calls give the same bytes on every machine; a polygon
/// reaching beyond the bitmap and a 1-pixel margin is first clipped to them
/// (`PolygonClipping.target`). Everything is clipped to the bitmap; shapes
/// partly or wholly outside it, or with NaN or infinite coordinates, never
/// trap (a piece with a non-finite coordinate is not drawn).
///
///     let ctx = DrawingContext(width: 40, height: 30)
///     ctx.fillRect(Rect(x: 0, y: 0, width: 40, height: 30), color: .white)
///     ctx.fillEllipse(in: Rect(x: 10, y: 5, width: 20, height: 20), color: RGBA8(r: 255, g: 0, b: 0))
///     ctx.drawText("Hi", at: Point(x: 2, y: 2), color: .black, size: 8)
///     ctx.bitmap.contentHash
public final class DrawingContext {
    /// The pixels drawn so far: (width × scale) × (height × scale),
    /// premultiplied RGBA8, transparent at first.
    public var bitmap: Bitmap
    /// Pixels per point (a positive integer).
    public let scale: Int
    /// User space → points, applied to every path and text origin before the
    /// scale. Stroke widths are in user space and are transformed with the
    /// outline (a non-uniform scale makes them uneven, as in Core Graphics).
    public var transform: Transform2D = .identity

    /// The largest distance a flattened curve strays from the true one, in
    /// pixels.
    static let flatness = 0.02

    /// The scan converter for the bitmap's current size (made on the first
    /// fill, again when `bitmap` is replaced by one of another size).
    private var converter: (scan: ScanConverter, width: Int, height: Int)?

    /// A context over a transparent bitmap of `width` × `height` points.
    ///
    /// Traps when a size is negative or `scale` is below 1.
    public init(width: Int, height: Int, scale: Int = 1) {
        precondition(scale >= 1, "DrawingContext scale must be at least 1, got \(scale)")
        precondition(width >= 0 && height >= 0, "DrawingContext size must not be negative, got \(width)×\(height)")
        self.scale = scale
        self.bitmap = Bitmap(width: width * scale, height: height * scale)
    }

    /// A context drawing over a copy of `bitmap` (pixels, so scale 1 unless
    /// given: the bitmap is then `scale` pixels per point).
    public init(bitmap: Bitmap, scale: Int = 1) {
        precondition(scale >= 1, "DrawingContext scale must be at least 1, got \(scale)")
        self.scale = scale
        self.bitmap = bitmap
    }

    /// The width of the drawing area in points.
    public var width: Double { Double(bitmap.width) / Double(scale) }
    /// The height of the drawing area in points.
    public var height: Double { Double(bitmap.height) / Double(scale) }

    /// User space → device pixels.
    var deviceTransform: Transform2D {
        let s = Double(scale)
        let t = transform
        return Transform2D(a: t.a * s, b: t.b * s, c: t.c * s, d: t.d * s, tx: t.tx * s, ty: t.ty * s)
    }

    /// How many device pixels one user unit can stretch to at most (the
    /// larger column norm of the linear part; at least a tiny positive value).
    private var deviceStretch: Double {
        let t = deviceTransform
        let m = Swift.max(Path.length(t.a, t.b), Path.length(t.c, t.d))
        return m > 0 && m.isFinite ? m : 1
    }

    // MARK: Paths

    /// Fills `path` with the non-zero winding rule (every subpath closed).
    public func fill(_ path: Path, color: RGBA8) {
        let device = path.applying(deviceTransform)
        let polygons = device.flattened(tolerance: DrawingContext.flatness).map(\.points)
        fill(polygons, premultiplied: color.premultiplied())
    }

    /// Strokes `path` with a line of `width` points centred on it: butt
    /// caps, miter joins (bevel beyond a miter limit of 10); closed subpaths
    /// are joined at their start. A width of 0 or less, or not finite, draws
    /// nothing. The stroke is the non-zero fill of its outline, so
    /// overlapping parts are drawn once.
    public func stroke(_ path: Path, color: RGBA8, width: Double) {
        guard width > 0, width.isFinite else { return }
        let t = deviceTransform
        let subpaths = path.flattened(tolerance: DrawingContext.flatness / deviceStretch)
        let outline = Stroker.outline(of: subpaths, width: width)
        let polygons = t.isIdentity ? outline : outline.map { $0.map { $0.applying(t) } }
        fill(polygons, premultiplied: color.premultiplied())
    }

    /// Fills `polygons` (device pixels, closed implicitly) by the non-zero
    /// rule, source-over in the premultiplied `color`.
    private func fill(_ polygons: [[Point]], premultiplied color: RGBA8) {
        let w = bitmap.width, h = bitmap.height
        guard w > 0, h > 0, color != .clear else { return }
        let scan: ScanConverter
        if let converter, converter.width == w, converter.height == h {
            scan = converter.scan
        } else {
            scan = ScanConverter(capacity: w, clipping: .target(width: w, height: h))
            converter = (scan, w, h)
        }
        let packed = PixelMath.pack(r: color.r, g: color.g, b: color.b, a: color.a)
        bitmap.withUnsafeCanvas { canvas in
            var painter = SolidPainter(canvas: canvas, color: packed)
            scan.fillPolygons(polygons, columns: 0..<w, rows: 0..<h, painter: &painter)
        }
    }

    // MARK: Shapes

    /// Fills the rect (standardized).
    public func fillRect(_ rect: Rect, color: RGBA8) {
        fill(.rect(rect), color: color)
    }

    /// Strokes the rect's outline, centred on its edges (a width-2 stroke of
    /// a rect on whole points covers one point on each side of each edge).
    public func strokeRect(_ rect: Rect, color: RGBA8, width: Double = 1) {
        stroke(.rect(rect), color: color, width: width)
    }

    /// Fills the rect with its corners rounded by `radius` (clamped to half
    /// the shorter side).
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBA8) {
        fill(.roundedRect(rect, radius: radius), color: color)
    }

    /// Strokes the outline of a rounded rect.
    public func strokeRoundedRect(_ rect: Rect, radius: Double, color: RGBA8, width: Double = 1) {
        stroke(.roundedRect(rect, radius: radius), color: color, width: width)
    }

    /// Fills the ellipse inscribed in the rect.
    public func fillEllipse(in rect: Rect, color: RGBA8) {
        fill(.ellipse(in: rect), color: color)
    }

    /// Strokes the ellipse inscribed in the rect.
    public func strokeEllipse(in rect: Rect, color: RGBA8, width: Double = 1) {
        stroke(.ellipse(in: rect), color: color, width: width)
    }

    /// A straight line from `a` to `b`, `width` points wide, with butt caps
    /// (it ends exactly at `a` and `b`).
    public func line(from a: Point, to b: Point, color: RGBA8, width: Double = 1) {
        stroke(.line(from: a, to: b), color: color, width: width)
    }

    /// Sets every pixel to `color` (straight, premultiplied here), replacing
    /// what was there, as `CGContext.clear` does for `.clear`.
    public func clear(_ color: RGBA8 = .clear) {
        bitmap = Bitmap(width: bitmap.width, height: bitmap.height, fill: color.premultiplied())
    }
}
