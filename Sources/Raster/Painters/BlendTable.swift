import RenderModel

/// A solid colour over one destination pixel value, for every coverage:
/// entry `c` is `over(scale(color, c), under)` (`PixelMath`, the bytes
/// ``SolidPainter`` writes), so an edge pixel over that value is one load
/// (docs/internals/render-server.md, "Compositor": most edge pixels of a layer lie
/// over the display's background).
@usableFromInline package final class BlendTable {
    /// The premultiplied colour, packed.
    @usableFromInline package let color: UInt32
    /// The destination pixel value the entries are blended over.
    @usableFromInline package let under: UInt32
    /// Entry `c`: the colour at coverage `c` over `under`.
    @usableFromInline package let entries = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)

    /// The table of `color` over `under`.
    package init(color: UInt32, under: UInt32) {
        self.color = color
        self.under = under
        entries[0] = under
        for c in 1...255 {
            let m = UInt32(c)
            entries[c] = PixelMath.over(m == 255 ? color : PixelMath.scale(color, m), under)
        }
    }

    deinit { entries.deallocate() }
}

/// ``SolidPainter`` with a ``BlendTable``: the same bytes, an edge pixel
/// whose destination is the table's `under` read from the table.
@usableFromInline package struct TabledSolidPainter: SpanPainter {
    @usableFromInline let canvas: Canvas
    @usableFromInline let color: UInt32
    @usableFromInline let under: UInt32
    @usableFromInline let table: UnsafePointer<UInt32>

    /// Paints `table`'s colour onto `canvas`; the table must outlive the painter.
    @inlinable
    package init(canvas: Canvas, table: BlendTable) {
        self.canvas = canvas
        color = table.color
        under = table.under
        self.table = UnsafePointer(table.entries)
    }

    @inlinable
    package static var leavesCoverage: Bool { true }

    @inlinable @inline(__always)
    package mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int) {
        let dst = canvas.pointer(x: x0, y: y)
        blend(dst, cov, 0, fullLo)
        PixelMath.fillSpan(dst + fullLo, fullHi - fullLo, color)
        blend(dst, cov, fullHi, count)
    }

    @inlinable @inline(__always)
    package mutating func paintFullRows(_ rows: Range<Int>, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>) {
        guard !rows.isEmpty else { return }
        PixelMath.fillRows(canvas.pointer(x: x0, y: rows.lowerBound), stride: canvas.stride, count: count, rows: rows.count, color)
    }

    @inlinable @inline(__always)
    func blend(_ dst: UnsafeMutablePointer<UInt32>, _ cov: UnsafeMutablePointer<UInt8>, _ from: Int, _ to: Int) {
        var i = from
        while i < to {
            let c = Int(cov[i])
            if c != 0 {
                let d = dst[i]
                if d == under {
                    dst[i] = table[c]
                } else {
                    let s = c == 255 ? color : PixelMath.scale(color, UInt32(c))
                    dst[i] = PixelMath.over(s, d)
                }
            }
            i += 1
        }
    }
}
