import RenderModel

/// Writes bitmaps as PNG files that browsers and image viewers open, byte for
/// byte the same on every run.
///
/// The encoder is deliberately simple: no compression, so no choices.
///
/// - The 8-byte signature, then `IHDR`: width, height, bit depth 8, colour
///   type 2 (RGB) when every pixel is opaque, else 6 (RGBA, straight alpha:
///   each premultiplied channel `c` of a pixel with alpha `a > 0` becomes
///   `min(255, (c·255 + a/2) / a)`, and a fully transparent pixel is
///   `0 0 0 0`), compression, filter and interlace 0.
/// - The image data: each row is the filter byte 0 (None) followed by its
///   pixels, top row first. It is wrapped in a zlib stream (`78 01`) of
///   stored deflate blocks of at most 65535 bytes each (only the last one
///   has BFINAL set), then the big-endian Adler-32 of the data. The stream is
///   cut into `IDAT` chunks of at most `maxIDATLength` bytes.
/// - `IEND`. Every chunk ends with the CRC-32 of its type and data.
///
/// A 1×1 opaque red bitmap gives 72 bytes (`IHDR` colour type 2, one
/// `IDAT` of 15 bytes: `78 01 01 04 00 FB FF 00 FF 00 00 03 01 01 00`).
///
///     let png = PNGEncoder.encode(bitmap)
///     try Data(png).write(to: url)
public enum PNGEncoder {
    /// The PNG signature, `89 50 4E 47 0D 0A 1A 0A`.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The longest stored deflate block (the format's limit).
    public static let maxStoredBlockLength = 65_535

    /// The longest `IDAT` chunk the encoder writes; longer streams are split
    /// into several chunks.
    public static let maxIDATLength = 1 << 20

    /// The PNG file of `bitmap`.
    ///
    /// - Complexity: O(width × height). The output is 3 (opaque) or 4 bytes
    ///   per pixel, plus 1 per row, 5 per stored block, 12 per `IDAT` beyond
    ///   the first, and 63.
    ///
    /// Traps when the bitmap is empty (PNG needs at least 1×1) or a
    /// dimension is above 2³¹ − 1.
    public static func encode(_ bitmap: Bitmap) -> [UInt8] {
        encode(bitmap, compression: .stored)
    }

    /// The PNG file of `bitmap`, its image data in stored blocks (as
    /// ``encode(_:)``) or compressed (``Compression/runs``).
    public static func encode(_ bitmap: Bitmap, compression: Compression) -> [UInt8] {
        precondition(bitmap.width > 0 && bitmap.height > 0,
                     "PNGEncoder.encode needs a bitmap of at least 1×1, got \(bitmap.width)×\(bitmap.height)")
        precondition(bitmap.width <= Int(Int32.max) && bitmap.height <= Int(Int32.max),
                     "PNGEncoder.encode: \(bitmap.width)×\(bitmap.height) is above PNG's 2³¹ − 1 limit")
        let opaque = isOpaque(bitmap)
        let raw = scanlines(bitmap, opaque: opaque)
        let stream = compression == .stored ? zlibStored(raw) : zlibRuns(raw, pixelLength: opaque ? 3 : 4, rowLength: 1 + bitmap.width * (opaque ? 3 : 4))

        var ihdr: [UInt8] = []
        ihdr.reserveCapacity(13)
        appendBigEndian(UInt32(bitmap.width), to: &ihdr)
        appendBigEndian(UInt32(bitmap.height), to: &ihdr)
        ihdr += [8, opaque ? 2 : 6, 0, 0, 0]

        let idatCount = (stream.count + maxIDATLength - 1) / maxIDATLength
        var out: [UInt8] = []
        out.reserveCapacity(signature.count + 25 + stream.count + 12 * idatCount + 12)
        out += signature
        appendChunk("IHDR", ihdr[...], to: &out)
        var start = 0
        while start < stream.count {
            let end = min(start + maxIDATLength, stream.count)
            appendChunk("IDAT", stream[start..<end], to: &out)
            start = end
        }
        appendChunk("IEND", [][...], to: &out)
        return out
    }

    // MARK: Pixels

    /// Whether every pixel's alpha is 255.
    static func isOpaque(_ bitmap: Bitmap) -> Bool {
        bitmap.pixels.withUnsafeBufferPointer { px in
            var p = 3
            while p < px.count {
                if px[p] != 255 { return false }
                p += 4
            }
            return true
        }
    }

