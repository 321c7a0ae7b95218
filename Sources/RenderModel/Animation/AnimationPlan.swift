/// An attached animation compiled for evaluation (`docs/animations.md`,
/// "Evaluation"): what ``LayerAnimation/value(atLocalTime:underlying:)``
/// reads, in a form a frame reads in place.
///
/// A `LayerAnimation` holds its keyframes in five arrays, so reading one at
/// every frame copied it whole — five retains and releases, ~600
/// instructions of the ~1,860 an animated layer cost (callgrind, the
/// animation bench). A plan holds no counted reference: what it reads but
/// need not copy (keyframes, a basic animation's values, fixed ends) is in
/// its ``Payload``, which the entry holds; and what a frame would otherwise
/// work out again is worked out when the plan is made: a basic or spring
/// animation whose two ends are given keeps their vectors (no transform
/// decomposed per frame), a spring keeps its frequencies. Every value is
/// the one ``LayerAnimation/value(atLocalTime:underlying:)`` gives, bit for
/// bit (`AnimationPlanTests` compares them); the plan is remade whenever
/// the entry's animation changes (a stamped begin time).
struct AnimationPlan: Sendable {
    /// What a plan reads but does not hold: a keyframe animation, a basic
    /// or spring animation's values, two fixed ends with their vectors.
    /// Held by the entry, shared by the plan's copies. Out of line so that
    /// the plan stays small: with these inline (249 bytes of content) a
    /// frame copied each plan's content twice before switching on it
    /// (callgrind, the animation bench).
    final class Payload: Sendable {
        /// A keyframe animation's keyframes, or nil.
        let keyframe: KeyframeAnimation?
        /// The first and last values (a cumulative animation's start and
        /// end), nil when there are none.
        let first: AnimationValue?, last: AnimationValue?
        /// A basic or spring animation's values (empty for keyframes).
        let basic: BasicAnimation
        /// Its ends when they do not depend on the underlying value.
        let ends: Ends?

        init(_ animation: LayerAnimation) {
            switch animation.content {
            case .keyframe(let keyframe):
                self.keyframe = keyframe
                (first, last) = (keyframe.values.first, keyframe.values.last)
                (basic, ends) = (BasicAnimation(), nil)
            case .basic(let basic):
                (keyframe, first, last) = (nil, nil, nil)
                (self.basic, ends) = (basic, AnimationPlan.fixedEnds(basic))
            case .spring(let spring):
                (keyframe, first, last) = (nil, nil, nil)
                (basic, ends) = (spring.values, AnimationPlan.fixedEnds(spring.values))
            }
        }

        /// ``KeyframeAnimation/value(at:underlying:)``, read in place: a
        /// method of the payload borrows its keyframes, where a caller
        /// reading `keyframe` through an unowned reference copies them.
        @inline(__always)
        func keyframeValue(at p: Double, underlying: AnimationValue) -> AnimationValue {
            keyframe?.value(at: p, underlying: underlying) ?? underlying
        }

        /// ``Ends/value(at:)`` of the fixed ends, read in place.
        @inline(__always)
        func endsValue(at t: Double) -> AnimationValue {
            guard let ends else { return basic.fromValue ?? .number(0) }
            return AnimationValue.interpolate(ends.from, ends.fromVector, to: ends.to, ends.toVector, at: t)
        }
    }

    /// The plan's reference to its payload: unowned, so that the plan stays
    /// trivial (a copy is its bytes, with no retain or release). The entry
    /// that holds the plan holds the payload too (``LayerAnimations/Entry``),
    /// and a plan is read only through its entry.
    struct PayloadReference: @unchecked Sendable {
        let unmanaged: Unmanaged<Payload>
        init(payload: Payload) { unmanaged = .passUnretained(payload) }

        /// `body` given the payload without a retain and release around it
        /// (an `unowned(unsafe)` read is a strong reference, counted).
        @inline(__always)
        func read<R>(_ body: (Payload) -> R) -> R { unmanaged._withUnsafeGuaranteedRef(body) }
    }

    /// Two ends known before any frame, with their vectors.
    struct Ends: Sendable {
        var from: AnimationValue, to: AnimationValue
        var fromVector: AnimationVector, toVector: AnimationVector

        init(_ from: AnimationValue, _ to: AnimationValue) {
            (self.from, self.to) = (from, to)
            (fromVector, toVector) = (from.vector, to.vector)
        }
    }

    /// A spring's oscillator with ``SpringAnimation/naturalFrequency`` and
    /// ``SpringAnimation/dampingRatio`` worked out.
    struct Oscillator: Sendable {
        var w0: Double, zeta: Double, v0: Double

        init(_ spring: SpringAnimation) {
            (w0, zeta, v0) = (spring.naturalFrequency, spring.dampingRatio, spring.initialVelocity)
        }

        /// ``SpringAnimation/progress(at:)``: the same expressions.
        @inline(__always)
        func progress(at t: Double) -> Double {
            1 - SpringAnimation.displacement(at: t, w0: w0, zeta: zeta, v0: v0)
        }
    }

