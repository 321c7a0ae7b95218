import Raster
import RenderModel

extension DrawingContext {
    /// The text size (in points) at which the built-in font draws one font
    /// pixel per point: its cell height.
    public static let defaultTextSize = 8.0

    /// Device pixels per font pixel for `size` points: `size × scale / 8`
    /// rounded half away from zero, at least 1 and at most 4096; 0 when
    /// `size` is not a positive finite number (nothing is drawn).
    func fontPixelSize(for size: Double) -> Int {
        guard size > 0, size.isFinite else { return 0 }
        let k = (size * Double(scale) / Double(BitmapFont.cellHeight)).rounded()
        if k < 1 { return 1 }
        return k > 4096 ? 4096 : Int(k)
    }

    /// The size of `s` drawn at `size`, in points: 6 font pixels per
    /// character across (the longest line), 8 per line down.
    public func textSize(_ s: String, size: Double = DrawingContext.defaultTextSize) -> Size {
        let k = fontPixelSize(for: size)
        var longest = 0, current = 0, lines = s.isEmpty ? 0 : 1
        for ch in s {
            if ch == "\n" || ch == "\r\n" {
                lines += 1
                current = 0
            } else {
                current += 1
                longest = Swift.max(longest, current)
            }
        }
        let unit = Double(k) / Double(scale)
        return Size(width: Double(longest * BitmapFont.cellWidth) * unit,
                    height: Double(lines * BitmapFont.cellHeight) * unit)
    }

    /// Draws `s` with the built-in 5 × 7 font, `at` being the top-left corner
    /// of the first character's 6 × 8 cell (not a baseline).
    ///
    /// Each font pixel is a square of `size` / 8 points, rounded to a whole
    /// number of device pixels (at least one) — integer nearest-neighbour
    /// scaling, no anti-aliasing. The origin is mapped by `transform` and
    /// snapped to the nearest device pixel; the glyphs themselves are not
    /// rotated or sheared. Each `Character` takes one cell: printable ASCII
    /// its glyph, `"\n"` starts a new line below the first character, and
    /// anything else (other control characters, non-ASCII) is drawn as a
    /// box, the outline of the glyph area. Pixels outside the bitmap are
    /// dropped.
    public func drawText(_ s: String, at origin: Point, color: RGBA8, size: Double = DrawingContext.defaultTextSize) {
        let k = fontPixelSize(for: size)
        guard k > 0 else { return }
        let o = origin.applying(deviceTransform)
        let limit = 1e12
        guard o.x.isFinite, o.y.isFinite, Swift.abs(o.x) < limit, Swift.abs(o.y) < limit else { return }
        let premultiplied = color.premultiplied()
        guard premultiplied.a > 0 else { return }
        let left = Int(o.x.rounded())
        var x = left
        var y = Int(o.y.rounded())
        let w = bitmap.width, h = bitmap.height
        guard w > 0, h > 0 else { return }
        let cellW = BitmapFont.cellWidth * k, cellH = BitmapFont.cellHeight * k
        let packed = PixelMath.pack(r: premultiplied.r, g: premultiplied.g, b: premultiplied.b, a: premultiplied.a)
        bitmap.withUnsafeCanvas { canvas in
            /// Draws font pixel (column, row) of the cell at (x, y):
            /// source-over at full coverage, as the scan converter does.
            func dot(_ column: Int, _ row: Int) {
                let x0 = Swift.max(0, x + column * k), x1 = Swift.min(w, x + (column + 1) * k)
                let y0 = Swift.max(0, y + row * k), y1 = Swift.min(h, y + (row + 1) * k)
                guard x0 < x1, y0 < y1 else { return }
                for py in y0..<y1 {
                    PixelMath.fillSpan(canvas.pointer(x: x0, y: py), x1 - x0, packed)
                }
            }
            for ch in s {
                if ch == "\n" || ch == "\r\n" {
                    x = left
                    y += cellH
                    continue
                }
                // Cells wholly outside the bitmap draw nothing.
                let visible = x < w && x + cellW > 0 && y < h && y + cellH > 0
                if visible {
                    let scalars = ch.unicodeScalars
                    if scalars.count == 1, let code = scalars.first?.value, BitmapFont.hasGlyph(code) {
                        for column in 0..<BitmapFont.glyphWidth {
                            for row in 0..<BitmapFont.glyphHeight where BitmapFont.isSet(UInt8(code), column: column, row: row) {
                                dot(column, row)
                            }
                        }
                    } else {
                        for column in 0..<BitmapFont.glyphWidth {
                            for row in 0..<BitmapFont.glyphHeight
                            where column == 0 || row == 0 || column == BitmapFont.glyphWidth - 1 || row == BitmapFont.glyphHeight - 1 {
                                dot(column, row)
                            }
                        }
                    }
                }
                x += cellW
            }
        }
    }
}
