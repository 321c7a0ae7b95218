/// Bounds on the size of a decoded image, checked against the header before
/// any pixel memory is allocated.
///
/// A header that claims 100000 × 100000 fails at its width, having cost a
/// few bytes of parsing, not 40 GB.
public struct ImageLimits: Hashable, Sendable {
    /// The largest accepted width, in pixels.
    public var maxWidth: Int
    /// The largest accepted height, in pixels.
    public var maxHeight: Int
    /// The largest accepted width × height.
    public var maxPixels: Int

    /// Limits of the given sizes.
    public init(maxWidth: Int, maxHeight: Int, maxPixels: Int) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
    }

    /// 16384 × 16384 and 64 Mi pixels (256 MiB of RGBA8): ``RenderLimits``.
    public static let `default` = ImageLimits(maxWidth: RenderLimits.maxBitmapSide, maxHeight: RenderLimits.maxBitmapSide,
                                              maxPixels: RenderLimits.maxBitmapPixels)
}
