/// Names one property of a layer, so that code can read, write, diff and
/// encode properties generically.
///
/// The raw value is the scenario language's name (`background`); `caKey` is
/// Core Animation's key path (`backgroundColor`). Declaration order is the
/// fixed order diffs and encoders list properties in. `frame` is derived
/// (from bounds, position, anchor point and transform) and is not in
/// `LayerProperty.stored`.
public enum LayerProperty: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `frame` — derived; setting it sets `bounds.size` and `position`.
    case frame
    /// `bounds` [bounds].
    case bounds
    /// `position` [position].
    case position
    /// `anchor` [anchorPoint].
    case anchorPoint = "anchor"
    /// `transform` [transform].
    case transform
    /// `background` [backgroundColor]; may be null.
    case backgroundColor = "background"
    /// `opacity` [opacity]; clamped to 0…1 when set.
    case opacity
    /// `hidden` [isHidden; key `hidden`].
    case isHidden = "hidden"
    /// `corner` [cornerRadius].
    case cornerRadius = "corner"
    /// `border` [borderWidth].
    case borderWidth = "border"
    /// `borderColor` [borderColor].
    case borderColor
    /// `clips` [masksToBounds].
    case masksToBounds = "clips"
    /// `z` [zPosition].
    case zPosition = "z"
    /// `contents` [contents]; an image id, may be null.
    case contents
    /// `gravity` [contentsGravity].
    case contentsGravity = "gravity"

    /// The scenario language's name of the property (the raw value).
    public var languageName: String { rawValue }

    /// Core Animation's key for the property, as `CALayer` key-value coding
    /// and `CABasicAnimation.keyPath` spell it (`isHidden`'s key is `hidden`).
    public var caKey: String {
        switch self {
        case .frame: "frame"
        case .bounds: "bounds"
        case .position: "position"
        case .anchorPoint: "anchorPoint"
        case .transform: "transform"
        case .backgroundColor: "backgroundColor"
        case .opacity: "opacity"
        case .isHidden: "hidden"
        case .cornerRadius: "cornerRadius"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        case .masksToBounds: "masksToBounds"
        case .zPosition: "zPosition"
        case .contents: "contents"
        case .contentsGravity: "contentsGravity"
        }
    }

    /// The property whose Core Animation key is `key`, or `nil`.
    public init?(caKey key: String) {
        guard let found = LayerProperty.allCases.first(where: { $0.caKey == key }) else { return nil }
        self = found
    }

    /// The kind of `PropertyValue` the property holds.
    public var valueKind: PropertyValue.Kind {
        switch self {
        case .frame, .bounds: .rect
        case .position, .anchorPoint: .point
        case .transform: .transform
        case .backgroundColor, .borderColor: .color
        case .opacity, .cornerRadius, .borderWidth, .zPosition: .number
        case .isHidden, .masksToBounds: .bool
        case .contents: .image
        case .contentsGravity: .gravity
        }
    }

    /// Whether `PropertyValue.null` is a valid value (`background`, `contents`).
    public var isOptional: Bool { self == .backgroundColor || self == .contents }

    /// Whether the property is computed from others (`frame`).
    public var isDerived: Bool { self == .frame }

    /// Every property that `LayerState` stores, in declaration order: all but
    /// `frame`. Diffs and encoders walk this list.
    public static let stored: [LayerProperty] = allCases.filter { !$0.isDerived }

    /// `name [caKey]`.
    public var description: String { "\(rawValue) [\(caKey)]" }
}
