import RenderModel
import Testing

/// `docs/reference/core-animation-rules.md` §3.3's from/to/by, implicit actions, additive and cumulative
/// (`docs/reference/animations.md`, "Basic animations").
@Suite struct AnimationBasicTests {
    func basic(_ values: BasicAnimation, duration: Double = 2) -> LayerAnimation {
        LayerAnimation(.opacity, .basic(values), duration: duration)
    }

    @Test("§3.3: every row of the from/to/by table", arguments: [
        (BasicAnimation(from: .number(1), to: .number(3)), 1.0, 3.0),
        (BasicAnimation(from: .number(1), by: .number(4)), 1.0, 5.0),
        (BasicAnimation(to: .number(3), by: .number(4)), -1.0, 3.0),
        (BasicAnimation(from: .number(1)), 1.0, 10.0),
        (BasicAnimation(to: .number(3)), 10.0, 3.0),
        (BasicAnimation(by: .number(4)), 10.0, 14.0),
        (BasicAnimation(), 10.0, 10.0),
        (BasicAnimation(from: .number(1), to: .number(3), by: .number(100)), 1.0, 3.0),   // to wins
    ])
    func table(values: BasicAnimation, from: Double, to: Double) {
        let (start, end) = values.endpoints(underlying: .number(10))
        #expect(start == .number(from) && end == .number(to))
    }

    @Test("7.32 from/to/by: from 0.25 + by 0.5 ends at 0.75; to 0.75 + by 0.5 starts at 0.25; to only starts at the presentation value")
    func checklist32() {
        let fromBy = basic(BasicAnimation(from: .number(0.25), by: .number(0.5)))
        #expect(number(fromBy.value(atLocalTime: 0, underlying: .number(1))) == 0.25)
        #expect(number(fromBy.value(atLocalTime: 1, underlying: .number(1))) == 0.5)
        #expect(fromBy.value(at: fromBy.timing.endSample, underlying: .number(1)) == .number(0.75))
        let toBy = basic(BasicAnimation(to: .number(0.75), by: .number(0.5)))
        #expect(number(toBy.value(atLocalTime: 0, underlying: .number(1))) == 0.25)
        let toOnly = basic(BasicAnimation(to: .number(0)))
        var layer = LayerAnimations()
        try? layer.add(toOnly, forKey: "fade")
        var model = LayerState()
        model.opacity = 0.8
        #expect(layer.presentation(of: model, atLocalTime: 0).opacity == 0.8)
        #expect(abs(layer.presentation(of: model, atLocalTime: 1).opacity - 0.4) < 1e-12)
    }

    @Test("7.22 the implicit action: basic, keyPath = property, 0.25 s, default curve, from the presentation value to the model value")
    func checklist22() {
        let values = BasicAnimation.implicit(from: .number(1))
        #expect(values.toValue == nil && values.byValue == nil)
        let action = LayerAnimation(.opacity, .basic(values), timingFunction: .default)
        #expect(action.timing.duration == 0.25)
        #expect(action.keyPath.property == .opacity)
        // Model already 0 (set at once); on screen 1 → 0 on the default curve.
        let half = number(action.value(atLocalTime: 0.125, underlying: .number(0)))
        #expect(abs(half - (1 - 0.802403)) <= 1e-6)
        #expect(action.value(atLocalTime: 0.25, underlying: .number(0)) == nil)   // ended: the model shows
    }

    @Test("cumulative: each repeat starts where the last ended")
    func cumulative() {
        var a = LayerAnimation(.positionX, .basic(BasicAnimation(from: .number(0), to: .number(10))), duration: 1, isCumulative: true)
        a.timing.repeatCount = 3
        #expect(number(a.value(atLocalTime: 0.5, underlying: .number(0))) == 5)
        #expect(number(a.value(atLocalTime: 2.5, underlying: .number(0))) == 25)
        #expect(a.value(at: a.timing.endSample, underlying: .number(0)) == .number(30))
    }

    @Test("additive: the value is added to the underlying one")
    func additive() {
        let wiggle = LayerAnimation(.positionX, .basic(BasicAnimation(from: .number(0), to: .number(10))), duration: 1, isAdditive: true)
        #expect(number(wiggle.value(atLocalTime: 0.5, underlying: .number(100))) == 105)
        var spin = LayerAnimation(.transform, .basic(BasicAnimation(from: .transform(.identity), to: .transform(.rotation(degrees: 90)))), duration: 1, isAdditive: true)
        spin.isRemovedOnCompletion = false
        spin.timing.fillMode = .forwards
        var layer = LayerAnimations()
        try? layer.add(spin, forKey: "spin")
        var model = LayerState()
        model.transform = .translation(x: 100, y: 0)
        let t = layer.presentation(of: model, atLocalTime: 5).transform
        #expect(point(1, 0).applying(t) == point(100, 1))
    }

    @Test("a spinner: transform.rotation.z from 0 to 2π, 1 s, for ever")
    func spinner() {
        var spin = LayerAnimation(.rotation, .basic(BasicAnimation(from: .number(0), to: .number(2 * .pi))), duration: 1)
        spin.timing.repeatCount = .infinity
        var layer = LayerAnimations()
        try? layer.add(spin, forKey: "spin")
        for t in [0.25, 10.25, 3600.25] {
            #expect(close(layer.presentation(of: LayerState(), atLocalTime: t).transform, .rotation(radians: .pi / 2), 1e-9))
        }
        #expect(layer.isAnimating(atLocalTime: 1e6))
        #expect(layer.nextEndTime(after: 0) == .infinity)
    }
}