    /// The filtered image data: per row, the filter byte 0 then the pixels
    /// as RGB (opaque) or straight RGBA.
    static func scanlines(_ bitmap: Bitmap, opaque: Bool) -> [UInt8] {
        let channels = opaque ? 3 : 4
        let rowLength = 1 + bitmap.width * channels
        let count = rowLength * bitmap.height
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            bitmap.pixels.withUnsafeBufferPointer { px in
                var o = 0
                var p = 0
                for _ in 0..<bitmap.height {
                    out[o] = 0
                    o += 1
                    for _ in 0..<bitmap.width {
                        let a = px[p + 3]
                        if opaque {
                            out[o] = px[p]
                            out[o + 1] = px[p + 1]
                            out[o + 2] = px[p + 2]
                        } else if a == 255 {
                            out[o] = px[p]
                            out[o + 1] = px[p + 1]
                            out[o + 2] = px[p + 2]
                            out[o + 3] = 255
                        } else if a == 0 {
                            out[o] = 0
                            out[o + 1] = 0
                            out[o + 2] = 0
                            out[o + 3] = 0
                        } else {
                            out[o] = unpremultiply(px[p], a)
                            out[o + 1] = unpremultiply(px[p + 1], a)
                            out[o + 2] = unpremultiply(px[p + 2], a)
                            out[o + 3] = a
                        }
                        o += channels
                        p += 4
                    }
                }
                initialized = o
            }
        }
    }

    /// `min(255, (c·255 + a/2) / a)` for `a > 0`.
    static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let alpha = UInt32(a)
        return UInt8(min(255, (UInt32(c) * 255 + alpha / 2) / alpha))
    }

    // MARK: zlib

    /// A zlib stream (RFC 1950) holding `data` in stored deflate blocks
    /// (RFC 1951 §3.2.4): `78 01`, the blocks, then the Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        let blocks = max(1, (data.count + maxStoredBlockLength - 1) / maxStoredBlockLength)
        var out: [UInt8] = []
        out.reserveCapacity(2 + data.count + 5 * blocks + 4)
        // CMF: deflate, 32 KiB window; FLG: level 0 ("fastest"), no
        // dictionary, check bits so that 0x7801 is a multiple of 31.
        out += [0x78, 0x01]
        var start = 0
        for block in 0..<blocks {
            let end = min(start + maxStoredBlockLength, data.count)
            let length = UInt16(end - start)
            out.append(block == blocks - 1 ? 1 : 0)   // BFINAL, BTYPE 00
            out.append(UInt8(length & 0xFF))
            out.append(UInt8(length >> 8))
            out.append(UInt8(~length & 0xFF))
            out.append(UInt8(~length >> 8))
            out += data[start..<end]
            start = end
        }
        appendBigEndian(adler32(data), to: &out)
        return out
    }

    /// The Adler-32 checksum of `data` (RFC 1950 §8).
    public static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        data.withUnsafeBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                // 5552 bytes is the most that cannot overflow b before the modulo.
                let end = min(i + 5552, bytes.count)
                while i < end {
                    a += UInt32(bytes[i])
                    b += a
                    i += 1
                }
                a %= 65521
                b %= 65521
            }
        }
        return b << 16 | a
    }

    // MARK: Chunks

    /// The CRC-32 (ISO 3309, polynomial 0xEDB88320, as in PNG and zlib)
    /// of `data`.
    public static func crc32<C: Collection>(_ data: C) -> UInt32 where C.Element == UInt8 {
        crc32(data, continuing: 0)
    }

    static func crc32<C: Collection>(_ data: C, continuing crc: UInt32) -> UInt32 where C.Element == UInt8 {
        var c = ~crc
        for byte in data {
            c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8)
        }
        return ~c
    }

    /// The 256 CRCs of single bytes.
    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 {
            c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
        }
        return c
    }

    /// Length, type, data, CRC of type and data.
    static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "a PNG chunk type has 4 letters, got '\(type)'")
        appendBigEndian(UInt32(data.count), to: &out)
        out += typeBytes
        out += data
        appendBigEndian(crc32(data, continuing: crc32(typeBytes)), to: &out)
    }

    static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(value >> 24))
        out.append(UInt8((value >> 16) & 0xFF))
        out.append(UInt8((value >> 8) & 0xFF))
        out.append(UInt8(value & 0xFF))
    }
}
