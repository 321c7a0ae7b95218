/// A rectangle: an origin and a size, in points.
///
/// The semantics follow `CGRect`: the edge accessors (`minX`, `maxY`, …),
/// `width` and `height` describe the *standardized* rect, so a rect with a
/// negative size reads the same as its standardized form. There is no "null
/// rect": operations that `CGRect` answers with `.null` answer `nil` here
/// (`intersection(_:)`) or say what they do instead.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner the size is measured from (the top left when the size is
    /// positive).
    public var origin: Point
    /// The extent from `origin`; may be negative.
    public var size: Size

    /// A rect at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rect at (`x`, `y`) of `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The rect at (0, 0) of size 0 × 0.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// `(x, y, width, height)` of the stored origin and size, the scenario
    /// language's frame-tuple order.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
