import RenderModel

extension Bitmap {
    /// The bitmap enlarged `factor` times in each direction, nearest
    /// neighbour: every pixel becomes a `factor` × `factor` block of itself.
    ///
    /// - Complexity: O(width × height × factor²).
    ///
    /// Traps when `factor < 1` or the result is too large to address; bound
    /// the factor first (the CLI refuses results above `ImageLimits.default`).
    public func upscaled(by factor: Int) -> Bitmap {
        precondition(factor >= 1, "Bitmap.upscaled(by:) needs a factor of 1 or more, got \(factor)")
        if factor == 1 { return self }
        let (w, o1) = width.multipliedReportingOverflow(by: factor)
        let (h, o2) = height.multipliedReportingOverflow(by: factor)
        precondition(!o1 && !o2, "Bitmap.upscaled(by: \(factor)) of \(width)×\(height) overflows")
        var out = Bitmap(width: w, height: h)
        out.withUnsafeMutablePixels { (dst: inout UnsafeMutableBufferPointer<UInt8>) in
            pixels.withUnsafeBufferPointer { src in
                for y in 0..<h {
                    let sy = y / factor
                    for x in 0..<w {
                        let s = (sy * width + x / factor) * 4, d = (y * w + x) * 4
                        dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return out
    }

    /// The bitmap reduced `factor` times in each direction: each output
    /// pixel is the rounded mean (`(sum + n/2) / n`) of the premultiplied
    /// bytes of its `factor` × `factor` block. The output is
    /// `⌈width / factor⌉ × ⌈height / factor⌉`; a block cut by the right or
    /// bottom edge averages the pixels it has.
    ///
    /// - Complexity: O(width × height).
    ///
    /// Traps when `factor < 1`.
    public func downscaled(by factor: Int) -> Bitmap {
        precondition(factor >= 1, "Bitmap.downscaled(by:) needs a factor of 1 or more, got \(factor)")
        if factor == 1 { return self }
        let w = (width + factor - 1) / factor, h = (height + factor - 1) / factor
        var out = Bitmap(width: w, height: h)
        out.withUnsafeMutablePixels { (dst: inout UnsafeMutableBufferPointer<UInt8>) in
            pixels.withUnsafeBufferPointer { src in
                for oy in 0..<h {
                    let y0 = oy * factor, y1 = min(height, y0 + factor)
                    for ox in 0..<w {
                        let x0 = ox * factor, x1 = min(width, x0 + factor)
                        var sum = (0, 0, 0, 0)
                        for y in y0..<y1 {
                            var s = (y * width + x0) * 4
                            for _ in x0..<x1 {
                                sum.0 += Int(src[s]); sum.1 += Int(src[s + 1]); sum.2 += Int(src[s + 2]); sum.3 += Int(src[s + 3])
                                s += 4
                            }
                        }
                        let n = (y1 - y0) * (x1 - x0), d = (oy * w + ox) * 4
                        dst[d] = UInt8((sum.0 + n / 2) / n); dst[d + 1] = UInt8((sum.1 + n / 2) / n)
                        dst[d + 2] = UInt8((sum.2 + n / 2) / n); dst[d + 3] = UInt8((sum.3 + n / 2) / n)
                    }
                }
            }
        }
        return out
    }

    /// Copies `source` into this bitmap with its top-left corner at
    /// (`x`, `y`), replacing the pixels (no blending); the part outside this
    /// bitmap is dropped.
    ///
    /// - Complexity: O(the overlapping area).
    public mutating func copy(_ source: Bitmap, toX x: Int, y: Int) {
        let left = max(0, x), top = max(0, y)
        let right = min(width, x + source.width), bottom = min(height, y + source.height)
        guard left < right, top < bottom else { return }
        let w = width
        withUnsafeMutablePixels { (dst: inout UnsafeMutableBufferPointer<UInt8>) in
            source.pixels.withUnsafeBufferPointer { src in
                for row in top..<bottom {
                    let s = ((row - y) * source.width + (left - x)) * 4, d = (row * w + left) * 4
                    for i in 0..<((right - left) * 4) { dst[d + i] = src[s + i] }
                }
            }
        }
    }

    /// Fills the rectangle (`x`, `y`, `width` × `height`), clipped to the
    /// bitmap, with the premultiplied `color` (no blending).
    public mutating func fill(x: Int, y: Int, width rw: Int, height rh: Int, with color: RGBA8) {
        let left = max(0, x), top = max(0, y)
        let right = min(width, x + rw), bottom = min(height, y + rh)
        guard left < right, top < bottom else { return }
        for row in top..<bottom { for column in left..<right { self[column, row] = color } }
    }
}
