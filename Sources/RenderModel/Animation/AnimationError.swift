/// Why an animation cannot be attached: which field, and what is wrong
/// (`LayerAnimation.validate()`).
///
///     timing.duration: must be a positive finite number of seconds, got 0.0
public struct AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's path inside the animation, e.g. `keyframe.keyTimes`.
    public var field: String
    /// What was wrong.
    public var reason: String

    /// Makes an error.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
