import RenderModel

/// Writes bitmaps as netpbm files, byte for byte the same on every run.
public enum PNMEncoder {
    /// The canonical P6 of `bitmap` (`docs/reference/core-animation-rules.md` §6):
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
        p6.withUnsafeMutableBytes { out in
            bitmap.pixels.withUnsafeBytes { raw in
                updateP6(out, from: raw, width: bitmap.width, columns: columns, rows: rows, over: background, headerCount: headerCount)
            }
        }
    }

    /// ``updateP6(_:from:columns:rows:over:headerCount:)`` on the bytes of
    /// the P6 file and of the bitmap (`width` pixels a row, RGBA), for
    /// whoever holds them already — the render server, updating the two
    /// halves of a frame on two threads: it writes only the bytes of
    /// `columns` × `rows`.
    ///
    /// Traps unless `out` holds the header and a P6 of `raw`'s pixels and
    /// the ranges lie inside the bitmap.
    public static func updateP6(_ out: UnsafeMutableRawBufferPointer, from raw: UnsafeRawBufferPointer, width: Int,
                                columns: Range<Int>, rows: Range<Int>, over background: RGBA8, headerCount: Int) {
        let height = width > 0 ? raw.count / 4 / width : 0
        precondition(width > 0 && raw.count == width * height * 4 && out.count == headerCount + width * height * 3,
                     "updateP6: \(out.count) bytes for a P6 of \(raw.count) RGBA bytes \(width) pixels wide")
        precondition(columns.lowerBound >= 0 && columns.upperBound <= width && rows.lowerBound >= 0 && rows.upperBound <= height,
                     "updateP6: \(columns) × \(rows) outside \(width)×\(height)")
        let opaque = RGBA8(r: background.r, g: background.g, b: background.b, a: 255)
        // The background's R, G, B in the low three bytes, and twice over.
        let background24 = UInt32(opaque.r) | UInt32(opaque.g) << 8 | UInt32(opaque.b) << 16
        let backgroundPair = UInt64(background24) | UInt64(background24) << 24
        /// One premultiplied pixel (R, G, B, A from the low byte) over the
        /// opaque background, as R, G, B in the low three bytes.
        @inline(__always) func rgb(_ v: UInt32) -> UInt32 {
            if v == 0 { return background24 }   // 0 + (bg·255 + 127) / 255 = bg
            if v >> 24 == 255 { return v & 0xFF_FFFF }
            let c = RGBA8(r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
                          b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24)).composited(over: opaque)
            return UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16
        }
        /// Two pixels (a little-endian word) as their six P6 bytes, in the
        /// low 48 bits.
        @inline(__always) func pair(_ w: UInt64) -> UInt64 {
            if w == 0 { return backgroundPair }
            if w & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 { return (w & 0xFF_FFFF) | (w >> 8 & 0xFFFF_FF00_0000) }
            return UInt64(rgb(UInt32(truncatingIfNeeded: w))) | UInt64(rgb(UInt32(truncatingIfNeeded: w >> 32))) << 24
        }
        for y in rows {
            var o = headerCount + (y * width + columns.lowerBound) * 3
            var p = (y * width + columns.lowerBound) * 4
            let end = (y * width + columns.upperBound) * 4
            // Four pixels a step, stored as exactly twelve bytes (eight and
            // four); four opaque ones without a branch each. (Two at a time
            // this was 12 instructions a pixel, 359 M for the 3 s animation
            // bench's damaged rectangles, more than their compositing; four
            // at a time 8.7, 262 M: callgrind.)
            while p &+ 16 <= end {
                let w0 = raw.loadUnaligned(fromByteOffset: p, as: UInt64.self).littleEndian
                let w1 = raw.loadUnaligned(fromByteOffset: p &+ 8, as: UInt64.self).littleEndian
                let q0: UInt64, q1: UInt64
                if w0 & w1 & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
                    q0 = (w0 & 0xFF_FFFF) | (w0 >> 8 & 0xFFFF_FF00_0000)
                    q1 = (w1 & 0xFF_FFFF) | (w1 >> 8 & 0xFFFF_FF00_0000)
                } else {
                    q0 = pair(w0)
                    q1 = pair(w1)
                }
                out.storeBytes(of: (q0 | q1 << 48).littleEndian, toByteOffset: o, as: UInt64.self)
                out.storeBytes(of: UInt32(truncatingIfNeeded: q1 >> 16).littleEndian, toByteOffset: o &+ 8, as: UInt32.self)
                o &+= 12
                p &+= 16
            }
            // Two pixels a step, stored as eight bytes (or one as
            // four) whose last two (one) the next step overwrites:
            // only while a pixel of this span is left after them.
            while p &+ 8 < end {
                let w = raw.loadUnaligned(fromByteOffset: p, as: UInt64.self).littleEndian
                out.storeBytes(of: pair(w).littleEndian, toByteOffset: o, as: UInt64.self)
                o &+= 6
                p &+= 8
            }
            // The last pixels, three bytes each.
            while p < end {
                let c = rgb(raw.loadUnaligned(fromByteOffset: p, as: UInt32.self).littleEndian)
                out[o] = UInt8(truncatingIfNeeded: c)
                out[o &+ 1] = UInt8(truncatingIfNeeded: c >> 8)
                out[o &+ 2] = UInt8(truncatingIfNeeded: c >> 16)
                o &+= 3
                p &+= 4
            }
        }
    }
}
