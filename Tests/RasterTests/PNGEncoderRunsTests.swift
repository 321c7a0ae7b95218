import LoopSimTestSupport
import Raster
import RenderModel
import Testing

/// `PNGEncoder.encode(_:compression: .runs)`: the same image data as the
/// stored encoding, decoded by LoopSimTestSupport's own inflater (and, when
/// written, checked with Python's `zlib.decompress` on a report's 480
/// images, pixel for pixel against their PPM files).
@Suite struct PNGEncoderRunsTests {
    static func storedRaw(_ bitmap: Bitmap) throws -> [UInt8] {
        try decodePNGData(PNGEncoder.encode(bitmap)).raw
    }

    @Test("noise, opaque or translucent, of many sizes decodes to the stored encoding's data")
    func noiseRoundTrips() throws {
        var random = SplitMix64(seed: 7)
        for (w, h) in [(1, 1), (2, 1), (1, 3), (7, 5), (64, 3), (300, 2), (3, 300)] {
            for opaque in [true, false] {
                var pixels: [UInt8] = []
                for _ in 0..<(w * h) {
                    let a = opaque ? 255 : UInt8(truncatingIfNeeded: random.next())
                    // Premultiplied: no channel above alpha.
                    for _ in 0..<3 { pixels.append(a == 0 ? 0 : UInt8(truncatingIfNeeded: random.next() % (UInt64(a) + 1))) }
                    pixels.append(a)
                }
                let bitmap = Bitmap(width: w, height: h, pixels: pixels)
                let decoded = try decodePNGData(PNGEncoder.encode(bitmap, compression: .runs))
                #expect(decoded.width == w && decoded.height == h && decoded.colourType == (opaque ? 2 : 6))
                #expect(decoded.raw == (try Self.storedRaw(bitmap)), "\(w)×\(h) opaque=\(opaque)")
            }
        }
    }

    @Test("a frame of flat rectangles shrinks from 230 KB to a few KB, runs of pixels and of rows alike")
    func flatFramesShrink() throws {
        var bitmap = Bitmap(width: 320, height: 240, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
        for y in 30..<200 { for x in 40..<290 { bitmap[x, y] = RGBA8(r: 255, g: (x / 50 % 2 == 0) ? 0 : 200, b: 0, a: 255) } }
        for y in 100..<104 { for x in 0..<320 { bitmap[x, y] = RGBA8(r: 1, g: 2, b: 3, a: 255) } }
        let runs = PNGEncoder.encode(bitmap, compression: .runs)
        #expect(PNGEncoder.encode(bitmap).count > 230_000)
        #expect(runs.count < 4_000, "\(runs.count) bytes")
        #expect(try decodePNGData(runs).raw == (try Self.storedRaw(bitmap)))
        #expect(PNGEncoder.encode(bitmap, compression: .runs) == runs, "the same bytes every time")
    }

    @Test("a row wider than deflate's 32 KiB window matches only the previous pixel")
    func wideRows() throws {
        let bitmap = Bitmap(width: 12_000, height: 3, fill: RGBA8(r: 9, g: 8, b: 7, a: 255))
        let runs = PNGEncoder.encode(bitmap, compression: .runs)
        #expect(try decodePNGData(runs).raw == (try Self.storedRaw(bitmap)))
        #expect(runs.count < 1_000)
    }

    @Test("encode(_:) is the stored encoding")
    func defaultIsStored() {
        let bitmap = Bitmap(width: 5, height: 4, fill: RGBA8(r: 1, g: 2, b: 3, a: 255))
        #expect(PNGEncoder.encode(bitmap) == PNGEncoder.encode(bitmap, compression: .stored))
    }
}
