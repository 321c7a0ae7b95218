import Raster
import RenderModel

/// `--scale n` (enlarge n times, nearest neighbour) or `--scale 1/n`
/// (shrink n times, each n × n block averaged), n from 1 to ``maxFactor``.
package enum ImageScale: Equatable {
    case up(Int)
    case down(Int)

    package static let identity = ImageScale.up(1)
    package static let maxFactor = 64

    package init(parsing text: String) throws(UsageError) {
        func factor(_ s: Substring) throws(UsageError) -> Int {
            guard !s.isEmpty, s.count <= 3, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(s),
                  n >= 1, n <= ImageScale.maxFactor else {
                throw UsageError(message: "the value '\(text)' is invalid for '--scale' (expected n or 1/n with n from 1 to \(ImageScale.maxFactor), like 4 or 1/2)")
            }
            return n
        }
        if text.hasPrefix("1/") {
            self = .down(try factor(text.dropFirst(2)))
        } else {
            self = .up(try factor(Substring(text)))
        }
    }

    /// The size of a `width` × `height` image at this scale.
    package func size(width: Int, height: Int) -> (width: Int, height: Int) {
        switch self {
        case .up(let n): (width * n, height * n)
        case .down(let n): ((width + n - 1) / n, (height + n - 1) / n)
        }
    }

    package func apply(_ bitmap: Bitmap) -> Bitmap {
        switch self {
        case .up(let n): bitmap.upscaled(by: n)
        case .down(let n): bitmap.downscaled(by: n)
        }
    }

    package var description: String {
        switch self {
        case .up(let n): "×\(n)"
        case .down(let n): "×1/\(n)"
        }
    }
}
