#if _endian(big)
#error("Raster packs RGBA8 pixels as little-endian UInt32 words")
#endif

/// Premultiplied RGBA8 pixels packed in a `UInt32` as they lie in memory on
/// a little-endian machine: r in bits 0–7, g 8–15, b 16–23, a 24–31.
///
/// Every product is rounded as choice 7 of `docs/reference/core-animation-rules.md` says,
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
    /// Optimized builds take the vector path (`overSpanVector`) and the
    /// last pixels one by one. Unoptimized builds run SIMD types element by
    /// element, some 15× slower than the plain loop, so debug builds use the
    /// plain loop throughout. Both give exactly the bytes of `over`
    /// (`PixelMathTests` compares them over seeded random spans; the release
    /// test of `RasterBench`'s frame hash covers the optimized dispatch).
    @inlinable @inline(__always)
    package static func fillSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32) {
        guard count > 0 else { return }
        let keep = 255 &- (color >> 24)
        if keep == 0 {
            dst.update(repeating: color, count: count)
            return
        }
        #if DEBUG
        var i = 0
        #else
        var i = overSpanVector(dst, count, color)
        #endif
        while i < count {
            dst[i] = color &+ scale(dst[i], keep)
            i &+= 1
        }
    }

    /// Blends `color` at full coverage over `count` pixels in each of
    /// `rows` rows from `dst`, rows `stride` pixels apart: the bytes of
    /// `fillSpan` on each row, with the colour's vectors set up once and
    /// without a call per row.
    @usableFromInline @inline(never)
    package static func fillRows(_ dst: UnsafeMutablePointer<UInt32>, stride: Int, count: Int, rows: Int, _ color: UInt32) {
        guard count > 0 else { return }
        #if !DEBUG
        if count >= 4, color >> 24 != 255 {
            let keep = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 255 &- (color >> 24)))
            let lanes = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD2<UInt32>(repeating: color), to: SIMD8<UInt8>.self))
            var row = dst
            for _ in 0..<rows {
                overSpan(UnsafeMutableRawPointer(row), count, keep, lanes)
                row += stride
            }
            return
        }
        #endif
        var row = dst
        for _ in 0..<rows {
            fillSpan(row, count, color)
            row += stride
        }
    }

    /// Blends `color` (premultiplied, no channel above its alpha) over the
    /// `count` pixels of `dst` with vectors when there are at least four,
    /// and answers how many it did: `count`, or 0 when `count` < 4 (the
    /// caller blends those).
    ///
    /// A 128-bit vector holds four pixels; each half is widened to eight
    /// 16-bit lanes (`punpcklbw`/`punpckhbw`), multiplied by `255 − alpha`
    /// (`pmullw`), plus 128, rounded by `(t·257) >> 16` (`pmulhuw`), which
    /// equals `(t + (t >> 8)) >> 8` for every 16-bit `t`, plus the colour,
    /// and the halves are packed back to bytes (`packuswb`) — pixman's
    /// `over_n_8888` step, and no more instructions than it. The clamp that
    /// lets the pack saturate never bites: a channel's sum is at most
    /// `alpha + (255 − alpha)`, as `over` says.
    ///
    /// The loop runs on 16-byte-aligned groups of four pixels, two groups a
    /// step (unaligned vectors that straddle a cache line cost a split
    /// load and store). The unaligned first and last four pixels are
    /// blended from the original pixels before the loop and stored after
    /// it, overwriting the pixels they share with the loop with the same
    /// bytes: no pixel is blended twice, and none is left to the scalar
    /// path. `SIMD8` halves are used rather than `SIMD16<UInt16>`: the
    /// widening conversion of a `SIMD16` is not inlined and costs a call
    /// per step.
    ///
    /// Exactly the bytes of `over(color, pixel)`; unoptimized builds run it
    /// element by element (slowly).
    ///
    /// Deliberately not inlined into the painters: inside a painter's large
    /// body the optimizer gives up inlining the generic `SIMD8` widening and
    /// calls it per vector, four times the instructions. A call per span
    /// costs next to nothing.
    @usableFromInline @inline(never)
    package static func overSpanVector(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32) -> Int {
        guard count >= 4 else { return 0 }
        let keep = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 255 &- (color >> 24)))
        let lanes = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD2<UInt32>(repeating: color), to: SIMD8<UInt8>.self))
        overSpan(UnsafeMutableRawPointer(dst), count, keep, lanes)
        return count
    }

    /// `overSpanVector`'s loop on `count` ≥ 4 pixels at `raw`, for the
    /// colour's `keep` and `lanes` (see `over4`).
    @inlinable @inline(__always)
    package static func overSpan(_ raw: UnsafeMutableRawPointer, _ count: Int, _ keep: SIMD8<UInt16>, _ lanes: SIMD8<UInt16>) {
        let end = count &* 4
        let head = over4(raw.loadUnaligned(fromByteOffset: 0, as: SIMD16<UInt8>.self), keep, lanes)
        let tail = over4(raw.loadUnaligned(fromByteOffset: end &- 16, as: SIMD16<UInt8>.self), keep, lanes)
        let address = Int(bitPattern: raw)
        var offset = (16 &- (address & 15)) & 15
        let stop = end &- ((address &+ end) & 15)
        while offset &+ 32 <= stop {
            let a = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            let b = raw.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD16<UInt8>.self)
            raw.storeBytes(of: over4(a, keep, lanes), toByteOffset: offset, as: SIMD16<UInt8>.self)
            raw.storeBytes(of: over4(b, keep, lanes), toByteOffset: offset &+ 16, as: SIMD16<UInt8>.self)
            offset &+= 32
        }
        if offset &+ 16 <= stop {
            let a = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            raw.storeBytes(of: over4(a, keep, lanes), toByteOffset: offset, as: SIMD16<UInt8>.self)
        }
        raw.storeBytes(of: head, toByteOffset: 0, as: SIMD16<UInt8>.self)
        raw.storeBytes(of: tail, toByteOffset: end &- 16, as: SIMD16<UInt8>.self)
    }

    /// Four packed pixels `d` (their 16 bytes) times `keep` (`255 − alpha`
    /// in every lane), rounded, plus `color` (two pixels' bytes widened to
    /// 16-bit lanes): `overSpanVector`'s step, `over` for a valid
    /// premultiplied colour.
    @inlinable @inline(__always)
    package static func over4(_ d: SIMD16<UInt8>, _ keep: SIMD8<UInt16>, _ color: SIMD8<UInt16>) -> SIMD16<UInt8> {
        @inline(__always) func half(_ bytes: SIMD8<UInt8>) -> SIMD8<UInt8> {
            let t = SIMD8<UInt16>(truncatingIfNeeded: bytes) &* keep &+ 128
            let rounded = SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: t) &* 257) &>> 16)
            // Signed lanes clamped to 0...255 and narrowed: one packuswb.
            let sum = SIMD8<Int16>(truncatingIfNeeded: rounded &+ color)
            return SIMD8<UInt8>(truncatingIfNeeded: pointwiseMax(pointwiseMin(sum, SIMD8(repeating: 255)), SIMD8(repeating: 0)))
        }
        return SIMD16(lowHalf: half(d.lowHalf), highHalf: half(d.highHalf))
    }
}
