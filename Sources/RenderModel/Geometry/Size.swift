/// A width and a height, in points.
///
/// Like `CGSize`, a size may be negative; `Rect.standardized` turns a rect
/// with a negative size into the equivalent one with a positive size.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// `(width, height)`.
    public var description: String { "(\(width), \(height))" }
}
