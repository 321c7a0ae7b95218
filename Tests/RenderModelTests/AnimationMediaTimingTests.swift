import RenderModel
import Testing

/// `docs/reference/core-animation-rules.md` §3.1 and §3.2's timing: conversion, repeats, autoreverse, fill, speed
/// and offsets (`docs/reference/animations.md`, "Timing").
@Suite struct AnimationMediaTimingTests {
    /// opacity from 0 to 1 over `duration`, linear.
    func fade(duration: Double = 1) -> LayerAnimation {
        LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(0), to: .number(1))), duration: duration)
    }

    @Test("7.34 convertTime: mid (2, 3, 0.25) and leaf (1, 2, 0.5)")
    func checklist34() throws {
        let mid = MediaTiming(beginTime: 2, duration: .infinity, speed: 3, timeOffset: 0.25)
        let leaf = MediaTiming(beginTime: 1, duration: .infinity, speed: 2, timeOffset: 0.5)
        #expect(leaf.localTime(fromParent: 10) == 18.5)                       // from mid
        #expect(MediaTiming.localTime(10, through: [mid, leaf]) == 47)         // from the root
        let toMid = try #require(leaf.parentTime(fromLocal: 10))
        #expect(toMid == 5.75)
        let toRoot = try #require(mid.parentTime(fromLocal: toMid))
        #expect(abs(toRoot - 23.0 / 6.0) < 1e-12)                             // 3.8333…
        #expect(MediaTiming.rootTime(10, through: [mid, leaf]) == toRoot)
        #expect(MediaTiming.rootTime(47, through: [mid, leaf]) == 10)
        #expect(MediaTiming.rootTime(1, through: [mid, MediaTiming(speed: 0)]) == nil)
        #expect(MediaTiming(speed: 0).parentTime(fromLocal: 1) == nil)
    }

    @Test("7.35 layer timing defaults: duration +∞, speed 1, beginTime 0, timeOffset 0; an animation's duration 0 and speed 1")
    func checklist35() {
        let layer = MediaTiming.layerDefault
        #expect(layer.duration == .infinity && layer.speed == 1 && layer.beginTime == 0 && layer.timeOffset == 0)
        let animation = MediaTiming.animationDefault
        #expect(animation.duration == 0 && animation.speed == 1 && animation.beginTime == 0 && animation.timeOffset == 0)
        #expect(animation.repeatCount == 0 && animation.repeatDuration == 0 && !animation.autoreverses && animation.fillMode == .removed)
        #expect(layer.localTime(fromParent: 12.5) == 12.5)
    }

    @Test("7.36 repeats: duration 2 × repeatCount 3.5 is active 7 s and ends half-way through a cycle")
    func checklist36Repeat() {
        var a = fade(duration: 2)
        a.timing.repeatCount = 3.5
        a.timing.fillMode = .forwards
        a.isRemovedOnCompletion = false
        #expect(a.timing.activeDuration == 7)
        #expect(a.endTime == 7)
        #expect(a.isActive(atLocalTime: 6.99))
        #expect(a.isFinished(atLocalTime: 7))
        #expect(abs(number(a.value(atLocalTime: 6.5, underlying: .number(1))) - 0.25) < 1e-12)   // 4th cycle, 0.5 s in
        #expect(number(a.value(atLocalTime: 7, underlying: .number(1))) == 0.5)                  // held half-way
        #expect(number(a.value(atLocalTime: 100, underlying: .number(1))) == 0.5)
    }

    @Test("7.36 speed: speed 2 with duration 1 is done after 0.5 s")
    func checklist36Speed() {
        var a = fade()
        a.timing.speed = 2
        #expect(a.endTime == 0.5)
        #expect(number(a.value(atLocalTime: 0.25, underlying: .number(1))) == 0.5)
        #expect(a.isFinished(atLocalTime: 0.5))
        #expect(a.value(atLocalTime: 0.5, underlying: .number(1)) == nil)
    }

    @Test("7.36 timeOffset: 0.5 on a 1 s animation shows the midpoint first, wraps, and is still active for 1 s")
    func checklist36Offset() {
        var a = fade()
        a.timing.timeOffset = 0.5
        #expect(number(a.value(atLocalTime: 0, underlying: .number(1))) == 0.5)
        #expect(number(a.value(atLocalTime: 0.25, underlying: .number(1))) == 0.75)
        #expect(number(a.value(atLocalTime: 0.5, underlying: .number(1))) == 0)      // wrapped
        #expect(number(a.value(atLocalTime: 0.75, underlying: .number(1))) == 0.25)
        #expect(a.isActive(atLocalTime: 0.99))
        #expect(a.endTime == 1)
    }

    @Test("7.33 fillMode with beginTime 100 s ahead (from 0 to 1, model 0.5): before and 100 s after the end, kept on completion")
    func checklist33() {
        let expectations: [(MediaTiming.FillMode, before: Double, after: Double)] = [
            (.removed, 0.5, 0.5), (.forwards, 0.5, 1.0), (.backwards, 0.0, 0.5), (.both, 0.0, 1.0),
        ]
        for (mode, before, after) in expectations {
            var a = fade()
            a.timing.beginTime = 100
            a.timing.fillMode = mode
            a.isRemovedOnCompletion = false
            var layer = LayerAnimations()
            try? layer.add(a, forKey: "fade")
            var model = LayerState()
            model.opacity = 0.5
            #expect(layer.presentation(of: model, atLocalTime: 0).opacity == before, "\(mode) before")
            #expect(layer.presentation(of: model, atLocalTime: 201).opacity == after, "\(mode) after")
        }
    }

    @Test("a forwards fill holds nothing when the animation is removed on completion (§3.2 step 4)")
    func forwardsNeedsKeep() {
        var a = fade()
        a.timing.fillMode = .both
        #expect(a.value(atLocalTime: 2, underlying: .number(0.5)) == nil)
    }

    @Test("autoreverse plays forwards then back; a cycle is twice the duration")
    func autoreverse() {
        var a = LayerAnimation(.positionX, .basic(BasicAnimation(from: .number(0), to: .number(10))), duration: 1)
        a.timing.autoreverses = true
        #expect(a.timing.cycleDuration == 2 && a.timing.activeDuration == 2)
        #expect(number(a.value(atLocalTime: 0.5, underlying: .number(0))) == 5)
        #expect(number(a.value(atLocalTime: 1.25, underlying: .number(0))) == 7.5)
        #expect(number(a.value(atLocalTime: 1.5, underlying: .number(0))) == 5)
        #expect(a.timing.endSample.progress == 0)                       // ends where it started
        a.timing.repeatCount = 1.5                                       // one and a half back-and-forths
        #expect(a.timing.activeDuration == 3)
        #expect(number(a.value(atLocalTime: 2.5, underlying: .number(0))) == 5)
        #expect(a.timing.endSample.progress == 1)
    }

    @Test("repeatDuration wins over repeatCount; an endless repeat never ends")
    func repeatDurationAndForever() {
        var a = fade()
        a.timing.repeatDuration = 2.5
        a.timing.repeatCount = 10
        #expect(a.timing.activeDuration == 2.5)
        a.timing.repeatDuration = 0
        a.timing.repeatCount = .infinity
        #expect(a.timing.activeDuration == .infinity && a.endTime == .infinity)
        a.timing.repeatCount = Double(Float.greatestFiniteMagnitude)
        #expect(a.timing.repeatsForever)
        #expect(abs(number(a.value(atLocalTime: 1_000_000.25, underlying: .number(0))) - 0.25) < 1e-6)
    }

    @Test("the end of a whole number of cycles shows the last value, not the next cycle's first")
    func endSampleOnBoundary() {
        var t = MediaTiming(duration: 0.25)
        t.repeatCount = 3
        #expect(t.endSample == TimingSample(iteration: 2, cycleTime: 0.25, progress: 1))
        #expect(t.sample(atActiveTime: 0.5) == TimingSample(iteration: 2, cycleTime: 0, progress: 0))
    }

    @Test("7.39 pause and resume: layer speed 0 with timeOffset = paused time freezes; beginTime = now − paused time resumes without a jump")
    func checklist39() {
        let slide = LayerAnimation(.positionX, .basic(BasicAnimation(from: .number(0), to: .number(100))), duration: 10)
        var animations = LayerAnimations()
        try? animations.add(slide, forKey: "slide")
        var layer = MediaTiming.layerDefault
        func x(atParent t: Double) -> Double {
            animations.presentation(of: LayerState(), atLocalTime: layer.localTime(fromParent: t)).position.x
        }
        #expect(x(atParent: 3) == 30)
        // Pause at parent time 3.
        let pausedTime = layer.localTime(fromParent: 3)
        layer.speed = 0
        layer.timeOffset = pausedTime
        #expect(x(atParent: 3) == 30)
        #expect(x(atParent: 5) == 30)
        #expect(x(atParent: 8) == 30)
        // Resume at parent time 8.
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let sincePause = layer.localTime(fromParent: 8) - pausedTime
        layer.beginTime = sincePause
        #expect(x(atParent: 8) == 30)
        #expect(x(atParent: 9) == 40)
        #expect(x(atParent: 14.5) == 95)
    }
}
