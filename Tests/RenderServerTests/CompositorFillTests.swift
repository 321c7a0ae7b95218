import RenderModel
import RenderServer
import RenderWire
import Testing

@Suite("Compositor: backgrounds, corners, borders, visibility")
struct CompositorFillTests {
    let red = px(255, 0, 0), black = px(0, 0, 0), white = px(255, 255, 255)

    @Test("a background fills exactly its bounds")
    func backgroundExact() throws {
        var ops = Ops()
        ops.layer(1, frame: rect(4, 5, 10, 6), [(.backgroundColor, .color(.red))])
        let (_, frame) = try render(ops, width: 20, height: 20)
        for y in 0..<20 {
            for x in 0..<20 {
                let inside = (4..<14).contains(x) && (5..<11).contains(y)
                #expect(frame[x, y] == (inside ? red : black), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("half-transparent fills blend with (v·255 + 127) / 255")
    func halfTransparent() throws {
        var ops = Ops()
        ops.layer(1, frame: rect(0, 0, 4, 4), [(.backgroundColor, .color(RGBA(r: 0, g: 0, b: 1, a: 0.5)))])
        #expect(try render(ops, width: 4, height: 4).frame[1, 1] == px(0, 0, 128))
        #expect(try render(ops, width: 4, height: 4, background: .white).frame[1, 1] == px(127, 127, 255))
    }

    @Test("an edge on half a pixel covers it half")
    func fractionalEdge() throws {
        var ops = Ops()
        ops.layer(1, frame: rect(4.5, 5, 10, 6), [(.backgroundColor, .color(.red))])
        let (_, frame) = try render(ops, width: 20, height: 20)
        for y in 5..<11 {
            #expect(frame[3, y] == black)
            #expect(frame[4, y] == px(128, 0, 0))
            for x in 5...13 { #expect(frame[x, y] == red) }
            #expect(frame[14, y] == px(128, 0, 0))
            #expect(frame[15, y] == black)
        }
    }

    @Test("rounded corners: anti-aliased, within 9/255 of the true area, symmetric four ways")
    func roundedCorners() throws {
        var ops = Ops()
        ops.layer(1, frame: rect(5, 5, 30, 30), [(.backgroundColor, .color(.white)), (.cornerRadius, .number(10))])
        let (_, frame) = try render(ops, width: 40, height: 40)
        var partial = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let v = frame[x, y]
                #expect(v == frame[39 - x, y] && v == frame[x, 39 - y] && v == frame[y, x], "pixel (\(x), \(y))")
                #expect(v.r == v.g && v.g == v.b && v.a == 255)
                if v.r > 0, v.r < 255 { partial += 1 }
            }
        }
        #expect(partial >= 40)
        #expect(frame[5, 5] == black)
        #expect(frame[20, 5] == white && frame[5, 20] == white && frame[20, 20] == white)
        #expect(frame[4, 20] == black && frame[35, 20] == black)
        for y in 5..<15 {
            for x in 5..<15 {
                let area = referenceCoverage(x: x, y: y) { px, py in (px - 15) * (px - 15) + (py - 15) * (py - 15) <= 100 }
                #expect(abs(Double(frame[x, y].r) - area * 255) <= 9, "pixel (\(x), \(y)): \(frame[x, y].r) for area \(area)")
            }
        }
    }

    @Test("the rectangle path and the polygon path give the same bytes (7.25 geometry, fractional frames)")
    func rectMatchesPolygon() throws {
        var rng = SplitMix64(seed: 25)
        for _ in 0..<20 {
            let f = rect(rng.grid(-3...20), rng.grid(-3...20), rng.grid(0.1...14), rng.grid(0.1...14))
            let color = RGBA(r: rng.grid(0...1), g: rng.grid(0...1), b: rng.grid(0...1), a: rng.grid(0.2...1))
            var filled = Ops()
            filled.layer(1, frame: f, [(.backgroundColor, .color(color))])
            // A border wider than the layer is the whole outline, scanned as a polygon.
            var bordered = Ops()
            bordered.layer(1, frame: f, [(.borderWidth, .number(100)), (.borderColor, .color(color))])
            #expect(try render(filled, width: 24, height: 24).frame == render(bordered, width: 24, height: 24).frame, "frame \(f)")
        }
    }

    @Test("borders are inset, drawn above sublayers, and follow the corner radius (7.28)")
    func borders() throws {
        var ops = Ops()
        ops.layer(1, frame: rect(10, 10, 20, 20), [(.backgroundColor, .color(.blue)), (.borderWidth, .number(3)), (.borderColor, .color(.red))])
        ops.layer(2, parent: 1, frame: rect(-5, -5, 30, 30), [(.backgroundColor, .color(.green))])
        ops.layer(3, index: 1, frame: rect(0, 32, 8, 8), [(.borderWidth, .number(2)), (.borderColor, .color(.yellow))])
        let (_, frame) = try render(ops, width: 40, height: 40)
        let green = px(0, 255, 0), yellow = px(255, 255, 0)
        for p in [(10, 10), (12, 12), (29, 29), (27, 20), (20, 10), (10, 20)] { #expect(frame[p.0, p.1] == red, "\(p)") }
        for p in [(13, 13), (26, 26), (20, 20), (5, 5), (9, 20), (34, 34)] { #expect(frame[p.0, p.1] == green, "\(p)") }
        #expect(frame[4, 4] == black)
        for x in 0..<9 {
            let expected = x == 8 ? black : (x < 2 || x >= 6 ? yellow : black)
            #expect(frame[x, 35] == expected, "x \(x)")
        }
        for y in 32..<40 { #expect(frame[0, y] == yellow && frame[7, y] == yellow) }

        var round = Ops()
        round.layer(1, frame: rect(0, 0, 30, 30), [(.backgroundColor, .color(.blue)), (.cornerRadius, .number(10)),
                                                   (.borderWidth, .number(2)), (.borderColor, .color(.red))])
        let (_, r) = try render(round, width: 30, height: 30)
        for y in 0..<30 {
            for x in 0..<30 {
                #expect(r[x, y] == r[29 - x, y] && r[x, y] == r[x, 29 - y] && r[x, y] == r[y, x], "pixel (\(x), \(y))")
            }
        }
        #expect(r[15, 0] == red && r[15, 1] == red && r[0, 15] == red && r[29, 15] == red)
        #expect(r[15, 2] == px(0, 0, 255))
        #expect(r[0, 0] == black && r[1, 1] == black)
        // Along the arc the ring is red-dominated, blue inside it.
        #expect(r[3, 3].r > 128 && r[3, 3].b < 128)
        #expect(r[6, 6] == px(0, 0, 255))
    }

    @Test("hidden layers and their subtrees draw nothing")
    func hidden() throws {
        var ops = Ops()
        ops.layer(1, index: 0, frame: rect(0, 0, 10, 10), [(.backgroundColor, .color(.red)), (.isHidden, .bool(true))])
        ops.layer(2, parent: 1, frame: rect(0, 0, 10, 10), [(.backgroundColor, .color(.green))])
        ops.layer(3, index: 1, frame: rect(10, 0, 10, 10), [(.backgroundColor, .color(.blue))])
        ops.layer(4, parent: 3, frame: rect(0, 0, 5, 5), [(.backgroundColor, .color(.green)), (.isHidden, .bool(true))])
        let (_, frame) = try render(ops, width: 20, height: 10)
        for y in 0..<10 {
            for x in 0..<20 {
                #expect(frame[x, y] == (x < 10 ? black : px(0, 0, 255)), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("opacity: a leaf multiplies, a layer with sublayers is composited as a group")
    func opacity() throws {
        var ops = Ops()
        ops.layer(1, index: 0, frame: rect(0, 0, 10, 10), [(.backgroundColor, .color(.red)), (.opacity, .number(0.5))])
        // Group: two opaque overlapping sublayers under a half-opaque parent.
        ops.layer(2, index: 1, frame: rect(20, 0, 30, 30), [(.opacity, .number(0.5))])
        ops.layer(3, parent: 2, index: 0, frame: rect(0, 0, 20, 20), [(.backgroundColor, .color(.red))])
        ops.layer(4, parent: 2, index: 1, frame: rect(10, 10, 20, 20), [(.backgroundColor, .color(.blue))])
        // The same sublayers, each half-opaque under an opaque parent.
        ops.layer(5, index: 2, frame: rect(60, 0, 30, 30))
        ops.layer(6, parent: 5, index: 0, frame: rect(0, 0, 20, 20), [(.backgroundColor, .color(.red)), (.opacity, .number(0.5))])
        ops.layer(7, parent: 5, index: 1, frame: rect(10, 10, 20, 20), [(.backgroundColor, .color(.blue)), (.opacity, .number(0.5))])
        let (_, frame) = try render(ops, width: 100, height: 40, background: .white)
        let pinkish = px(255, 127, 127), bluish = px(127, 127, 255)
        #expect(frame[5, 5] == pinkish)
        #expect(frame[22, 2] == pinkish)
        #expect(frame[35, 15] == bluish)
        #expect(frame[45, 25] == bluish)
        #expect(frame[62, 2] == pinkish)
        #expect(frame[75, 15] == px(127, 63, 191))
        #expect(frame[85, 25] == bluish)
        #expect(frame[55, 35] == white)
    }

    @Test("opacity 0 hides a subtree; a group's own background is part of the group")
    func groupBackground() throws {
        var ops = Ops()
        ops.layer(1, index: 0, frame: rect(0, 0, 10, 10), [(.backgroundColor, .color(.red)), (.opacity, .number(0.5))])
        ops.layer(2, parent: 1, frame: rect(0, 0, 5, 10), [(.backgroundColor, .color(.blue))])
        ops.layer(3, index: 1, frame: rect(10, 0, 10, 10), [(.backgroundColor, .color(.red)), (.opacity, .number(0))])
        ops.layer(4, parent: 3, frame: rect(0, 0, 5, 10), [(.backgroundColor, .color(.blue))])
        let (_, frame) = try render(ops, width: 20, height: 10, background: .white)
        #expect(frame[2, 2] == px(127, 127, 255))
        #expect(frame[7, 2] == px(255, 127, 127))
        #expect(frame[12, 2] == .white && frame[17, 2] == .white)
    }
}
