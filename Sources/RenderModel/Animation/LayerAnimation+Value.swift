extension LayerAnimation {
    /// The animation's value for its key path at layer-local time `t`, on
    /// top of `underlying` (the model value under the animations before this
    /// one), following `docs/core-animation-rules.md` §3.2 steps 2–6; `nil` when the animation contributes
    /// nothing at `t` (outside its active duration without a fill, or ended
    /// and removed on completion — item 7.24).
    ///
    /// Never allocates.
    @inline(__always)
    public func value(atLocalTime t: Double, underlying: AnimationValue) -> AnimationValue? {
        guard let sample = timing.sample(atParentTime: t, isRemovedOnCompletion: isRemovedOnCompletion) else { return nil }
        return value(at: sample, underlying: underlying)
    }

    /// The value at `sample` on top of `underlying` (steps 5–6: easing,
    /// from/to/by, keyframes or spring, cumulative, additive).
    @inline(__always)
    public func value(at sample: TimingSample, underlying: AnimationValue) -> AnimationValue {
        var value: AnimationValue
        let start: AnimationValue, end: AnimationValue
        switch content {
        case .basic(let basic):
            (start, end) = basic.endpoints(underlying: underlying)
            let eased = timingFunction?.value(at: sample.progress) ?? sample.progress
            value = start.interpolated(to: end, at: eased)
        case .spring(let spring):
            (start, end) = spring.values.endpoints(underlying: underlying)
            value = start.interpolated(to: end, at: spring.progress(at: sample.cycleTime))
        case .keyframe(let keyframe):
            let eased = timingFunction?.value(at: sample.progress) ?? sample.progress
            value = keyframe.value(at: eased, underlying: underlying)
            start = keyframe.values.first ?? underlying
            end = keyframe.values.last ?? underlying
        }
        if isCumulative, sample.iteration != 0 {
            value = value.adding(end.subtracting(start).scaled(by: sample.iteration))
        }
        if isAdditive { value = value.composed(onto: underlying) }
        return value
    }
}
