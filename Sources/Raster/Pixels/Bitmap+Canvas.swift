import RenderModel

extension Bitmap {
    /// Calls `body` with a `Canvas` over the pixels (column 0, row 0 at the
    /// top left) for in-place drawing. The canvas must not be used after
    /// `body` returns.
    ///
    /// Traps when the bitmap has no pixels.
    package mutating func withUnsafeCanvas<R>(_ body: (Canvas) -> R) -> R {
        precondition(width > 0 && height > 0, "Bitmap.withUnsafeCanvas needs pixels, got a \(width)×\(height) bitmap")
        let w = width, h = height
        return withUnsafeMutablePixels { bytes in
            UnsafeMutableRawBufferPointer(bytes).withMemoryRebound(to: UInt32.self) { pixels in
                body(Canvas(base: pixels.baseAddress!, x: 0, y: 0, width: w, height: h, stride: w))
            }
        }
    }
}
