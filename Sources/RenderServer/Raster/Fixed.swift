import RenderModel

#if _endian(big)
#error("RenderServer packs RGBA8 pixels as little-endian UInt32 words")
#endif

/// Geometry in fixed point: 1/256 pixel, the unit every coordinate is
/// rounded to (half to even) before coverage is counted, so that coverage is
/// integer arithmetic from there on and the same on every machine.
///
/// Coverage is counted on a 16 × 16 grid of samples per pixel whose centres
/// are at 8/256, 24/256, … 248/256 of the pixel. Along one axis a sample is
/// 2 *half-samples*: an edge exactly through a sample centre covers half of
/// it. A pixel's coverage along an axis is then 0…32 half-samples, and an
/// axis-aligned rectangle covers `halvesX × halvesY` (0…1024) of a pixel —
/// the same count the polygon scanner reaches for the same rectangle.
enum Fixed {
    /// Units per pixel.
    static let one: Int64 = 256
    /// The largest magnitude, in units, a coordinate is clamped to (2^40,
    /// some 4·10^9 pixels); polygons that reach beyond `safePixels` are
    /// clipped first, so clamping only affects boxes.
    static let limit: Double = 1_099_511_627_776
    /// Polygons whose coordinates stay within ±2^20 pixels are scanned as
    /// they are; larger ones are clipped to a fixed box around the display.
    static let safePixels: Double = 1_048_576

    /// `v` pixels in units, rounded half to even (clamped; NaN gives 0).
    @inline(__always)
    static func units(_ v: Double) -> Int64 {
        let s = v * 256
        guard s == s else { return 0 }
        let c = s < -limit ? -limit : (s > limit ? limit : s)
        return Int64(c.rounded(.toNearestOrEven))
    }

    @inline(__always)
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    @inline(__always)
    static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
        -floorDiv(-a, b)
    }

    /// The boundary, in half-samples, that an edge at `x` units draws: a
    /// sample whose centre lies exactly on the edge is split in two.
    /// Half-sample `h` of the axis belongs to pixel `h >> 5`.
    @inline(__always)
    static func half(_ x: Int64) -> Int64 {
        let n = x - 8
        let q = floorDiv(n, 16)
        return n == q * 16 ? 2 * q + 1 : 2 * q + 2
    }

    /// The pixels (`lo..<hi`) a shape spanning `minUnits…maxUnits` along an
    /// axis can cover, with 4 units (1/64 pixel) to spare on each side for
    /// the rounding of vertices computed apart from the box.
    @inline(__always)
    static func pixelSpan(minUnits: Int64, maxUnits: Int64) -> (lo: Int64, hi: Int64) {
        (floorDiv(minUnits + 3, 256), floorDiv(maxUnits - 4, 256) + 1)
    }

    /// Coverage in half-sample products (0…1024) as an alpha byte:
    /// `(c·255 + 512) / 1024`.
    @inline(__always)
    static func alpha(_ coverage: Int64) -> UInt8 {
        UInt8(truncatingIfNeeded: (coverage * 255 + 512) >> 10)
    }
}

/// The pixel box a set of device-space points can paint, clipped to
/// `clip`; `nil` when it is empty or a point is not finite.
func deviceBox(_ points: [Point], clip: PixelRect) -> PixelRect? {
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
    for p in points {
        guard p.x.isFinite, p.y.isFinite else { return nil }
        x0 = Swift.min(x0, p.x); x1 = Swift.max(x1, p.x)
        y0 = Swift.min(y0, p.y); y1 = Swift.max(y1, p.y)
    }
    guard x0 <= x1, y0 <= y1 else { return nil }
    let xs = Fixed.pixelSpan(minUnits: Fixed.units(x0), maxUnits: Fixed.units(x1))
    let ys = Fixed.pixelSpan(minUnits: Fixed.units(y0), maxUnits: Fixed.units(y1))
    let cx0 = Int64(clip.x), cy0 = Int64(clip.y), cx1 = Int64(clip.maxX), cy1 = Int64(clip.maxY)
    let bx0 = Swift.max(xs.lo, cx0), bx1 = Swift.min(xs.hi, cx1)
    let by0 = Swift.max(ys.lo, cy0), by1 = Swift.min(ys.hi, cy1)
    guard bx0 < bx1, by0 < by1 else { return nil }
    return PixelRect(x0: Int(bx0), y0: Int(by0), x1: Int(bx1), y1: Int(by1))
}
