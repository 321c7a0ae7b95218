/// The one limits table: the sizes the scenario language checks at parse
/// time, the client checks before it draws, and the render server enforces
/// on the wire (``ImageLimits/default``, `WireLimits`'s defaults) — the same
/// numbers, read from here (`docs/reference/limits.md`).
public enum RenderLimits {
    /// The widest and tallest display, in pixels.
    public static let maxDisplaySide = 16384
    /// The widest and tallest bitmap — a drawn layer's backing store, a
    /// decoded image, a bitmap on the wire — in pixels.
    public static let maxBitmapSide = 16384
    /// The most pixel bytes (width × height × 4) of one bitmap: 256 MiB.
    public static let maxBitmapBytes = 256 << 20
    /// The most pixels of one bitmap (``maxBitmapBytes`` / 4).
    public static let maxBitmapPixels = maxBitmapBytes / 4
    /// The most bitmap bytes one render-server session keeps at once (its
    /// backing stores and images, each counted as width × height × 4):
    /// 512 MiB, two of the largest bitmaps. A commit that would pass it is
    /// refused with `error` 276 (`docs/reference/limits.md`).
    public static let maxSessionBitmapBytes = 512 << 20
    /// The highest display refresh rate, in Hz.
    public static let maxRefreshHz = 1000
    /// The deepest layer tree: the most layers on one path from a root
    /// (a root of the display, or a detached layer) down, the root counted:
    /// 65,536. Real apps nest a few dozen levels; the bound sits above the
    /// 50,000-deep chains the deep-tree tests build (both sides' tree walks
    /// are iterative and linear, so the number bounds work, not the stack).
    /// A commit past it is refused with `error` 277 (`docs/reference/limits.md`).
    public static let maxTreeDepth = 65_536
    /// The most layers one tree holds (attached or detached): 262,144,
    /// about a hundred times a heavy app's layer count. Each layer is kept
    /// twice by the server (its state and its render node) and once more by
    /// the client; the bound is what keeps that memory finite whatever a
    /// message may carry. A commit past it is refused with `error` 277
    /// (`docs/reference/limits.md`).
    public static let maxLayerCount = 262_144
    /// The most trace events one run records: 4,194,304 (2²²), about
    /// 400 MB as JSON Lines at the goldens' 93 bytes a line. The run stops
    /// with an error when an event would pass it (`docs/reference/limits.md`).
    public static let maxTraceEvents = 1 << 22

    /// Why a drawn layer of `width` × `height` points (rounded up to whole
    /// pixels) cannot have a backing store, or `nil` when it can. Checks the
    /// `Double`s before any conversion to `Int`, so a NaN, an infinity or
    /// 1e19 is a reason, never a trap.
    public static func drawnSizeProblem(width: Double, height: Double) -> String? {
        let w = width.rounded(.up), h = height.rounded(.up)
        guard w.isFinite, h.isFinite else { return "its size \(width) × \(height) is not finite" }
        let side = Double(maxBitmapSide)
        if w > side || h > side {
            return "its backing store would be \(w.formatted) × \(h.formatted) pixels; the limit is \(maxBitmapSide) on each side"
        }
        let bytes = max(0, w) * max(0, h) * 4
        if bytes > Double(maxBitmapBytes) {
            return "its backing store would take \(bytes.formatted) bytes; the limit is \(maxBitmapBytes) (256 MiB)"
        }
        return nil
    }

    // MARK: Animations (`docs/reference/animations.md`)

    /// The most values (and key times) of one keyframe animation
    /// (`docs/reference/animations.md`).
    public static let maxKeyframes = 4096
    /// The most animations one layer holds at once; an `addAnimation` past
    /// it is refused (`docs/reference/animations.md`).
    public static let maxAnimationsPerLayer = 256
    /// The longest animation key (`add(_:forKey:)`), in UTF-8 bytes.
    public static let maxAnimationKeyBytes = 256
}

private extension Double {
    var formatted: String { self == rounded() && abs(self) < 1e18 ? String(Int64(self)) : String(self) }
}
