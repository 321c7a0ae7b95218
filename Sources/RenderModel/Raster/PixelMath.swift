#if _endian(big)
#error("RenderModel packs RGBA8 pixels as little-endian UInt32 words")
#endif

/// Premultiplied RGBA8 pixels packed in a `UInt32` as they lie in memory on
/// a little-endian machine: r in bits 0–7, g 8–15, b 16–23, a 24–31.
///
/// Every product is rounded as choice 7 of `docs/core-animation-rules.md` says,
/// `(v·m + 127) / 255`, computed two channels at a time in 16-bit lanes
/// with the exact identity `(v + 127) / 255 == (t + (t >> 8)) >> 8` for
/// `t = v + 128` and `0 ≤ v ≤ 255·255` (checked exhaustively by
/// `PixelMathTests`).
///
/// Shared by the compositor (RenderServer) and `DrawingContext` (LayerKit),
/// so both blend with the same bytes.
@usableFromInline package enum PixelMath {
    /// `(v·m + 127) / 255` for one channel.
    @inlinable @inline(__always)
    package static func mul(_ v: UInt32, _ m: UInt32) -> UInt32 {
        let t = v &* m &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// Every channel of `p` times `m` (0…255), rounded.
    @inlinable @inline(__always)
    package static func scale(_ p: UInt32, _ m: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* m &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source-over of premultiplied `s` onto `d`: `s + d·(255 − sa)`.
    ///
    /// Exact and without carries between channels as long as `s` is a
    /// valid premultiplied pixel (no channel above alpha), whatever `d`
    /// holds: a channel's sum is at most `sa + (255 − sa)`. So it equals the
    /// byte-wise `min(255, s + (d·(255 − sa) + 127) / 255)` even on a
    /// bitmap that is not validly premultiplied (a `DrawingContext` may
    /// draw onto any bytes); `PixelMathTests` checks it exhaustively.
    @inlinable @inline(__always)
    package static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, 255 &- (s >> 24))
    }

    /// Packs a premultiplied colour.
    @inlinable @inline(__always)
    package static func pack(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// Blends `color` over `count` pixels from `dst` at full coverage.
    ///
    /// Optimized builds take eight pixels at a time in 16-bit lanes (one
    /// lane holds a pixel's r and g bytes, the next its b and a), so the
    /// products are 16-bit multiplies (SSE2's `pmullw`), and the rest one by
    /// one. Unoptimized builds run SIMD types element by element, some 15×
    /// slower than the plain loop, so debug builds (and `swift test`) use the
    /// plain loop throughout. Both give exactly the bytes of `over`; the
    /// release test of `RasterBench`'s frame hash covers the vector path.
    @inlinable @inline(__always)
    package static func fillSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32) {
        guard count > 0 else { return }
        let keep = 255 &- (color >> 24)
        if keep == 0 {
            dst.update(repeating: color, count: count)
            return
        }
        var i = 0
        #if !DEBUG
        let keepLanes = SIMD16<UInt16>(repeating: UInt16(keep))
        let colorLanes = unsafeBitCast(SIMD8<UInt32>(repeating: color), to: SIMD16<UInt16>.self)
        let raw = UnsafeMutableRawPointer(dst)
        while i + 8 <= count {
            let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt16>.self)
            var lo = (d & 0x00FF) &* keepLanes &+ 128
            lo = (lo &+ (lo &>> 8)) &>> 8
            var hi = (d &>> 8) &* keepLanes &+ 128
            hi = (hi &+ (hi &>> 8)) & 0xFF00
            raw.storeBytes(of: (lo | hi) &+ colorLanes, toByteOffset: i * 4, as: SIMD16<UInt16>.self)
            i &+= 8
        }
        #endif
        while i < count {
            dst[i] = color &+ scale(dst[i], keep)
            i &+= 1
        }
    }
}
