import RenderModel

/// Multiplies coverage by a clip mask before handing it on.
@usableFromInline struct Masked<Inner: SpanPainter>: SpanPainter {
    @usableFromInline var inner: Inner
    @usableFromInline let mask: ClipMask

    @inlinable
    init(inner: Inner, mask: ClipMask) {
        self.inner = inner
        self.mask = mask
    }

    @inlinable
    mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int) {
        let m = mask.row(x: x0, y: y)
        let r = 2 * (y - mask.rect.y)
        var lo = Swift.max(fullLo, mask.runs[r] - x0)
        var hi = Swift.min(fullHi, mask.runs[r + 1] - x0)
        if hi <= lo {
            lo = 0
            hi = 0
        }
        var i = 0
        while i < count {
            if i == lo, hi > lo {
                i = hi
                continue
            }
            let c: UInt32 = (i >= fullLo && i < fullHi) ? 255 : UInt32(cov[i])
            cov[i] = UInt8(truncatingIfNeeded: PixelMath.mul(c, UInt32(m[i])))
            i += 1
        }
        inner.paint(y: y, x0: x0, count: count, cov: cov, fullLo: lo, fullHi: hi)
    }
}

/// Writes coverage (already multiplied by any enclosing mask) into a new
/// clip mask.
@usableFromInline package struct MaskWriter: SpanPainter {
    @usableFromInline let mask: ClipMask

    /// Writes into `mask`.
    @inlinable
    package init(mask: ClipMask) {
        self.mask = mask
    }

    @inlinable
    package mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int) {
        let row = mask.row(x: x0, y: y)
        var i = 0
        while i < count {
            row[i] = (i >= fullLo && i < fullHi) ? 255 : cov[i]
            i += 1
        }
    }
}

/// An offscreen group composited with its opacity.
@usableFromInline package struct GroupPainter: SpanPainter {
    @usableFromInline let canvas: Canvas
    @usableFromInline let source: Canvas
    @usableFromInline let opacity: UInt32

    /// Composites `source` onto `canvas` with `opacity` (0…255).
    @inlinable
    package init(canvas: Canvas, source: Canvas, opacity: UInt32) {
        self.canvas = canvas
        self.source = source
        self.opacity = opacity
    }

    @inlinable
    package mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int) {
        let dst = canvas.pointer(x: x0, y: y)
        let src = source.pointer(x: x0, y: y)
        var i = 0
        while i < count {
            let c: UInt32 = (i >= fullLo && i < fullHi) ? 255 : UInt32(cov[i])
            let s = src[i]
            if c != 0, s != 0 {
                let m = c == 255 ? opacity : PixelMath.mul(c, opacity)
                dst[i] = PixelMath.over(m == 255 ? s : PixelMath.scale(s, m), dst[i])
            }
            i += 1
        }
    }
}

