import Raster
import RenderModel

/// How two frames of one size differ, and the picture of it: the differing
/// pixels in magenta (`#ff00ff`) over the first frame at a quarter of its
/// brightness (`c / 4`), opaque. Used by `frames diff`, `loopsim diff --out`
/// and `loopsim test`'s artifacts.
package struct FrameDiffImage {
    package var image: Bitmap
    /// How many pixels differ.
    package var differing: Int
    /// The first differing pixel in row-major order.
    package var first: (x: Int, y: Int)?
    /// The bounding box of the differing pixels.
    package var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)

    package static let magenta = RGBA8(r: 255, g: 0, b: 255)

    /// Traps unless `a` and `b` have the same size; callers check it and
    /// report the files.
    package init(_ a: Bitmap, _ b: Bitmap) {
        precondition(a.width == b.width && a.height == b.height, "FrameDiffImage needs frames of one size")
        let width = a.width, height = a.height
        var differing = 0
        var first: (x: Int, y: Int)?
        var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
        var image = Bitmap(width: width, height: height)
        image.withUnsafeMutablePixels { (out: inout UnsafeMutableBufferPointer<UInt8>) in
            a.pixels.withUnsafeBufferPointer { pa in
                b.pixels.withUnsafeBufferPointer { pb in
                    var p = 0
                    for y in 0..<height {
                        for x in 0..<width {
                            if pa[p] != pb[p] || pa[p + 1] != pb[p + 1] || pa[p + 2] != pb[p + 2] || pa[p + 3] != pb[p + 3] {
                                differing += 1
                                if first == nil { first = (x, y) }
                                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                                out[p] = 255; out[p + 1] = 0; out[p + 2] = 255
                            } else {
                                out[p] = pa[p] / 4; out[p + 1] = pa[p + 1] / 4; out[p + 2] = pa[p + 2] / 4
                            }
                            out[p + 3] = 255
                            p += 4
                        }
                    }
                }
            }
        }
        self.image = image
        self.differing = differing
        self.first = first
        self.box = box
    }

    /// `within x=… y=… w=… h=…` of the differing pixels, or nil when none differ.
    package var boxDescription: String? {
        guard first != nil else { return nil }
        return "x=\(box.minX) y=\(box.minY) w=\(box.maxX - box.minX + 1) h=\(box.maxY - box.minY + 1)"
    }

    /// `a`, `b` and, when they have one size, their diff image side by side,
    /// each under a label line, `gap` pixels apart on a dark grey ground.
    package static func sideBySide(_ a: Bitmap, _ b: Bitmap, labels: (String, String, String), gap: Int = 8) -> Bitmap {
        let ground = RGBA8(r: 32, g: 32, b: 32), text = RGBA8(r: 230, g: 230, b: 230)
        var panels: [(Bitmap, String)] = [(a, labels.0), (b, labels.1)]
        if a.width == b.width && a.height == b.height { panels.append((FrameDiffImage(a, b).image, labels.2)) }
        let labelHeight = BitmapFont.cellHeight + 3
        let width = gap + panels.reduce(0) { $0 + max($1.0.width, BitmapFont.width(of: $1.1)) + gap }
        let height = gap + labelHeight + panels.map(\.0.height).max()! + gap
        var out = Bitmap(width: width, height: height, fill: ground)
        var x = gap
        for (image, label) in panels {
            BitmapFont.draw(label, into: &out, x: x, y: gap, color: text)
            out.copy(image, toX: x, y: gap + labelHeight)
            x += max(image.width, BitmapFont.width(of: label)) + gap
        }
        return out
    }
}
