/// Frames at which the animation step can change nothing, known ahead
/// (docs/reference/animations.md, "On the server"): after a step at media time `t`
/// that leaves no animation awaiting its begin time, the next thing a step
/// can do is end an animation, at the first end time still to come — so
/// until just before then every step stamps nothing, takes nothing off,
/// drops no layer and answers what the step at `t` answered. The tree
/// keeps that interval (``QuietSteps``) and its steps inside it return at
/// once, instead of visiting every animated layer (100 layers: ~37,000
/// instructions a frame, on the client's turn and on the server's). Any
/// operation applied ends it. Only when it holds exactly: every timing on
/// the way is affine and increasing (a layer's chain of speeds, the
/// animations' speeds) or frozen (a speed of 0); with a negative speed an
/// ended animation can start again, and nothing is kept.
extension LayerTree {
    /// The interval of media times `[from, until)` in which a step is known
    /// to change nothing and to answer `animating`. Not part of the tree's
    /// value: two trees with the same layers are equal whatever it holds.
    struct QuietSteps: Hashable, Sendable {
        var from = Double.infinity
        var until = -Double.infinity
        var animating = false

        /// Whether a step at `t` changes nothing.
        func holds(at t: Double) -> Bool { t >= from && t < until }

        static func == (_: QuietSteps, _: QuietSteps) -> Bool { true }
        func hash(into _: inout Hasher) {}
    }

    /// The margin left before an end time: a step this close to it is run
    /// in full (the inversion of the timing chain is exact to far less;
    /// frames are milliseconds apart).
    static let quietMargin = 1e-6

    /// After a full step at `t` that answered `animating`: how long the
    /// following steps change nothing (``QuietSteps``). Reads only.
    mutating func quietSteps(after t: Double, animating: Bool) -> QuietSteps {
        guard droppedAnimations.isEmpty, t.isFinite else { return QuietSteps() }
        var until = Double.infinity
        for id in animatedLayerIDs {
            guard let index = layers.index(forKey: id) else { return QuietSteps() }
            let (scale, offset) = timeMap(at: index)
            guard scale >= 0, scale.isFinite, offset.isFinite else { return QuietSteps() }
            let local = scale * t + offset
            let end: Double? = Self.inPlace(&layers.values[index]) { layer in
                var next = Double.infinity
                for entry in layer.animations.entries {
                    let timing = entry.animation.timing
                    guard !entry.awaitsBeginTime, timing.speed >= 0 else { return nil }
                    guard timing.speed > 0, !entry.animation.isFinished(atLocalTime: local) else { continue }
                    // Where the phase turns `.after` (`MediaTiming.phase`).
                    let active = timing.activeDuration
                    if active.isFinite { next = Swift.min(next, timing.beginTime + (active - MediaTiming.timeTolerance) / timing.speed) }
                }
                return next
            }
            guard let end else { return QuietSteps() }
            // A frozen chain (a speed of 0 on the way) never gets there.
            if scale > 0, end.isFinite { until = Swift.min(until, (end - offset) / scale) }
        }
        guard !until.isNaN else { return QuietSteps() }
        return QuietSteps(from: t, until: until - Self.quietMargin, animating: animating)
    }

}
