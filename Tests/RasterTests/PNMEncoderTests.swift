import Raster
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

    @Test("re-encoding wide rectangles, in runs of transparent, opaque and translucent pixels of every length and parity, gives each pixel composited over the background and leaves the rest alone")
    func updateRuns() {
        var rng = SplitMix64(seed: 11)
        let (width, height) = (41, 9)
        var b = Bitmap(width: width, height: height)
        let background = px(10, 20, 30)
        var p6 = PNMEncoder.p6(b, over: background)
        let header = PNMEncoder.p6Header(width: width, height: height).count
        for round in 0..<40 {
            var x = 0, kind = 0
            while x < width {
                let run = 1 + Int(rng.next() % 7)
                kind = (kind + 1 + Int(rng.next() % 2)) % 3
                for i in x..<min(width, x + run) {
                    for y in 0..<height {
                        let a: UInt8 = kind == 0 ? 0 : kind == 1 ? 255 : UInt8(1 + rng.next() % 254)
                        b[i, y] = px(UInt8(rng.next() % (UInt64(a) + 1)), UInt8(rng.next() % (UInt64(a) + 1)), UInt8(rng.next() % (UInt64(a) + 1)), a)
                    }
                }
                x += run
            }
            let x0 = Int(rng.next() % 20), x1 = x0 + 1 + Int(rng.next() % UInt64(width - x0))
            let y0 = Int(rng.next() % 4), y1 = y0 + 1 + Int(rng.next() % UInt64(height - y0))
            let before = p6
            PNMEncoder.updateP6(&p6, from: b, columns: x0..<x1, rows: y0..<y1, over: background, headerCount: header)
            for y in 0..<height { for x in 0..<width {
                let o = header + (y * width + x) * 3
                let expected = (x0..<x1).contains(x) && (y0..<y1).contains(y)
                    ? { let c = b[x, y].composited(over: background); return [c.r, c.g, c.b] }()
                    : Array(before[o..<(o + 3)])
                #expect(Array(p6[o..<(o + 3)]) == expected, "round \(round), (\(x), \(y))")
            } }
        }
    }

    @Test("re-encoding a changed rectangle gives the bytes of encoding the whole bitmap again, each pixel composited over the background (transparent, opaque and translucent ones)")
    func update() {
        var rng = SplitMix64(seed: 7)
        var b = Bitmap(width: 9, height: 6)
        func scribble(_ xs: Range<Int>, _ ys: Range<Int>) {
            for y in ys { for x in xs {
                // Transparent, opaque and in between, as many of each (the
                // encoder has a path for each).
                let a = [0, 255, UInt8.random(in: 1...254, using: &rng)][Int(UInt8.random(in: 0...2, using: &rng))]
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
        // Every pixel is the bitmap's composited over the background.
        for y in 0..<6 { for x in 0..<9 {
            let c = b[x, y].composited(over: px(10, 20, 30)), o = header + (y * 9 + x) * 3
            #expect(Array(p6[o..<(o + 3)]) == [c.r, c.g, c.b], "(\(x), \(y))")
        } }
    }
}
