import Foundation
import RenderModel
import Testing

/// `docs/reference/core-animation-rules.md` §3.6's spring and choice 6 (`docs/reference/animations.md`, "Springs").
@Suite struct AnimationSpringTests {
    @Test("7.38 spring: mass 1, stiffness 100, damping 5 settles in 2.85 s ± 0.05")
    func checklist38() {
        let spring = SpringAnimation(mass: 1, stiffness: 100, damping: 5)
        #expect(spring.naturalFrequency == 10)
        #expect(spring.dampingRatio == 0.25)
        #expect(abs(spring.settlingDuration - 2.85) <= 0.05, "\(spring.settlingDuration)")
    }

    @Test("the defaults are CASpringAnimation's: mass 1, stiffness 100, damping 10, velocity 0")
    func defaults() {
        let spring = SpringAnimation()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
    }

    @Test("the underdamped closed form: starts at 0, overshoots at the first half period, tends to 1")
    func underdamped() {
        let spring = SpringAnimation(mass: 1, stiffness: 100, damping: 5)
        #expect(spring.progress(at: 0) == 0)
        let wd = 10 * (1 - 0.0625).squareRoot()
        let halfPeriod = Double.pi / wd
        // x(π/ωd) = e^(−ζω0·π/ωd)·cos π: the overshoot is e^(−2.5π/ωd).
        let expected = 1 + Foundation.exp(-2.5 * halfPeriod)
        #expect(abs(spring.progress(at: halfPeriod) - expected) < 1e-12)
        #expect(abs(spring.progress(at: 10) - 1) < 1e-9)
    }

    @Test("the initial velocity is the slope at 0, toward the end value")
    func velocity() {
        for damping in [5.0, 20, 50] {
            let spring = SpringAnimation(mass: 1, stiffness: 100, damping: damping, initialVelocity: 3)
            let h = 1e-7
            #expect(abs(spring.progress(at: h) / h - 3) < 1e-4, "damping \(damping)")
        }
    }

    @Test("critically and over-damped springs settle where the displacement has stayed within ε")
    func overdamped() {
        for damping in [20.0, 40] {   // ζ = 1, ζ = 2
            let spring = SpringAnimation(mass: 1, stiffness: 100, damping: damping)
            let settle = spring.settlingDuration
            #expect(settle.isFinite && settle > 0)
            #expect(abs(spring.displacement(at: settle)) <= SpringAnimation.settlingEpsilon)
            #expect(abs(spring.displacement(at: settle - 0.01)) > SpringAnimation.settlingEpsilon)
        }
        // ζ = 1: e^(−10t)(1 + 10t) = 0.0008 near t ≈ 0.9; the grid is 1 ms.
        #expect(abs(SpringAnimation(damping: 20).settlingDuration - 0.9) < 0.05)
    }

    @Test("no damping never settles; bad parameters are refused")
    func bad() {
        #expect(SpringAnimation(damping: 0).settlingDuration == .infinity)
        for spring in [SpringAnimation(mass: 0), SpringAnimation(stiffness: -1), SpringAnimation(damping: -1), SpringAnimation(initialVelocity: .nan)] {
            let a = LayerAnimation(.opacity, .spring(spring))
            #expect(throws: AnimationError.self) { try a.validate() }
        }
    }

    @Test("a spring animation moves from → to along its progress, ignoring the timing function")
    func animation() {
        let spring = SpringAnimation(BasicAnimation(from: .number(0), to: .number(100)), damping: 5)
        let a = LayerAnimation(.positionX, .spring(spring), duration: spring.settlingDuration, timingFunction: .easeIn)
        for t in [0.1, 0.3, 1.0] {
            #expect(abs(number(a.value(atLocalTime: t, underlying: .number(0))) - 100 * spring.progress(at: t)) < 1e-9)
        }
    }
}
