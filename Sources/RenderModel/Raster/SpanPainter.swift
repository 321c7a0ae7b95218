/// Consumes coverage row by row: what `ScanConverter` hands a shape's
/// coverage to.
///
/// `paint` gets pixels `x0..<x0 + count` of row `y`; `cov[i]` is the
/// coverage (0…255) of pixel `x0 + i`, except at `fullLo..<fullHi` (indices
/// into the span) where the coverage is 255 and `cov` need not be filled.
/// A painter may overwrite `cov[0..<count]`.
@usableFromInline package protocol SpanPainter {
    mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int)
}
