/// A solid premultiplied colour, drawn source-over onto a `Canvas`: a pixel
/// of coverage `c` gets `over(scale(color, c), dst)` (`PixelMath`), a fully
/// covered run the colour at once.
@usableFromInline package struct SolidPainter: SpanPainter {
    /// Where the colour goes.
    @usableFromInline package let canvas: Canvas
    /// The premultiplied colour, packed (`PixelMath.pack`).
    @usableFromInline package let color: UInt32

    /// Paints `color` onto `canvas`.
    @inlinable
    package init(canvas: Canvas, color: UInt32) {
        self.canvas = canvas
        self.color = color
    }

    /// It reads `cov` only.
    @inlinable
    package static var leavesCoverage: Bool { true }

    @inlinable
    package mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int) {
        let dst = canvas.pointer(x: x0, y: y)
        blend(dst, cov, 0, fullLo)
        PixelMath.fillSpan(dst + fullLo, fullHi - fullLo, color)
        blend(dst, cov, fullHi, count)
    }

    /// The rows at once (`PixelMath.fillRows`): the same bytes as
    /// painting them one by one, without the per-row work.
    @inlinable
    package mutating func paintFullRows(_ rows: Range<Int>, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>) {
        guard !rows.isEmpty else { return }
        PixelMath.fillRows(canvas.pointer(x: x0, y: rows.lowerBound), stride: canvas.stride, count: count, rows: rows.count, color)
    }

    @inlinable @inline(__always)
    func blend(_ dst: UnsafeMutablePointer<UInt32>, _ cov: UnsafeMutablePointer<UInt8>, _ from: Int, _ to: Int) {
        var i = from
        while i < to {
            let c = UInt32(cov[i])
            if c != 0 {
                let s = c == 255 ? color : PixelMath.scale(color, c)
                dst[i] = PixelMath.over(s, dst[i])
            }
            i += 1
        }
    }
}
