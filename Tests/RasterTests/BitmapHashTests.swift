import RenderModel
import Raster
import Testing

/// `Bitmap.contentHash`: the name frame files and goldens give a frame.
@Suite struct BitmapHashTests {
    @Test("the content hash is FNV-1a 64 over the dimensions and bytes", arguments: [
        (2, 1, [255, 0, 0, 255, 0, 255, 0, 255] as [UInt8], "02f8918cabda243c"),
        (1, 2, [255, 0, 0, 255, 0, 255, 0, 255], "b6b6d35bc677ebdc"),
        (0, 0, [], "88201fb960ff6465"),
        (3, 3, [UInt8](repeating: 0, count: 36), "254a3f71b0dc33d5"),
    ])
    func hash(width: Int, height: Int, pixels: [UInt8], expected: String) {
        let b = Bitmap(width: width, height: height, pixels: pixels)
        #expect(b.contentHash == expected)
        #expect(b.contentHash == Bitmap(width: width, height: height, pixels: pixels).contentHash)
        #expect(b.contentHash.count == 16)
    }

    @Test("changing one pixel changes the hash")
    func hashSensitivity() {
        var b = Bitmap(width: 4, height: 4, fill: .white)
        let before = b.contentHash
        b[3, 3] = px(255, 255, 255, 254)
        #expect(b.contentHash != before)
    }
}
