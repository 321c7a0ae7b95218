/// A `CASpringAnimation`: a basic animation whose progress follows a damped
/// harmonic oscillator instead of a timing function (`docs/reference/animations.md`,
/// "Springs"; `docs/reference/core-animation-rules.md` §3.6, choice 6).
///
/// The oscillator starts displaced by 1 from its rest point with velocity
/// `initialVelocity` toward it (in units of the from → to distance per
/// second); the animation's progress is 1 − displacement, so it may pass 1
/// (overshoot) before settling. The closed forms:
///
/// - ζ < 1: `x(t) = e^(−ζω0 t) (cos ωd t + (ζω0 − v0)/ωd · sin ωd t)`,
///   `ωd = ω0 √(1 − ζ²)`;
/// - ζ = 1: `x(t) = e^(−ω0 t) (1 + (ω0 − v0) t)`;
/// - ζ > 1: `x(t) = A e^(r1 t) + (1 − A) e^(r2 t)`, `r1,2 = −ω0 (ζ ∓ √(ζ² − 1))`,
///   `A = (−v0 − r2) / (r1 − r2)`;
///
/// with `ω0 = √(stiffness / mass)` and `ζ = damping / (2 √(stiffness · mass))`.
public struct SpringAnimation: Hashable, Sendable {
    /// From, to and by, as for a basic animation.
    public var values: BasicAnimation
    /// The mass on the spring, > 0. Default 1.
    public var mass: Double
    /// The spring's stiffness, > 0. Default 100.
    public var stiffness: Double
    /// The damping, ≥ 0. Default 10.
    public var damping: Double
    /// The initial velocity toward the end value, in from→to distances per
    /// second. Default 0.
    public var initialVelocity: Double

    /// A spring animation; the parameters default to `CASpringAnimation`'s.
    public init(_ values: BasicAnimation = BasicAnimation(), mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.values = values
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The settling tolerance ε of choice 6: the spring is at rest once its
    /// displacement stays within 0.0008 of the from → to distance. Chosen
    /// so that mass 1, stiffness 100, damping 5 settles in −ln(0.0008) / 2.5
    /// ≈ 2.852 s, Apple's "approximately 2.85 seconds".
    public static let settlingEpsilon = 0.0008

    /// The undamped angular frequency ω0 = √(stiffness / mass).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio ζ = damping / (2 √(stiffness · mass)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The displacement from rest `t` seconds in: 1 at 0, toward 0.
    public func displacement(at t: Double) -> Double {
        Self.displacement(at: t, w0: naturalFrequency, zeta: dampingRatio, v0: initialVelocity)
    }

    /// ``displacement(at:)`` of the spring with natural frequency `w0`,
    /// damping ratio `zeta` and initial velocity `v0` (what an
    /// `AnimationPlan` keeps).
    static func displacement(at t: Double, w0: Double, zeta: Double, v0: Double) -> Double {
        guard t > 0 else { return 1 }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let envelope = Trig.exponential(-zeta * w0 * t)
            return envelope * (Trig.cosine(wd * t) + (zeta * w0 - v0) / wd * Trig.sine(wd * t))
        }
        if zeta == 1 {
            return Trig.exponential(-w0 * t) * (1 + (w0 - v0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let a = (-v0 - r2) / (r1 - r2)
        return a * Trig.exponential(r1 * t) + (1 - a) * Trig.exponential(r2 * t)
    }

    /// The progress (0 at the from value, 1 at the to value) `t` seconds in.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// How long the spring takes to come to rest (choice 6):
    /// `−ln(ε) / (ζ ω0)` when underdamped (+∞ without damping); a critically
    /// or over-damped spring steps its closed form on a grid of at most
    /// 10 000 steps (1 ms or finer where that covers it) until the
    /// displacement has stayed within ε, bounded by where its envelope is
    /// below ε. +∞ for parameters that make no spring.
    public var settlingDuration: Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        guard w0.isFinite, w0 > 0, zeta.isFinite, zeta >= 0, v0.isFinite else { return .infinity }
        let epsilon = Self.settlingEpsilon
        if zeta < 1 {
            guard zeta > 0 else { return .infinity }
            return -Trig.naturalLog(epsilon) / (zeta * w0)
        }
        // An upper bound on |x(t)|: a sum of decaying exponentials (times a
        // line when critical), slowest rate `rate`.
        let rate: Double, bound: (Double) -> Double
        if zeta == 1 {
            rate = w0
            bound = { t in Trig.exponential(-w0 * t) * (1 + abs(w0 - v0) * t) }
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let a = (-v0 - r2) / (r1 - r2)
            rate = -r1
            bound = { t in (abs(a) + abs(1 - a)) * Trig.exponential(r1 * t) }
        }
        guard rate > 0, rate.isFinite else { return .infinity }
        var horizon = -Trig.naturalLog(epsilon) / rate
        while bound(horizon) > epsilon, horizon.isFinite { horizon *= 2 }
        guard horizon.isFinite else { return .infinity }
        let step = Swift.max(0.001, horizon / 10_000)
        var lastOutside = 0.0
        var t = 0.0
        while t <= horizon {
            if abs(displacement(at: t)) > epsilon { lastOutside = t }
            t += step
        }
        return lastOutside + step
    }

    /// A spring of mass 1 fitted to a UIKit spring animation block
    /// (`usingSpringWithDamping:initialSpringVelocity:`): the damping ratio
    /// given, and the stiffness that makes `duration` (seconds) its
    /// settling duration (`ω0 = −ln(ε) / (ζ · duration)`). UIKit's own fit
    /// is private; this keeps the block's duration as the time to rest
    /// (docs/reference/animations.md). `ratio` in (0, 1], `duration` > 0.
    public static func fitted(_ values: BasicAnimation, dampingRatio ratio: Double, duration: Double, initialVelocity: Double) -> SpringAnimation {
        let w0 = -Trig.naturalLog(settlingEpsilon) / (ratio * duration)
        return SpringAnimation(values, mass: 1, stiffness: w0 * w0, damping: 2 * ratio * w0, initialVelocity: initialVelocity)
    }
}
