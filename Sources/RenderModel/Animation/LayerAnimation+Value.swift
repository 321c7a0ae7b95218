extension LayerAnimation {
    /// The animation's value for its key path at layer-local time `t`, on
    /// top of `underlying` (the model value under the animations before this
    /// one), following `docs/reference/core-animation-rules.md` §3.2 steps 2–6: sample,
    /// easing, from/to/by, keyframes or spring, cumulative, additive; `nil`
    /// when the animation contributes nothing at `t` (outside its active
    /// duration without a fill, or ended and removed on completion — item
    /// 7.24).
    ///
    /// Compiles the animation first (`AnimationPlan`), which allocates (its
    /// payload); an attached animation keeps its plan
    /// (``LayerAnimations/Entry``), and evaluating it never allocates.
    public func value(atLocalTime t: Double, underlying: AnimationValue) -> AnimationValue? {
        let payload = AnimationPlan.payload(for: self)
        return withExtendedLifetime(payload) { AnimationPlan(self, payload: payload).value(atLocalTime: t, underlying: underlying) }
    }

    /// The value at `sample` on top of `underlying` (steps 5–6: easing,
    /// from/to/by, keyframes or spring, cumulative, additive); compiles the
    /// animation first, as ``value(atLocalTime:underlying:)`` does.
    public func value(at sample: TimingSample, underlying: AnimationValue) -> AnimationValue {
        let payload = AnimationPlan.payload(for: self)
        return withExtendedLifetime(payload) { AnimationPlan(self, payload: payload).value(at: sample, underlying: underlying) }
    }
}
