/// One animation attached to a layer: what `CALayer.add(_:forKey:)` keeps —
/// a copy, so a value type (`docs/reference/animations.md`, "The model").
///
/// The common `CAAnimation` / `CAPropertyAnimation` part — key path,
/// timing, timing function, removal, additive and cumulative — and the
/// kind-specific values in ``content``.
///
///     var spin = LayerAnimation(.rotation, .basic(BasicAnimation(from: .number(0), to: .number(2 * .pi))))
///     spin.timing.duration = 1
///     spin.timing.repeatCount = .infinity
///     spin.value(atLocalTime: 0.25, underlying: .number(0))   // .number(π/2)
public struct LayerAnimation: Hashable, Sendable {
    /// The kind of animation and its values.
    public enum Content: Hashable, Sendable {
        /// `CABasicAnimation`: from/to/by.
        case basic(BasicAnimation)
        /// `CAKeyframeAnimation`.
        case keyframe(KeyframeAnimation)
        /// `CASpringAnimation`.
        case spring(SpringAnimation)
    }

    /// The animated key path.
    public var keyPath: AnimationKeyPath
    /// The kind and its values.
    public var content: Content
    /// Begin time, duration, speed, repeats, fill. Duration must be positive
    /// by the time the animation is attached (the client resolves
    /// `CAAnimation`'s 0 to the transaction's duration, `docs/reference/core-animation-rules.md` §2.6).
    public var timing: MediaTiming
    /// The easing of the whole animation; nil is linear. A spring ignores
    /// it (its oscillator is its easing).
    public var timingFunction: TimingFunction?
    /// Whether the animation leaves the layer when its active duration ends.
    /// Default true.
    public var isRemovedOnCompletion: Bool
    /// Whether the value is added to the underlying value instead of
    /// replacing it. Default false.
    public var isAdditive: Bool
    /// Whether each repeat starts where the previous ended. Default false.
    public var isCumulative: Bool
    /// The client's number for this attached animation (0: none): the
    /// render server names it in its `presented` reports (began, ended),
    /// so both sides count the same animation toward completion blocks
    /// (`docs/reference/animations.md`, "On the server"). Travels in `addAnimation`.
    public var id: UInt64 = 0

    /// An animation of `keyPath` with `content`; the rest defaults to
    /// `CAAnimation`'s defaults, but with `duration` (default 0.25 s, the
    /// value a duration of 0 becomes when added outside a transaction that
    /// sets one).
    public init(
        _ keyPath: AnimationKeyPath,
        _ content: Content,
        duration: Double = 0.25,
        timingFunction: TimingFunction? = nil,
        isRemovedOnCompletion: Bool = true,
        isAdditive: Bool = false,
        isCumulative: Bool = false
    ) {
        self.keyPath = keyPath
        self.content = content
        self.timing = MediaTiming(duration: duration)
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// The parent (layer-local) time at which the animation ends, as
    /// `MediaTiming.endTime`: +∞ for one that never ends.
    public var endTime: Double { timing.endTime }

    /// Whether the animation has ended at layer-local time `t`: its active
    /// duration is over. A removed-on-completion animation is then taken off
    /// its layer (``LayerAnimations/removeFinished(atLocalTime:_:)``).
    public func isFinished(atLocalTime t: Double) -> Bool {
        timing.phase(atParentTime: t) == .after
    }

    /// Whether the animation is inside its active duration at `t`.
    public func isActive(atLocalTime t: Double) -> Bool {
        timing.phase(atParentTime: t) == .active
    }
}
