import LayerKit
import RenderModel

/// A property the language can name on a layer: a row of the layer property
/// table (``LayerProperty``, which gives its names, its value kind and
/// rules, and whether it animates), or one of the layer's own media timing
/// properties (`speed`, `timeOffset`, `beginTime`: model values of
/// LayerKit's `Layer`, shipped as `timing` operations).
///
/// The language accepts a table property by its language name or by its
/// Core Animation key (`corner` or `cornerRadius`), with the same checks;
/// messages and the trace spell it by its language name.
public enum LayerPropertyName: Sendable, Hashable, CustomStringConvertible {
    case layer(LayerProperty)
    case timing(LayerTiming.Key)

    /// Every property, the table's in declaration order, then the timing ones.
    public static let allCases: [LayerPropertyName] =
        LayerProperty.allCases.map(Self.layer) + LayerTiming.Key.allCases.map(Self.timing)

    /// The names messages list (the language names).
    public static let names: [String] = allCases.map(\.languageName)

    /// Every spelling the language accepts: the language names, then the
    /// Core Animation keys that differ from them (what suggestions draw on).
    public static let spellings: [String] =
        names + LayerProperty.allCases.map(\.caKey).filter { !names.contains($0) }

    /// The property spelt `name` (a language name or a Core Animation key).
    public init?(spelled name: String) {
        if let property = LayerProperty(spelled: name) {
            self = .layer(property)
        } else if let key = LayerTiming.Key(rawValue: name) {
            self = .timing(key)
        } else {
            return nil
        }
    }

    /// The language's name (`corner`, `speed`).
    public var languageName: String {
        switch self {
        case .layer(let p): p.languageName
        case .timing(let key): key.rawValue
        }
    }

    /// The table's property, or nil for a timing property.
    public var layerProperty: LayerProperty? {
        if case .layer(let p) = self { return p }
        return nil
    }

    /// The layer timing properties (`speed`, `timeOffset`, `beginTime`):
    /// model values of LayerKit's ``Layer`` that do not reach the render
    /// server's frames yet (`docs/guide/animations-language.md`, integration).
    public var isTiming: Bool { layerProperty == nil }

    /// The keys an animation may name: the table's properties that Core
    /// Animation animates (Table B-1 of the Core Animation guide). `frame`
    /// animates as `bounds` and `position`.
    public var isAnimatable: Bool { layerProperty?.descriptor.coreAnimationAnimates ?? false }

    /// The kind of value the property takes in the language.
    public var valueKind: ValueKind {
        switch self {
        case .timing(.speed): .number(.none)
        case .timing: .time
        case .layer(let p):
            switch p.descriptor.access {
            case .rect: .rect
            case .point: .point
            case .transform: .transform
            case .number: .number(p.descriptor.constraint)
            case .bool: .bool
            case .color, .optionalColor: .color
            case .optionalImage: .image
            case .gravity: .gravity
            }
        }
    }

    /// What the language reads after `PROP=`.
    public enum ValueKind: Sendable, Hashable {
        case rect, point, transform, bool, color, image, gravity
        /// A plain number, with the table's rule (`corner`: 0 or more).
        case number(LayerPropertyDescriptor.Constraint)
        /// A time like `1.5s` (`timeOffset`, `beginTime`).
        case time
    }

    /// The language name.
    public var description: String { languageName }
}
