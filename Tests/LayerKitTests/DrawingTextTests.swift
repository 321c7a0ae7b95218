import LoopSimTestSupport
import Raster
import Testing
import RenderModel
@testable import LayerKit

/// The built-in 5 × 7 bitmap font.
@Suite("Drawing: text", .quiescent)
struct DrawingTextTests {
    /// Pixels of `bitmap` that are not transparent.
    private func inked(_ bitmap: Bitmap) -> [(x: Int, y: Int)] {
        var result: [(x: Int, y: Int)] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y] != .clear { result.append((x, y)) }
        }
        return result
    }

    @Test func hiDrawsOpaquePixelsInsideItsCellsAndNoneOutside() {
        let ctx = DrawingContext(width: 20, height: 16)
        ctx.drawText("Hi", at: Point(x: 3, y: 4), color: RGBA8(r: 255, g: 0, b: 0))
        let ink = inked(ctx.bitmap)
        #expect(!ink.isEmpty)
        for p in ink {
            // Two 6 × 8 cells from (3, 4); glyphs are 5 × 7 in them.
            #expect((3..<15).contains(p.x) && (4..<12).contains(p.y), "(\(p.x), \(p.y))")
            #expect(p.x != 8 && p.x != 14 && p.y != 11, "spacing at (\(p.x), \(p.y))")
            #expect(ctx.bitmap[p.x, p.y] == RGBA8(r: 255, g: 0, b: 0), "opaque at (\(p.x), \(p.y))")
        }
        // 'H': two full columns and the crossbar on row 3.
        for y in 4..<11 {
            #expect(ctx.bitmap[3, y].a == 255)
            #expect(ctx.bitmap[7, y].a == 255)
        }
        for x in 3..<8 { #expect(ctx.bitmap[x, 7].a == 255) }
        #expect(ctx.bitmap[5, 4] == .clear)
        // 'H' has 7 + 7 + 3 pixels; 'i' (0x44, 0x7D, 0x40) has 2 + 6 + 1.
        #expect(ink.count == 17 + 9)
    }

    @Test func sizeScalesByWholePixels() {
        let one = DrawingContext(width: 12, height: 8)
        one.drawText("A", at: .zero, color: .black, size: 8)
        let two = DrawingContext(width: 12, height: 16)
        two.drawText("A", at: .zero, color: .black, size: 16)
        for y in 0..<16 {
            for x in 0..<12 {
                #expect(two.bitmap[x, y] == one.bitmap[x / 2, y / 2], "(\(x), \(y))")
            }
        }
        // 12 / 8 = 1.5 rounds to 2; 11 / 8 rounds to 1; tiny sizes draw at 1.
        let twelve = DrawingContext(width: 12, height: 16)
        twelve.drawText("A", at: .zero, color: .black, size: 12)
        #expect(twelve.bitmap == two.bitmap)
        let eleven = DrawingContext(width: 12, height: 8)
        eleven.drawText("A", at: .zero, color: .black, size: 11)
        #expect(eleven.bitmap == one.bitmap)
        let tiny = DrawingContext(width: 12, height: 8)
        tiny.drawText("A", at: .zero, color: .black, size: 0.1)
        #expect(tiny.bitmap == one.bitmap)
        // Scale 2 doubles the font pixels for the same point size.
        let retina = DrawingContext(width: 6, height: 8, scale: 2)
        retina.drawText("A", at: .zero, color: .black, size: 8)
        #expect(retina.bitmap == DrawingContext.cropped(two.bitmap, width: 12, height: 16))
    }

    @Test func unknownCharactersAreBoxes() {
        let ctx = DrawingContext(width: 12, height: 8)
        ctx.drawText("é\u{7}", at: .zero, color: .black)
        for cell in 0..<2 {
            for y in 0..<8 {
                for x in 0..<6 {
                    let onBox = x < 5 && y < 7 && (x == 0 || x == 4 || y == 0 || y == 6)
                    #expect(ctx.bitmap[cell * 6 + x, y] == (onBox ? .black : .clear), "cell \(cell) (\(x), \(y))")
                }
            }
        }
    }

    @Test func newlinesStartALineBelowTheFirstCharacter() {
        let ctx = DrawingContext(width: 12, height: 16)
        ctx.drawText("|\n|", at: Point(x: 2, y: 0), color: .black)
        // '|' is column 2 of its glyph, rows 0…6.
        for y in 0..<16 {
            for x in 0..<12 {
                let lit = x == 4 && (y < 7 || (8..<15).contains(y))
                #expect(ctx.bitmap[x, y] == (lit ? .black : .clear), "(\(x), \(y))")
            }
        }
        #expect(ctx.textSize("ab\ncde", size: 8) == Size(width: 18, height: 16))
        #expect(ctx.textSize("", size: 16) == Size(width: 0, height: 0))
    }

    @Test func originSnapsToTheNearestPixelAndTextIsClipped() {
        let a = DrawingContext(width: 10, height: 10)
        a.drawText("B", at: Point(x: 2.4, y: 1.6), color: .black)
        let b = DrawingContext(width: 10, height: 10)
        b.drawText("B", at: Point(x: 2, y: 2), color: .black)
        #expect(a.bitmap == b.bitmap)
        let clipped = DrawingContext(width: 4, height: 4)
        clipped.drawText("WWW", at: Point(x: -3, y: -3), color: .black, size: 40)
        #expect(clipped.bitmap.width == 4)
    }

    @Test func everyPrintableCharacterHasAGlyphWithinItsCell() {
        for code in UInt8(0x21)...UInt8(0x7E) {
            let ctx = DrawingContext(width: 6, height: 8)
            ctx.drawText(String(UnicodeScalar(code)), at: .zero, color: .black)
            let ink = inked(ctx.bitmap)
            #expect(!ink.isEmpty, "0x\(String(code, radix: 16))")
            #expect(ink.allSatisfy { $0.x < 5 && $0.y < 7 })
        }
        let space = DrawingContext(width: 6, height: 8)
        space.drawText(" ", at: .zero, color: .black)
        #expect(inked(space.bitmap).isEmpty)
        #expect(BitmapFont.columns.count == 95 * 5)
        #expect(BitmapFont.columns.allSatisfy { $0 & 0x80 == 0 })
    }
}

extension DrawingContext {
    /// Test helper: the top-left `width` × `height` pixels of `bitmap`.
    fileprivate static func cropped(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        var out = Bitmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { out[x, y] = bitmap[x, y] } }
        return out
    }
}
