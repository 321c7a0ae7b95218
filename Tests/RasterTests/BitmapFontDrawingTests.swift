import Raster
import RenderModel
import Testing

/// `BitmapFont.draw(_:into:x:y:color:scale:)` and `width(of:scale:)`: the
/// labels of contact sheets and diff images, by exact pixels.
@Suite struct BitmapFontDrawingTests {
    static let ink = px(255, 255, 0)
    static let paper = px(0, 0, 0)

    /// The glyph of `character` as 7 strings of `#` and `.`, from the font's table.
    func rows(_ character: Character) -> [String] {
        let code = UInt8(character.asciiValue!)
        return (0..<7).map { row in String((0..<5).map { BitmapFont.isSet(code, column: $0, row: row) ? "#" : "." }) }
    }

    @Test func theDigitOneIsTheClassicGlyph() {
        #expect(rows("1") == ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."])
    }

    @Test func drawingPutsInkExactlyWhereTheGlyphsAreSetOneCellApart() {
        var image = Bitmap(width: 14, height: 9, fill: Self.paper)
        BitmapFont.draw("1s", into: &image, x: 1, y: 1, color: Self.ink)
        for (index, character) in ["1", "s"].enumerated() {
            let glyph = rows(Character(character))
            for row in 0..<7 {
                for column in 0..<5 {
                    let expected = glyph[row][glyph[row].index(glyph[row].startIndex, offsetBy: column)] == "#" ? Self.ink : Self.paper
                    #expect(image[1 + index * 6 + column, 1 + row] == expected, "\(character) (\(column), \(row))")
                }
            }
        }
        // The spacing column after each glyph and the row under the text stay paper.
        for y in 0..<9 { #expect(image[6, y] == Self.paper && image[12, y] == Self.paper && image[0, y] == Self.paper) }
        for x in 0..<14 { #expect(image[x, 8] == Self.paper && image[x, 0] == Self.paper) }
    }

    @Test func aScaleDrawsEachFontPixelAsASquare() {
        var image = Bitmap(width: 12, height: 16, fill: Self.paper)
        BitmapFont.draw("1", into: &image, x: 0, y: 0, color: Self.ink, scale: 2)
        // Row 0 of "1" is ..#..: font pixel (2, 0) covers (4…5, 0…1).
        for (x, y) in [(4, 0), (5, 0), (4, 1), (5, 1)] { #expect(image[x, y] == Self.ink, "(\(x), \(y))") }
        #expect(image[3, 0] == Self.paper && image[6, 1] == Self.paper)
        // Row 6 is .###.: x 2…7 at y 12…13.
        #expect((2...7).allSatisfy { image[$0, 12] == Self.ink && image[$0, 13] == Self.ink })
    }

    @Test func aCharacterWithoutAGlyphIsAHollowBox() {
        var image = Bitmap(width: 6, height: 8, fill: Self.paper)
        BitmapFont.draw("é", into: &image, x: 0, y: 0, color: Self.ink)
        for y in 0..<7 {
            for x in 0..<5 {
                let edge = x == 0 || y == 0 || x == 4 || y == 6
                #expect(image[x, y] == (edge ? Self.ink : Self.paper), "(\(x), \(y))")
            }
        }
    }

    @Test func widthCountsSixPixelsACharacterWithoutTheLastSpacing() {
        #expect(BitmapFont.width(of: "") == 0)
        #expect(BitmapFont.width(of: "a") == 5)
        #expect(BitmapFont.width(of: "vsync 241") == 53)
        #expect(BitmapFont.width(of: "ab", scale: 3) == 33)
    }

    @Test func textOutsideTheBitmapIsClippedNotATrap() {
        var image = Bitmap(width: 4, height: 4, fill: Self.paper)
        BitmapFont.draw("WWW", into: &image, x: -3, y: 2, color: Self.ink)
        BitmapFont.draw("W", into: &image, x: 100, y: 100, color: Self.ink)
        // W's row 0 is #...#: the first W's last column lands at x = 1, the
        // second W's first at x = 3; its column 3 (x = 0) is paper.
        #expect(image[1, 2] == Self.ink && image[3, 2] == Self.ink)
        #expect(image[0, 2] == Self.paper && image[2, 2] == Self.paper)
    }
}
