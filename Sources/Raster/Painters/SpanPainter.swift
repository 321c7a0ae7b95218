/// Consumes coverage row by row: what `ScanConverter` hands a shape's
/// coverage to.
///
/// `paint` gets pixels `x0..<x0 + count` of row `y`; `cov[i]` is the
/// coverage (0…255) of pixel `x0 + i`, except at `fullLo..<fullHi` (indices
/// into the span) where the coverage is 255 and `cov` need not be filled.
/// A painter may overwrite `cov[0..<count]`.
///
/// `paintFullRows` gets rows whose pixels `x0..<x0 + count` are all fully
/// covered (a whole-pixel rectangle's rows, say) at once; by default it
/// paints them row by row, as `paint` with `fullLo: 0, fullHi: count`.
@usableFromInline package protocol SpanPainter {
    mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int)
    mutating func paintFullRows(_ rows: Range<Int>, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>)
    /// Whether the painter never writes `cov`: then a replay of cached
    /// coverage (``ShapeCoverageCache``) hands it the cache's bytes
    /// themselves instead of a copy. False by default.
    static var leavesCoverage: Bool { get }
}

extension SpanPainter {
    @inlinable
    package static var leavesCoverage: Bool { false }

    /// Each row as `paint(y:x0:count:cov:fullLo: 0, fullHi: count)`.
    @inlinable
    package mutating func paintFullRows(_ rows: Range<Int>, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>) {
        for y in rows {
            paint(y: y, x0: x0, count: count, cov: cov, fullLo: 0, fullHi: count)
        }
    }
}
