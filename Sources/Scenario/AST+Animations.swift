/// The animation part of the scenario language: display links, explicit
/// animations, UIView animation blocks and `expect presentation`
/// (`docs/animations-language.md`). Values are plain (``LayerValue``, ns,
/// `Double`): turning them into the animation model is the runner's job.

/// `displaylink NAME [fps=N] [mode=M,…]:` — a CADisplayLink; the body is its callout.
public struct DisplayLinkDecl: Sendable, Equatable {
    public var name: String
    /// `preferredFramesPerSecond`: 0 for every vsync, otherwise a factor of
    /// the display's refresh rate (checked by the parser).
    public var framesPerSecond: Int
    public var modes: [ModeRef]
    public var body: [Action]
    public var location: SourceLocation
}

/// A CAMediaTimingFunction: one of the five names, or control points.
public enum TimingFunctionSpec: Sendable, Equatable {
    case linear, easeIn, easeOut, easeInEaseOut, `default`
    /// `(x1, y1, x2, y2)`: P1 and P2 of the cubic Bézier (x1, x2 in 0…1).
    case controlPoints(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The names, as the language writes them.
    public static let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
}

/// `fill=` — CAMediaTimingFillMode.
public enum FillModeName: String, Sendable, Equatable, CaseIterable {
    case removed, forwards, backwards, both
}

/// `mode=` of a keyframe animation — `calculationMode`.
public enum KeyframeModeName: String, Sendable, Equatable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced
}

/// `repeat=` — `repeatCount`.
public enum RepeatSpec: Sendable, Equatable {
    /// A count of cycles, more than 0; may be fractional (`repeat=2.5`).
    case count(Double)
    /// `repeat=inf`: `Float.greatestFiniteMagnitude`, forever.
    case forever
}

/// The CAMediaTiming and CAAnimation options every explicit animation takes.
/// A nil or default field is Core Animation's default.
public struct AnimationOptions: Sendable, Equatable {
    /// `duration=`, ns, more than 0; nil: the transaction's duration (0.25 s
    /// by default) for `animate`, the settling duration for `spring`.
    public var duration: Int64?
    /// `timing=`; nil: linear (an explicit animation's default).
    public var timing: TimingFunctionSpec?
    /// `delay=`, ns: beginTime that far after the animation is added.
    public var delay: Int64 = 0
    /// `repeat=`; nil: one cycle.
    public var repeatCount: RepeatSpec?
    /// `repeatDuration=`, ns, more than 0; nil: not set.
    public var repeatDuration: Int64?
    /// `autoreverses`.
    public var autoreverses = false
    /// `fill=`; `removed` by default.
    public var fill = FillModeName.removed
    /// `keep` sets it to false (`isRemovedOnCompletion`).
    public var removedOnCompletion = true
    /// `additive` (`isAdditive`).
    public var additive = false
    /// `cumulative` (`isCumulative`).
    public var cumulative = false
    /// `speed=`; 1 by default.
    public var speed: Double = 1
    /// `offset=` (`timeOffset`), ns.
    public var timeOffset: Int64 = 0
    /// `key=`: the key the animation is added under; nil: none (the
    /// property's name is not used, as in `add(_:forKey: nil)`).
    public var key: String?

    public init() {}
}

/// What kind of animation `animate` or `spring` adds, with its values.
public enum AnimationKind: Sendable, Equatable {
    /// CABasicAnimation: `from=`, `to=`, `by=` (at most two; §3.3 of
    /// `docs/core-animation-rules.md`).
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
public struct AnimationSpec: Sendable, Equatable {
    public var layer: String
    /// An animatable property (``LayerPropertyName/isAnimatable``); `frame`
    /// animates as `bounds` and `position`.
    public var property: LayerPropertyName
    public var kind: AnimationKind
    public var options: AnimationOptions
}

/// `curve=` of an `animations` block — UIView.AnimationOptions' curve.
public enum ViewAnimationCurve: String, Sendable, Equatable, CaseIterable {
    case easeInOut, easeIn, easeOut, linear
}

/// `animations duration=D [delay=D] [curve=C | spring=(RATIO, VELOCITY)]:` —
/// UIView.animate(withDuration:delay:options:animations:completion:).
public struct ViewAnimationBlock: Sendable, Equatable {
    /// ns, more than 0.
    public var duration: Int64
    /// ns.
    public var delay: Int64
    public var curve: ViewAnimationCurve
    /// `spring=(dampingRatio, initialVelocity)`: UIKit's spring, or nil.
    public var spring: ViewSpring?
    /// The `animations` closure: the lines of the block but its `completion:`.
    public var body: [Action]
    /// The block's `completion:` (its last line), or nil.
    public var completion: [Action]?
}

/// `usingSpringWithDamping:initialSpringVelocity:`.
public struct ViewSpring: Sendable, Equatable {
    /// More than 0, at most 1.
    public var dampingRatio: Double
    public var velocity: Double
}

/// The animation actions added to ``ActionKind`` (see `ActionKind.animation`).
public enum AnimationAction: Sendable, Equatable {
    /// `animate …` / `spring …` — `layer.add(animation, forKey:)`.
    case add(AnimationSpec)
    /// `removeAnimation L key=K` — `removeAnimation(forKey:)`.
    case remove(layer: String, key: String)
    /// `removeAnimations L` — `removeAllAnimations()`.
    case removeAll(layer: String)
    /// `animations …:` — a UIView animation block.
    case viewAnimations(ViewAnimationBlock)
}
