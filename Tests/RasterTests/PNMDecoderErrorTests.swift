import Raster
import RenderModel
import Testing

/// Every malformed file is refused with a positioned error, never a trap.
@Suite struct PNMDecoderErrorTests {
    func failure(_ input: [UInt8], limits: ImageLimits = .default) -> ImageDecodeError? {
        do {
            _ = try PNMDecoder.decode(input, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var input: [UInt8]
        var kind: ImageDecodeError.Kind
        var offset: Int
        var message: String
        var testDescription: String { message }

        init(_ text: String, raster: [UInt8] = [], _ kind: ImageDecodeError.Kind, at offset: Int, _ message: String) {
            self.input = pnm(text, raster)
            self.kind = kind
            self.offset = offset
            self.message = message
        }
    }

    static let cases: [Case] = [
        Case("", .truncatedHeader, at: 0, "truncated header: expected the magic number P1…P6, found the end of the file"),
        Case("GIF89a", .badMagic, at: 0, "not a netpbm image: expected the magic number P1…P6, found character 'G'"),
        Case("", raster: [0x89, 0x50], .badMagic, at: 0, "not a netpbm image: expected the magic number P1…P6, found byte 0x89"),
        Case("P", .truncatedHeader, at: 1, "truncated header: the magic number ends after 'P'"),
        Case("P7 1 1 255\n", .badMagic, at: 1, "unsupported magic number: 'P' followed by character '7' (LoopSim reads P1…P6)"),
        Case("P6x", .unexpectedCharacter, at: 2, "unexpected character 'x' after the magic number P6"),
        Case("P62 1 255\n", .unexpectedCharacter, at: 2, "unexpected character '2' after the magic number P6"),
        Case("P6 2 x 255\n", .unexpectedCharacter, at: 5, "unexpected character 'x' in height"),
        Case("P6 2x 1 255\n", .unexpectedCharacter, at: 4, "unexpected character 'x' in width"),
        Case("P6 2 1 2.5\n", .unexpectedCharacter, at: 8, "unexpected character '.' in maxval"),
        Case("P6 2 1 255", .truncatedHeader, at: 10, "truncated header: expected one whitespace character before the raster, found the end of the file"),
        Case("P6 2 1", .truncatedHeader, at: 6, "truncated header: expected the maxval, found the end of the file"),
        Case("P6 2 1 #comment", .truncatedHeader, at: 15, "truncated header: expected the maxval, found the end of the file"),
        Case("P6\n2 1\n0\n", .outOfRange, at: 7, "maxval 0 out of range 1…65535"),
        Case("P5 1 1 65536\n", .outOfRange, at: 7, "maxval 65536 out of range 1…65535"),
        Case("P5 1 1 99999999999999999999999999\n", .outOfRange, at: 7, "maxval 999999999999999999999999… out of range 1…65535"),
        Case("P6 0 1 255\n", .outOfRange, at: 3, "width 0 out of range 1…16384"),
        Case("P4 1 0\n", .outOfRange, at: 5, "height 0 out of range 1…16384"),
        Case("P6 100000 100000 255\n", .exceedsLimit, at: 3, "width 100000 exceeds the limit 16384"),
        Case("P6 1 100000 255\n", .exceedsLimit, at: 5, "height 100000 exceeds the limit 16384"),
        Case("P6 10000 10000 255\n", .exceedsLimit, at: 9, "10000×10000 is 100000000 pixels, which exceeds the limit 67108864"),
        Case("P6 2 2 255\n", raster: [1, 2, 3, 4, 5, 6, 7], .truncatedRaster, at: 18, "truncated raster: expected 12 bytes, found 7"),
        Case("P5 2 1 65535\n", raster: [1, 2, 3], .truncatedRaster, at: 16, "truncated raster: expected 4 bytes, found 3"),
        Case("P4 9 2\n", raster: [0, 0, 0], .truncatedRaster, at: 10, "truncated raster: expected 4 bytes, found 3"),
        Case("P5 2 1 100\n", raster: [100, 101], .outOfRange, at: 12, "sample 101 exceeds maxval 100"),
        Case("P5 1 1 1000\n", raster: [0x03, 0xE9], .outOfRange, at: 12, "sample 1001 exceeds maxval 1000"),
        Case("P3 2 1 255\n100 100 100 100 100", .truncatedRaster, at: 30, "truncated raster: expected 6 samples, found 5"),
        Case("P3 2 1 255\n1 2 3", .truncatedRaster, at: 16, "truncated raster: a 2×1 P3 image needs at least 12 more bytes, found 6"),
        Case("P2 2 1 255\n1 x", .unexpectedCharacter, at: 13, "unexpected character 'x' in sample 2 of 2"),
        Case("P2 2 1 255\n1 2x", .unexpectedCharacter, at: 14, "unexpected character 'x' in sample 2 of 2"),
        Case("P2 2 1 255\n300 1", .outOfRange, at: 11, "sample 300 exceeds maxval 255"),
        Case("P1 3 1\n0 2 1", .unexpectedCharacter, at: 9, "unexpected character '2' in pixel 2 of 3 (P1 pixels are 0 or 1)"),
        Case("P1 3 1\n0 1 ", .truncatedRaster, at: 11, "truncated raster: expected 3 pixels, found 2"),
        Case("P6 1 1 255\u{0}", .unexpectedCharacter, at: 10, "unexpected byte 0x00 in maxval"),
    ]

    @Test("a malformed file is refused with its kind, offset and message", arguments: cases)
    func refused(c: Case) throws {
        let error = try #require(failure(c.input))
        #expect(error.kind == c.kind)
        #expect(error.offset == c.offset)
        #expect(error.message == c.message)
    }

    @Test("header errors carry line and column; raw raster errors only the offset")
    func positions() throws {
        let header = try #require(failure(bytes("P6\n# size\n2 1\n0\n")))
        #expect(header.offset == 14 && header.line == 4 && header.column == 1)
        #expect(header.description == "line 4, column 1 (byte 14): maxval 0 out of range 1…65535")
        let token = try #require(failure(bytes("P6\n2 x 255\n")))
        #expect(token.line == 2 && token.column == 3)
        let raster = try #require(failure(pnm("P6 2 2 255\n", [1, 2, 3, 4, 5, 6, 7])))
        #expect(raster.line == nil && raster.column == nil)
        #expect(raster.description == "byte 18: truncated raster: expected 12 bytes, found 7")
        let plain = try #require(failure(bytes("P2 2 1 255\n1\n  x")))
        #expect(plain.line == 3 && plain.column == 3)
    }

    @Test("a header claiming 100000×100000 fails at its width, before any allocation")
    func oversizedFailsFast() throws {
        let error = try #require(failure(bytes("P6\n100000 100000\n255\n")))
        #expect(error.kind == .exceedsLimit && error.offset == 3)
    }

    @Test("with limits lifted, the raster's length is still checked before allocating", arguments: [
        "P6 100000 100000 255\n", "P5 100000 100000 65535\n", "P4 100000 100000\n",
        "P3 100000 100000 255\n1 2 3", "P1 100000 100000\n0",
    ])
    func hugeClaimsWithoutLimits(header: String) throws {
        let unlimited = ImageLimits(maxWidth: .max, maxHeight: .max, maxPixels: .max)
        let error = try #require(failure(bytes(header), limits: unlimited))
        #expect(error.kind == .truncatedRaster)
    }

    @Test("numbers too large for any arithmetic exceed every limit")
    func saturatedDimensions() throws {
        let unlimited = ImageLimits(maxWidth: .max, maxHeight: .max, maxPixels: .max)
        let error = try #require(failure(bytes("P6 99999999999999999999999 1 255\n"), limits: unlimited))
        #expect(error.kind == .exceedsLimit && error.offset == 3)
    }

    @Test("custom limits bound each dimension and the pixel count")
    func customLimits() throws {
        let limits = ImageLimits(maxWidth: 8, maxHeight: 4, maxPixels: 20)
        #expect(failure(pnm("P5 8 2 255\n", [UInt8](repeating: 0, count: 16)), limits: limits) == nil)
        #expect(try #require(failure(bytes("P5 9 1 255\n"), limits: limits)).message == "width 9 exceeds the limit 8")
        #expect(try #require(failure(bytes("P5 1 5 255\n"), limits: limits)).message == "height 5 exceeds the limit 4")
        #expect(try #require(failure(bytes("P5 8 3 255\n"), limits: limits)).kind == .exceedsLimit)
    }

    @Test("the default limits are 16384 × 16384 and 64 Mi pixels")
    func defaultLimits() {
        #expect(ImageLimits.default == ImageLimits(maxWidth: 16384, maxHeight: 16384, maxPixels: 67_108_864))
    }
}
