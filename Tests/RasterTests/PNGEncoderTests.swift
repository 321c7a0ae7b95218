import LoopSimTestSupport
import Raster
import RenderModel
import Testing

/// PNG files by exact bytes (expected values computed independently with
/// Python's `zlib.crc32`/`zlib.adler32` when the tests were written), and
/// larger images decoded back with LoopSimTestSupport's stored-block
/// inflater (`inflatePNG`).
@Suite struct PNGEncoderTests {
    @Test("a 1×1 opaque red bitmap is exactly 72 bytes of RGB PNG")
    func oneByOne() {
        let bitmap = Bitmap(width: 1, height: 1, fill: px(255, 0, 0))
        let expected: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A,
            // IHDR: 1 × 1, depth 8, colour type 2 (RGB), then its CRC.
            0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01,
            0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE,
            // IDAT: zlib 78 01, one final stored block of 4 bytes (filter 0, FF 00 00), Adler-32 03010100.
            0x00, 0x00, 0x00, 0x0F, 0x49, 0x44, 0x41, 0x54, 0x78, 0x01, 0x01, 0x04, 0x00, 0xFB, 0xFF,
            0x00, 0xFF, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0x8D, 0x1D, 0xE5, 0x82,
            // IEND.
            0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        #expect(PNGEncoder.encode(bitmap) == expected)
    }

    @Test("a 2×1 bitmap with a translucent and a clear pixel is RGBA with straight alpha, exactly 77 bytes")
    func twoByOne() {
        var bitmap = Bitmap(width: 2, height: 1)
        bitmap[0, 0] = px(64, 32, 0, 128)   // straight (128, 64, 0, 128)
        bitmap[1, 0] = .clear
        let expected: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A,
            // IHDR: 2 × 1, depth 8, colour type 6 (RGBA).
            0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01,
            0x08, 0x06, 0x00, 0x00, 0x00, 0xF4, 0x22, 0x7F, 0x8A,
            // IDAT: one final stored block of 9 bytes, Adler-32 08490141.
            0x00, 0x00, 0x00, 0x14, 0x49, 0x44, 0x41, 0x54, 0x78, 0x01, 0x01, 0x09, 0x00, 0xF6, 0xFF,
            0x00, 0x80, 0x40, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x08, 0x49, 0x01, 0x41, 0x8F, 0x6A, 0x4C, 0xF3,
            0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        #expect(PNGEncoder.encode(bitmap) == expected)
    }

    @Test("CRC-32 and Adler-32 give the standard check values")
    func checksums() {
        #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGEncoder.crc32([UInt8]()) == 0)
        #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(PNGEncoder.adler32([]) == 1)
        // Long runs of 0xFF exercise the deferred modulo.
        let long = [UInt8](repeating: 0xFF, count: 100_000)
        #expect(PNGEncoder.adler32(long) == slowAdler32(long))
        #expect(PNGEncoder.crc32(long) == bitwiseCRC32(long))
    }

    @Test("exactly 65535 bytes of image data make one stored block, one more row makes two")
    func blockBoundary() throws {
        // 28 × 771 RGB: 771 rows of 1 + 84 bytes = 65535.
        let exact = try inflatePNG(PNGEncoder.encode(Bitmap(width: 28, height: 771, fill: px(1, 2, 3))))
        #expect(exact.blocks == [65_535])
        let more = try inflatePNG(PNGEncoder.encode(Bitmap(width: 28, height: 772, fill: px(1, 2, 3))))
        #expect(more.blocks == [65_535, 85])
        #expect(more.height == 772 && more.colourType == 2)
        #expect(more.pixels.allSatisfy { $0 == px(1, 2, 3) })
    }

    @Test("a translucent image whose data spans stored blocks decodes back to the same premultiplied pixels")
    func translucentRoundTrip() throws {
        var rng = SplitMix64(seed: 7)
        var bitmap = Bitmap(width: 200, height: 100)
        for y in 0..<100 {
            for x in 0..<200 {
                let a = UInt8.random(in: 0...255, using: &rng)
                bitmap[x, y] = px(UInt8.random(in: 0...a, using: &rng), UInt8.random(in: 0...a, using: &rng),
                                  UInt8.random(in: 0...a, using: &rng), a)
            }
        }
        let png = PNGEncoder.encode(bitmap)
        let decoded = try inflatePNG(png)
        #expect(decoded.colourType == 6)
        #expect(decoded.width == 200 && decoded.height == 100)
        #expect(decoded.blocks == [65_535, 100 * 801 - 65_535])
        // Straight alpha, premultiplied again, is the original pixel.
        let premultiplied = decoded.pixels.map { $0.premultiplied() }
        #expect(Bitmap(width: 200, height: 100, pixels: premultiplied.flatMap { [$0.r, $0.g, $0.b, $0.a] }) == bitmap)
        #expect(PNGEncoder.encode(bitmap) == png, "the bytes are deterministic")
    }

    @Test("a large opaque image is RGB, split into several IDAT chunks, and decodes to the same pixels")
    func largeOpaque() throws {
        var rng = SplitMix64(seed: 11)
        let width = 640, height = 560
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            bytes[i * 4] = UInt8.random(in: 0...255, using: &rng)
            bytes[i * 4 + 1] = UInt8(i % 251)
            bytes[i * 4 + 2] = UInt8((i / width) % 256)
        }
        let bitmap = Bitmap(width: width, height: height, pixels: bytes)
        let png = PNGEncoder.encode(bitmap)
        let decoded = try inflatePNG(png)
        #expect(decoded.colourType == 2)
        let dataLength = height * (1 + width * 3)
        let blockCount = (dataLength + 65_534) / 65_535
        #expect(decoded.blocks.count == blockCount)
        #expect(decoded.blocks.dropLast().allSatisfy { $0 == 65_535 })
        let streamLength = 2 + dataLength + 5 * blockCount + 4
        #expect(decoded.idatLengths.count == (streamLength + PNGEncoder.maxIDATLength - 1) / PNGEncoder.maxIDATLength)
        #expect(decoded.idatLengths.count > 1)
        #expect(decoded.idatLengths.dropLast().allSatisfy { $0 == PNGEncoder.maxIDATLength })
        #expect(decoded.idatLengths.reduce(0, +) == streamLength)
        #expect(png.count == 8 + 25 + streamLength + 12 * decoded.idatLengths.count + 12)
        #expect(Bitmap(width: width, height: height, pixels: decoded.pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] }) == bitmap)
    }

    @Test("one translucent pixel switches the whole image to RGBA; opaque pixels keep their bytes")
    func colourTypeChoice() throws {
        var bitmap = Bitmap(width: 3, height: 2, fill: px(10, 20, 30))
        #expect(try inflatePNG(PNGEncoder.encode(bitmap)).colourType == 2)
        bitmap[2, 1] = px(0, 0, 0, 254)
        let decoded = try inflatePNG(PNGEncoder.encode(bitmap))
        #expect(decoded.colourType == 6)
        #expect(decoded.pixels[0] == px(10, 20, 30))
        #expect(decoded.pixels[5] == px(0, 0, 0, 254))
    }
}
