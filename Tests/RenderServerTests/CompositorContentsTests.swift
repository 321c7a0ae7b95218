import RenderModel
import RenderServer
import RenderWire
import Testing

@Suite("Compositor: contents and gravity")
struct CompositorContentsTests {
    let black = px(0, 0, 0)

    /// 4×4, texel (x, y) = (60x, 60y, 100), opaque.
    var ramp: Bitmap {
        var b = Bitmap(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { b[x, y] = px(UInt8(60 * x), UInt8(60 * y), 100) } }
        return b
    }

    func contents(_ image: Bitmap, frame: Rect, gravity: ContentsGravity, width: Int = 20, height: Int = 20,
                  background: RGBA8 = .black, extra: [(LayerProperty, PropertyValue)] = []) throws -> Bitmap {
        var ops = Ops()
        ops.bitmap(1, image)
        ops.layer(1, frame: frame, [(.contents, .image(ImageID(rawValue: 1))), (.contentsGravity, .gravity(gravity))] + extra)
        return try render(ops, width: width, height: height, background: background).frame
    }

    @Test("unscaled gravities copy texels exactly to their place", arguments: [
        (ContentsGravity.topLeft, 0, 0), (.top, 3, 0), (.topRight, 6, 0),
        (.left, 0, 3), (.center, 3, 3), (.right, 6, 3),
        (.bottomLeft, 0, 6), (.bottom, 3, 6), (.bottomRight, 6, 6),
    ])
    func unscaled(gravity: ContentsGravity, x: Int, y: Int) throws {
        let frame = try contents(ramp, frame: rect(0, 0, 10, 10), gravity: gravity)
        for j in -1...4 {
            for i in -1...4 where (0..<10).contains(x + i) && (0..<10).contains(y + j) {
                let inside = (0..<4).contains(i) && (0..<4).contains(j)
                #expect(frame[x + i, y + j] == (inside ? ramp[i, j] : black), "\(gravity) texel (\(i), \(j))")
            }
        }
    }

    @Test("contentsScale 2 makes a 4-pixel image 2 points wide where the gravity does not scale it", arguments: [
        (ContentsGravity.topLeft, 0, 0), (.center, 4, 4), (.bottomRight, 8, 8),
    ])
    func contentsScale(gravity: ContentsGravity, x: Int, y: Int) throws {
        var white = Bitmap(width: 4, height: 4)
        for j in 0..<4 { for i in 0..<4 { white[i, j] = px(255, 255, 255) } }
        let frame = try contents(white, frame: rect(0, 0, 10, 10), gravity: gravity, extra: [(.contentsScale, .number(2))])
        for j in 0..<10 {
            for i in 0..<10 {
                let inside = (x..<x + 2).contains(i) && (y..<y + 2).contains(j)
                #expect(frame[i, j] == (inside ? px(255, 255, 255) : black), "\(gravity) pixel (\(i), \(j))")
            }
        }
        // resize fills the bounds whatever the scale.
        let resized = try contents(white, frame: rect(0, 0, 10, 10), gravity: .resize, extra: [(.contentsScale, .number(2))])
        #expect(resized[9, 9] == px(255, 255, 255) && resized[10, 10] == black)
    }

    @Test("a contentsScale that is not a number above 0 (only the wire can send one) draws as 1", arguments: [0, -2, Double.nan, .infinity])
    func contentsScaleOutOfRange(scale: Double) throws {
        let plain = try contents(ramp, frame: rect(0, 0, 10, 10), gravity: .center)
        #expect(try contents(ramp, frame: rect(0, 0, 10, 10), gravity: .center, extra: [(.contentsScale, .number(scale))]) == plain)
    }

    @Test("resize stretches with bilinear sampling: a 2-texel ramp over 4 pixels is 0, 64, 191, 255")
    func resize() throws {
        var image = Bitmap(width: 2, height: 1)
        image[0, 0] = px(0, 0, 0)
        image[1, 0] = px(255, 255, 255)
        let frame = try contents(image, frame: rect(0, 0, 4, 1), gravity: .resize, width: 6, height: 2, background: px(0, 0, 255))
        #expect((0..<4).map { frame[$0, 0] } == [px(0, 0, 0), px(64, 64, 64), px(191, 191, 191), px(255, 255, 255)])
        #expect(frame[4, 0] == px(0, 0, 255) && frame[0, 1] == px(0, 0, 255))
    }

    @Test("the bilinear midpoint of 255 and 0 is 128; edges of the contents rect are anti-aliased")
    func midpoint() throws {
        var image = Bitmap(width: 2, height: 1)
        image[0, 0] = px(255, 255, 255)
        image[1, 0] = px(0, 0, 0)
        // Centred in 3 pixels: the image spans x 0.5…2.5.
        let frame = try contents(image, frame: rect(0, 0, 3, 1), gravity: .center, width: 4, height: 1, background: px(0, 0, 255))
        #expect(frame[0, 0] == px(128, 128, 255))
        #expect(frame[1, 0] == px(128, 128, 128))
        #expect(frame[2, 0] == px(0, 0, 127))
        #expect(frame[3, 0] == px(0, 0, 255))
    }

