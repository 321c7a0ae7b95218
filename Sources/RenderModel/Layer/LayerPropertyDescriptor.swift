/// One row of the layer property table (``LayerProperty/descriptor``):
/// everything the language, the model, the wire, the render server and the
/// animations need to know about one property.
public struct LayerPropertyDescriptor: Sendable {
    /// The scenario language's name (`corner`). The language also accepts
    /// ``caKey``.
    public let languageName: String
    /// Core Animation's key (`cornerRadius`).
    public let caKey: String
    /// Where the value lives in ``LayerState``, typed; its case is the
    /// property's value kind.
    public let access: Access
    /// What values the language accepts beyond the kind.
    public let constraint: Constraint
    /// What a change can repaint (``PaintClass``).
    public let paint: PaintClass
    /// The whole-property key paths a change animates under (implicit
    /// actions, `docs/reference/core-animation-rules.md` §2.5): the property's own key,
    /// `bounds` and `position` for `frame`, none for a property Core Animation
    /// does not animate.
    public let animatableKeyPaths: [AnimationKeyPath]
    /// Whether Core Animation animates the property (its Table B-1): true
    /// wherever ``animatableKeyPaths`` is not empty, and for `contents`,
    /// whose cross-fade LoopSim does not model (an animation of it is
    /// accepted and adds nothing, `docs/reference/animations.md`).
    public let coreAnimationAnimates: Bool

    init(_ languageName: String, ca caKey: String, _ access: Access, _ constraint: Constraint = .none,
         paint: PaintClass, animates: [AnimationKeyPath] = [], crossFades: Bool = false) {
        self.languageName = languageName
        self.caKey = caKey
        self.access = access
        self.constraint = constraint
        self.paint = paint
        self.animatableKeyPaths = animates
        self.coreAnimationAnimates = !animates.isEmpty || crossFades
        self.slot = Slot(access, paint: paint)
    }

    /// Where the value is stored, for the generic reads and writes: the byte
    /// offset in `LayerState` of a stored field (the runtime's answer for
    /// the row's key path, `MemoryLayout.offset(of:)`), or −1 for a
    /// computed one (`frame`, `opacity`, which clamps), which goes through
    /// the key path. Applying a key path costs about a thousand
    /// instructions; a typed load at the offset a handful
    /// (`docs/internals/property-table.md`, "Speed").
    let slot: Slot

    /// A row's storage: the offset (−1: none) and the value kind.
    struct Slot: Sendable {
        var offset: Int
        var kind: PropertyValue.Kind
        var isOptional: Bool
        var paint: PaintClass

        init(_ access: Access, paint: PaintClass) {
            self.paint = paint
            kind = access.kind
            isOptional = access.isOptional
            offset = switch access {
            case .rect(let k): Self.offset(k)
            case .point(let k): Self.offset(k)
            case .transform(let k): Self.offset(k)
            case .number(let k): Self.offset(k)
            case .bool(let k): Self.offset(k)
            case .color(let k): Self.offset(k)
            case .optionalColor(let k): Self.offset(k)
            case .optionalImage(let k): Self.offset(k)
            case .gravity(let k): Self.offset(k)
            }
        }

        /// The offset of a stored field of a trivial type (loaded and stored
        /// as plain bytes), else −1.
        private static func offset<T>(_ k: WritableKeyPath<LayerState, T>) -> Int {
            guard _isPOD(T.self), let o = MemoryLayout<LayerState>.offset(of: k) else { return -1 }
            return o
        }
    }

    /// A typed key path into ``LayerState``, one case per value kind.
    ///
    /// Reading and writing through a key path costs about a hundred
    /// nanoseconds; the generic reads and writes (`LayerState.value(of:)`,
    /// `setValue(_:for:)`) use it, and the per-frame paths of the render
    /// server do not (`docs/internals/property-table.md`).
    public enum Access: Sendable {
        case rect(WritableKeyPath<LayerState, Rect> & Sendable)
        case point(WritableKeyPath<LayerState, Point> & Sendable)
        case transform(WritableKeyPath<LayerState, Transform2D> & Sendable)
        case number(WritableKeyPath<LayerState, Double> & Sendable)
        case bool(WritableKeyPath<LayerState, Bool> & Sendable)
        case color(WritableKeyPath<LayerState, RGBA> & Sendable)
        /// A colour that may be nil (`PropertyValue.null`).
        case optionalColor(WritableKeyPath<LayerState, RGBA?> & Sendable)
        /// An image that may be nil (`PropertyValue.null`).
        case optionalImage(WritableKeyPath<LayerState, ImageID?> & Sendable)
        case gravity(WritableKeyPath<LayerState, ContentsGravity> & Sendable)

        /// The kind of value (`null` aside) the property holds.
        public var kind: PropertyValue.Kind {
            switch self {
            case .rect: .rect
            case .point: .point
            case .transform: .transform
            case .number: .number
            case .bool: .bool
            case .color, .optionalColor: .color
            case .optionalImage: .image
            case .gravity: .gravity
            }
        }

        /// Whether `PropertyValue.null` is a value of the property.
        public var isOptional: Bool {
            switch self {
            case .optionalColor, .optionalImage: true
            default: false
            }
        }
    }

    /// The rule a value must follow beyond its kind, checked where values
    /// are written by people (the scenario language, `set … +=`); the model
    /// stores what it is given, as Core Animation does.
    public enum Constraint: Sendable, Hashable {
        /// Any value of the kind.
        case none
        /// A number, 0 or more (`cornerRadius`, `borderWidth`).
        case notNegative
        /// A number greater than 0 (`contentsScale`).
        case positive
        /// A rect whose width and height are 0 or more (`bounds`, `frame`).
        case sizeNotNegative
        /// Any number; the model clamps it to 0…1 (`opacity`).
        case clampedToUnit

        /// How a message names what the constraint allows, after the kind
        /// (`a number` + `, 0 or more`); empty when it allows all.
        public var described: String {
            switch self {
            case .none, .clampedToUnit, .sizeNotNegative: ""
            case .notNegative: ", 0 or more"
            case .positive: " greater than 0"
            }
        }

        /// Why `number` breaks the constraint (`cannot be negative`), or nil.
        public func problem(with number: Double) -> String? {
            switch self {
            case .notNegative where number < 0: "cannot be negative"
            case .positive where !(number > 0): "must be greater than 0"
            default: nil
            }
        }
    }

    /// What a change of the property can change on screen, for damage
    /// (`docs/internals/render-server.md`, "Damage").
    public enum PaintClass: Sendable, Hashable {
        /// Computed from other properties (`frame`); never stored or diffed.
        case derived
        /// Can move, reshape, hide or reorder the layer and its subtree.
        case geometry
        /// Paints only the layer itself (its background, border, contents):
        /// stored in ``LayerState/Paint``.
        case ownPaint
        /// Paints only the layer itself unless it clips its sublayers
        /// (`cornerRadius`: the clip is rounded).
        case ownPaintUnlessClipping
        /// Paints only the layer itself unless it has sublayers
        /// (`opacity`: with sublayers it is a group opacity).
        case ownPaintWithoutSublayers

        /// Whether a change, on a layer that `clips` and `hasSublayers` (or
        /// not), can change only its own pixels.
        @inline(__always)
        public func paintsOnlyItself(clips: Bool, hasSublayers: Bool) -> Bool {
            switch self {
            case .derived, .geometry: false
            case .ownPaint: true
            case .ownPaintUnlessClipping: !clips
            case .ownPaintWithoutSublayers: !hasSublayers
            }
        }
    }
}
