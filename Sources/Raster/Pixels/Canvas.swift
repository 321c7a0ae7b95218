/// A window of premultiplied pixels, packed as `PixelMath` says, addressed
/// in the coordinates of a larger surface: a whole bitmap, the compositor's
/// display, or an offscreen buffer covering part of the display.
@usableFromInline package struct Canvas {
    /// Pixel (`x`, `y`).
    @usableFromInline package let base: UnsafeMutablePointer<UInt32>
    /// The first column the canvas holds.
    @usableFromInline package let x: Int
    /// The first row the canvas holds.
    @usableFromInline package let y: Int
    /// Columns held.
    @usableFromInline package let width: Int
    /// Rows held.
    @usableFromInline package let height: Int
    /// Pixels from one row to the next.
    @usableFromInline package let stride: Int

    /// The `width` × `height` pixels at (`x`, `y`), rows `stride` pixels
    /// apart, starting at `base`.
    @inlinable
    package init(base: UnsafeMutablePointer<UInt32>, x: Int, y: Int, width: Int, height: Int, stride: Int) {
        self.base = base
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// The address of pixel (`x`, `y`), which must lie in the canvas.
    @inlinable @inline(__always)
    package func pointer(x: Int, y: Int) -> UnsafeMutablePointer<UInt32> {
        base + ((y - self.y) * stride + (x - self.x))
    }
}
