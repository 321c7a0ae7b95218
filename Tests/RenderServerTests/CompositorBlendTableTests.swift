import Raster
import RenderModel
@testable import RenderServer
import Testing

/// The compositor's blend tables (docs/internals/render-server.md, "Compositor"; the
/// table itself is tested in RasterTests' `BlendTableTests`).
@Suite struct CompositorBlendTableTests {
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
