import Raster
import RenderModel
import RenderServer
import RenderWire
import Testing

@Suite("Compositor: transforms, clipping, ordering")
struct CompositorGeometryTests {
    let red = px(255, 0, 0), black = px(0, 0, 0), blue = px(0, 0, 255)

    @Test("a quarter turn maps whole pixels to whole pixels, with no anti-aliasing")
    func quarterTurn() throws {
        var turned = Ops()
        turned.layer(1, frame: rect(10, 15, 20, 10), [(.backgroundColor, .color(.red)), (.transform, .transform(.rotation(degrees: 90)))])
        var upright = Ops()
        upright.layer(1, frame: rect(15, 10, 10, 20), [(.backgroundColor, .color(.red))])
        let (tree, frame) = try render(turned, width: 40, height: 40)
        #expect(tree.screenBox(of: 1) == PixelRect(x: 15, y: 10, width: 10, height: 20))
        #expect(frame == (try render(upright, width: 40, height: 40).frame))
        for y in 0..<40 {
            for x in 0..<40 {
                #expect(frame[x, y] == ((15..<25).contains(x) && (10..<30).contains(y) ? red : black))
            }
        }
    }

    @Test("an eighth turn: anti-aliased edges, symmetric about both axes and the diagonal, close to the true area")
    func eighthTurn() throws {
        let s = 0.5.squareRoot()
        var ops = Ops()
        ops.layer(1, frame: rect(15, 15, 20, 20), [(.backgroundColor, .color(.white)),
                                                   (.transform, .transform(Transform2D(a: s, b: s, c: -s, d: s, tx: 0, ty: 0)))])
        let (_, frame) = try render(ops, width: 50, height: 50)
        var partial = 0
        let half = 10 * 2.0.squareRoot()
        for y in 0..<50 {
            for x in 0..<50 {
                let v = frame[x, y]
                #expect(v == frame[49 - x, y] && v == frame[x, 49 - y] && v == frame[y, x], "pixel (\(x), \(y))")
                if v.r > 0, v.r < 255 { partial += 1 }
                let area = referenceCoverage(x: x, y: y) { px, py in abs(px - 25) + abs(py - 25) <= half }
                #expect(abs(Double(v.r) - area * 255) <= 9, "pixel (\(x), \(y)): \(v.r) for area \(area)")
            }
        }
        #expect(partial >= 80)
        #expect(frame[25, 25] == px(255, 255, 255))
    }

    @Test("scaling about the anchor: 10×10 at 2× is 20×20, 20×20 at ½× is 10×10")
    func scale() throws {
        var up = Ops()
        up.layer(1, frame: rect(15, 15, 10, 10), [(.backgroundColor, .color(.red)), (.transform, .transform(.scale(2)))])
        var big = Ops()
        big.layer(1, frame: rect(10, 10, 20, 20), [(.backgroundColor, .color(.red))])
        #expect(try render(up, width: 40, height: 40).frame == render(big, width: 40, height: 40).frame)
        var down = Ops()
        down.layer(1, frame: rect(10, 10, 20, 20), [(.backgroundColor, .color(.red)), (.transform, .transform(.scale(0.5)))])
        var small = Ops()
        small.layer(1, frame: rect(15, 15, 10, 10), [(.backgroundColor, .color(.red))])
        #expect(try render(down, width: 40, height: 40).frame == render(small, width: 40, height: 40).frame)
        // A sublayer inherits its parent's transform, and bounds.origin shifts it.
        var nested = Ops()
        nested.layer(1, frame: rect(15, 15, 10, 10), [(.transform, .transform(.scale(2))), (.bounds, .rect(rect(5, 5, 10, 10)))])
        nested.layer(2, parent: 1, frame: rect(5, 5, 5, 5), [(.backgroundColor, .color(.red))])
        let (tree, _) = try render(nested, width: 40, height: 40)
        #expect(tree.screenBox(of: 2) == PixelRect(x: 10, y: 10, width: 10, height: 10))
    }

