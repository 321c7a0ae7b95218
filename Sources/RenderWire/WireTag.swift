import RenderModel

/// Every numeric tag of the protocol, pinned in one place.
///
/// The numbers are part of the protocol (`docs/reference/wire-protocol.md`) and are
/// pinned by tests: never renumber a case; give a new case a new number.
/// No tag is 0, so a zero-filled buffer fails at its first tag. The mappings
/// to and from the model types are exhaustive switches, so a case added to
/// `PropertyValue.Kind` or `ContentsGravity` does not compile until it
/// has a tag here; a `LayerProperty`'s tag is its raw value.
public enum WireTag {
    /// The first byte of each operation of a commit.
    public enum Op: UInt8, CaseIterable, Sendable {
        case create = 1
        case remove = 2
        case move = 3
        case set = 4
        case bitmap = 5
        case addAnimation = 6
        case removeAnimation = 7
        case removeAllAnimations = 8
        /// A layer's timing (version 4).
        case timing = 9

        /// The tag of `op`.
        public init(_ op: DiffOp) {
            switch op {
            case .create: self = .create
            case .remove: self = .remove
            case .move: self = .move
            case .set: self = .set
            case .bitmap: self = .bitmap
            case .addAnimation: self = .addAnimation
            case .removeAnimation: self = .removeAnimation
            case .removeAllAnimations: self = .removeAllAnimations
            case .timing: self = .timing
            }
        }

        /// The name used in field paths (`ops[3].bitmap.width`).
        public var name: String {
            switch self {
            case .create: "create"
            case .remove: "remove"
            case .move: "move"
            case .set: "set"
            case .bitmap: "bitmap"
            case .addAnimation: "addAnimation"
            case .removeAnimation: "removeAnimation"
            case .removeAllAnimations: "removeAllAnimations"
            case .timing: "timing"
            }
        }
    }

    // A `LayerProperty` in a `set` operation is its raw value, pinned with
    // the property table (`LayerProperty`, docs/reference/wire-protocol.md).

    /// The kind of a `PropertyValue`, the first byte of a value.
    public enum ValueKind: UInt8, CaseIterable, Sendable {
        case rect = 1
        case point = 2
        case transform = 3
        case number = 4
        case bool = 5
        case color = 6
        case image = 7
        case gravity = 8
        case null = 9

        /// The tag of `kind`.
        public init(_ kind: PropertyValue.Kind) {
            switch kind {
            case .rect: self = .rect
            case .point: self = .point
            case .transform: self = .transform
            case .number: self = .number
            case .bool: self = .bool
            case .color: self = .color
            case .image: self = .image
            case .gravity: self = .gravity
            case .null: self = .null
            }
        }

        /// The kind this tag names.
        public var kind: PropertyValue.Kind {
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

        /// The bytes of the payload that follows the tag.
        public var payloadSize: Int {
            switch self {
            case .rect: 32
            case .point: 16
            case .transform: 48
            case .number: 8
            case .bool: 1
            case .color: 32
            case .image: 8
            case .gravity: 1
            case .null: 0
            }
        }
    }

    /// A `ContentsGravity`, the payload of a gravity value.
    public enum Gravity: UInt8, CaseIterable, Sendable {
        case center = 1
        case top = 2
        case bottom = 3
        case left = 4
        case right = 5
        case topLeft = 6
        case topRight = 7
        case bottomLeft = 8
        case bottomRight = 9
        case resize = 10
        case resizeAspect = 11
        case resizeAspectFill = 12

        /// The tag of `gravity`.
        public init(_ gravity: ContentsGravity) {
            switch gravity {
            case .center: self = .center
            case .top: self = .top
            case .bottom: self = .bottom
            case .left: self = .left
            case .right: self = .right
            case .topLeft: self = .topLeft
            case .topRight: self = .topRight
            case .bottomLeft: self = .bottomLeft
            case .bottomRight: self = .bottomRight
            case .resize: self = .resize
            case .resizeAspect: self = .resizeAspect
            case .resizeAspectFill: self = .resizeAspectFill
            }
        }

        /// The gravity this tag names.
        public var gravity: ContentsGravity {
            switch self {
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            case .resize: .resize
            case .resizeAspect: .resizeAspect
            case .resizeAspectFill: .resizeAspectFill
            }
        }
    }
}
