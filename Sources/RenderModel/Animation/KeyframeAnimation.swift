/// The values of a `CAKeyframeAnimation` (`docs/reference/animations.md`,
/// "Keyframe animations"; `docs/reference/core-animation-rules.md` §3.5).
///
/// The key times it runs on are resolved once, when it is made
/// (``resolvedKeyTimes``), so evaluating it never allocates:
/// - `paced` and `cubicPaced` ignore `keyTimes` and place each value at its
///   share of the total distance along the values (chords, also for
///   `cubicPaced`), so the speed is constant; with no distance at all the
///   values are evenly spaced;
/// - otherwise valid `keyTimes` are used as given, and missing or invalid
///   ones (Apple: "ignored") give evenly spaced values: `i / (n − 1)`, or
///   `i / n` in `discrete` mode, where each value holds for one n-th.
public struct KeyframeAnimation: Hashable, Sendable {
    /// How values between keyframes are computed (`CAAnimationCalculationMode`).
    public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
        /// Straight lines between keyframes (the default).
        case linear
        /// Each value held from its key time until the next.
        case discrete
        /// Straight lines, timed for a constant speed.
        case paced
        /// A Catmull-Rom spline through the keyframes.
        case cubic
        /// The spline, timed for a constant speed.
        case cubicPaced

        /// Whether the mode computes its own key times.
        @inline(__always) public var isPaced: Bool { self == .paced || self == .cubicPaced }
    }

    /// The keyframe values, in order.
    public let values: [AnimationValue]
    /// The key times as given (0…1, non-decreasing), or nil.
    public let keyTimes: [Double]?
    /// One easing per segment (nil entries are not allowed; an empty array
    /// means linear everywhere). Ignored by the paced modes.
    public let timingFunctions: [TimingFunction]
    /// How values between keyframes are computed.
    public let calculationMode: CalculationMode
    /// The key time of each value (one more than the values in `discrete`
    /// mode, ending at 1), as evaluation uses them.
    public let resolvedKeyTimes: [Double]
    /// Each value's vector (``AnimationValue/vector``), worked out once:
    /// a frame interpolates between two of them without decomposing the
    /// transforms again.
    let vectors: [AnimationVector]

    /// A keyframe animation. Never traps: bad key times are ignored here
    /// (and reported by `LayerAnimation.validate()`).
    public init(values: [AnimationValue], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction] = [], calculationMode: CalculationMode = .linear) {
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.resolvedKeyTimes = Self.resolveKeyTimes(values: values, keyTimes: keyTimes, mode: calculationMode)
        self.vectors = values.map(\.vector)
    }

    /// The number of key times `mode` wants for `valueCount` values: one
    /// per value, or in `discrete` mode one more (each value's start, and 1)
    /// — one per value is accepted there too.
    public static func acceptsKeyTimeCount(_ count: Int, valueCount: Int, mode: CalculationMode) -> Bool {
        count == valueCount || (mode == .discrete && count == valueCount + 1)
    }

    /// Why `keyTimes` cannot be used for `valueCount` values in `mode`, or
    /// `nil` when it can: the count (``acceptsKeyTimeCount(_:valueCount:mode:)``),
    /// each time finite and in 0…1, non-decreasing, and in `linear` and
    /// `cubic` mode from 0 to 1 (when there are two or more).
    public static func keyTimesProblem(_ keyTimes: [Double], valueCount: Int, mode: CalculationMode) -> String? {
        guard acceptsKeyTimeCount(keyTimes.count, valueCount: valueCount, mode: mode) else {
            let wanted = mode == .discrete ? "\(valueCount) or \(valueCount + 1)" : "\(valueCount)"
            return "\(keyTimes.count) key times for \(valueCount) values; \(mode.rawValue) mode wants \(wanted)"
        }
        for (i, t) in keyTimes.enumerated() {
            guard t.isFinite, t >= 0, t <= 1 else { return "key time \(i) is \(t), outside 0…1" }
            if i > 0, t < keyTimes[i - 1] { return "key time \(i) (\(t)) is before key time \(i - 1) (\(keyTimes[i - 1]))" }
        }
        if mode == .linear || mode == .cubic, keyTimes.count > 1, let first = keyTimes.first, let last = keyTimes.last, first != 0 || last != 1 {
            return "\(mode.rawValue) key times must start at 0 and end at 1, got \(first) … \(last)"
        }
        return nil
    }

    static func resolveKeyTimes(values: [AnimationValue], keyTimes: [Double]?, mode: CalculationMode) -> [Double] {
        let n = values.count
        guard n > 0 else { return [] }
        if mode.isPaced {
            var cumulative = [0.0]
            cumulative.reserveCapacity(n)
            for i in 1..<n { cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i])) }
            let total = cumulative[n - 1]
            if total > 0, total.isFinite { return cumulative.map { $0 / total } }
            return evenlySpaced(n, discrete: false)
        }
        if let keyTimes, keyTimesProblem(keyTimes, valueCount: n, mode: mode) == nil {
            return mode == .discrete && keyTimes.count == n ? keyTimes + [1] : keyTimes
        }
        return evenlySpaced(n, discrete: mode == .discrete)
    }

    private static func evenlySpaced(_ n: Int, discrete: Bool) -> [Double] {
        if discrete { return (0...n).map { Double($0) / Double(n) } }
        if n == 1 { return [0] }
        return (0..<n).map { Double($0) / Double(n - 1) }
    }
}
