import RenderModel
import Testing

@Suite struct PNMEncoderTests {
    @Test("a 2×1 red, green bitmap is exactly the 17 bytes of §6")
    func specExample() {
        var b = Bitmap(width: 2, height: 1)
        b[0, 0] = RGBA8(.red).premultiplied()
        b[1, 0] = RGBA8(.green).premultiplied()
        let expected: [UInt8] = [0x50, 0x36, 0x0A, 0x32, 0x20, 0x31, 0x0A, 0x32, 0x35, 0x35, 0x0A, 0xFF, 0x00, 0x00, 0x00, 0xFF, 0x00]
        #expect(PNMEncoder.p6(b, over: .black) == expected)
        #expect(PNMEncoder.p6(b, over: .white) == expected)
    }

    @Test("translucent pixels are composited over the opaque background")
    func compositing() {
        var b = Bitmap(width: 3, height: 1)
        b[0, 0] = px(128, 0, 0, 128)
        b[1, 0] = .clear
        b[2, 0] = px(0, 0, 10, 10)
        let out = PNMEncoder.p6(b, over: px(255, 255, 255, 0))
        #expect(Array(out.dropFirst(11)) == [255, 127, 127, 255, 255, 255, 245, 245, 255])
    }

    @Test("the header names the size and maxval 255, with no comment")
    func header() {
        let out = PNMEncoder.p6(Bitmap(width: 12, height: 3), over: .black)
        #expect(Array(out.prefix(12)) == Array("P6\n12 3\n255\n".utf8))
        #expect(out.count == 12 + 12 * 3 * 3)
    }

    @Test("an opaque bitmap survives encode then decode")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 42)
        var b = Bitmap(width: 7, height: 5)
        for y in 0..<5 {
            for x in 0..<7 {
                b[x, y] = px(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
            }
        }
        #expect(try PNMDecoder.decode(PNMEncoder.p6(b, over: .black)) == b)
    }

    @Test("re-encoding a changed rectangle gives the bytes of encoding the whole bitmap again")
    func update() {
        var rng = SplitMix64(seed: 7)
        var b = Bitmap(width: 9, height: 6)
        func scribble(_ xs: Range<Int>, _ ys: Range<Int>) {
            for y in ys { for x in xs {
                let a = UInt8.random(in: 0...255, using: &rng)
                b[x, y] = px(UInt8.random(in: 0...a, using: &rng), UInt8.random(in: 0...a, using: &rng), UInt8.random(in: 0...a, using: &rng), a)
            } }
        }
        scribble(0..<9, 0..<6)
        var p6 = PNMEncoder.p6(b, over: px(10, 20, 30))
        let header = PNMEncoder.p6Header(width: 9, height: 6).count
        scribble(2..<5, 1..<4)
        let before = p6
        PNMEncoder.updateP6(&p6, from: b, columns: 2..<5, rows: 1..<4, over: px(10, 20, 30), headerCount: header)
        #expect(p6 == PNMEncoder.p6(b, over: px(10, 20, 30)))
        #expect(p6 != before)
    }
}