    @Test("resizeAspect fits the image inside, centred")
    func resizeAspect() throws {
        var image = Bitmap(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { image[x, y] = px(UInt8(60 * x), UInt8(60 * y), 100) } }
        let frame = try contents(image, frame: rect(0, 0, 8, 8), gravity: .resizeAspect, extra: [(.backgroundColor, .color(.red))])
        let red = px(255, 0, 0)
        for x in 0..<8 {
            #expect(frame[x, 0] == red && frame[x, 1] == red && frame[x, 6] == red && frame[x, 7] == red)
        }
        #expect(frame[0, 2] == image[0, 0])
        #expect(frame[7, 5] == image[3, 1])
        // Halfway-ish between texels (0, 0) and (1, 0): weights 192 and 64.
        #expect(frame[1, 2] == px(15, 0, 100))
        #expect(frame[8, 4] == black)
    }

    @Test("resizeAspectFill covers the bounds and overflows them unless masksToBounds")
    func resizeAspectFill() throws {
        var image = Bitmap(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { image[x, y] = px(UInt8(60 * x), UInt8(60 * y), 100) } }
        // Scale 4: 16 × 8 centred on an 8 × 8 layer at (10, 10): x 6…22.
        let open = try contents(image, frame: rect(10, 10, 8, 8), gravity: .resizeAspectFill, width: 30, height: 30)
        #expect(open[6, 10] == image[0, 0])
        #expect(open[21, 17] == image[3, 1])
        #expect(open[5, 10] == black && open[22, 10] == black && open[10, 18] == black)
        let clipped = try contents(image, frame: rect(10, 10, 8, 8), gravity: .resizeAspectFill, width: 30, height: 30,
                                   extra: [(.masksToBounds, .bool(true))])
        #expect(clipped[6, 10] == black && clipped[9, 10] == black && clipped[18, 10] == black)
        for y in 10..<18 { for x in 10..<18 { #expect(clipped[x, y] == open[x, y]) } }
    }

    @Test("contents under a leaf's opacity, over varied pixels, match RGBA8.composited(over:)")
    func contentsOpacity() throws {
        var rng = SplitMix64(seed: 77)
        var image = Bitmap(width: 13, height: 5)
        for y in 0..<5 {
            for x in 0..<13 {
                let a = UInt8(truncatingIfNeeded: rng.next())
                image[x, y] = RGBA8(r: UInt8(truncatingIfNeeded: rng.next()), g: UInt8(truncatingIfNeeded: rng.next()),
                                    b: UInt8(truncatingIfNeeded: rng.next()), a: a).premultiplied()
            }
        }
        var ops = Ops()
        ops.bitmap(1, image)
        ops.layer(1, index: 0, frame: rect(1, 1, 13, 5), [(.contents, .image(ImageID(rawValue: 1))), (.opacity, .number(0.6))])
        let fill = RGBA(r: 0.2, g: 0.9, b: 0.4, a: 0.7)
        ops.layer(2, index: 1, frame: rect(0, 2, 15, 3), [(.backgroundColor, .color(fill))])
        let background = px(30, 60, 90)
        let (_, frame) = try render(ops, width: 15, height: 7, background: background)
        let o = UInt32(RGBA8.byte(0.6))
        func scaled(_ c: RGBA8) -> RGBA8 {
            func s(_ v: UInt8) -> UInt8 { UInt8((UInt32(v) * o + 127) / 255) }
            return RGBA8(r: s(c.r), g: s(c.g), b: s(c.b), a: s(c.a))
        }
        let top = RGBA8(fill).premultiplied()
        for y in 0..<7 {
            for x in 0..<15 {
                var expected = background
                if (1..<14).contains(x), (1..<6).contains(y) { expected = scaled(image[x - 1, y - 1]).composited(over: expected) }
                if (2..<5).contains(y) { expected = top.composited(over: expected) }
                #expect(frame[x, y] == expected, "pixel (\(x), \(y))")
            }
        }
    }

    @Test("a rotated image is sampled bilinearly; a quarter-turned one exactly")
    func rotatedContents() throws {
        let turned = try contents(ramp, frame: rect(2, 2, 4, 4), gravity: .resize, width: 8, height: 8,
                                  extra: [(.transform, .transform(.rotation(degrees: 90)))])
        // A quarter turn clockwise about the centre: texel (i, j) lands at (5 − j, 2 + i).
        for j in 0..<4 { for i in 0..<4 { #expect(turned[5 - j, 2 + i] == ramp[i, j]) } }
        let tilted = try contents(ramp, frame: rect(2, 2, 4, 4), gravity: .resize, width: 8, height: 8,
                                  extra: [(.transform, .transform(.rotation(degrees: 10)))])
        #expect(tilted[4, 4] != black)
        #expect(tilted[0, 0] == black)
    }
}
