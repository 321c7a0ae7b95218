import Foundation
import Raster
import RenderModel
import Testing

/// docs/guide/library.md: a file importing both Foundation and RenderModel compiles
/// without qualifying any RenderModel name. (Foundation's own
/// `AffineTransform` is why the transform is called `Transform2D`.)
@Suite struct FoundationCoexistenceTests {
    @Test("RenderModel's names need no qualification next to Foundation")
    func unqualifiedNames() throws {
        let p = Point(x: 1, y: 2)
        let s = Size(width: 3, height: 4)
        let r = Rect(origin: p, size: s)
        let t = Transform2D.identity
        var state = LayerState()
        state.frame = r.applying(t)
        let color: RGBA = .red
        let bitmap = Bitmap(width: 1, height: 1, color: color)
        let decoded = try PNMDecoder.decode(PNMEncoder.p6(bitmap, over: .black))
        #expect(decoded == bitmap)
        #expect(state.frame == r)
        // Foundation's types stay reachable under their own names.
        #expect(Foundation.AffineTransform.identity == Foundation.AffineTransform())
        #expect(Data(PNMEncoder.p6(bitmap, over: .black)).count == 14)
    }
}