/// A contents bitmap, sampled bilinearly (or copied texel for texel when it
/// maps pixel-exactly by a whole-pixel translation), times the layer's
/// opacity and the coverage.
///
/// The mapping from a display pixel to the texture is integer: for the
/// pixel (x, y), `s = u0 + x·ux + y·uy` and `t = v0 + x·vx + y·vy` in 32.32
/// fixed point give the sample point already moved by half a texel (so texel
/// centres fall on whole numbers). The texels `⌊s⌋, ⌊s⌋+1` × `⌊t⌋, ⌊t⌋+1`
/// (clamped to the edge) are weighted by the top 8 bits of the fractions,
/// `fx`, `fy`: `(Σ w·c + 32768) >> 16` with `w = (256 − fx)(256 − fy)` and
/// so on — a midpoint between 0 and 255 is 128.
@usableFromInline package struct ImagePainter: SpanPainter {
    @usableFromInline let canvas: Canvas
    @usableFromInline let texels: UnsafePointer<UInt32>
    @usableFromInline let width: Int
    @usableFromInline let height: Int
    @usableFromInline let opacity: UInt32
    @usableFromInline let u0: Int64, ux: Int64, uy: Int64
    @usableFromInline let v0: Int64, vx: Int64, vy: Int64
    /// Texel (x − dx, y − dy) for display pixel (x, y), no filtering.
    @usableFromInline let exact: Bool
    @usableFromInline let dx: Int, dy: Int

    /// Samples the `width` × `height` `texels` at `s = u0 + x·ux + y·uy`,
    /// `t = v0 + x·vx + y·vy` (32.32), or copies texel (x − dx, y − dy) when
    /// `exact`; times `opacity` (0…255) and the coverage.
    @inlinable
    package init(canvas: Canvas, texels: UnsafePointer<UInt32>, width: Int, height: Int, opacity: UInt32,
                 u0: Int64, ux: Int64, uy: Int64, v0: Int64, vx: Int64, vy: Int64,
                 exact: Bool, dx: Int, dy: Int) {
        self.canvas = canvas
        self.texels = texels
        self.width = width
        self.height = height
        self.opacity = opacity
        self.u0 = u0
        self.ux = ux
        self.uy = uy
        self.v0 = v0
        self.vx = vx
        self.vy = vy
        self.exact = exact
        self.dx = dx
        self.dy = dy
    }

    @inlinable
    package mutating func paint(y: Int, x0: Int, count: Int, cov: UnsafeMutablePointer<UInt8>, fullLo: Int, fullHi: Int) {
        let dst = canvas.pointer(x: x0, y: y)
        let maxX = width - 1, maxY = height - 1
        if exact {
            let ty = Swift.min(Swift.max(y - dy, 0), maxY)
            let row = texels + ty * width
            var i = 0
            while i < count {
                let c: UInt32 = (i >= fullLo && i < fullHi) ? 255 : UInt32(cov[i])
                if c != 0 {
                    let tx = Swift.min(Swift.max(x0 + i - dx, 0), maxX)
                    var s = row[tx]
                    if s != 0 {
                        let m = opacity == 255 ? c : PixelMath.mul(c, opacity)
                        if m != 255 { s = PixelMath.scale(s, m) }
                        dst[i] = PixelMath.over(s, dst[i])
                    }
                }
                i += 1
            }
            return
        }
        var s = u0 &+ Int64(x0) &* ux &+ Int64(y) &* uy
        var t = v0 &+ Int64(x0) &* vx &+ Int64(y) &* vy
        var i = 0
        while i < count {
            let c: UInt32 = (i >= fullLo && i < fullHi) ? 255 : UInt32(cov[i])
            if c != 0 {
                let ix = s >> 32, iy = t >> 32
                let fx = UInt32(truncatingIfNeeded: (s >> 24) & 0xFF)
                let fy = UInt32(truncatingIfNeeded: (t >> 24) & 0xFF)
                let xa = Int(Swift.min(Swift.max(ix, 0), Int64(maxX)))
                let xb = Int(Swift.min(Swift.max(ix + 1, 0), Int64(maxX)))
                let ya = Int(Swift.min(Swift.max(iy, 0), Int64(maxY)))
                let yb = Int(Swift.min(Swift.max(iy + 1, 0), Int64(maxY)))
                var p = ImagePainter.bilinear(
                    texels[ya * width + xa], texels[ya * width + xb],
                    texels[yb * width + xa], texels[yb * width + xb], fx: fx, fy: fy)
                if p != 0 {
                    let m = opacity == 255 ? c : PixelMath.mul(c, opacity)
                    if m != 255 { p = PixelMath.scale(p, m) }
                    dst[i] = PixelMath.over(p, dst[i])
                }
            }
            s = s &+ ux
            t = t &+ vx
            i += 1
        }
    }

    /// The bilinear blend of four packed texels (top left, top right, bottom
    /// left, bottom right) with 8-bit fractions: exact integer weights
    /// summing to 65536, rounded half up.
    @inlinable @inline(__always)
    static func bilinear(_ t00: UInt32, _ t01: UInt32, _ t10: UInt32, _ t11: UInt32, fx: UInt32, fy: UInt32) -> UInt32 {
        if fx == 0, fy == 0 { return t00 }
        let wx0 = 256 &- fx
        let rbTop = (t00 & 0x00FF_00FF) &* wx0 &+ (t01 & 0x00FF_00FF) &* fx
        let agTop = ((t00 >> 8) & 0x00FF_00FF) &* wx0 &+ ((t01 >> 8) & 0x00FF_00FF) &* fx
        let rbBot = (t10 & 0x00FF_00FF) &* wx0 &+ (t11 & 0x00FF_00FF) &* fx
        let agBot = ((t10 >> 8) & 0x00FF_00FF) &* wx0 &+ ((t11 >> 8) & 0x00FF_00FF) &* fx
        let wy0 = UInt64(256 &- fy), wy1 = UInt64(fy)
        let rb = spread(rbTop) &* wy0 &+ spread(rbBot) &* wy1 &+ 0x0000_8000_0000_8000
        let ag = spread(agTop) &* wy0 &+ spread(agBot) &* wy1 &+ 0x0000_8000_0000_8000
        let r = UInt32(truncatingIfNeeded: (rb >> 16) & 0xFF)
        let b = UInt32(truncatingIfNeeded: (rb >> 48) & 0xFF)
        let g = UInt32(truncatingIfNeeded: (ag >> 16) & 0xFF)
        let a = UInt32(truncatingIfNeeded: (ag >> 48) & 0xFF)
        return r | g << 8 | b << 16 | a << 24
    }

    /// Two 16-bit lanes into two 32-bit lanes.
    @inlinable @inline(__always)
    static func spread(_ v: UInt32) -> UInt64 {
        UInt64(v & 0xFFFF) | UInt64(v >> 16) << 32
    }
}
