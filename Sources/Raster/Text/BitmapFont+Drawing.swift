import RenderModel

extension BitmapFont {
    /// The width in pixels of `text` drawn on one line at `scale`: one
    /// ``cellWidth`` per character, without the spacing column after the
    /// last (0 for an empty string).
    public static func width(of text: String, scale: Int = 1) -> Int {
        let n = text.count
        return n == 0 ? 0 : (n * cellWidth - 1) * scale
    }

    /// Draws `text` on one line with the top-left font pixel of its first
    /// glyph at (`x`, `y`), each font pixel a `scale` × `scale` square of the
    /// premultiplied `color`, replacing what was there (no blending, no
    /// anti-aliasing: a label's ink pixels are exactly `color`). A character
    /// without a glyph (``hasGlyph(_:)``) draws as the outline of the glyph
    /// box, as `text` layers do. The part outside the bitmap is dropped.
    ///
    /// - Complexity: O(characters × 35 × scale²).
    ///
    /// Traps when `scale < 1`.
    ///
    ///     var label = Bitmap(width: 48, height: 9, fill: RGBA8(r: 0, g: 0, b: 0))
    ///     BitmapFont.draw("vsync 2", into: &label, x: 1, y: 1, color: RGBA8(r: 255, g: 255, b: 255))
    public static func draw(_ text: String, into bitmap: inout Bitmap, x: Int, y: Int, color: RGBA8, scale: Int = 1) {
        precondition(scale >= 1, "BitmapFont.draw needs a scale of 1 or more, got \(scale)")
        var left = x
        for character in text {
            let scalars = character.unicodeScalars
            let code = scalars.count == 1 ? scalars.first!.value : 0
            for column in 0..<glyphWidth {
                for row in 0..<glyphHeight {
                    let ink = hasGlyph(code) ? isSet(UInt8(code), column: column, row: row)
                        : column == 0 || row == 0 || column == glyphWidth - 1 || row == glyphHeight - 1
                    if ink { bitmap.fill(x: left + column * scale, y: y + row * scale, width: scale, height: scale, with: color) }
                }
            }
            left += cellWidth * scale
        }
    }
}
