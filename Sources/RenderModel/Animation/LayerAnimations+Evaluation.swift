extension LayerAnimations {
    /// Applies every animation, in order, to `state` at layer-local time
    /// `t` (`docs/reference/core-animation-rules.md` §3.2 step 7): each reads its key path's current value in `state`
    /// (the model value under the animations before it), computes its value,
    /// and writes it back. A state that starts as the model state ends as
    /// the presentation state. Never allocates.
    public func apply(to state: inout LayerState, atLocalTime t: Double) {
        // Each entry's compiled plan, read in place (`AnimationPlan`).
        for i in entries.indices {
            let keyPath = entries[i].plan.keyPath
            // The underlying value is read only for a plan that uses it.
            let underlying = entries[i].plan.readsUnderlying ? keyPath.value(in: state) : AnimationPlan.unread
            if let value = entries[i].plan.value(atLocalTime: t, underlying: underlying) {
                keyPath.setValue(value, in: &state)
            }
        }
    }

    /// The presentation state of a layer whose model state is `model`, at
    /// layer-local time `t`.
    public func presentation(of model: LayerState, atLocalTime t: Double) -> LayerState {
        var state = model
        apply(to: &state, atLocalTime: t)
        return state
    }

    /// The presentation value of `keyPath` at layer-local time `t`: the
    /// model value, then only the animations of the same layer property, in
    /// order (what `expect presentation` reads).
    public func presentationValue(of keyPath: AnimationKeyPath, model: LayerState, atLocalTime t: Double) -> AnimationValue {
        var state = model
        let property = keyPath.property
        for i in entries.indices where entries[i].plan.keyPath.property == property {
            let path = entries[i].plan.keyPath
            if let value = entries[i].plan.value(atLocalTime: t, underlying: path.value(in: state)) {
                path.setValue(value, in: &state)
            }
        }
        return keyPath.value(in: state)
    }

    /// Takes off every removed-on-completion animation whose active duration
    /// has ended at layer-local time `t`, calling `ended` with each (in
    /// order) before it goes — the moment a server reports `anim.end` and
    /// counts it toward completion blocks. Animations kept on completion stay
    /// attached. Allocates nothing when nothing ends.
    public mutating func removeFinished(atLocalTime t: Double, _ ended: (Entry) -> Void = { _ in }) {
        guard entries.contains(where: { $0.animation.isRemovedOnCompletion && $0.animation.isFinished(atLocalTime: t) }) else { return }
        entries.removeAll { entry in
            guard entry.animation.isRemovedOnCompletion, entry.animation.isFinished(atLocalTime: t) else { return false }
            ended(entry)
            return true
        }
    }

    /// Whether a frame at layer-local time `t` has something to stamp or
    /// take off: an animation awaiting its begin time, or a
    /// removed-on-completion one whose active duration has ended. Most
    /// frames of a running animation have neither, and then the step
    /// leaves the layer alone.
    public func needsStep(atLocalTime t: Double) -> Bool {
        entries.contains { $0.awaitsBeginTime || ($0.animation.isRemovedOnCompletion && $0.animation.isFinished(atLocalTime: t)) }
    }

    /// Whether some animation's value can still change after layer-local
    /// time `t`: one that has not reached the end of its active duration
    /// (a server keeps drawing every vsync while this is true, §3.8).
    public func isAnimating(atLocalTime t: Double) -> Bool {
        entries.contains { !$0.animation.isFinished(atLocalTime: t) }
    }

    /// The earliest layer-local end time among the animations that have not
    /// ended at `t`: when the next `anim.end` is due; +∞ when none will end.
    public func nextEndTime(after t: Double) -> Double {
        var next = Double.infinity
        for entry in entries where !entry.animation.isFinished(atLocalTime: t) {
            next = Swift.min(next, entry.animation.endTime)
        }
        return next
    }
}