    /// What kind of value a frame works out; the values are in the payload.
    enum Content: Sendable {
        case basic
        case fixed
        case spring(Oscillator)
        case fixedSpring(Oscillator)
        case keyframe
    }

    var keyPath: AnimationKeyPath
    var timing: MediaTiming
    /// `timing.activeDuration`.
    var activeDuration: Double
    var timingFunction: TimingFunction?
    var isRemovedOnCompletion: Bool
    var isAdditive: Bool
    var isCumulative: Bool
    var content: Content
    var payload: PayloadReference
    /// Whether ``value(atLocalTime:underlying:)`` reads `underlying`: an
    /// additive animation, a basic or spring one whose ends depend on it, a
    /// keyframe animation with no values. The others are given ``unread``.
    var readsUnderlying: Bool

    /// What a plan that does not read the underlying value is given.
    static let unread = AnimationValue.number(0)

    /// `animation` compiled; `payload` is ``payload(for:)`` of it, which
    /// the caller keeps alive as long as the plan.
    init(_ animation: LayerAnimation, payload: Payload) {
        keyPath = animation.keyPath
        timing = animation.timing
        activeDuration = animation.timing.activeDuration
        timingFunction = animation.timingFunction
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
        self.payload = PayloadReference(payload: payload)
        switch animation.content {
        case .basic:
            content = payload.ends == nil ? .basic : .fixed
        case .spring(let spring):
            let oscillator = Oscillator(spring)
            content = payload.ends == nil ? .spring(oscillator) : .fixedSpring(oscillator)
        case .keyframe:
            content = .keyframe
        }
        switch content {
        case .basic, .spring: readsUnderlying = true
        case .fixed, .fixedSpring: readsUnderlying = isAdditive
        case .keyframe: readsUnderlying = isAdditive || payload.first == nil
        }
    }

    /// What a plan of `animation` refers to.
    static func payload(for animation: LayerAnimation) -> Payload { Payload(animation) }

    /// The ends of `basic` when they do not depend on the underlying value
    /// (from and to given, or from and by): ``BasicAnimation/endpoints(underlying:)``
    /// answers these for any underlying value.
    fileprivate static func fixedEnds(_ basic: BasicAnimation) -> Ends? {
        switch (basic.fromValue, basic.toValue, basic.byValue) {
        case let (from?, to?, _): Ends(from, to)
        case let (from?, nil, by?): Ends(from, from.adding(by))
        default: nil
        }
    }

    /// ``LayerAnimation/value(atLocalTime:underlying:)``.
    @inline(__always)
    func value(atLocalTime t: Double, underlying: AnimationValue) -> AnimationValue? {
        guard let sample = timing.sample(atParentTime: t, activeDuration: activeDuration, isRemovedOnCompletion: isRemovedOnCompletion) else { return nil }
        return value(at: sample, underlying: underlying)
    }

    /// ``LayerAnimation/value(at:underlying:)``.
    @inline(__always)
    func value(at sample: TimingSample, underlying: AnimationValue) -> AnimationValue {
        payload.read { payload in value(at: sample, underlying: underlying, payload: payload) }
    }

    @inline(__always)
    private func value(at sample: TimingSample, underlying: AnimationValue, payload: Payload) -> AnimationValue {
        var value: AnimationValue
        switch content {
        case .basic:
            let (start, end) = payload.basic.endpoints(underlying: underlying)
            value = start.interpolated(to: end, at: timingFunction?.value(at: sample.progress) ?? sample.progress)
        case .fixed:
            value = payload.endsValue(at: timingFunction?.value(at: sample.progress) ?? sample.progress)
        case .spring(let oscillator):
            let (start, end) = payload.basic.endpoints(underlying: underlying)
            value = start.interpolated(to: end, at: oscillator.progress(at: sample.cycleTime))
        case .fixedSpring(let oscillator):
            value = payload.endsValue(at: oscillator.progress(at: sample.cycleTime))
        case .keyframe:
            // Through the payload, not a copy of its keyframes (five arrays).
            value = payload.keyframeValue(at: timingFunction?.value(at: sample.progress) ?? sample.progress, underlying: underlying)
        }
        if isCumulative, sample.iteration != 0 {
            let (start, end) = ends(underlying: underlying, payload: payload)
            value = value.adding(end.subtracting(start).scaled(by: sample.iteration))
        }
        if isAdditive { value = value.composed(onto: underlying) }
        return value
    }

    /// The values a cumulative animation moves between in a cycle.
    private func ends(underlying: AnimationValue, payload: Payload) -> (AnimationValue, AnimationValue) {
        switch content {
        case .basic, .spring: return payload.basic.endpoints(underlying: underlying)
        case .fixed, .fixedSpring: return (payload.ends!.from, payload.ends!.to)
        case .keyframe: return (payload.first ?? underlying, payload.last ?? underlying)
        }
    }
}
