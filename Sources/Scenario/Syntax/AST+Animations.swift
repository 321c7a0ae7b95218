/// The animation part of the scenario language: display links, explicit
/// animations, UIView animation blocks and `expect presentation`
/// (`docs/guide/animations-language.md`). Values are plain (``LayerValue``, ns,
/// `Double`): turning them into the animation model is the runner's job.

/// `displaylink NAME [fps=N] [mode=M,…]:` — a CADisplayLink; the body is its callout.
package struct DisplayLinkDecl: Sendable, Equatable {
    package var name: String
    /// `preferredFramesPerSecond`: 0 for every vsync, otherwise a factor of
    /// the display's refresh rate (checked by the parser).
    package var framesPerSecond: Int
    package var modes: [ModeRef]
    package var body: [Action]
    package var location: SourceLocation
}

/// A CAMediaTimingFunction: one of the five names, or control points.
package enum TimingFunctionSpec: Sendable, Equatable {
    case linear, easeIn, easeOut, easeInEaseOut, `default`
    /// `(x1, y1, x2, y2)`: P1 and P2 of the cubic Bézier (x1, x2 in 0…1).
    case controlPoints(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The names, as the language writes them.
    package static let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
}

/// `fill=` — CAMediaTimingFillMode.
package enum FillModeName: String, Sendable, Equatable, CaseIterable {
    case removed, forwards, backwards, both
}

/// `mode=` of a keyframe animation — `calculationMode`.
package enum KeyframeModeName: String, Sendable, Equatable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced
}

/// `repeat=` — `repeatCount`.
package enum RepeatSpec: Sendable, Equatable {
    /// A count of cycles, more than 0; may be fractional (`repeat=2.5`).
    case count(Double)
    /// `repeat=inf`: `Float.greatestFiniteMagnitude`, forever.
    case forever
}

/// The CAMediaTiming and CAAnimation options every explicit animation takes.
/// A nil or default field is Core Animation's default.
package struct AnimationOptions: Sendable, Equatable {
    /// `duration=`, ns, more than 0; nil: the transaction's duration (0.25 s
    /// by default) for `animate`, the settling duration for `spring`.
    package var duration: Int64?
    /// `timing=`; nil: linear (an explicit animation's default).
    package var timing: TimingFunctionSpec?
    /// `delay=`, ns: beginTime that far after the animation is added.
    package var delay: Int64 = 0
    /// `repeat=`; nil: one cycle.
    package var repeatCount: RepeatSpec?
    /// `repeatDuration=`, ns, more than 0; nil: not set.
    package var repeatDuration: Int64?
    /// `autoreverses`.
    package var autoreverses = false
    /// `fill=`; `removed` by default.
    package var fill = FillModeName.removed
    /// `keep` sets it to false (`isRemovedOnCompletion`).
    package var removedOnCompletion = true
    /// `additive` (`isAdditive`).
    package var additive = false
    /// `cumulative` (`isCumulative`).
    package var cumulative = false
    /// `speed=`; 1 by default.
    package var speed: Double = 1
    /// `offset=` (`timeOffset`), ns.
    package var timeOffset: Int64 = 0
    /// `key=`: the key the animation is added under; nil: none (the
    /// property's name is not used, as in `add(_:forKey: nil)`).
    package var key: String?

    package init() {}
}

/// What kind of animation `animate` or `spring` adds, with its values.
package enum AnimationKind: Sendable, Equatable {
    /// CABasicAnimation: `from=`, `to=`, `by=` (at most two; §3.3 of
    /// `docs/reference/core-animation-rules.md`).
    case basic(from: LayerValue?, to: LayerValue?, by: LayerValue?)
    /// CAKeyframeAnimation: `keyframes=`, `times=` (nil: evenly spaced),
    /// `mode=`, `timings=` (one per segment, or nil).
    case keyframe(values: [LayerValue], keyTimes: [Double]?, mode: KeyframeModeName, timings: [TimingFunctionSpec]?)
    /// CASpringAnimation: the basic values plus `mass=` (1), `stiffness=`
    /// (100), `damping=` (10) and `velocity=` (0).
    case spring(from: LayerValue?, to: LayerValue?, by: LayerValue?,
                mass: Double, stiffness: Double, damping: Double, velocity: Double)
}

/// One explicit animation: `animate L.PROP …` or `spring L.PROP …`.
package struct AnimationSpec: Sendable, Equatable {
    package var layer: String
    /// An animatable property (``LayerPropertyName/isAnimatable``); `frame`
    /// animates as `bounds` and `position`.
    package var property: LayerPropertyName
    package var kind: AnimationKind
    package var options: AnimationOptions
}

/// `curve=` of an `animations` block — UIView.AnimationOptions' curve.
package enum ViewAnimationCurve: String, Sendable, Equatable, CaseIterable {
    case easeInOut, easeIn, easeOut, linear
}

/// `animations duration=D [delay=D] [curve=C | spring=(RATIO, VELOCITY)]:` —
/// UIView.animate(withDuration:delay:options:animations:completion:).
package struct ViewAnimationBlock: Sendable, Equatable {
    /// ns, more than 0.
    package var duration: Int64
    /// ns.
    package var delay: Int64
    package var curve: ViewAnimationCurve
    /// `spring=(dampingRatio, initialVelocity)`: UIKit's spring, or nil.
    package var spring: ViewSpring?
    /// The `animations` closure: the lines of the block but its `completion:`.
    package var body: [Action]
    /// The block's `completion:` (its last line), or nil.
    package var completion: [Action]?
}

/// `usingSpringWithDamping:initialSpringVelocity:`.
package struct ViewSpring: Sendable, Equatable {
    /// More than 0, at most 1.
    package var dampingRatio: Double
    package var velocity: Double
}

/// The animation actions added to ``ActionKind`` (see `ActionKind.animation`).
package enum AnimationAction: Sendable, Equatable {
    /// `animate …` / `spring …` — `layer.add(animation, forKey:)`.
    case add(AnimationSpec)
    /// `removeAnimation L key=K` — `removeAnimation(forKey:)`.
    case remove(layer: String, key: String)
    /// `removeAnimations L` — `removeAllAnimations()`.
    case removeAll(layer: String)
    /// `animations …:` — a UIView animation block.
    case viewAnimations(ViewAnimationBlock)
}
