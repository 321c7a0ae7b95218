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
}