    @Test("masksToBounds clips sublayers to the rounded bounds, bit for bit like the rounded background")
    func masksToBounds() throws {
        var masked = Ops()
        masked.layer(1, frame: rect(10, 10, 40, 40), [(.cornerRadius, .number(10)), (.masksToBounds, .bool(true))])
        masked.layer(2, parent: 1, frame: rect(-10, -10, 60, 60), [(.backgroundColor, .color(.green))])
        var rounded = Ops()
        rounded.layer(1, frame: rect(10, 10, 40, 40), [(.cornerRadius, .number(10)), (.backgroundColor, .color(.green))])
        let (_, clipped) = try render(masked, width: 60, height: 60)
        #expect(clipped == (try render(rounded, width: 60, height: 60).frame))
        #expect(clipped[10, 10] == black && clipped[30, 10] == px(0, 255, 0))

        var unmasked = masked
        unmasked.set(1, .masksToBounds, .bool(false))
        let (_, open) = try render(unmasked, width: 60, height: 60)
        for y in 0..<60 { for x in 0..<60 { #expect(open[x, y] == px(0, 255, 0)) } }

        // Whole-pixel square bounds clip exactly, without a mask.
        var square = Ops()
        square.layer(1, frame: rect(10, 10, 20, 20), [(.masksToBounds, .bool(true))])
        square.layer(2, parent: 1, frame: rect(-5, 15, 40, 40), [(.backgroundColor, .color(.red))])
        let (_, s) = try render(square, width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 {
                #expect(s[x, y] == ((10..<30).contains(x) && (25..<30).contains(y) ? red : black), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("cornerRadius without masksToBounds leaves contents unclipped; with it they are clipped (7.28)")
    func contentsClip() throws {
        var ops = Ops()
        ops.bitmap(1, Bitmap(width: 4, height: 4, fill: px(0, 255, 0)))
        ops.layer(1, frame: rect(0, 0, 20, 20), [(.contents, .image(ImageID(rawValue: 1))), (.cornerRadius, .number(10))])
        let (_, open) = try render(ops, width: 20, height: 20)
        #expect(open[0, 0] == px(0, 255, 0) && open[19, 19] == px(0, 255, 0))
        ops.set(1, .masksToBounds, .bool(true))
        let (_, clipped) = try render(ops, width: 20, height: 20)
        #expect(clipped[0, 0] == black && clipped[19, 19] == black && clipped[10, 10] == px(0, 255, 0))
    }

    @Test("nested masks multiply, and a rotated mask clips a rotated sublayer")
    func nestedMasks() throws {
        var ops = Ops()
        ops.layer(1, frame: rect(10, 10, 30, 30), [(.cornerRadius, .number(8)), (.masksToBounds, .bool(true)), (.transform, .transform(.rotation(degrees: 15)))])
        ops.layer(2, parent: 1, frame: rect(5, 5, 30, 30), [(.cornerRadius, .number(6)), (.masksToBounds, .bool(true))])
        ops.layer(3, parent: 2, frame: rect(-50, -50, 200, 200), [(.backgroundColor, .color(.white))])
        let (tree, frame) = try render(ops, width: 50, height: 50)
        var lit = 0
        for y in 0..<50 { for x in 0..<50 where frame[x, y].r > 0 { lit += 1 } }
        // Less than the 30×30 of either mask, more than their overlap's core.
        #expect(lit > 500 && lit < 900)
        #expect(frame[0, 0] == black)
        #expect(frame[26, 28] == px(255, 255, 255))
        #expect(tree.subtreeBox(of: 3) == PixelRect(x: 0, y: 0, width: 50, height: 50))
    }

    @Test("zPosition: A (index 0, z 1) over B (index 1, z 0); equal z keeps array order (7.27)")
    func zOrder() throws {
        for parent: LayerID? in [0, 10] {
            var ops = Ops()
            if parent == 10 { ops.layer(10, frame: rect(0, 0, 30, 30)) }
            ops.layer(1, parent: parent, index: 0, frame: rect(0, 0, 20, 20), [(.backgroundColor, .color(.red)), (.zPosition, .number(1))])
            ops.layer(2, parent: parent, index: 1, frame: rect(10, 10, 20, 20), [(.backgroundColor, .color(.blue))])
            let (_, frame) = try render(ops, width: 30, height: 30)
            #expect(frame[15, 15] == red)
            ops.set(1, .zPosition, .number(0))
            let (_, equal) = try render(ops, width: 30, height: 30)
            #expect(equal[15, 15] == blue)
            #expect(equal[5, 5] == red && equal[25, 25] == blue)
        }
    }
}
