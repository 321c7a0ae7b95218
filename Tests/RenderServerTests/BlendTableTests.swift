import RenderModel
@testable import RenderServer
import Testing

/// Blend tables (docs/render-server.md, "Compositor"): an edge pixel over
/// the display's background read from a table of the colour over it, with
/// the bytes the plain blend writes.
@Suite struct BlendTableTests {
    /// A valid premultiplied colour (no channel above alpha).
    static func colour(_ g: inout SplitMix64) -> UInt32 {
        let a = UInt8.random(in: 1...255, using: &g)
        return PixelMath.pack(r: .random(in: 0...a, using: &g), g: .random(in: 0...a, using: &g),
                              b: .random(in: 0...a, using: &g), a: a)
    }

    @Test("entry c is SolidPainter's pixel of coverage c over the table's value, for every c")
    func entriesAreTheBlend() {
        var g = SplitMix64(seed: 8)
        for round in 0..<60 {
            let color = round == 0 ? 0xFF00_00FF : Self.colour(&g)
            let under = round % 3 == 0 ? 0xFF00_0000 : UInt32.random(in: 0...UInt32.max, using: &g)
            let table = BlendTable(color: color, under: under)
            var pixels = [UInt32](repeating: under, count: 256)
            var cov = (0...255).map { UInt8($0) }
            pixels.withUnsafeMutableBufferPointer { p in
                var painter = SolidPainter(canvas: Canvas(base: p.baseAddress!, rect: PixelRect(x: 0, y: 0, width: 256, height: 1), stride: 256),
                                           color: color)
                cov.withUnsafeMutableBufferPointer { painter.paint(y: 0, x0: 0, count: 256, cov: $0.baseAddress!, fullLo: 0, fullHi: 0) }
            }
            for c in 0...255 where pixels[c] != table.entries[c] {
                Issue.record("colour \(color), under \(under), coverage \(c): table \(table.entries[c]), blend \(pixels[c])")
                return
            }
        }
    }

    @Test("the tabled painter writes SolidPainter's bytes, over the table's value and over anything else")
    func sameBytesAsSolid() {
        var g = SplitMix64(seed: 21)
        let width = 64
        for round in 0..<400 {
            let color = Self.colour(&g)
            let under: UInt32 = round % 2 == 0 ? 0xFF00_0000 : Self.colour(&g)
            let table = BlendTable(color: color, under: under)
            // Half the destination is the table's value, the rest anything.
            let start = (0..<width).map { _ in Bool.random(using: &g) ? under : UInt32.random(in: 0...UInt32.max, using: &g) }
            var cov = (0..<width).map { _ in UInt8.random(in: 0...255, using: &g) }
            let count = Int.random(in: 1...width, using: &g)
            let fullLo = Int.random(in: 0...count, using: &g), fullHi = Int.random(in: fullLo...count, using: &g)
            var plain = start, tabled = start
            let rect = PixelRect(x: 0, y: 0, width: width, height: 1)
            cov.withUnsafeMutableBufferPointer { c in
                plain.withUnsafeMutableBufferPointer { p in
                    var painter = SolidPainter(canvas: Canvas(base: p.baseAddress!, rect: rect, stride: width), color: color)
                    painter.paint(y: 0, x0: 0, count: count, cov: c.baseAddress!, fullLo: fullLo, fullHi: fullHi)
                }
                tabled.withUnsafeMutableBufferPointer { p in
                    var painter = TabledSolidPainter(canvas: Canvas(base: p.baseAddress!, rect: rect, stride: width), table: table)
                    painter.paint(y: 0, x0: 0, count: count, cov: c.baseAddress!, fullLo: fullLo, fullHi: fullHi)
                }
            }
            guard plain == tabled else {
                Issue.record("round \(round): the tabled painter wrote other bytes")
                return
            }
        }
    }

    @Test("a compositor makes a colour's table the second time it is asked, keeps at most 16, and draws the same frames with them")
    func compositorTables() throws {
        // Turned, fractional squares of three colours (edges over the
        // background and over each other), drawn by a compositor without
        // tables and by one with them.
        var ops = Ops()
        let colours: [RGBA] = [.red, RGBA(r: 0.2, g: 0.6, b: 1, a: 0.8), .white]
        for i in 0..<30 {
            ops.layer(LayerID(i + 1), frame: rect(Double(i % 6) * 9.3 + 0.4, Double(i / 6) * 11.7 + 0.25, 12, 9),
                      [(.backgroundColor, .color(colours[i % 3])), (.transform, .transform(.rotation(radians: Double(i) * 0.37)))])
        }
        let tree = RenderTree(displayWidth: 64, displayHeight: 64)
        try tree.applyChecked(ops.commit())
        let plain = Compositor()
        plain.usesBlendTables = false
        let reference = plain.render(tree)
        let compositor = Compositor()
        #expect(compositor.blendTable(color: 0xFF00_FF00) == nil)   // first asked: on probation
        #expect(compositor.blendTable(color: 0xFF00_FF00) != nil)   // second: made
        let first = compositor.render(tree)
        #expect(compositor.blendTableCount == 4)
        let second = compositor.render(tree)
        #expect(plain.blendTableCount == 0)
        #expect(differences(reference, first).isEmpty && differences(reference, second).isEmpty)
        // Many colours: the tables stay at the bound.
        for v in 0..<40 {
            let c = PixelMath.pack(r: UInt8(v), g: 0, b: 0, a: 255)
            _ = compositor.blendTable(color: c)
            _ = compositor.blendTable(color: c)
        }
        #expect(compositor.blendTableCount == Compositor.maxBlendTables)
    }
}
