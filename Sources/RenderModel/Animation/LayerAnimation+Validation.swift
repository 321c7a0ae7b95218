extension LayerAnimation {
    /// Checks that the animation can be evaluated as documented: every time
    /// and value finite (`repeatCount` may be +∞), a positive duration,
    /// values of the key path's kind, no `by` on a discrete key path,
    /// keyframes within ``RenderLimits/maxKeyframes`` with usable key times
    /// and at most one timing function per segment, a valid timing
    /// function, spring parameters that make a spring.
    ///
    /// The wire decoder refuses what this refuses; the scenario checker
    /// reports it at the animation's position.
    ///
    /// - Throws: `AnimationError` naming the first field that is wrong.
    public func validate() throws(AnimationError) {
        try Self.check(timing)
        if let timingFunction, let problem = timingFunction.problem {
            throw AnimationError(field: "timingFunction", reason: problem)
        }
        let kind = keyPath.valueKind
        switch content {
        case .basic(let basic):
            try Self.check(basic, kind: kind, field: "basic")
        case .spring(let spring):
            try Self.check(spring.values, kind: kind, field: "spring")
            try Self.check(spring.mass, "spring.mass", positive: true)
            try Self.check(spring.stiffness, "spring.stiffness", positive: true)
            guard spring.damping.isFinite, spring.damping >= 0 else {
                throw AnimationError(field: "spring.damping", reason: "must be a finite number ≥ 0, got \(spring.damping)")
            }
            guard spring.initialVelocity.isFinite else {
                throw AnimationError(field: "spring.initialVelocity", reason: "must be finite, got \(spring.initialVelocity)")
            }
        case .keyframe(let keyframe):
            try Self.check(keyframe, kind: kind)
        }
    }

    static func check(_ timing: MediaTiming) throws(AnimationError) {
        for (value, name) in [(timing.beginTime, "beginTime"), (timing.speed, "speed"), (timing.timeOffset, "timeOffset")] where !value.isFinite {
            throw AnimationError(field: "timing.\(name)", reason: "must be finite, got \(value)")
        }
        try check(timing.duration, "timing.duration", positive: true)
        guard timing.repeatCount >= 0 else {
            throw AnimationError(field: "timing.repeatCount", reason: "must be ≥ 0 (or +∞ for ever), got \(timing.repeatCount)")
        }
        guard timing.repeatDuration.isFinite, timing.repeatDuration >= 0 else {
            throw AnimationError(field: "timing.repeatDuration", reason: "must be a finite number ≥ 0, got \(timing.repeatDuration)")
        }
    }

    static func check(_ number: Double, _ field: String, positive: Bool) throws(AnimationError) {
        guard number.isFinite, number > 0 else {
            throw AnimationError(field: field, reason: "must be a positive finite number, got \(number)")
        }
    }

    static func check(_ value: AnimationValue, kind: AnimationValue.Kind, field: String) throws(AnimationError) {
        guard value.kind == kind else {
            throw AnimationError(field: field, reason: "expects a \(kind.rawValue), got a \(value.kind.rawValue)")
        }
        guard value.isFinite else { throw AnimationError(field: field, reason: "\(value) is not finite") }
    }

    static func check(_ basic: BasicAnimation, kind: AnimationValue.Kind, field: String) throws(AnimationError) {
        if let v = basic.fromValue { try check(v, kind: kind, field: "\(field).fromValue") }
        if let v = basic.toValue { try check(v, kind: kind, field: "\(field).toValue") }
        if let v = basic.byValue {
            try check(v, kind: kind, field: "\(field).byValue")
            if kind.isDiscrete { throw AnimationError(field: "\(field).byValue", reason: "a \(kind.rawValue) cannot be added to") }
        }
    }

    static func check(_ keyframe: KeyframeAnimation, kind: AnimationValue.Kind) throws(AnimationError) {
        let n = keyframe.values.count
        guard n > 0 else { throw AnimationError(field: "keyframe.values", reason: "needs at least one value") }
        guard n <= RenderLimits.maxKeyframes else {
            throw AnimationError(field: "keyframe.values", reason: "\(n) values exceed the limit \(RenderLimits.maxKeyframes)")
        }
        for (i, value) in keyframe.values.enumerated() { try check(value, kind: kind, field: "keyframe.values[\(i)]") }
        if let keyTimes = keyframe.keyTimes, !keyframe.calculationMode.isPaced,
           let problem = KeyframeAnimation.keyTimesProblem(keyTimes, valueCount: n, mode: keyframe.calculationMode) {
            throw AnimationError(field: "keyframe.keyTimes", reason: problem)
        }
        guard keyframe.timingFunctions.count <= Swift.max(n - 1, 0) else {
            throw AnimationError(field: "keyframe.timingFunctions", reason: "\(keyframe.timingFunctions.count) timing functions for \(n) values; at most one per segment (\(Swift.max(n - 1, 0)))")
        }
        for (i, function) in keyframe.timingFunctions.enumerated() {
            if let problem = function.problem { throw AnimationError(field: "keyframe.timingFunctions[\(i)]", reason: problem) }
        }
    }
}
