import RenderModel

/// Decodes the netpbm family P1–P6 (`docs/reference/core-animation-rules.md` §6) into
/// premultiplied RGBA8 bitmaps, for the commit's prepare phase.
///
/// - Header: magic number, then width, height and (except P1/P4) maxval in
///   ASCII decimal separated by whitespace; maxval 1…65535. A comment is `#`
///   through the next CR or LF and is removed wherever it appears before the
///   raster, even inside a number (`1#c⏎2` reads 12); its line end is not
///   whitespace. Raw formats end the header with exactly one whitespace byte.
/// - Samples: one byte when maxval ≤ 255, else two, big-endian; scaled to
///   0…255 as `(s·255 + maxval/2) / maxval`. A sample above maxval is an
///   error. P1/P4: 1 is black, 0 white; P4 rows are padded to whole bytes.
/// - Several images may follow each other; `decode` takes the first,
///   `decodeImage(_:at:limits:)` says where it ended, `decodeAll` reads them all.
/// - Every problem is an `ImageDecodeError` naming the byte offset (and
///   line:column in text), never a trap; dimensions are checked against
///   `ImageLimits` and the raster's length against the input before pixel
///   memory is allocated.
///
///     let bitmap = try PNMDecoder.decode(Array("P3 1 1 255\n255 0 0\n".utf8))
///     bitmap[0, 0]   // RGBA8(r: 255, g: 0, b: 0, a: 255)
public enum PNMDecoder {
    /// The first image in `bytes` (bytes after it are ignored).
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageDecodeError) -> Bitmap {
        try decodeImage(bytes, at: 0, limits: limits).bitmap
    }

    /// The image whose magic number starts at `offset`, with its format,
    /// maxval and the byte range it occupied. Error offsets count from the
    /// start of `bytes`.
    public static func decodeImage(_ bytes: [UInt8], at offset: Int = 0, limits: ImageLimits = .default) throws(ImageDecodeError) -> PNMImage {
        precondition(offset >= 0 && offset <= bytes.count, "decodeImage(at: \(offset)) is outside the \(bytes.count) input bytes")
        var reader = PNMReader(bytes: bytes, index: offset)
        let header = try reader.readHeader(limits: limits)
        let bitmap = header.format.isPlain ? try reader.readPlainRaster(header) : try reader.readRawRaster(header)
        return PNMImage(format: header.format, maxval: header.maxval, bitmap: bitmap, byteRange: offset..<reader.index)
    }

    /// Every image in `bytes`, back to back.
    ///
    /// After a raw image the next magic number must follow at once; after a
    /// plain one, whitespace and comments may come first. Trailing whitespace
    /// at the end of the input is ignored. `limits.maxPixels` bounds the
    /// total over all images.
    public static func decodeAll(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageDecodeError) -> [PNMImage] {
        var images: [PNMImage] = []
        var offset = 0
        var budget = limits
        repeat {
            let image = try decodeImage(bytes, at: offset, limits: budget)
            images.append(image)
            budget.maxPixels -= image.bitmap.pixelCount
            offset = image.byteRange.upperBound
            var rest = PNMReader(bytes: bytes, index: offset)
            if image.format.isPlain {
                rest.skipWhitespace()
                offset = rest.index
            } else if bytes[offset...].allSatisfy(PNMReader.isWhitespace) {
                offset = bytes.count
            }
        } while offset < bytes.count
        return images
    }
}
