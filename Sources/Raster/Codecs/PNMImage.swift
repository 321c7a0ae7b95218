import RenderModel

/// One decoded netpbm image and where it was in the input.
public struct PNMImage: Hashable, Sendable {
    /// The format it was stored in.
    public var format: PNMFormat
    /// Its maxval (1 for P1 and P4).
    public var maxval: Int
    /// The pixels, converted to premultiplied RGBA8 (all opaque).
    public var bitmap: Bitmap
    /// The bytes of the input it occupied, magic number to last raster byte
    /// (for plain formats: to the end of the last sample). A next image, if
    /// any, starts at `byteRange.upperBound`.
    public var byteRange: Range<Int>

    /// Makes the value.
    public init(format: PNMFormat, maxval: Int, bitmap: Bitmap, byteRange: Range<Int>) {
        self.format = format
        self.maxval = maxval
        self.bitmap = bitmap
        self.byteRange = byteRange
    }
}
