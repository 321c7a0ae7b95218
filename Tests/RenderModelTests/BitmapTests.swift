import RenderModel
import Testing

@Suite struct BitmapTests {
    @Test("a new bitmap is filled with its colour, row-major RGBA")
    func fill() {
        let b = Bitmap(width: 3, height: 2, fill: px(1, 2, 3, 4))
        #expect(b.pixels.count == 24)
        #expect(b.pixels.prefix(8) == [1, 2, 3, 4, 1, 2, 3, 4])
        #expect(b.pixelCount == 6)
        #expect(Bitmap(width: 2, height: 2).pixels == [UInt8](repeating: 0, count: 16))
    }

    @Test("a straight colour fill is premultiplied")
    func colourFill() {
        let b = Bitmap(width: 1, height: 1, color: RGBA(r: 1, g: 0.5, b: 0, a: 0.5))
        #expect(b[0, 0] == px(128, 64, 0, 128))
    }

    @Test("pixels are read and written at (x, y), row 0 at the top")
    func pixels() {
        var b = Bitmap(width: 3, height: 2)
        b[2, 1] = px(9, 8, 7, 6)
        b.setPixel(x: 0, y: 1, to: .white)
        #expect(b.pixel(x: 2, y: 1) == px(9, 8, 7, 6))
        #expect(Array(b.pixels[12..<16]) == [255, 255, 255, 255])
        #expect(Array(b.pixels[20..<24]) == [9, 8, 7, 6])
        #expect(b[0, 0] == .clear)
    }

    @Test("bitmaps are equal when sizes and bytes are")
    func equality() {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255]
        #expect(Bitmap(width: 2, height: 1, pixels: pixels) == Bitmap(width: 2, height: 1, pixels: pixels))
        #expect(Bitmap(width: 2, height: 1, pixels: pixels) != Bitmap(width: 1, height: 2, pixels: pixels))
        var b = Bitmap(width: 2, height: 1, pixels: pixels)
        b[1, 0] = .black
        #expect(b != Bitmap(width: 2, height: 1, pixels: pixels))
    }

    @Test("pixels can be written in place through a buffer")
    func inPlace() {
        var b = Bitmap(width: 2, height: 1)
        let count = b.withUnsafeMutablePixels { buffer in
            for i in buffer.indices { buffer[i] = UInt8(i) }
            return buffer.count
        }
        #expect(count == 8)
        #expect(b[1, 0] == px(4, 5, 6, 7))
    }
}
