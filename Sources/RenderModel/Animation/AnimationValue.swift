/// A value an animation moves between: one case per type of the animatable
/// key paths (`AnimationKeyPath.valueKind`; `docs/reference/animations.md`, "Values").
///
/// A plain value type of fixed size, so evaluating an animation never
/// allocates. The arithmetic animations need — interpolation, addition,
/// distance — is in `AnimationValue+Arithmetic.swift`.
public enum AnimationValue: Hashable, Sendable, CustomStringConvertible {
    /// `opacity`, `cornerRadius`, `borderWidth`, `zPosition`, `position.x`,
    /// `transform.rotation.z`, ….
    case number(Double)
    /// `position`, `anchorPoint`, `bounds.origin`.
    case point(Point)
    /// `bounds.size`, `transform.translation`.
    case size(Size)
    /// `bounds`.
    case rect(Rect)
    /// `backgroundColor`, `borderColor` (straight components).
    case color(RGBA)
    /// `transform`.
    case transform(Transform2D)
    /// `hidden`, `masksToBounds`: discrete, never in between.
    case bool(Bool)

    /// The case of an `AnimationValue`, without its payload. Raw values name
    /// the kinds in messages.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `.number`.
        case number
        /// `.point`.
        case point
        /// `.size`.
        case size
        /// `.rect`.
        case rect
        /// `.color`.
        case color
        /// `.transform`.
        case transform
        /// `.bool`.
        case bool

        /// Whether values of this kind have no in-between (`bool`): they
        /// switch, and ignore `by`, additive and cumulative arithmetic.
        public var isDiscrete: Bool { self == .bool }

        /// How many `Double`s the kind's vector has (a bool counts as one).
        var componentCount: Int {
            switch self {
            case .number, .bool: 1
            case .point, .size: 2
            case .rect, .color: 4
            case .transform: 6
            }
        }
    }

    /// This value's case.
    public var kind: Kind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .bool: .bool
        }
    }

    /// Whether every number in the value is finite.
    public var isFinite: Bool {
        switch self {
        case .number(let n): n.isFinite
        case .point(let p): p.x.isFinite && p.y.isFinite
        case .size(let s): s.width.isFinite && s.height.isFinite
        case .rect(let r): r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        case .color(let c): c.r.isFinite && c.g.isFinite && c.b.isFinite && c.a.isFinite
        case .transform(let t): t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
        case .bool: true
        }
    }

    /// The payload as the scenario language spells it.
    public var description: String {
        switch self {
        case .number(let v): v.description
        case .point(let v): v.description
        case .size(let v): v.description
        case .rect(let v): v.description
        case .color(let v): v.description
        case .transform(let v): v.description
        case .bool(let v): v.description
        }
    }
}
