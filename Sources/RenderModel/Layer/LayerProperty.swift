/// Names one property of a layer, so that code can read, write, diff and
/// encode properties generically. This enum and its table
/// (``descriptor``) are the only list of layer properties: the scenario
/// language's names, Core Animation's keys, the wire tags, the value kinds
/// and their rules, what a change repaints and what animates are all read
/// from the table (`docs/internals/property-table.md`).
///
/// The raw value is the property's wire tag (`docs/reference/wire-protocol.md`):
/// pinned by a test, never renumbered, never 0. Declaration order is the
/// fixed order diffs and encoders list properties in, so a new property
/// goes at the end with the next tag. `frame` is derived (from bounds,
/// position, anchor point and transform) and is not in
/// `LayerProperty.stored`.
public enum LayerProperty: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `frame` — derived; setting it sets `bounds.size` and `position`.
    case frame = 1
    case bounds = 2
    case position = 3
    case anchorPoint = 4
    case transform = 5
    case backgroundColor = 6
    case opacity = 7
    case isHidden = 8
    case cornerRadius = 9
    case borderWidth = 10
    case borderColor = 11
    case masksToBounds = 12
    case zPosition = 13
    case contents = 14
    case contentsGravity = 15
    /// Protocol version 5.
    case contentsScale = 16

    /// The table: one row per property. Everything else about a property is
    /// read from here (the switch is exhaustive, so a new case does not
    /// compile without its row).
    private var row: LayerPropertyDescriptor {
        switch self {
        case .frame:
            .init("frame", ca: "frame", .rect(\.frame), .sizeNotNegative, paint: .derived, animates: [.bounds, .position])
        case .bounds:
            .init("bounds", ca: "bounds", .rect(\.bounds), .sizeNotNegative, paint: .geometry, animates: [.bounds])
        case .position:
            .init("position", ca: "position", .point(\.position), paint: .geometry, animates: [.position])
        case .anchorPoint:
            .init("anchor", ca: "anchorPoint", .point(\.anchorPoint), paint: .geometry, animates: [.anchorPoint])
        case .transform:
            .init("transform", ca: "transform", .transform(\.transform), paint: .geometry, animates: [.transform])
        case .backgroundColor:
            .init("background", ca: "backgroundColor", .optionalColor(\.paint.backgroundColor), paint: .ownPaint, animates: [.backgroundColor])
        case .opacity:
            .init("opacity", ca: "opacity", .number(\.opacity), .clampedToUnit, paint: .ownPaintWithoutSublayers, animates: [.opacity])
        case .isHidden:
            .init("hidden", ca: "hidden", .bool(\.isHidden), paint: .geometry, animates: [.hidden])
        case .cornerRadius:
            .init("corner", ca: "cornerRadius", .number(\.cornerRadius), .notNegative, paint: .ownPaintUnlessClipping, animates: [.cornerRadius])
        case .borderWidth:
            .init("border", ca: "borderWidth", .number(\.paint.borderWidth), .notNegative, paint: .ownPaint, animates: [.borderWidth])
        case .borderColor:
            .init("borderColor", ca: "borderColor", .color(\.paint.borderColor), paint: .ownPaint, animates: [.borderColor])
        case .masksToBounds:
            .init("clips", ca: "masksToBounds", .bool(\.masksToBounds), paint: .geometry, animates: [.masksToBounds])
        case .zPosition:
            .init("z", ca: "zPosition", .number(\.zPosition), paint: .geometry, animates: [.zPosition])
        case .contents:
            .init("contents", ca: "contents", .optionalImage(\.paint.contents), paint: .ownPaint, crossFades: true)
        case .contentsGravity:
            .init("gravity", ca: "contentsGravity", .gravity(\.paint.contentsGravity), paint: .ownPaint)
        case .contentsScale:
            .init("contentsScale", ca: "contentsScale", .number(\.paint.contentsScale), .positive, paint: .ownPaint)
        }
    }

    /// This property's row of the table.
    @inline(__always)
    public var descriptor: LayerPropertyDescriptor { Self.rows[Int(rawValue) - 1] }

    /// Where each property is stored in `LayerState`, by tag − 1 (a plain
    /// value: reading it retains nothing).
    static let slots: [LayerPropertyDescriptor.Slot] = rows.map(\.slot)

    private static let rows: [LayerPropertyDescriptor] = {
        let rows = allCases.map(\.row)
        precondition(allCases.enumerated().allSatisfy { Int($1.rawValue) == $0 + 1 } && allCases.count <= 64,
                     "LayerProperty: the wire tags must be 1, 2, 3, … in declaration order, at most 64 (LayerProperty.Set)")
        return rows
    }()

    /// The scenario language's name of the property (`corner`).
    public var languageName: String { descriptor.languageName }

    /// Core Animation's key for the property, as `CALayer` key-value coding
    /// and `CABasicAnimation.keyPath` spell it (`isHidden`'s key is `hidden`).
    public var caKey: String { descriptor.caKey }

    /// The property's wire tag (the raw value).
    public var wireTag: UInt8 { rawValue }

    /// The property the scenario language names `name` (`corner`), or `nil`.
    public init?(languageName name: String) {
        guard let found = Self.byLanguageName[name] else { return nil }
        self = found
    }

    /// The property whose Core Animation key is `key` (`cornerRadius`), or `nil`.
    public init?(caKey key: String) {
        guard let found = Self.byCAKey[key] else { return nil }
        self = found
    }

    /// The property the scenario language accepts as `name`: its language
    /// name or its Core Animation key (`corner` or `cornerRadius`), or `nil`.
    public init?(spelled name: String) {
        guard let found = Self.byLanguageName[name] ?? Self.byCAKey[name] else { return nil }
        self = found
    }

    private static let byLanguageName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.languageName, $0) })
    private static let byCAKey = Dictionary(uniqueKeysWithValues: allCases.map { ($0.caKey, $0) })

    /// The kind of `PropertyValue` the property holds.
    public var valueKind: PropertyValue.Kind { descriptor.access.kind }

    /// Whether `PropertyValue.null` is a valid value (`background`, `contents`).
    public var isOptional: Bool { descriptor.access.isOptional }

    /// Whether the property is computed from others (`frame`).
    public var isDerived: Bool { paintClass == .derived }

    /// The row's paint class, read without copying the row.
    @inline(__always)
    public var paintClass: LayerPropertyDescriptor.PaintClass { Self.slots[Int(rawValue) - 1].paint }

    /// Every property that `LayerState` stores, in declaration order: all but
    /// `frame`. Diffs and encoders walk this list.
    public static let stored: [LayerProperty] = allCases.filter { !$0.isDerived }

    /// `name [caKey]`.
    public var description: String { "\(languageName) [\(caKey)]" }
}
