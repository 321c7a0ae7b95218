import Raster
import RenderModel
import Testing

/// `Bitmap.upscaled(by:)`, `downscaled(by:)`, `copy(_:toX:y:)` and
/// `fill(x:y:width:height:with:)`, by exact pixels.
@Suite struct BitmapScalingTests {
    /// A 3×2 bitmap whose pixels all differ: (x, y) is `px(10x, 100y, 7)`.
    static var card: Bitmap {
        var b = Bitmap(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { b[x, y] = px(UInt8(10 * x), UInt8(100 * y), 7) } }
        return b
    }

    @Test func upscalingMakesEveryPixelAFactorByFactorBlockOfItself() {
        let big = Self.card.upscaled(by: 3)
        #expect(big.width == 9 && big.height == 6)
        for y in 0..<6 { for x in 0..<9 { #expect(big[x, y] == Self.card[x / 3, y / 3], "(\(x), \(y))") } }
        #expect(Self.card.upscaled(by: 1) == Self.card)
    }

    @Test func downscalingAveragesEachBlockWithRoundingAndKeepsPartialBlocksAtTheEdges() {
        let small = Self.card.downscaled(by: 2)
        #expect(small.width == 2 && small.height == 1, "⌈3/2⌉ × ⌈2/2⌉")
        // Block x 0…1, y 0…1: r = (0 + 10 + 0 + 10) / 4 = 5, g = (0 + 0 + 100 + 100) / 4 = 50.
        #expect(small[0, 0] == px(5, 50, 7))
        // The cut block: only column 2, r = 20, g = (0 + 100 + 1) / 2 = 50 (rounded half up).
        #expect(small[1, 0] == px(20, 50, 7))
        var odd = Bitmap(width: 2, height: 1)
        odd[0, 0] = px(0, 0, 0, 0)
        odd[1, 0] = px(1, 3, 255, 255)
        // (0 + 1 + 1) / 2 = 1, (0 + 3 + 1) / 2 = 2, (255 + 1) / 2 = 128, alpha the same way.
        #expect(odd.downscaled(by: 2)[0, 0] == px(1, 2, 128, 128))
    }

    @Test func copyReplacesPixelsAndDropsWhatFallsOutside() {
        var canvas = Bitmap(width: 4, height: 3, fill: px(1, 1, 1))
        canvas.copy(Self.card, toX: 2, y: -1)
        #expect(canvas[2, 0] == Self.card[0, 1] && canvas[3, 0] == Self.card[1, 1])
        #expect(canvas[2, 1] == px(1, 1, 1) && canvas[1, 0] == px(1, 1, 1))
        canvas.copy(Self.card, toX: 10, y: 10)
        canvas.fill(x: -5, y: 2, width: 6, height: 9, with: px(9, 9, 9))
        #expect(canvas[0, 2] == px(9, 9, 9) && canvas[1, 2] == px(1, 1, 1) && canvas[0, 1] == px(1, 1, 1))
    }
}
