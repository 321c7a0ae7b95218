import Raster
import RenderModel
import Testing

/// docs/reference/core-animation-rules.md §6 and checklist 45: the formats that must decode.
@Suite struct PNMDecoderTests {
    let white = px(255, 255, 255)
    let black = px(0, 0, 0)

    func row(_ bitmap: Bitmap, _ y: Int) -> [RGBA8] {
        (0..<bitmap.width).map { bitmap[$0, y] }
    }

    @Test("P1: plain bitmap, 1 is black, whitespace between pixels optional")
    func p1() throws {
        let spaced = try PNMDecoder.decode(bytes("P1\n# a comment\n3 2\n0 1 0\n1 0 1\n"))
        #expect(spaced.width == 3 && spaced.height == 2)
        #expect(row(spaced, 0) == [white, black, white])
        #expect(row(spaced, 1) == [black, white, black])
        let packed = try PNMDecoder.decode(bytes("P1 3 2 010101"))
        #expect(packed == spaced)
    }

    @Test("P2: plain graymap, samples scaled with (s·255 + maxval/2) / maxval")
    func p2() throws {
        let b = try PNMDecoder.decode(bytes("P2\n2 2\n15\n0 15\n7 8\n"))
        #expect(row(b, 0) == [black, white])
        #expect(row(b, 1) == [px(119, 119, 119), px(136, 136, 136)])
    }

    @Test("P3: plain pixmap")
    func p3() throws {
        let b = try PNMDecoder.decode(bytes("P3 2 1 255 255 0 0 0 255 0"))
        #expect(row(b, 0) == [px(255, 0, 0), px(0, 255, 0)])
        let scaled = try PNMDecoder.decode(bytes("P3\n1 1\n4\n1 2 3\n"))
        #expect(scaled[0, 0] == px(64, 128, 191))
    }

    @Test("P4: raw bitmap, MSB first, rows padded to bytes, padding bits ignored")
    func p4() throws {
        let b = try PNMDecoder.decode(pnm("P4\n10 2\n", [0b1000_0000, 0b0111_1111, 0xFF, 0b1100_0000]))
        let w = white, k = black
        #expect(row(b, 0) == [k, w, w, w, w, w, w, w, w, k])
        #expect(row(b, 1) == [k, k, k, k, k, k, k, k, k, k])
    }

    @Test("P5: raw graymap, 8-bit samples")
    func p5() throws {
        let b = try PNMDecoder.decode(pnm("P5 3 1 255\n", [0, 77, 255]))
        #expect(row(b, 0) == [black, px(77, 77, 77), white])
        let scaled = try PNMDecoder.decode(pnm("P5 2 1 100\n", [50, 100]))
        #expect(row(scaled, 0) == [px(128, 128, 128), white])
    }

    @Test("P5 and P6: 16-bit samples are big-endian when maxval > 255", arguments: [
        (65535, [0xFF, 0xFF] as [UInt8], 255 as UInt8),
        (65535, [0x80, 0x00], 128),
        (65535, [0x00, 0xFF], 1),
        (1000, [0x01, 0xF4], 128),
        (256, [0x01, 0x00], 255),
        (256, [0x00, 0x01], 1),
    ])
    func sixteenBit(maxval: Int, sample: [UInt8], expected: UInt8) throws {
        let gray = try PNMDecoder.decode(pnm("P5 1 1 \(maxval)\n", sample))
        #expect(gray[0, 0] == px(expected, expected, expected))
        let color = try PNMDecoder.decode(pnm("P6 1 1 \(maxval)\n", sample + [0, 0] + sample))
        #expect(color[0, 0] == px(expected, 0, expected))
    }

    @Test("P6: raw pixmap with a comment after the magic number (checklist 45)")
    func p6() throws {
        let b = try PNMDecoder.decode(pnm("P6 # c\n2 1 255\n", [255, 0, 0, 0, 255, 0]))
        #expect(row(b, 0) == [px(255, 0, 0), px(0, 255, 0)])
    }

    @Test("comments are removed anywhere in the header, even inside a number")
    func commentsInsideTokens() throws {
        let image = try PNMDecoder.decodeImage(pnm("P5 1#x\n2 1#\n 2#55\n55\n", [UInt8](repeating: 9, count: 12)))
        #expect(image.bitmap.width == 12 && image.bitmap.height == 1)
        #expect(image.maxval == 255)
        let crlf = try PNMDecoder.decode(pnm("P5\r\n# made by hand\r\n1 1\r\n255 ", [42]))
        #expect(crlf[0, 0] == px(42, 42, 42))
    }

