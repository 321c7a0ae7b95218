import RenderModel

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
    /// The longest message: a commit body on its own, or a whole frame
    /// (header and padding included). Default 512 MiB.
    public var maxMessageBytes: Int
    /// The longest output folder path a `hello` may carry, in UTF-8 bytes.
    /// Default 4096 (Linux's `PATH_MAX`).
    public var maxPathBytes: Int
    /// The most commit sequences one `presented` message may list as first
    /// visible. Default 65536.
    public var maxFirstVisible: Int
    /// The highest display refresh rate a `hello` may ask for, in Hz.
    /// Default 1000.
    public var maxRefreshHz: Int
    /// The most transaction ids one commit may carry. Default 65536.
    public var maxTransactionsPerCommit: Int
    /// The most pixel probes a `hello` may name (and a `presented` answer).
    /// Default 4096. (Version 3.)
    public var maxPixelProbes: Int
    /// The most animations one `presented` message may report as begun,
    /// and as ended. Default 65536. (Version 4.)
    public var maxAnimationReports: Int

    /// Limits of the given sizes; every one defaults to the documented value.
    public init(
        maxOpsPerCommit: Int = 1_000_000,
        maxBitmapWidth: Int = RenderLimits.maxBitmapSide,
        maxBitmapHeight: Int = RenderLimits.maxBitmapSide,
        maxBitmapBytes: Int = RenderLimits.maxBitmapBytes,
        maxStringBytes: Int = 64 << 10,
        maxMessageBytes: Int = 512 << 20,
        maxPathBytes: Int = 4096,
        maxFirstVisible: Int = 65536,
        maxRefreshHz: Int = RenderLimits.maxRefreshHz,
        maxTransactionsPerCommit: Int = 65536,
        maxPixelProbes: Int = 4096,
        maxAnimationReports: Int = 65536
    ) {
        self.maxAnimationReports = maxAnimationReports
        self.maxPixelProbes = maxPixelProbes
        self.maxOpsPerCommit = maxOpsPerCommit
        self.maxBitmapWidth = maxBitmapWidth
        self.maxBitmapHeight = maxBitmapHeight
        self.maxBitmapBytes = maxBitmapBytes
        self.maxStringBytes = maxStringBytes
        self.maxMessageBytes = maxMessageBytes
        self.maxPathBytes = maxPathBytes
        self.maxFirstVisible = maxFirstVisible
        self.maxRefreshHz = maxRefreshHz
        self.maxTransactionsPerCommit = maxTransactionsPerCommit
    }
}
