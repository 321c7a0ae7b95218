import Raster
import RenderModel
import RenderServer
import RenderWire
import Testing

@Suite("RasterBench scene")
struct BenchSceneTests {
    @Test("the full frame has the hash pixman's OVER gives for the same scene, and the damaged frame matches a full one")
    func benchFrame() throws {
        let scene = RasterBench.Scene()
        scene.renderFull()
        // pixman 0.42 (pixman_image_fill_rectangles, OVER, a8b8g8r8) renders
        // exactly these bytes for the scene described in RasterBench.
        #expect(scene.frame.contentHash == "78d9c250733dffef")
        let damage = scene.renderDamaged()
        #expect(damage.rects == [PixelRect(x: 592, y: 312, width: 96, height: 96)])
        #expect(scene.frame == scene.compositor.render(scene.tree))
        #expect(scene.frame[600, 320] != scene.frame[600, 300])
    }
}
