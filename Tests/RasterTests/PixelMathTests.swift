import Raster
import RenderModel
import Testing

/// The blending arithmetic the scan converter's painters share.
@Suite struct PixelMathTests {
    @Test("mul is (v·m + 127) / 255 for every pair of bytes")
    func mulIsRoundedProduct() {
        var wrong = 0
        for v in UInt32(0)...255 {
            for m in UInt32(0)...255 where PixelMath.mul(v, m) != (v * m + 127) / 255 {
                wrong += 1
            }
        }
        #expect(wrong == 0)
    }

    @Test("scale rounds every channel like mul, without carries between lanes")
    func scaleIsFourMuls() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let p = UInt32(truncatingIfNeeded: rng.next()), m = UInt32(truncatingIfNeeded: rng.next() & 0xFF)
            let expected = (0..<4).reduce(UInt32(0)) { acc, c in acc | PixelMath.mul(p >> (8 * c) & 0xFF, m) << (8 * c) }
            #expect(PixelMath.scale(p, m) == expected)
        }
    }

    @Test("pack lays r, g, b, a out in memory order")
    func packIsMemoryOrder() {
        var word = PixelMath.pack(r: 1, g: 2, b: 3, a: 4)
        let bytes = withUnsafeBytes(of: &word) { Array($0) }
        #expect(bytes == [1, 2, 3, 4])
    }

    /// The byte-wise source-over LayerKit's drawing used to compute:
    /// `min(255, s + (d·(255 − sa) + 127) / 255)` per channel.
    private func byteWiseOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let keep = 255 - (s >> 24)
        return (0..<4).reduce(UInt32(0)) { acc, c in
            let sc = s >> (8 * c) & 0xFF, dc = d >> (8 * c) & 0xFF
            return acc | Swift.min(255, sc + (dc * keep + 127) / 255) << (8 * c)
        }
    }

    @Test("over of a valid premultiplied source is the byte-wise blend on any destination, valid or not")
    func overNeverCarries() {
        var wrong = 0
        for sa in UInt32(0)...255 {
            for sc in [0, sa / 3, sa / 2, sa] {
                let s = sc | (sa / 2) << 8 | (sa - sc) << 16 | sa << 24
                for d in UInt32(0)...255 {
                    // Every byte of the destination, also above its alpha.
                    let dst = d | (255 - d) << 8 | (d * 7 & 0xFF) << 16 | (d * 13 & 0xFF) << 24
                    if PixelMath.over(s, dst) != byteWiseOver(s, dst) { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
    }

    @Test("fillSpan blends every pixel as over does")
    func fillSpanIsOver() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let count = 1 + Int(rng.next() % 40)
            let a = UInt32(rng.next() % 256)
            let color = PixelMath.pack(r: UInt8(rng.next() % UInt64(a + 1)), g: UInt8(rng.next() % UInt64(a + 1)),
                                       b: UInt8(rng.next() % UInt64(a + 1)), a: UInt8(a))
            var span = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let expected = span.map { PixelMath.over(color, $0) }
            span.withUnsafeMutableBufferPointer { PixelMath.fillSpan($0.baseAddress!, count, color) }
            #expect(span == expected)
        }
    }

    @Test("(t·257) >> 16, the vector path's rounding, is (t + (t >> 8)) >> 8 for every 16-bit t")
    func mulHighIsTheRounding() {
        var wrong = 0
        for t in UInt32(0)...0xFFFF where (t * 257) >> 16 != (t + (t >> 8)) >> 8 { wrong += 1 }
        #expect(wrong == 0)
    }

    @Test("over4 is over for every destination byte in every lane, at every alpha")
    func over4IsOverForEveryByte() {
        var wrong = 0
        for a in UInt32(0)...255 {
            // A valid premultiplied colour whose channels differ.
            let color = PixelMath.pack(r: UInt8(a), g: UInt8(a / 2), b: UInt8(a / 3), a: UInt8(a))
            let keep = SIMD8<UInt16>(repeating: UInt16(255 - a))
            let lanes = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD2<UInt32>(repeating: color), to: SIMD8<UInt8>.self))
            for d in UInt32(0)...255 {
                // Byte d in every channel of pixel 0, and shifted bytes in the others.
                let pixels = SIMD4<UInt32>(d * 0x0101_0101, d | (255 - d) << 8 | (d ^ 0x5A) << 16 | (d * 7 & 0xFF) << 24,
                                           (d * 13 & 0xFF) * 0x0100_0001, 0xFFFF_FFFF - d * 0x0101_0101)
                let out = unsafeBitCast(PixelMath.over4(unsafeBitCast(pixels, to: SIMD16<UInt8>.self), keep, lanes), to: SIMD4<UInt32>.self)
                for k in 0..<4 where out[k] != PixelMath.over(color, pixels[k]) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test("overSpanVector blends spans of four or more exactly as over does, at every alignment, and leaves shorter ones alone")
    func overSpanVectorIsOver() {
        var rng = SplitMix64(seed: 0x5EED_0F5A)
        for _ in 0..<3_000 {
            let count = Int(rng.next() % 70)
            let skew = Int(rng.next() % 4) // every 16-byte alignment of the first pixel
            let a = UInt32(rng.next() % 256)
            let color = PixelMath.pack(r: UInt8(rng.next() % UInt64(a + 1)), g: UInt8(rng.next() % UInt64(a + 1)),
                                       b: UInt8(rng.next() % UInt64(a + 1)), a: UInt8(a))
            var span = (0..<(count + skew + 3)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let done = count >= 4 ? count : 0
            var expected = span
            for i in skew..<(skew + done) { expected[i] = PixelMath.over(color, span[i]) }
            let answered = span.withUnsafeMutableBufferPointer { PixelMath.overSpanVector($0.baseAddress! + skew, count, color) }
            #expect(answered == done)
            #expect(span == expected)
        }
    }
}
