/// The values of a `CABasicAnimation`: `fromValue`, `toValue`, `byValue`
/// (`docs/reference/animations.md`, "Basic animations"; `docs/reference/core-animation-rules.md` §3.3).
///
/// Any of them may be nil; ``endpoints(underlying:)`` turns the set that is
/// given into the two values the animation moves between, reading "the
/// current presentation value" as `underlying`: the value the key has at
/// this frame before this animation applies (the model value, then the
/// animations before this one).
public struct BasicAnimation: Hashable, Sendable {
    /// The start value, or nil.
    public var fromValue: AnimationValue?
    /// The end value, or nil.
    public var toValue: AnimationValue?
    /// The change to apply, or nil.
    public var byValue: AnimationValue?

    /// A basic animation with the given values.
    public init(from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil) {
        self.fromValue = from
        self.toValue = to
        self.byValue = by
    }

    /// The start and end values, by §3.3's table:
    ///
    /// | set | from → to |
    /// |---|---|
    /// | from + to (+ by, ignored: to wins) | from → to |
    /// | from + by | from → from + by |
    /// | by + to | to − by → to |
    /// | from | from → underlying |
    /// | to | underlying → to |
    /// | by | underlying → underlying + by |
    /// | none | underlying → underlying |
    ///
    /// "None" is a no-op here: an implicit action's start is the
    /// presentation value at the moment of the set, which only the client
    /// knows, so the client sends it as `fromValue` (``implicit(from:)``).
    public func endpoints(underlying u: AnimationValue) -> (from: AnimationValue, to: AnimationValue) {
        switch (fromValue, toValue, byValue) {
        case let (from?, to?, _): (from, to)
        case let (from?, nil, by?): (from, from.adding(by))
        case let (nil, to?, by?): (to.subtracting(by), to)
        case let (from?, nil, nil): (from, u)
        case let (nil, to?, nil): (u, to)
        case let (nil, nil, by?): (u, u.adding(by))
        case (nil, nil, nil): (u, u)
        }
    }

    /// The basic animation of an implicit action (§2.5, item 7.22): from the
    /// presentation value captured at the set, to the current presentation
    /// value (toValue nil: the model value, under the animations before it).
    public static func implicit(from presentation: AnimationValue) -> BasicAnimation {
        BasicAnimation(from: presentation)
    }
}
