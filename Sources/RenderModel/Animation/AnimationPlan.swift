/// An attached animation compiled for evaluation (`docs/reference/animations.md`,
/// "Evaluation"): what ``LayerAnimation/value(atLocalTime:underlying:)``
/// reads, in a form a frame reads in place.
///
/// A `LayerAnimation` holds its keyframes in five arrays, so reading one at
/// every frame copied it whole — five retains and releases, ~600
/// instructions of the ~1,860 an animated layer cost (callgrind, the
/// animation bench). A plan is a handle: its key path, and one uncounted
/// reference to its ``Payload``, which the entry holds and a frame reads in
/// place (the timing, the flags, keyframes, a basic animation's values,
/// fixed ends); and what a frame would otherwise
/// work out again is worked out when the plan is made: a basic or spring
/// animation whose two ends are given keeps their vectors (no transform
/// decomposed per frame), a spring keeps its frequencies. Every value is
/// the one ``LayerAnimation/value(atLocalTime:underlying:)`` gives, bit for
/// bit (`AnimationPlanTests` compares them); the plan is remade whenever
/// the entry's animation changes (a stamped begin time).
struct AnimationPlan: Sendable {
    /// Everything a frame reads, compiled once and read in place: held by
    /// the entry, shared by the plan's copies. Out of line so that no frame
    /// copies it: with the values inline (249 bytes of content, 153 bytes
    /// of plan) a frame copied each plan's content twice before switching
    /// on it, and the plan once more into the closure that read its
    /// keyframes (callgrind, the animation bench).
    final class Payload: Sendable {
        let timing: MediaTiming
        /// `timing.activeDuration`.
        let activeDuration: Double
        let timingFunction: TimingFunction?
        let isRemovedOnCompletion: Bool, isAdditive: Bool, isCumulative: Bool
        let content: Content
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
            timing = animation.timing
            activeDuration = animation.timing.activeDuration
            timingFunction = animation.timingFunction
            isRemovedOnCompletion = animation.isRemovedOnCompletion
            isAdditive = animation.isAdditive
            isCumulative = animation.isCumulative
            switch animation.content {
            case .keyframe(let keyframe):
                self.keyframe = keyframe
                (first, last) = (keyframe.values.first, keyframe.values.last)
                (basic, ends) = (BasicAnimation(), nil)
                content = .keyframe
            case .basic(let basic):
                (keyframe, first, last) = (nil, nil, nil)
                (self.basic, ends) = (basic, AnimationPlan.fixedEnds(basic))
                content = ends == nil ? .basic : .fixed
            case .spring(let spring):
                (keyframe, first, last) = (nil, nil, nil)
                (basic, ends) = (spring.values, AnimationPlan.fixedEnds(spring.values))
                let oscillator = Oscillator(spring)
                content = ends == nil ? .spring(oscillator) : .fixedSpring(oscillator)
            }
        }

        /// Whether ``value(atLocalTime:underlying:)`` reads `underlying`:
        /// an additive animation, a basic or spring one whose ends depend
        /// on it, a keyframe animation with no values.
        var readsUnderlying: Bool {
            switch content {
            case .basic, .spring: true
            case .fixed, .fixedSpring: isAdditive
            case .keyframe: isAdditive || first == nil
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
            var value: AnimationValue
            switch content {
            case .basic:
                let (start, end) = basic.endpoints(underlying: underlying)
                value = start.interpolated(to: end, at: timingFunction?.value(at: sample.progress) ?? sample.progress)
            case .fixed:
                value = endsValue(at: timingFunction?.value(at: sample.progress) ?? sample.progress)
            case .spring(let oscillator):
                let (start, end) = basic.endpoints(underlying: underlying)
                value = start.interpolated(to: end, at: oscillator.progress(at: sample.cycleTime))
            case .fixedSpring(let oscillator):
                value = endsValue(at: oscillator.progress(at: sample.cycleTime))
            case .keyframe:
                // A method of the payload borrows its keyframes (five
                // arrays), where a copy of them would retain each.
                value = keyframe?.value(at: timingFunction?.value(at: sample.progress) ?? sample.progress, underlying: underlying) ?? underlying
            }
            if isCumulative, sample.iteration != 0 {
                let (start, end) = ends(underlying: underlying)
                value = value.adding(end.subtracting(start).scaled(by: sample.iteration))
            }
            if isAdditive { value = value.composed(onto: underlying) }
            return value
        }

        /// The fixed ends' value `t` of the way.
        @inline(__always)
        private func endsValue(at t: Double) -> AnimationValue {
            guard let ends else { return basic.fromValue ?? .number(0) }
            return AnimationValue.interpolate(ends.from, ends.fromVector, to: ends.to, ends.toVector, at: t)
        }

        /// The values a cumulative animation moves between in a cycle.
        private func ends(underlying: AnimationValue) -> (AnimationValue, AnimationValue) {
            switch content {
            case .basic, .spring: basic.endpoints(underlying: underlying)
            case .fixed, .fixedSpring: (ends!.from, ends!.to)
            case .keyframe: (first ?? underlying, last ?? underlying)
            }
        }
    }

    /// The plan's reference to its payload: unmanaged, so that the plan
    /// stays trivial (a copy is its bytes, with no retain or release). The
    /// entry that holds the plan holds the payload too
    /// (``LayerAnimations/Entry``), and a plan is read only through its
    /// entry.
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
    /// Whether the plan reads the underlying value (``Payload/readsUnderlying``);
    /// one that does not is given ``unread``.
    var readsUnderlying: Bool
    var payload: PayloadReference

    /// What a plan that does not read the underlying value is given.
    static let unread = AnimationValue.number(0)

    /// The compiled timing (read through the payload).
    var timing: MediaTiming { payload.read { $0.timing } }
    /// `timing.activeDuration`.
    var activeDuration: Double { payload.read { $0.activeDuration } }

    /// `animation` compiled; `payload` is ``payload(for:)`` of it, which
    /// the caller keeps alive as long as the plan.
    init(_ animation: LayerAnimation, payload: Payload) {
        keyPath = animation.keyPath
        readsUnderlying = payload.readsUnderlying
        self.payload = PayloadReference(payload: payload)
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
        payload.read { $0.value(atLocalTime: t, underlying: underlying) }
    }

    /// ``LayerAnimation/value(at:underlying:)``.
    @inline(__always)
    func value(at sample: TimingSample, underlying: AnimationValue) -> AnimationValue {
        payload.read { $0.value(at: sample, underlying: underlying) }
    }
}
