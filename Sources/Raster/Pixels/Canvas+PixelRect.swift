import RenderModel

extension Canvas {
    /// The canvas of the display pixels `rect`, rows `stride` pixels apart,
    /// whose pixel (`rect.x`, `rect.y`) is at `base`.
    @inlinable
    package init(base: UnsafeMutablePointer<UInt32>, rect: PixelRect, stride: Int) {
        self.init(base: base, x: rect.x, y: rect.y, width: rect.width, height: rect.height, stride: stride)
    }

    /// The display pixels the canvas holds.
    @inlinable package var rect: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }
}
