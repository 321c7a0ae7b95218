extension AnimationKeyPath {
    /// The path's value in `state`. A nil `backgroundColor` reads as
    /// transparent black (`RGBA.clear`); `transform.scale` reads the mean of
    /// the x and y scales.
    @inline(__always)
    public func value(in state: LayerState) -> AnimationValue {
        switch self {
        case .anchorPoint: .point(state.anchorPoint)
        case .backgroundColor: .color(state.backgroundColor ?? .clear)
        case .borderColor: .color(state.borderColor)
        case .borderWidth: .number(state.borderWidth)
        case .bounds: .rect(state.bounds)
        case .boundsOrigin: .point(state.bounds.origin)
        case .boundsSize: .size(state.bounds.size)
        case .boundsWidth: .number(state.bounds.size.width)
        case .boundsHeight: .number(state.bounds.size.height)
        case .cornerRadius: .number(state.cornerRadius)
        case .hidden: .bool(state.isHidden)
        case .masksToBounds: .bool(state.masksToBounds)
        case .opacity: .number(state.opacity)
        case .position: .point(state.position)
        case .positionX: .number(state.position.x)
        case .positionY: .number(state.position.y)
        case .transform: .transform(state.transform)
        case .rotation: .number(state.transform.decomposed.angle)
        case .scale:
            .number((state.transform.decomposed.scaleX + state.transform.decomposed.scaleY) / 2)
        case .scaleX: .number(state.transform.decomposed.scaleX)
        case .scaleY: .number(state.transform.decomposed.scaleY)
        case .translation: .size(Size(width: state.transform.tx, height: state.transform.ty))
        case .translationX: .number(state.transform.tx)
        case .translationY: .number(state.transform.ty)
        case .zPosition: .number(state.zPosition)
        }
    }

    /// Writes `value` to the path in `state` (the other parts of the property
    /// are kept; a component of the transform replaces that part of its
    /// decomposition). A value of the wrong kind changes nothing. `opacity`
    /// clamps to 0…1 as the model does.
    @inline(__always)
    public func setValue(_ value: AnimationValue, in state: inout LayerState) {
        switch (self, value) {
        case (.anchorPoint, .point(let p)): state.anchorPoint = p
        case (.backgroundColor, .color(let c)): state.backgroundColor = c
        case (.borderColor, .color(let c)): state.borderColor = c
        case (.borderWidth, .number(let n)): state.borderWidth = n
        case (.bounds, .rect(let r)): state.bounds = r
        case (.boundsOrigin, .point(let p)): state.bounds.origin = p
        case (.boundsSize, .size(let s)): state.bounds.size = s
        case (.boundsWidth, .number(let n)): state.bounds.size.width = n
        case (.boundsHeight, .number(let n)): state.bounds.size.height = n
        case (.cornerRadius, .number(let n)): state.cornerRadius = n
        case (.hidden, .bool(let b)): state.isHidden = b
        case (.masksToBounds, .bool(let b)): state.masksToBounds = b
        case (.opacity, .number(let n)): state.opacity = n
        case (.position, .point(let p)): state.position = p
        case (.positionX, .number(let n)): state.position.x = n
        case (.positionY, .number(let n)): state.position.y = n
        case (.transform, .transform(let t)): state.transform = t
        case (.rotation, .number(let n)): state.transform = Self.replacing(state.transform) { $0.angle = n }
        case (.scale, .number(let n)): state.transform = Self.replacing(state.transform) { $0.scaleX = n; $0.scaleY = n }
        case (.scaleX, .number(let n)): state.transform = Self.replacing(state.transform) { $0.scaleX = n }
        case (.scaleY, .number(let n)): state.transform = Self.replacing(state.transform) { $0.scaleY = n }
        case (.translation, .size(let s)): (state.transform.tx, state.transform.ty) = (s.width, s.height)
        case (.translationX, .number(let n)): state.transform.tx = n
        case (.translationY, .number(let n)): state.transform.ty = n
        case (.zPosition, .number(let n)): state.zPosition = n
        default: break
        }
    }

    private static func replacing(_ t: Transform2D, _ change: (inout Transform2D.Decomposition) -> Void) -> Transform2D {
        var parts = t.decomposed
        change(&parts)
        return Transform2D(parts)
    }
}
