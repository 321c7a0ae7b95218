/// An attached animation compiled for evaluation (`docs/animations.md`,
/// "Evaluation"): what ``LayerAnimation/value(atLocalTime:underlying:)``
/// reads, in a form a frame reads in place.
///
/// A `LayerAnimation` holds its keyframes in five arrays, so reading one at
/// every frame copied it whole — five retains and releases, ~600
/// instructions of the ~1,860 an animated layer cost (callgrind, the
/// animation bench). A plan holds no reference but one, a keyframe
/// animation's ``Track``; and what a frame would otherwise work out again is
/// worked out when the plan is made: a basic or spring animation whose two
/// ends are given keeps their vectors (no transform decomposed per frame),
/// a spring keeps its frequencies. Every value is the one
/// ``LayerAnimation/value(atLocalTime:underlying:)`` gives, bit for bit
/// (`AnimationPlanTests` compares them); the plan is remade whenever the
/// entry's animation changes (a stamped begin time).
struct AnimationPlan: Sendable {
    /// A keyframe animation, shared by the plan's copies.
    final class Track: Sendable {
        let keyframe: KeyframeAnimation
        /// The first and last values (a cumulative animation's start and
        /// end), nil when there are none.
        let first: AnimationValue?, last: AnimationValue?
        init(_ keyframe: KeyframeAnimation) {
            self.keyframe = keyframe
            (first, last) = (keyframe.values.first, keyframe.values.last)
        }

        /// ``KeyframeAnimation/value(at:underlying:)``, read in place: a
        /// method of the track borrows its keyframes, where a caller
        /// reading `keyframe` through an unowned reference copies them.
        func value(at p: Double, underlying: AnimationValue) -> AnimationValue {
            keyframe.value(at: p, underlying: underlying)
        }
    }

    /// The plan's reference to its track: unowned, so that the plan stays
    /// trivial (a copy is its bytes, with no retain or release). The entry
    /// that holds the plan holds the track too (``LayerAnimations/Entry``),
    /// and a plan is read only through its entry.
    struct TrackReference: @unchecked Sendable {
        unowned(unsafe) let track: Track
    }

    /// Two ends known before any frame, with their vectors.
    struct Ends: Sendable {
        var from: AnimationValue, to: AnimationValue
        var fromVector: AnimationVector, toVector: AnimationVector

        init(_ from: AnimationValue, _ to: AnimationValue) {
            (self.from, self.to) = (from, to)
            (fromVector, toVector) = (from.vector, to.vector)
        }

        /// ``AnimationValue/interpolated(to:at:)`` from `from` to `to`.
        func value(at t: Double) -> AnimationValue {
            AnimationValue.interpolate(from, fromVector, to: to, toVector, at: t)
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
        func progress(at t: Double) -> Double {
            1 - SpringAnimation.displacement(at: t, w0: w0, zeta: zeta, v0: v0)
        }
    }

    enum Content: Sendable {
        case basic(BasicAnimation)
        case fixed(Ends)
        case spring(Oscillator, BasicAnimation)
        case fixedSpring(Oscillator, Ends)
        case keyframe(TrackReference)
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

    /// `animation` compiled; `track` is its keyframes (``track(for:)``,
    /// nil for the other kinds), which the caller keeps alive as long as
    /// the plan.
    init(_ animation: LayerAnimation, track: Track?) {
        keyPath = animation.keyPath
        timing = animation.timing
        activeDuration = animation.timing.activeDuration
        timingFunction = animation.timingFunction
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
        switch animation.content {
        case .basic(let basic):
            content = Self.fixedEnds(basic).map(Content.fixed) ?? .basic(basic)
        case .spring(let spring):
            let oscillator = Oscillator(spring)
            content = Self.fixedEnds(spring.values).map { .fixedSpring(oscillator, $0) } ?? .spring(oscillator, spring.values)
        case .keyframe:
            guard let track else { preconditionFailure("a keyframe animation's plan needs its track") }
            content = .keyframe(TrackReference(track: track))
        }
    }

    /// The track a plan of `animation` refers to: its keyframes, or nil.
    static func track(for animation: LayerAnimation) -> Track? {
        guard case .keyframe(let keyframe) = animation.content else { return nil }
        return Track(keyframe)
    }

    /// The ends of `basic` when they do not depend on the underlying value
    /// (from and to given, or from and by): ``BasicAnimation/endpoints(underlying:)``
    /// answers these for any underlying value.
    private static func fixedEnds(_ basic: BasicAnimation) -> Ends? {
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
        var value: AnimationValue
        let start: AnimationValue, end: AnimationValue
        switch content {
        case .basic(let basic):
            (start, end) = basic.endpoints(underlying: underlying)
            value = start.interpolated(to: end, at: timingFunction?.value(at: sample.progress) ?? sample.progress)
        case .fixed(let ends):
            (start, end) = (ends.from, ends.to)
            value = ends.value(at: timingFunction?.value(at: sample.progress) ?? sample.progress)
        case .spring(let oscillator, let values):
            (start, end) = values.endpoints(underlying: underlying)
            value = start.interpolated(to: end, at: oscillator.progress(at: sample.cycleTime))
        case .fixedSpring(let oscillator, let ends):
            (start, end) = (ends.from, ends.to)
            value = ends.value(at: oscillator.progress(at: sample.cycleTime))
        case .keyframe(let reference):
            // Through the track, not a copy of its keyframes (five arrays).
            let track = reference.track
            value = track.value(at: timingFunction?.value(at: sample.progress) ?? sample.progress, underlying: underlying)
            start = track.first ?? underlying
            end = track.last ?? underlying
        }
        if isCumulative, sample.iteration != 0 {
            value = value.adding(end.subtracting(start).scaled(by: sample.iteration))
        }
        if isAdditive { value = value.composed(onto: underlying) }
        return value
    }
}
