/// A `PropertyValue` of the wrong kind was given for a `LayerProperty`.
public struct LayerPropertyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The property being set.
    public var property: LayerProperty
    /// The kind of value that was given.
    public var found: PropertyValue.Kind

    /// Makes the error for `property` given a value of kind `found`.
    public init(property: LayerProperty, found: PropertyValue.Kind) {
        self.property = property
        self.found = found
    }

    /// "property 'opacity' [opacity] expects a number, got a color".
    public var description: String {
        let optional = property.isOptional ? " or null" : ""
        return "property '\(property.rawValue)' [\(property.caKey)] expects \(article(property.valueKind))\(optional), got \(article(found))"
    }

    private func article(_ kind: PropertyValue.Kind) -> String {
        switch kind {
        case .image: "an image"
        case .null: "null"
        default: "a \(kind.rawValue)"
        }
    }
}

extension LayerState {
    /// The current value of `property` (`frame` is computed).
    public func value(of property: LayerProperty) -> PropertyValue {
        switch property {
        case .frame: .rect(frame)
        case .bounds: .rect(bounds)
        case .position: .point(position)
        case .anchorPoint: .point(anchorPoint)
        case .transform: .transform(transform)
        case .backgroundColor: backgroundColor.map(PropertyValue.color) ?? .null
        case .opacity: .number(opacity)
        case .isHidden: .bool(isHidden)
        case .cornerRadius: .number(cornerRadius)
        case .borderWidth: .number(borderWidth)
        case .borderColor: .color(borderColor)
        case .masksToBounds: .bool(masksToBounds)
        case .zPosition: .number(zPosition)
        case .contents: contents.map(PropertyValue.image) ?? .null
        case .contentsGravity: .gravity(contentsGravity)
        }
    }

    /// Sets `property` to `value`, with the same effect as the typed setter
    /// (`opacity` clamps; `frame` sets `bounds.size` and `position`).
    ///
    /// - Throws: `LayerPropertyError` when `value`'s kind is not the
    ///   property's `valueKind` (or `.null` for an optional property); the
    ///   state is then unchanged.
    public mutating func setValue(_ value: PropertyValue, for property: LayerProperty) throws(LayerPropertyError) {
        switch (property, value) {
        case (.frame, .rect(let v)): frame = v
        case (.bounds, .rect(let v)): bounds = v
        case (.position, .point(let v)): position = v
        case (.anchorPoint, .point(let v)): anchorPoint = v
        case (.transform, .transform(let v)): transform = v
        case (.backgroundColor, .color(let v)): backgroundColor = v
        case (.backgroundColor, .null): backgroundColor = nil
        case (.opacity, .number(let v)): opacity = v
        case (.isHidden, .bool(let v)): isHidden = v
        case (.cornerRadius, .number(let v)): cornerRadius = v
        case (.borderWidth, .number(let v)): borderWidth = v
        case (.borderColor, .color(let v)): borderColor = v
        case (.masksToBounds, .bool(let v)): masksToBounds = v
        case (.zPosition, .number(let v)): zPosition = v
        case (.contents, .image(let v)): contents = v
        case (.contents, .null): contents = nil
        case (.contentsGravity, .gravity(let v)): contentsGravity = v
        default: throw LayerPropertyError(property: property, found: value.kind)
        }
    }

    /// The stored properties whose values differ between `self` and `other`,
    /// in `LayerProperty.stored` order (never `frame`).
    public func changedProperties(since other: LayerState) -> [LayerProperty] {
        LayerProperty.stored.filter { value(of: $0) != other.value(of: $0) }
    }
}
