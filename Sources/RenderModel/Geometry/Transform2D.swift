/// A 2-D affine transform with `CGAffineTransform`'s layout and semantics.
///
/// A point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty): the row vector
/// [x y 1] times the matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// `t1.concatenating(t2)` is the matrix product t1 × t2: apply `t1`, then
/// `t2`. The instance methods `translatedBy`, `scaledBy` and `rotated`
/// prepend their step, exactly as `CGAffineTransform`'s do.
///
/// Named `Transform2D`, not `AffineTransform`, because Foundation (also on
/// Linux) exports a struct called `AffineTransform`, and a file importing both
/// modules would then need to qualify every use.
///
///     let t = Transform2D.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 0))
///     Point(x: 1, y: 1).applying(t)   // (12, 2): scaled first, then moved
public struct Transform2D: Hashable, Sendable, CustomStringConvertible {
    /// Row 1, column 1: x's contribution to x'.
    public var a: Double
    /// Row 1, column 2: x's contribution to y'.
    public var b: Double
    /// Row 2, column 1: y's contribution to x'.
    public var c: Double
    /// Row 2, column 2: y's contribution to y'.
    public var d: Double
    /// The translation added to x'.
    public var tx: Double
    /// The translation added to y'.
    public var ty: Double

    /// A transform with the six given entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Whether every entry equals the identity's.
    public var isIdentity: Bool { self == .identity }

    /// `[a, b, c, d, tx, ty]`.
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
