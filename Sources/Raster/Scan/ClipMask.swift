import RenderModel

/// An alpha mask over `rect` (display coordinates) that clips drawing:
/// `masksToBounds` of a layer whose rounded bounds do not fall on whole
/// pixels. Row by row it also knows a run of columns where it is fully
/// opaque, so the spans inside keep their fast path.
@usableFromInline package final class ClipMask {
    /// The pixels the mask covers; outside it, nothing is drawn.
    @usableFromInline package let rect: PixelRect
    /// One byte per pixel of `rect`, row-major.
    @usableFromInline package let alpha: UnsafeMutablePointer<UInt8>
    /// Per row, `[start, end)` in display columns of a run where alpha is 255.
    @usableFromInline package let runs: UnsafeMutablePointer<Int>

    package init(rect: PixelRect) {
        self.rect = rect
        alpha = .allocate(capacity: Swift.max(1, rect.area))
        alpha.initialize(repeating: 0, count: rect.area)
        runs = .allocate(capacity: Swift.max(2, 2 * rect.height))
        runs.initialize(repeating: 0, count: 2 * rect.height)
    }

    deinit {
        alpha.deallocate()
        runs.deallocate()
    }

    /// The alpha of display pixel (`x`, `y`) and its right neighbours.
    @inlinable @inline(__always)
    func row(x: Int, y: Int) -> UnsafeMutablePointer<UInt8> {
        alpha + ((y - rect.y) * rect.width + (x - rect.x))
    }

    /// Finds each row's longest run of 255 (the first, on ties).
    package func findRuns() {
        for r in 0..<rect.height {
            let p = alpha + r * rect.width
            var best = 0, bestStart = 0, start = -1
            for i in 0...rect.width {
                if i < rect.width, p[i] == 255 {
                    if start < 0 { start = i }
                } else if start >= 0 {
                    if i - start > best {
                        best = i - start
                        bestStart = start
                    }
                    start = -1
                }
            }
            runs[2 * r] = rect.x + bestStart
            runs[2 * r + 1] = rect.x + bestStart + best
        }
    }
}

/// Where drawing may reach: a rect of the display, and inside it an
/// optional alpha mask (which always covers the rect).
@usableFromInline package struct Clip {
    /// The display pixels drawing may reach.
    @usableFromInline package var rect: PixelRect
    /// The mask inside `rect`, if the clip is not a plain rect.
    @usableFromInline package var mask: ClipMask?

    /// The clip to `rect`, through `mask` when there is one.
    @inlinable
    package init(rect: PixelRect, mask: ClipMask?) {
        self.rect = rect
        self.mask = mask
    }
}
