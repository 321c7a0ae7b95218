import RenderModel

extension WireTag {
    /// An `AnimationKeyPath` in an `addAnimation` operation.
    public enum AnimationKeyPath: UInt8, CaseIterable, Sendable {
        case anchorPoint = 1
        case backgroundColor = 2
        case borderColor = 3
        case borderWidth = 4
        case bounds = 5
        case boundsOrigin = 6
        case boundsSize = 7
        case boundsWidth = 8
        case boundsHeight = 9
        case cornerRadius = 10
        case hidden = 11
        case masksToBounds = 12
        case opacity = 13
        case position = 14
        case positionX = 15
        case positionY = 16
        case transform = 17
        case rotation = 18
        case scale = 19
        case scaleX = 20
        case scaleY = 21
        case translation = 22
        case translationX = 23
        case translationY = 24
        case zPosition = 25

        /// The tag of `keyPath`.
        public init(_ keyPath: RenderModel.AnimationKeyPath) {
            switch keyPath {
            case .anchorPoint: self = .anchorPoint
            case .backgroundColor: self = .backgroundColor
            case .borderColor: self = .borderColor
            case .borderWidth: self = .borderWidth
            case .bounds: self = .bounds
            case .boundsOrigin: self = .boundsOrigin
            case .boundsSize: self = .boundsSize
            case .boundsWidth: self = .boundsWidth
            case .boundsHeight: self = .boundsHeight
            case .cornerRadius: self = .cornerRadius
            case .hidden: self = .hidden
            case .masksToBounds: self = .masksToBounds
            case .opacity: self = .opacity
            case .position: self = .position
            case .positionX: self = .positionX
            case .positionY: self = .positionY
            case .transform: self = .transform
            case .rotation: self = .rotation
            case .scale: self = .scale
            case .scaleX: self = .scaleX
            case .scaleY: self = .scaleY
            case .translation: self = .translation
            case .translationX: self = .translationX
            case .translationY: self = .translationY
            case .zPosition: self = .zPosition
            }
        }

        /// The key path this tag names.
        public var keyPath: RenderModel.AnimationKeyPath {
            switch self {
            case .anchorPoint: .anchorPoint
            case .backgroundColor: .backgroundColor
            case .borderColor: .borderColor
            case .borderWidth: .borderWidth
            case .bounds: .bounds
            case .boundsOrigin: .boundsOrigin
            case .boundsSize: .boundsSize
            case .boundsWidth: .boundsWidth
            case .boundsHeight: .boundsHeight
            case .cornerRadius: .cornerRadius
            case .hidden: .hidden
            case .masksToBounds: .masksToBounds
            case .opacity: .opacity
            case .position: .position
            case .positionX: .positionX
            case .positionY: .positionY
            case .transform: .transform
            case .rotation: .rotation
            case .scale: .scale
            case .scaleX: .scaleX
            case .scaleY: .scaleY
            case .translation: .translation
            case .translationX: .translationX
            case .translationY: .translationY
            case .zPosition: .zPosition
            }
        }
    }

    /// The kind of animation in an `addAnimation` operation.
    public enum AnimationKind: UInt8, CaseIterable, Sendable {
        case basic = 1
        case keyframe = 2
        case spring = 3

        /// The tag of `content`'s kind.
        public init(_ content: LayerAnimation.Content) {
            switch content {
            case .basic: self = .basic
            case .keyframe: self = .keyframe
            case .spring: self = .spring
            }
        }
    }

    /// A `MediaTiming.FillMode`.
    public enum FillMode: UInt8, CaseIterable, Sendable {
        case removed = 1
        case forwards = 2
        case backwards = 3
        case both = 4

        /// The tag of `mode`.
        public init(_ mode: MediaTiming.FillMode) {
            switch mode {
            case .removed: self = .removed
            case .forwards: self = .forwards
            case .backwards: self = .backwards
            case .both: self = .both
            }
        }

        /// The fill mode this tag names.
        public var mode: MediaTiming.FillMode {
            switch self {
            case .removed: .removed
            case .forwards: .forwards
            case .backwards: .backwards
            case .both: .both
            }
        }
    }

    /// A `KeyframeAnimation.CalculationMode`.
    public enum CalculationMode: UInt8, CaseIterable, Sendable {
        case linear = 1
        case discrete = 2
        case paced = 3
        case cubic = 4
        case cubicPaced = 5

        /// The tag of `mode`.
        public init(_ mode: KeyframeAnimation.CalculationMode) {
            switch mode {
            case .linear: self = .linear
            case .discrete: self = .discrete
            case .paced: self = .paced
            case .cubic: self = .cubic
            case .cubicPaced: self = .cubicPaced
            }
        }

        /// The calculation mode this tag names.
        public var mode: KeyframeAnimation.CalculationMode {
            switch self {
            case .linear: .linear
            case .discrete: .discrete
            case .paced: .paced
            case .cubic: .cubic
            case .cubicPaced: .cubicPaced
            }
        }
    }
}