    @Test("a comment's line end does not delimit the raster; a comment after the delimiter is raster")
    func commentsAndTheDelimiter() throws {
        let beforeDelimiter = try PNMDecoder.decode(pnm("P5 2 1 255#c\n\n", [1, 2]))
        #expect(beforeDelimiter[1, 0] == px(2, 2, 2))
        let afterDelimiter = try PNMDecoder.decode(bytes("P5 2 1 255\n#c"))
        #expect(afterDelimiter[0, 0] == px(35, 35, 35))
        #expect(afterDelimiter[1, 0] == px(99, 99, 99))
    }

    @Test("exactly one whitespace byte ends a raw header: after CR LF the raster starts at the LF")
    func exactlyOneWhitespace() throws {
        let image = try PNMDecoder.decodeImage(pnm("P5 2 1 255\r\n", [65, 66]))
        #expect(image.bitmap[0, 0] == px(10, 10, 10))
        #expect(image.bitmap[1, 0] == px(65, 65, 65))
        #expect(image.byteRange == 0..<13)
    }

    @Test("tabs, CRs and several spaces separate header fields")
    func whitespace() throws {
        let b = try PNMDecoder.decode(pnm("P6\t1\r\r 1  \t255\n", [1, 2, 3]))
        #expect(b[0, 0] == px(1, 2, 3))
    }

    @Test("of images back to back, decode takes the first and decodeImage says where it ended")
    func multiImage() throws {
        let first = pnm("P5 1 1 255\n", [7])
        let second = pnm("P6 1 1 255\n", [1, 2, 3])
        let third = bytes("P2 1 1 9 9")
        let file = first + second + third + bytes("\n\n")
        #expect(try PNMDecoder.decode(file) == Bitmap(width: 1, height: 1, pixels: [7, 7, 7, 255]))
        let image = try PNMDecoder.decodeImage(file)
        #expect(image.format == .p5 && image.byteRange == 0..<first.count)
        let next = try PNMDecoder.decodeImage(file, at: image.byteRange.upperBound)
        #expect(next.format == .p6 && next.bitmap[0, 0] == px(1, 2, 3))
        let all = try PNMDecoder.decodeAll(file)
        #expect(all.map(\.format) == [.p5, .p6, .p2])
        #expect(all[2].bitmap[0, 0] == white)
        #expect(all[2].byteRange == (first.count + second.count)..<(file.count - 2))
    }

    @Test("decodeAll bounds the total pixel count")
    func decodeAllBudget() {
        let one = pnm("P5 2 2 255\n", [1, 2, 3, 4])
        let limits = ImageLimits(maxWidth: 10, maxHeight: 10, maxPixels: 7)
        #expect(throws: ImageDecodeError.self) { try PNMDecoder.decodeAll(one + one, limits: limits) }
        #expect((try? PNMDecoder.decodeAll(one, limits: limits))?.count == 1)
    }

    @Test("a decoded image reports its format and maxval", arguments: [
        ("P1 1 1 1", PNMFormat.p1, 1),
        ("P2 1 1 7 3", .p2, 7),
        ("P3 1 1 300 1 2 3", .p3, 300),
    ])
    func formatAndMaxval(text: String, format: PNMFormat, maxval: Int) throws {
        let image = try PNMDecoder.decodeImage(bytes(text))
        #expect(image.format == format && image.maxval == maxval)
        #expect(image.byteRange == 0..<text.utf8.count)
    }

    @Test("every decoded pixel is opaque, so premultiplied equals straight")
    func opaque() throws {
        let b = try PNMDecoder.decode(pnm("P6 2 2 255\n", Array(0..<12)))
        for y in 0..<2 {
            for x in 0..<2 { #expect(b[x, y].a == 255) }
        }
    }

    @Test("the format raw values are the magic numbers")
    func magics() {
        #expect(PNMFormat.allCases.map(\.rawValue) == ["P1", "P2", "P3", "P4", "P5", "P6"])
        #expect(PNMFormat.allCases.filter(\.isPlain) == [.p1, .p2, .p3])
    }
}
