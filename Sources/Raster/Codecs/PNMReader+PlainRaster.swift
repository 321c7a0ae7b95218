import RenderModel

extension PNMReader {
    /// Reads the ASCII raster of a P1, P2 or P3 image from `index` and leaves
    /// `index` just past its last sample.
    ///
    /// Whitespace and comments may appear anywhere between samples (P1 needs
    /// none between pixels). Before allocating, the input is checked to hold
    /// at least the shortest possible raster of this size.
    mutating func readPlainRaster(_ header: PNMHeader) throws(ImageDecodeError) -> Bitmap {
        let w = header.width
        let h = header.height
        // Each pixel of P1 takes at least one byte; each sample of P2/P3 at
        // least two (a digit and the whitespace before it).
        let perPixel = header.format == .p1 ? 1 : 2 * header.format.samplesPerPixel
        let (minimum, overflow) = (w * h).multipliedReportingOverflow(by: perPixel)
        let available = bytes.count - index
        guard !overflow, minimum <= available else {
            let needed = overflow ? "more than \(Int.max)" : "\(minimum)"
            throw failure(.truncatedRaster, at: bytes.count, "truncated raster: a \(w)×\(h) \(header.format.rawValue) image needs at least \(needed) more bytes, found \(available)")
        }
        let samples = w * h * header.format.samplesPerPixel
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        let channels = header.format.samplesPerPixel
        for k in 0..<samples {
            skipWhitespace()
            guard let c = peek() else {
                let unit = header.format == .p1 ? "pixels" : "samples"
                throw failure(.truncatedRaster, at: index, "truncated raster: expected \(samples) \(unit), found \(k)")
            }
            let value: UInt8
            if header.format == .p1 {
                guard c == UInt8(ascii: "0") || c == UInt8(ascii: "1") else {
                    throw unexpected(c, "in pixel \(k + 1) of \(samples) (P1 pixels are 0 or 1)")
                }
                index += 1
                value = c == UInt8(ascii: "1") ? 0 : 255
            } else {
                guard PNMReader.isDigit(c) else {
                    throw unexpected(c, "in sample \(k + 1) of \(samples)")
                }
                let number = try scanNumber("in sample \(k + 1) of \(samples)")
                guard number.value <= header.maxval else {
                    throw failure(.outOfRange, at: number.offset, "sample \(text(of: number)) exceeds maxval \(header.maxval)")
                }
                value = PNMReader.scale(number.value, maxval: header.maxval)
            }
            let pixel = k / channels
            if channels == 3 {
                pixels[pixel * 4 + k % 3] = value
            } else {
                pixels[pixel * 4] = value
                pixels[pixel * 4 + 1] = value
                pixels[pixel * 4 + 2] = value
            }
        }
        return Bitmap(width: w, height: h, pixels: pixels)
    }
}
