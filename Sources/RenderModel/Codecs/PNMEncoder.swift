/// Writes bitmaps as netpbm files, byte for byte the same on every run.
public enum PNMEncoder {
    /// The canonical P6 of `bitmap` (`core-animation.md` §6):
    /// `P6\n<w> <h>\n255\n` followed by R, G, B for every pixel, rows from the
    /// top, with no comment.
    ///
    /// Each premultiplied pixel is composited over `background`, taken as
    /// opaque (its alpha is ignored): `c + (bg·(255 − a) + 127) / 255` per
    /// channel. A 2×1 red, green bitmap gives the 17 bytes
    /// `50 36 0A 32 20 31 0A 32 35 35 0A FF 00 00 00 FF 00`.
    public static func p6(_ bitmap: Bitmap, over background: RGBA8) -> [UInt8] {
        let header = Array("P6\n\(bitmap.width) \(bitmap.height)\n255\n".utf8)
        let count = bitmap.pixelCount
        let opaque = RGBA8(r: background.r, g: background.g, b: background.b, a: 255)
        let out = [UInt8](unsafeUninitializedCapacity: header.count + count * 3) { buffer, initialized in
            for (i, byte) in header.enumerated() { buffer[i] = byte }
            var o = header.count
            bitmap.pixels.withUnsafeBufferPointer { px in
                for p in stride(from: 0, to: count * 4, by: 4) {
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
            initialized = o
        }
        return out
    }
}
