import RenderModel
import Testing

/// `docs/reference/core-animation-rules.md` §3.5's keyframe animations (`docs/reference/animations.md`, "Keyframe animations").
@Suite struct AnimationKeyframeTests {
    func keyframes(_ values: [Double], times: [Double]? = nil, functions: [TimingFunction] = [], mode: KeyframeAnimation.CalculationMode) -> LayerAnimation {
        let content = KeyframeAnimation(values: values.map(AnimationValue.number), keyTimes: times, timingFunctions: functions, calculationMode: mode)
        return LayerAnimation(.positionX, .keyframe(content), duration: 1)
    }

    func x(_ a: LayerAnimation, _ t: Double) -> Double {
        number(a.value(atLocalTime: t, underlying: .number(-1)))
    }

    @Test("7.37 discrete keyframes: [310, 60, 120] at [0, 0.25, 0.75, 1] hold 310, then 60, then 120")
    func checklist37Discrete() throws {
        var a = keyframes([310, 60, 120], times: [0, 0.25, 0.75, 1], mode: .discrete)
        try a.validate()
        for (t, v) in [(0.0, 310.0), (0.2499, 310), (0.25, 60), (0.5, 60), (0.7499, 60), (0.75, 120), (0.999, 120)] {
            #expect(x(a, t) == v, "at \(t)")
        }
        a.isRemovedOnCompletion = false
        a.timing.fillMode = .forwards
        #expect(x(a, 1) == 120)
    }

    @Test("discrete keyframes without key times hold each value for an equal share")
    func discreteEven() {
        let a = keyframes([1, 2, 3, 4], mode: .discrete)
        #expect([0.0, 0.24, 0.25, 0.5, 0.99].map { x(a, $0) } == [1, 1, 2, 3, 4])
    }

    @Test("7.37 paced ignores keyTimes: [0, 10, 40] moves at a constant 40 per second")
    func checklist37Paced() throws {
        let a = keyframes([0, 10, 40], times: [0, 0.9, 1], functions: [.easeIn, .easeIn], mode: .paced)
        try a.validate()
        guard case .keyframe(let content) = a.content else { return }
        #expect(content.resolvedKeyTimes == [0, 0.25, 1])
        for t in [0.1, 0.25, 0.5, 0.8] {
            #expect(abs(x(a, t) - 40 * t) < 1e-12, "at \(t)")
        }
    }

    @Test("linear keyframes follow their key times and each segment's timing function")
    func linearSegments() {
        let a = keyframes([0, 10, 20], times: [0, 0.5, 1], functions: [.easeIn, .linear], mode: .linear)
        #expect(abs(x(a, 0.25) - 10 * 0.315357) <= 1e-5)
        #expect(x(a, 0.5) == 10)
        #expect(x(a, 0.75) == 15)
        let even = keyframes([0, 10, 40], mode: .linear)
        #expect(x(even, 0.25) == 5)
        #expect(x(even, 0.75) == 25)
    }

    @Test("cubic keyframes pass through every value along a Catmull-Rom curve")
    func cubic() {
        let a = keyframes([0, 10, 20], mode: .cubic)
        #expect(x(a, 0) == 0)
        #expect(x(a, 0.5) == 10)
        // Segment 0 at u = 0.5: tangents (10 − 0)/2 and (20 − 0)/2, so
        // 0.5·0 + 0.125·5 + 0.5·10 − 0.125·10 = 4.375.
        #expect(abs(x(a, 0.25) - 4.375) < 1e-12)
        let paced = keyframes([0, 10, 40], mode: .cubicPaced)
        #expect(x(paced, 0.25) == 10)
    }

    @Test("key times that do not fit the values are refused by validation and ignored by evaluation")
    func badKeyTimes() {
        let problems: [([Double], KeyframeAnimation.CalculationMode)] = [
            ([0, 1], .linear),                // count
            ([0, 0.6, 0.5], .linear),          // order
            ([0, 0.5, 1.5], .linear),          // range
            ([0.1, 0.5, 1], .linear),          // must start at 0
            ([0, 0.5, .nan], .linear),
            ([0, 0.2, 0.4, 0.6, 1], .discrete),
        ]
        for (times, mode) in problems {
            let a = keyframes([0, 10, 20], times: times, mode: mode)
            #expect(throws: AnimationError.self, "\(times) \(mode)") { try a.validate() }
            if mode == .linear { #expect(x(a, 0.25) == 5) }            // evenly spaced instead
        }
        #expect(throws: AnimationError.self) { try keyframes([], mode: .linear).validate() }
        #expect(throws: AnimationError.self) { try keyframes([0, 1], functions: [.linear, .linear], mode: .linear).validate() }
        #expect(throws: AnimationError.self) {
            try keyframes(Array(repeating: 0, count: RenderLimits.maxKeyframes + 1), mode: .linear).validate()
        }
    }

    @Test("one keyframe holds its value; values of the wrong kind are refused")
    func edges() throws {
        #expect(x(keyframes([7], mode: .linear), 0.5) == 7)
        let wrong = LayerAnimation(.positionX, .keyframe(KeyframeAnimation(values: [.number(0), .point(.zero)])))
        #expect(throws: AnimationError.self) { try wrong.validate() }
    }
}
