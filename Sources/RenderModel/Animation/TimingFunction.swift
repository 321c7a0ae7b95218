/// A cubic Bézier easing curve from (0, 0) to (1, 1), as
/// `CAMediaTimingFunction`: control points P1 = (`x1`, `y1`) and
/// P2 = (`x2`, `y2`) (`docs/reference/animations.md`, "Timing functions";
/// `docs/reference/core-animation-rules.md` §3.4).
///
/// `value(at: p)` solves x(t) = p for the curve parameter t, then returns
/// y(t). The solve is Apple's (the one WebKit's `UnitBezier` shares): at
/// most 8 Newton steps from t = p, stopping once |x(t) − p| < ``solveEpsilon``
/// (1e-5), then bisection when Newton's slope vanishes (it is 0 at the ends
/// of `linear`, `easeIn` and `easeOut`) or its step leaves [0, 1]. That
/// tolerance is what makes every value of §3.4's table — measured on
/// Apple's QuartzCore — match to 1e-6: an exact solve differs from the
/// measured easeOut(0.25) = 0.378140 by 1.9e-6 and from (0.5, 0, 0.5, 1)
/// at 0.25 by 3.5e-6 (`docs/reference/animations.md`, "Timing functions").
/// Inputs are clamped to [0, 1] (NaN reads as 0), every curve gives
/// exactly 0 at 0 and 1 at 1, and a curve whose control points lie on the
/// diagonal (`linear`) is exactly the identity. Never allocates.
///
///     TimingFunction.easeInEaseOut.value(at: 0.25)   // 0.129162…
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// The first control point's x, in 0…1 for a valid curve.
    public let x1: Double
    /// The first control point's y.
    public let y1: Double
    /// The second control point's x, in 0…1 for a valid curve.
    public let x2: Double
    /// The second control point's y.
    public let y2: Double

    /// A curve with control points (`x1`, `y1`) and (`x2`, `y2`).
    ///
    /// Any numbers are kept as given; ``problem`` says whether they make a
    /// curve (x in 0…1 and every coordinate finite). Evaluation clamps the x
    /// coordinates to 0…1, so even an invalid curve never traps or loops.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// (0, 0), (1, 1): the identity.
    public static let linear = TimingFunction(x1: 0, y1: 0, x2: 1, y2: 1)
    /// (0.42, 0), (1, 1).
    public static let easeIn = TimingFunction(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// (0, 0), (0.58, 1).
    public static let easeOut = TimingFunction(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// (0.42, 0), (0.58, 1).
    public static let easeInEaseOut = TimingFunction(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// (0.25, 0.1), (0.25, 1): Core Animation's `default`, the curve of
    /// implicit actions.
    public static let `default` = TimingFunction(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// The named curves, by their Core Animation names (`easeInEaseOut`,
    /// `default`), in §3.4's order.
    public static let named: [(name: String, function: TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    /// The named curve called `name`, or `nil`.
    public static func named(_ name: String) -> TimingFunction? {
        named.first { $0.name == name }?.function
    }

    /// Why these control points do not make a timing function (a coordinate
    /// that is not finite, an x outside 0…1), or `nil` when they do.
    public var problem: String? {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
            return "control points (\(x1), \(y1)), (\(x2), \(y2)) must be finite"
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            return "control point x coordinates must be in 0…1, got \(x1) and \(x2)"
        }
        return nil
    }

    /// The eased progress at input progress `p`: y(t) where x(t) = p.
    public func value(at p: Double) -> Double {
        guard p > 0 else { return 0 }
        guard p < 1 else { return 1 }
        // Control points on the diagonal make y(t) = x(t): the identity,
        // exactly (`linear`).
        if x1 == y1 && x2 == y2 { return p }
        let t = parameter(forX: p)
        return Self.bezier(t, y1, y2)
    }

    /// `value(at:)`, so a function reads as one: `f(0.5)`.
    public func callAsFunction(_ p: Double) -> Double { value(at: p) }

    /// `(x1, y1, x2, y2)`, or the curve's name.
    public var description: String {
        if let name = Self.named.first(where: { $0.function == self })?.name { return name }
        return "(\(x1), \(y1), \(x2), \(y2))"
    }

    /// The tolerance in x at which the solve stops: 1e-5, the value that
    /// reproduces Apple's measured curve values (any value from 3.6e-6 to
    /// 1e-5 does; tighter solves do not).
    public static let solveEpsilon = 1e-5

    /// The curve parameter t in [0, 1] with |x(t) − `x`| < ``solveEpsilon``
    /// (0 < x < 1).
    func parameter(forX x: Double) -> Double {
        let ax1 = Swift.min(Swift.max(x1, 0), 1), ax2 = Swift.min(Swift.max(x2, 0), 1)
        let epsilon = Self.solveEpsilon
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, ax1, ax2) - x
            if abs(error) < epsilon { return t }
            let slope = Self.slope(t, ax1, ax2)
            guard abs(slope) >= 1e-6 else { break }
            let next = t - error / slope
            guard next >= 0, next <= 1 else { break }
            t = next
        }
        // Bisection: x(t) is non-decreasing on [0, 1] when x1, x2 ∈ [0, 1].
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = Self.bezier(t, ax1, ax2)
            if abs(value - x) < epsilon { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// One coordinate of the curve at t: 3(1−t)²t·c1 + 3(1−t)t²·c2 + t³.
    static func bezier(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let c = 3 * c1
        let b = 3 * (c2 - c1) - c
        let a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    /// The derivative of ``bezier(_:_:_:)`` in t.
    static func slope(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let c = 3 * c1
        let b = 3 * (c2 - c1) - c
        let a = 1 - c - b
        return (3 * a * t + 2 * b) * t + c
    }
}
