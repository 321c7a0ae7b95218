/// Geometry in fixed point: 1/256 pixel, the unit every coordinate is
/// rounded to (half to even) before coverage is counted, so that coverage is
/// integer arithmetic from there on and the same on every machine.
///
/// Coverage is counted on a 16 × 16 grid of samples per pixel whose centres
/// are at 8/256, 24/256, … 248/256 of the pixel. Along one axis a sample is
/// 2 *half-samples*: an edge exactly through a sample centre covers half of
/// it. A pixel's coverage along an axis is then 0…32 half-samples, and an
/// axis-aligned rectangle covers `halvesX × halvesY` (0…1024) of a pixel —
/// the same count `ScanConverter` reaches for the same rectangle as a
/// polygon.
@usableFromInline package enum Fixed {
    /// The largest magnitude, in units, a coordinate is clamped to (2^40,
    /// some 4·10^9 pixels). `ScanConverter` clips polygons well inside it
    /// first (`PolygonClipping`), so clamping only affects boxes.
    @usableFromInline package static let limit: Double = 1_099_511_627_776

    /// `v` pixels in units, rounded half to even (clamped; NaN gives 0).
    @inlinable @inline(__always)
    package static func units(_ v: Double) -> Int64 {
        let s = v * 256
        guard s == s else { return 0 }
        let c = s < -limit ? -limit : (s > limit ? limit : s)
        return Int64(c.rounded(.toNearestOrEven))
    }

    /// ⌊a / b⌋ for `b` > 0.
    @inlinable @inline(__always)
    package static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// The boundary, in half-samples, that an edge at `x` units draws: a
    /// sample whose centre lies exactly on the edge is split in two.
    /// Half-sample `h` of the axis belongs to pixel `h >> 5`.
    @inlinable @inline(__always)
    package static func half(_ x: Int64) -> Int64 {
        let n = x - 8
        let q = floorDiv(n, 16)
        return n == q * 16 ? 2 * q + 1 : 2 * q + 2
    }

    /// The pixels (`lo..<hi`) a shape spanning `minUnits…maxUnits` along an
    /// axis can cover, with 4 units (1/64 pixel) to spare on each side for
    /// the rounding of vertices computed apart from the box.
    @inlinable @inline(__always)
    package static func pixelSpan(minUnits: Int64, maxUnits: Int64) -> (lo: Int64, hi: Int64) {
        (floorDiv(minUnits + 3, 256), floorDiv(maxUnits - 4, 256) + 1)
    }

    /// Coverage in half-sample products (0…1024) as an alpha byte:
    /// `(c·255 + 512) / 1024` — a full pixel is 255, half a pixel 128.
    @inlinable @inline(__always)
    package static func alpha(_ coverage: Int64) -> UInt8 {
        UInt8(truncatingIfNeeded: (coverage * 255 + 512) >> 10)
    }
}
