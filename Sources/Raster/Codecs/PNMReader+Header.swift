import RenderModel

/// What a netpbm header says.
struct PNMHeader {
    var format: PNMFormat
    var width: Int
    var height: Int
    /// 1 for P1 and P4.
    var maxval: Int
}

extension PNMReader {
    /// Reads a header starting at `index` and leaves `index` at the first
    /// raster byte (raw formats: just past the one delimiting whitespace
    /// byte) or at the whitespace before the first sample (plain formats).
    ///
    /// Dimensions are checked against `limits` as soon as each is read, so
    /// an oversized image fails before anything is allocated.
    mutating func readHeader(limits: ImageLimits) throws(ImageDecodeError) -> PNMHeader {
        let format = try readMagic()
        if let c = peek(), !PNMReader.isWhitespace(c) {
            throw unexpected(c, "after the magic number \(format.rawValue)")
        }
        let width = try readField("width")
        try check(width, "width", limit: limits.maxWidth)
        let height = try readField("height")
        try check(height, "height", limit: limits.maxHeight)
        let (pixels, overflow) = width.value.multipliedReportingOverflow(by: height.value)
        if overflow || pixels > limits.maxPixels {
            let count = overflow ? "more than \(Int.max)" : "\(pixels)"
            throw failure(.exceedsLimit, at: height.offset, "\(width.value)×\(height.value) is \(count) pixels, which exceeds the limit \(limits.maxPixels)")
        }
        var maxval = 1
        if !format.isBitmap {
            let field = try readField("maxval")
            guard field.value >= 1 && field.value <= 65535 && !field.overflowed else {
                throw failure(.outOfRange, at: field.offset, "maxval \(text(of: field)) out of range 1…65535")
            }
            maxval = field.value
        }
        guard peek() != nil else {
            throw failure(.truncatedHeader, at: index, "truncated header: expected one whitespace character before the raster, found the end of the file")
        }
        if !format.isPlain {
            index += 1  // exactly one whitespace byte; the raster starts after it
        }
        return PNMHeader(format: format, width: width.value, height: height.value, maxval: maxval)
    }

    private mutating func readMagic() throws(ImageDecodeError) -> PNMFormat {
        guard index < bytes.count else {
            throw failure(.truncatedHeader, at: index, "truncated header: expected the magic number P1…P6, found the end of the file")
        }
        guard bytes[index] == UInt8(ascii: "P") else {
            throw failure(.badMagic, at: index, "not a netpbm image: expected the magic number P1…P6, found \(PNMReader.describe(bytes[index]))")
        }
        guard index + 1 < bytes.count else {
            throw failure(.truncatedHeader, at: index + 1, "truncated header: the magic number ends after 'P'")
        }
        guard let format = PNMFormat(digit: bytes[index + 1]) else {
            throw failure(.badMagic, at: index + 1, "unsupported magic number: 'P' followed by \(PNMReader.describe(bytes[index + 1])) (LoopSim reads P1…P6)")
        }
        index += 2
        return format
    }

    /// Skips the whitespace and comments before a header number and reads it.
    private mutating func readField(_ name: String) throws(ImageDecodeError) -> Number {
        skipWhitespace()
        guard let c = peek() else {
            throw failure(.truncatedHeader, at: index, "truncated header: expected the \(name), found the end of the file")
        }
        guard PNMReader.isDigit(c) else { throw unexpected(c, "in \(name)") }
        return try scanNumber("in \(name)")
    }

    private func check(_ field: Number, _ name: String, limit: Int) throws(ImageDecodeError) {
        if field.value == 0 {
            throw failure(.outOfRange, at: field.offset, "\(name) 0 out of range 1…\(limit)")
        }
        if field.value > limit || field.overflowed {
            throw failure(.exceedsLimit, at: field.offset, "\(name) \(text(of: field)) exceeds the limit \(limit)")
        }
    }
}
