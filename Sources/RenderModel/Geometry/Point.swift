/// A location in a two-dimensional coordinate space, in points.
///
/// LoopSim's coordinates follow iOS: the origin is at the top left and y grows
/// downward. At the default scale a point is one pixel.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (growing downward).
    public var y: Double

    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// This point moved by (`dx`, `dy`).
    public func offsetBy(dx: Double, dy: Double) -> Point {
        Point(x: x + dx, y: y + dy)
    }

    /// `(x, y)`, with Swift's shortest round-tripping number formatting.
    public var description: String { "(\(x), \(y))" }
}
