extension Bitmap {
    /// The premultiplied pixel at column `x`, row `y` (row 0 is the top).
    ///
    /// Traps when (`x`, `y`) is outside the bitmap.
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            let i = offset(x: x, y: y)
            return RGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            let i = offset(x: x, y: y)
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// The premultiplied pixel at (`x`, `y`); same as `self[x, y]`.
    public func pixel(x: Int, y: Int) -> RGBA8 {
        self[x, y]
    }

    /// Sets the premultiplied pixel at (`x`, `y`); same as `self[x, y] = value`.
    public mutating func setPixel(x: Int, y: Int, to value: RGBA8) {
        self[x, y] = value
    }

    /// Calls `body` with the pixel bytes for in-place writing (rasterizers,
    /// decoders). The buffer must not be replaced, only written.
    public mutating func withUnsafeMutablePixels<R, E: Error>(
        _ body: (inout UnsafeMutableBufferPointer<UInt8>) throws(E) -> R
    ) throws(E) -> R {
        var result: Result<R, E>?
        pixels.withUnsafeMutableBufferPointer { buffer in
            do throws(E) {
                result = .success(try body(&buffer))
            } catch {
                result = .failure(error)
            }
        }
        return try result!.get()
    }

    private func offset(x: Int, y: Int) -> Int {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside a \(width)×\(height) bitmap")
        return (y * width + x) * 4
    }
}
