import RenderModel

extension PNMReader {
    /// Reads the binary raster of a P4, P5 or P6 image at `index` and leaves
    /// `index` just past it.
    ///
    /// The whole raster's length is checked against the input before the
    /// pixels are allocated.
    mutating func readRawRaster(_ header: PNMHeader) throws(ImageDecodeError) -> Bitmap {
        let w = header.width
        let h = header.height
        let sampleBytes = header.maxval > 255 ? 2 : 1
        let rowBytes = header.format == .p4 ? (w + 7) / 8 : w * header.format.samplesPerPixel * sampleBytes
        let (needed, overflow) = rowBytes.multipliedReportingOverflow(by: h)
        let available = bytes.count - index
        guard !overflow, needed <= available else {
            let expected = overflow ? "more than \(Int.max)" : "\(needed)"
            throw failure(.truncatedRaster, at: bytes.count, textual: false, "truncated raster: expected \(expected) bytes, found \(available)")
        }
        let start = index
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        if header.format == .p4 {
            bytes.withUnsafeBufferPointer { input in
                pixels.withUnsafeMutableBufferPointer { out in
                    for y in 0..<h {
                        let row = start + y * rowBytes
                        for x in 0..<w {
                            let bit = (input[row + (x >> 3)] >> UInt8(7 - (x & 7))) & 1
                            let v: UInt8 = bit == 1 ? 0 : 255
                            let o = (y * w + x) * 4
                            out[o] = v
                            out[o + 1] = v
                            out[o + 2] = v
                        }
                    }
                }
            }
        } else if let bad = convertSamples(header, from: start, into: &pixels) {
            throw failure(.outOfRange, at: bad.offset, textual: false, "sample \(bad.value) exceeds maxval \(header.maxval)")
        }
        index = start + needed
        return Bitmap(width: w, height: h, pixels: pixels)
    }

    /// Converts P5/P6 samples to opaque RGBA8; answers the first sample above
    /// maxval instead, if there is one.
    private func convertSamples(_ header: PNMHeader, from start: Int, into pixels: inout [UInt8]) -> (offset: Int, value: Int)? {
        let maxval = header.maxval
        let channels = header.format.samplesPerPixel
        let count = header.width * header.height
        return bytes.withUnsafeBufferPointer { input -> (offset: Int, value: Int)? in
            pixels.withUnsafeMutableBufferPointer { out -> (offset: Int, value: Int)? in
                if maxval == 255 {
                    // Bytes are the samples: copy (no sample can exceed maxval).
                    var at = start
                    for o in stride(from: 0, to: count * 4, by: 4) {
                        out[o] = input[at]
                        out[o + 1] = input[at + channels / 2]
                        out[o + 2] = input[at + channels - 1]
                        at += channels
                    }
                    return nil
                }
                let width = maxval > 255 ? 2 : 1
                var at = start
                for o in stride(from: 0, to: count * 4, by: 4) {
                    for k in 0..<channels {
                        let s = width == 2 ? Int(input[at]) << 8 | Int(input[at + 1]) : Int(input[at])
                        if s > maxval { return (at, s) }
                        out[o + k] = PNMReader.scale(s, maxval: maxval)
                        at += width
                    }
                    if channels == 1 {
                        out[o + 1] = out[o]
                        out[o + 2] = out[o]
                    }
                }
                return nil
            }
        }
    }

    /// A sample of 0…maxval scaled to 0…255 with exact integer rounding:
    /// `(s·255 + maxval/2) / maxval`.
    static func scale(_ sample: Int, maxval: Int) -> UInt8 {
        UInt8((sample * 255 + maxval / 2) / maxval)
    }
}
