/// Where an animation is inside its cycle at one moment: what the value
/// computation needs (`docs/reference/core-animation-rules.md` §3.2 step 5).
public struct TimingSample: Hashable, Sendable {
    /// The number of whole cycles completed, `k` (for `isCumulative`); a
    /// whole number, negative only with a negative `timeOffset`.
    public var iteration: Double
    /// Seconds into the simple duration, after autoreverse folding: 0 at the
    /// start value, `duration` at the end value.
    public var cycleTime: Double
    /// `cycleTime / duration`, clamped to 0…1: the progress before easing.
    public var progress: Double

    /// A sample.
    public init(iteration: Double, cycleTime: Double, progress: Double) {
        self.iteration = iteration
        self.cycleTime = cycleTime
        self.progress = progress
    }
}

extension MediaTiming {
    /// Where a time falls against the active duration.
    public enum Phase: Hashable, Sendable {
        /// Before `beginTime` (active time < 0).
        case before
        /// Inside the active duration.
        case active
        /// At or after the end of the active duration.
        case after
    }

    /// The active time (`(t − beginTime) × speed`, without `timeOffset`) at
    /// parent time `t`: the activity test of §3.2 step 2.
    public func activeTime(atParentTime t: Double) -> Double {
        (t - beginTime) * speed
    }

    /// Whether parent time `t` is before, inside or after the active
    /// duration.
    public func phase(atParentTime t: Double) -> Phase {
        let a0 = activeTime(atParentTime: t)
        if a0 < -Self.timeTolerance { return .before }
        return a0 >= activeDuration - Self.timeTolerance ? .after : .active
    }

    /// Half a virtual nanosecond, in seconds: times reach the evaluator as
    /// `Double` seconds converted from integer nanoseconds, so a difference
    /// that should be exactly an active duration can come out a rounding
    /// error short (at 60 Hz, 366 666 666 ns − 116 666 666 ns is
    /// 0.24999999999999997 s). Within this of a boundary counts as on it:
    /// an animation whose active duration is a whole number of frames
    /// ends at its last frame, not one frame later (`docs/reference/animations.md`).
    public static let timeTolerance = 0.5e-9

    /// The sample an animation with this timing contributes at parent
    /// (layer-local) time `t`, following §3.2 steps 2–5, or `nil` when it
    /// contributes nothing:
    /// - before the start: the start sample with a backwards fill, else nil;
    /// - inside the active duration: the sample at `t`;
    /// - at or after the end: the end sample when `fillMode` fills forwards
    ///   and the animation is not removed on completion, else nil (a removed
    ///   animation has been taken off the layer at its end; one that stays
    ///   attached without a forwards fill shows nothing).
    public func sample(atParentTime t: Double, isRemovedOnCompletion: Bool) -> TimingSample? {
        sample(atParentTime: t, activeDuration: activeDuration, isRemovedOnCompletion: isRemovedOnCompletion)
    }

    /// ``sample(atParentTime:isRemovedOnCompletion:)`` with ``activeDuration``
    /// worked out before (an `AnimationPlan` keeps it).
    @inline(__always)
    func sample(atParentTime t: Double, activeDuration active: Double, isRemovedOnCompletion: Bool) -> TimingSample? {
        let a0 = activeTime(atParentTime: t)
        if a0 < -Self.timeTolerance {
            return fillMode.fillsBackwards ? sample(atActiveTime: 0) : nil
        }
        if a0 >= active - Self.timeTolerance {
            return !isRemovedOnCompletion && fillMode.fillsForwards ? endSample : nil
        }
        return sample(atActiveTime: Swift.max(a0, 0))
    }

    /// The sample at active time `a0` (≥ 0, inside the active duration).
    public func sample(atActiveTime a0: Double) -> TimingSample {
        let cycle = cycleDuration
        guard duration > 0, duration.isFinite else { return TimingSample(iteration: 0, cycleTime: 0, progress: 1) }
        let a = a0 + timeOffset
        let k = (a / cycle).rounded(.down)
        return folded(iteration: k, time: a - k * cycle)
    }

    /// The last sample of the active duration: at its end, a cycle that
    /// ends exactly on a boundary shows its own end (progress 1, or 0 when
    /// autoreversing), not the start of the next.
    public var endSample: TimingSample {
        let cycle = cycleDuration
        let active = activeDuration
        guard duration > 0, duration.isFinite, active.isFinite else { return TimingSample(iteration: 0, cycleTime: duration.isFinite ? duration : 0, progress: 1) }
        let a = active + timeOffset
        var k = (a / cycle).rounded(.down)
        var f = a - k * cycle
        if f <= 0, a > 0 {
            k -= 1
            f = cycle
        }
        return folded(iteration: k, time: f)
    }

    /// Folds time `f` into the cycle (autoreverse plays `c − f` in the
    /// second half) and computes the progress.
    private func folded(iteration k: Double, time f: Double) -> TimingSample {
        var time = f
        if autoreverses && time > duration { time = cycleDuration - time }
        let progress = Swift.min(Swift.max(time / duration, 0), 1)
        return TimingSample(iteration: k, cycleTime: Swift.min(Swift.max(time, 0), duration), progress: progress)
    }
}
