/// A width × height image of premultiplied 8-bit RGBA pixels.
///
/// `pixels` holds `width × height × 4` bytes, row-major from the top row, each
/// pixel r, g, b, a with r, g, b already multiplied by a. Two bitmaps are equal
/// when their sizes and bytes are; `contentHash` (module Raster) names the
/// content stably across runs and machines.
///
///     var b = Bitmap(width: 2, height: 1, fill: RGBA8(.red))
///     b[1, 0] = RGBA8(.green)
///     b.contentHash    // 16 hex digits (import Raster)
public struct Bitmap: Hashable, Sendable {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width × height × 4` bytes, premultiplied RGBA, row-major.
    public internal(set) var pixels: [UInt8]

    /// A bitmap with every pixel `fill` (premultiplied; default transparent).
    ///
    /// Traps when a dimension is negative or `width × height × 4` overflows;
    /// bound sizes from files and the wire before calling (`ImageLimits`).
    public init(width: Int, height: Int, fill: RGBA8 = .clear) {
        let count = Bitmap.byteCount(width: width, height: height)
        self.width = width
        self.height = height
        if fill == .clear {
            self.pixels = [UInt8](repeating: 0, count: count)
        } else {
            var bytes = [UInt8]()
            bytes.reserveCapacity(count)
            for _ in 0..<(count / 4) {
                bytes.append(fill.r)
                bytes.append(fill.g)
                bytes.append(fill.b)
                bytes.append(fill.a)
            }
            self.pixels = bytes
        }
    }

    /// A bitmap filled with the straight colour `color`, converted to bytes
    /// and premultiplied.
    public init(width: Int, height: Int, color: RGBA) {
        self.init(width: width, height: height, fill: RGBA8(color).premultiplied())
    }

    /// A bitmap over the given premultiplied bytes.
    ///
    /// Traps unless `pixels.count == width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        let count = Bitmap.byteCount(width: width, height: height)
        precondition(pixels.count == count, "Bitmap(width: \(width), height: \(height), pixels:) needs \(count) bytes, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The number of pixels, `width × height`.
    public var pixelCount: Int { width * height }

    static func byteCount(width: Int, height: Int) -> Int {
        precondition(width >= 0 && height >= 0, "Bitmap dimensions must not be negative, got \(width)×\(height)")
        let (area, o1) = width.multipliedReportingOverflow(by: height)
        let (count, o2) = area.multipliedReportingOverflow(by: 4)
        precondition(!o1 && !o2, "Bitmap of \(width)×\(height) is too large to address")
        return count
    }
}
