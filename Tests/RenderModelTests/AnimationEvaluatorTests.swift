import RenderModel
import Testing

/// The per-layer list and `docs/reference/core-animation-rules.md` §3.2 step 7's composition
/// (`docs/reference/animations.md`, "Evaluation").
@Suite struct AnimationEvaluatorTests {
    func opacity(_ from: Double, _ to: Double, duration: Double = 1, additive: Bool = false) -> LayerAnimation {
        LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(from), to: .number(to))), duration: duration, isAdditive: additive)
    }

    @Test("animations apply in animationKeys() order: a replacing one hides the ones before it, an additive one adds")
    func order() throws {
        var model = LayerState()
        model.opacity = 0.5
        var layers = LayerAnimations()
        try layers.add(opacity(0.2, 0.2), forKey: "a")
        try layers.add(opacity(0.1, 0.1, additive: true), forKey: "b")
        #expect(abs(layers.presentation(of: model, atLocalTime: 0.5).opacity - 0.3) < 1e-12)
        var reversed = LayerAnimations()
        try reversed.add(opacity(0.1, 0.1, additive: true), forKey: "b")
        try reversed.add(opacity(0.2, 0.2), forKey: "a")
        #expect(reversed.presentation(of: model, atLocalTime: 0.5).opacity == 0.2)
    }

    @Test("7.23 adding under an existing key replaces it, and the new one goes last (a choice)")
    func checklist23() throws {
        var layers = LayerAnimations()
        try layers.add(opacity(0.2, 0.2), forKey: "a")
        try layers.add(opacity(0.1, 0.1, additive: true), forKey: "b")
        try layers.add(opacity(0.6, 0.6), forKey: "a")
        #expect(layers.count == 2)
        #expect(layers.keys == ["b", "a"])
        #expect(layers.animation(forKey: "a") == opacity(0.6, 0.6))
        #expect(layers.presentation(of: LayerState(), atLocalTime: 0.5).opacity == 0.6)
        // The attached animation is a copy.
        var original = opacity(0, 1)
        try layers.add(original, forKey: "c")
        original.timing.duration = 5
        #expect(layers.animation(forKey: "c")?.timing.duration == 1)
        // Nil keys never replace, and are not listed.
        try layers.add(opacity(0, 1), forKey: nil)
        try layers.add(opacity(0, 1), forKey: nil)
        #expect(layers.count == 5 && layers.keys == ["b", "a", "c"])
    }

    @Test("7.23: a duration of 0 must be resolved before the animation is attached")
    func zeroDuration() {
        var layers = LayerAnimations()
        #expect(throws: AnimationError.self) { try layers.add(opacity(0, 1, duration: 0), forKey: "a") }
        #expect(layers.isEmpty)
    }

    @Test("7.24 snap-back: once a removed-on-completion animation ends, presentation = model")
    func checklist24() throws {
        var layers = LayerAnimations()
        try layers.add(opacity(0, 0.5), forKey: "fade")
        let model = LayerState()   // opacity never set: 1
        #expect(layers.presentation(of: model, atLocalTime: 0.5).opacity == 0.25)
        #expect(layers.presentation(of: model, atLocalTime: 1) == model)
        var ended: [String?] = []
        layers.removeFinished(atLocalTime: 0.99) { ended.append($0.key) }
        #expect(ended.isEmpty && layers.count == 1)
        layers.removeFinished(atLocalTime: 1) { ended.append($0.key) }
        #expect(ended == ["fade"])
        #expect(layers.isEmpty && layers.keys == nil)
    }

    @Test("kept animations stay attached after their end; removal and removeAll")
    func keptAndRemoved() throws {
        var layers = LayerAnimations()
        var kept = opacity(0, 0.5)
        kept.isRemovedOnCompletion = false
        try layers.add(kept, forKey: "kept")
        try layers.add(opacity(0, 1, duration: 10), forKey: "long")
        layers.removeFinished(atLocalTime: 5)
        #expect(layers.keys == ["kept", "long"])
        #expect(layers.isAnimating(atLocalTime: 5))
        #expect(layers.nextEndTime(after: 5) == 10)
        let removedLong = layers.removeAnimation(forKey: "long")
        let removedMissing = layers.removeAnimation(forKey: "missing")
        #expect(removedLong && !removedMissing)
        #expect(!layers.isAnimating(atLocalTime: 5))
        #expect(layers.nextEndTime(after: 5) == .infinity)
        layers.removeAll()
        #expect(layers.isEmpty)
    }

    @Test("7.42 (model half): with no animation nothing animates and no end is due")
    func checklist42() {
        let none = LayerAnimations()
        #expect(!none.isAnimating(atLocalTime: 0))
        #expect(none.nextEndTime(after: 0) == .infinity)
    }

    @Test("a layer holds at most RenderLimits.maxAnimationsPerLayer animations; replacing still works at the limit")
    func limit() throws {
        var layers = LayerAnimations()
        for i in 0..<RenderLimits.maxAnimationsPerLayer { try layers.add(opacity(0, 1), forKey: "k\(i)") }
        #expect(throws: AnimationError.self) { try layers.add(opacity(0, 1), forKey: "one more") }
        try layers.add(opacity(0, 0.5), forKey: "k0")
        #expect(layers.count == RenderLimits.maxAnimationsPerLayer)
    }

    @Test("choice 2: stamping gives every animation with beginTime 0 the frame's time")
    func stamp() throws {
        var layers = LayerAnimations()
        try layers.add(opacity(0, 1), forKey: "new")
        var delayed = opacity(0, 1)
        delayed.timing.beginTime = 7
        try layers.add(delayed, forKey: "delayed")
        var stamped: [Int] = []
        layers.stampBeginTimes(3) { stamped.append($0) }
        #expect(stamped == [0])
        #expect(layers.animation(forKey: "new")?.timing.beginTime == 3)
        #expect(layers.animation(forKey: "delayed")?.timing.beginTime == 7)
        #expect(layers.presentation(of: LayerState(), atLocalTime: 3.5).opacity == 0.5)
        layers.stampBeginTimes(9) { stamped.append($0) }
        #expect(stamped == [0])                                      // once only
        // Stamped at 0 is still stamped.
        var atZero = LayerAnimations()
        try atZero.add(opacity(0, 1), forKey: "a")
        atZero.stampBeginTimes(0)
        atZero.stampBeginTimes(5)
        #expect(atZero.animation(forKey: "a")?.timing.beginTime == 0)
        #expect(atZero.entries[0].awaitsBeginTime == false)
    }

    @Test("presentationValue reads one key path through the animations of its property only")
    func presentationValue() throws {
        var layers = LayerAnimations()
        try layers.add(LayerAnimation(.positionX, .basic(BasicAnimation(from: .number(0), to: .number(100))), duration: 1), forKey: "x")
        try layers.add(LayerAnimation(.position, .basic(BasicAnimation(by: .point(point(0, 10)))), duration: 1, isAdditive: true), forKey: "nudge")
        try layers.add(opacity(0, 1), forKey: "fade")
        var model = LayerState()
        model.position = point(5, 5)
        // position.x half-way: (50, 5). Then the additive by-only animation
        // runs from the underlying (50, 5) to (50, 15) — half-way (50, 10) —
        // and that is added onto the underlying (50, 5): (100, 15).
        #expect(layers.presentationValue(of: .position, model: model, atLocalTime: 0.5) == .point(point(100, 15)))
        #expect(layers.presentationValue(of: .positionY, model: model, atLocalTime: 0.5) == .number(15))
        #expect(layers.presentationValue(of: .opacity, model: model, atLocalTime: 0.5) == .number(0.5))
        #expect(layers.presentation(of: model, atLocalTime: 0.5).position == point(100, 15))
    }
}
