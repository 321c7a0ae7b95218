/// The value of one `LayerProperty`, for generic reads, writes, diffs and
/// encoding.
public enum PropertyValue: Hashable, Sendable, CustomStringConvertible {
    /// `frame`, `bounds`.
    case rect(Rect)
    /// `position`, `anchorPoint`.
    case point(Point)
    /// `transform`.
    case transform(Transform2D)
    /// `opacity`, `cornerRadius`, `borderWidth`, `zPosition`.
    case number(Double)
    /// `isHidden`, `masksToBounds`.
    case bool(Bool)
    /// `backgroundColor`, `borderColor`.
    case color(RGBA)
    /// `contents`.
    case image(ImageID)
    /// `contentsGravity`.
    case gravity(ContentsGravity)
    /// No value: a nil `backgroundColor` or `contents`.
    case null

    /// The case of a `PropertyValue`, without its payload.
    /// Raw values name the kinds in messages (`expects a number`).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `.rect`.
        case rect
        /// `.point`.
        case point
        /// `.transform`.
        case transform
        /// `.number`.
        case number
        /// `.bool`.
        case bool
        /// `.color`.
        case color
        /// `.image`.
        case image
        /// `.gravity`.
        case gravity
        /// `.null`.
        case null
    }

    /// This value's case.
    public var kind: Kind {
        switch self {
        case .rect: .rect
        case .point: .point
        case .transform: .transform
        case .number: .number
        case .bool: .bool
        case .color: .color
        case .image: .image
        case .gravity: .gravity
        case .null: .null
        }
    }

    /// The payload, spelled like the scenario language where it can be
    /// (`(0.0, 0.0, 10.0, 10.0)`, `true`, `resize`, `null`).
    public var description: String {
        switch self {
        case .rect(let v): v.description
        case .point(let v): v.description
        case .transform(let v): v.description
        case .number(let v): v.description
        case .bool(let v): v.description
        case .color(let v): v.description
        case .image(let v): v.description
        case .gravity(let v): v.rawValue
        case .null: "null"
        }
    }
}
