/// The key paths an animation can drive: Core Animation's animatable keys
/// (`docs/reference/core-animation-rules.md` §2.5, Table B-1) that LoopSim's `LayerState` models, and the common
/// component paths (`position.x`, `transform.rotation.z`, …)
/// (`docs/reference/animations.md`, "Key paths").
///
/// Raw values are Core Animation's spellings. `frame` is not a key path:
/// it animates as `bounds` and `position` (``keyPaths(for:)``). Keys of
/// Table B-1 that LoopSim does not model (`contents` cross-fades,
/// `contentsRect`, `filters`, `mask`, the shadow keys, `sublayerTransform`)
/// have no case.
public enum AnimationKeyPath: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `anchorPoint`, a point.
    case anchorPoint
    /// `backgroundColor`, a colour (nil reads as transparent black).
    case backgroundColor
    /// `borderColor`, a colour.
    case borderColor
    /// `borderWidth`, a number.
    case borderWidth
    /// `bounds`, a rect.
    case bounds
    /// `bounds.origin`, a point.
    case boundsOrigin = "bounds.origin"
    /// `bounds.size`, a size.
    case boundsSize = "bounds.size"
    /// `bounds.size.width`, a number.
    case boundsWidth = "bounds.size.width"
    /// `bounds.size.height`, a number.
    case boundsHeight = "bounds.size.height"
    /// `cornerRadius`, a number.
    case cornerRadius
    /// `hidden`, a bool (discrete).
    case hidden
    /// `masksToBounds`, a bool (discrete).
    case masksToBounds
    /// `opacity`, a number, clamped to 0…1 when written.
    case opacity
    /// `position`, a point.
    case position
    /// `position.x`, a number.
    case positionX = "position.x"
    /// `position.y`, a number.
    case positionY = "position.y"
    /// `transform`, a transform.
    case transform
    /// The transform's rotation in radians (also spelled `transform.rotation`).
    case rotation = "transform.rotation.z"
    /// The mean of the x and y scale when read; sets both when written.
    case scale = "transform.scale"
    /// The x scale of the transform.
    case scaleX = "transform.scale.x"
    /// The y scale of the transform.
    case scaleY = "transform.scale.y"
    /// The translation as a size (width = x, height = y).
    case translation = "transform.translation"
    /// The transform's tx.
    case translationX = "transform.translation.x"
    /// The transform's ty.
    case translationY = "transform.translation.y"
    /// `zPosition`, a number.
    case zPosition

    /// The key path Core Animation spells `name` (`transform.rotation` is
    /// `transform.rotation.z`), or `nil` for a path that is not animatable
    /// here.
    public init?(caKeyPath name: String) {
        if name == "transform.rotation" {
            self = .rotation
            return
        }
        self.init(rawValue: name)
    }

    /// The layer property the path lives in.
    public var property: LayerProperty {
        switch self {
        case .anchorPoint: .anchorPoint
        case .backgroundColor: .backgroundColor
        case .borderColor: .borderColor
        case .borderWidth: .borderWidth
        case .bounds, .boundsOrigin, .boundsSize, .boundsWidth, .boundsHeight: .bounds
        case .cornerRadius: .cornerRadius
        case .hidden: .isHidden
        case .masksToBounds: .masksToBounds
        case .opacity: .opacity
        case .position, .positionX, .positionY: .position
        case .transform, .rotation, .scale, .scaleX, .scaleY, .translation, .translationX, .translationY: .transform
        case .zPosition: .zPosition
        }
    }

    /// The kind of value the path takes.
    public var valueKind: AnimationValue.Kind {
        switch self {
        case .anchorPoint, .position, .boundsOrigin: .point
        case .backgroundColor, .borderColor: .color
        case .bounds: .rect
        case .boundsSize, .translation: .size
        case .hidden, .masksToBounds: .bool
        case .transform: .transform
        case .borderWidth, .boundsWidth, .boundsHeight, .cornerRadius, .opacity, .positionX, .positionY,
             .rotation, .scale, .scaleX, .scaleY, .translationX, .translationY, .zPosition: .number
        }
    }

    /// The whole-property key paths a change of `property` animates under
    /// (for implicit actions, §2.5), from the property table: `frame` →
    /// `bounds`, `position`; an animatable property → its own key; anything
    /// else (`contents`, `contentsGravity`, `contentsScale`) → none.
    public static func keyPaths(for property: LayerProperty) -> [AnimationKeyPath] {
        property.descriptor.animatableKeyPaths
    }

    /// The raw value: Core Animation's key path.
    public var description: String { rawValue }
}
