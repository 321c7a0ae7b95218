/// Bounds that a `WireReader` checks every count, dimension and length
/// against before it allocates anything.
///
/// A commit header that claims 4 billion operations, or a bitmap that claims
/// 100000 × 100000 pixels, fails at that field having cost a few bytes of
/// parsing, not gigabytes.
public struct WireLimits: Hashable, Sendable {
    /// The most operations one commit may carry. Default 1_000_000.
    public var maxOpsPerCommit: Int
    /// The widest bitmap, in pixels. Default 16384.
    public var maxBitmapWidth: Int
    /// The tallest bitmap, in pixels. Default 16384.
    public var maxBitmapHeight: Int
    /// The most pixel bytes (width × height × 4) of one bitmap. Default
    /// 256 MiB.
    public var maxBitmapBytes: Int
    /// The longest length-prefixed string or byte string. Default 64 KiB.
    public var maxStringBytes: Int
    /// The longest message body. Default 512 MiB.
    public var maxMessageBytes: Int

    /// Limits of the given sizes; every one defaults to the documented value.
    public init(
        maxOpsPerCommit: Int = 1_000_000,
        maxBitmapWidth: Int = 16384,
        maxBitmapHeight: Int = 16384,
        maxBitmapBytes: Int = 256 << 20,
        maxStringBytes: Int = 64 << 10,
        maxMessageBytes: Int = 512 << 20
    ) {
        self.maxOpsPerCommit = maxOpsPerCommit
        self.maxBitmapWidth = maxBitmapWidth
        self.maxBitmapHeight = maxBitmapHeight
        self.maxBitmapBytes = maxBitmapBytes
        self.maxStringBytes = maxStringBytes
        self.maxMessageBytes = maxMessageBytes
    }
}
