/// Writes bitmaps as netpbm files, byte for byte the same on every run.
public enum PNMEncoder {
    /// The canonical P6 of `bitmap` (`docs/core-animation-rules.md` §6):
    /// `P6\n<w> <h>\n255\n` followed by R, G, B for every pixel, rows from the
    /// top, with no comment.
    ///
    /// Each premultiplied pixel is composited over `background`, taken as
    /// opaque (its alpha is ignored): `c + (bg·(255 − a) + 127) / 255` per
    /// channel. A 2×1 red, green bitmap gives the 17 bytes
    /// `50 36 0A 32 20 31 0A 32 35 35 0A FF 00 00 00 FF 00`.
    public static func p6(_ bitmap: Bitmap, over background: RGBA8) -> [UInt8] {
        var out = p6Header(width: bitmap.width, height: bitmap.height)
        let headerCount = out.count
        out += [UInt8](repeating: 0, count: bitmap.pixelCount * 3)
        updateP6(&out, from: bitmap, columns: 0..<bitmap.width, rows: 0..<bitmap.height, over: background, headerCount: headerCount)
        return out
    }

    /// The header of a canonical P6 image: `P6\n<w> <h>\n255\n`.
    public static func p6Header(width: Int, height: Int) -> [UInt8] {
        Array("P6\n\(width) \(height)\n255\n".utf8)
    }

    /// Re-encodes `columns` × `rows` of `bitmap` into `p6`, a P6 image of
    /// the same size whose header is `headerCount` bytes (as `p6(_:over:)`
    /// makes it); the other pixels are left alone. A frame changed only in
    /// a few small rectangles is re-encoded only there.
    ///
    /// Traps unless `p6` holds the header and `bitmap`'s pixels and the
    /// ranges lie inside the bitmap.
    public static func updateP6(_ p6: inout [UInt8], from bitmap: Bitmap, columns: Range<Int>, rows: Range<Int>,
                                over background: RGBA8, headerCount: Int) {
        precondition(p6.count == headerCount + bitmap.pixelCount * 3, "updateP6: \(p6.count) bytes for a \(bitmap.width)×\(bitmap.height) P6")
        precondition(columns.lowerBound >= 0 && columns.upperBound <= bitmap.width && rows.lowerBound >= 0 && rows.upperBound <= bitmap.height,
                     "updateP6: \(columns) × \(rows) outside \(bitmap.width)×\(bitmap.height)")
        let opaque = RGBA8(r: background.r, g: background.g, b: background.b, a: 255)
        let width = bitmap.width
        p6.withUnsafeMutableBufferPointer { buffer in
            bitmap.pixels.withUnsafeBufferPointer { px in
                for y in rows {
                    var o = headerCount + (y * width + columns.lowerBound) * 3
                    for p in stride(from: (y * width + columns.lowerBound) * 4, to: (y * width + columns.upperBound) * 4, by: 4) {
                        if px[p + 3] == 255 {
                            buffer[o] = px[p]
                            buffer[o + 1] = px[p + 1]
                            buffer[o + 2] = px[p + 2]
                        } else {
                            let c = RGBA8(r: px[p], g: px[p + 1], b: px[p + 2], a: px[p + 3]).composited(over: opaque)
                            buffer[o] = c.r
                            buffer[o + 1] = c.g
                            buffer[o + 2] = c.b
                        }
                        o += 3
                    }
                }
            }
        }
    }
}
