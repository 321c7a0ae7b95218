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
        return "property '\(property.languageName)' [\(property.caKey)] expects \(article(property.valueKind))\(optional), got \(article(found))"
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
    /// The current value of `property` (`frame` is computed), read through
    /// the table's key path.
    public func value(of property: LayerProperty) -> PropertyValue {
        switch property.descriptor.access {
        case .rect(let k): .rect(self[keyPath: k])
        case .point(let k): .point(self[keyPath: k])
        case .transform(let k): .transform(self[keyPath: k])
        case .number(let k): .number(self[keyPath: k])
        case .bool(let k): .bool(self[keyPath: k])
        case .color(let k): .color(self[keyPath: k])
        case .optionalColor(let k): self[keyPath: k].map(PropertyValue.color) ?? .null
        case .optionalImage(let k): self[keyPath: k].map(PropertyValue.image) ?? .null
        case .gravity(let k): .gravity(self[keyPath: k])
        }
    }

    /// Sets `property` to `value` through the table's key path, with the
    /// same effect as the typed setter (`opacity` clamps; `frame` sets
    /// `bounds.size` and `position`).
    ///
    /// - Throws: `LayerPropertyError` when `value`'s kind is not the
    ///   property's `valueKind` (or `.null` for an optional property); the
    ///   state is then unchanged.
    public mutating func setValue(_ value: PropertyValue, for property: LayerProperty) throws(LayerPropertyError) {
        switch (property.descriptor.access, value) {
        case (.rect(let k), .rect(let v)): self[keyPath: k] = v
        case (.point(let k), .point(let v)): self[keyPath: k] = v
        case (.transform(let k), .transform(let v)): self[keyPath: k] = v
        case (.number(let k), .number(let v)): self[keyPath: k] = v
        case (.bool(let k), .bool(let v)): self[keyPath: k] = v
        case (.color(let k), .color(let v)): self[keyPath: k] = v
        case (.optionalColor(let k), .color(let v)): self[keyPath: k] = v
        case (.optionalColor(let k), .null): self[keyPath: k] = nil
        case (.optionalImage(let k), .image(let v)): self[keyPath: k] = v
        case (.optionalImage(let k), .null): self[keyPath: k] = nil
        case (.gravity(let k), .gravity(let v)): self[keyPath: k] = v
        default: throw LayerPropertyError(property: property, found: value.kind)
        }
    }

    /// Whether `self` and `other` hold the same value of `property`.
    public func hasSameValue(of property: LayerProperty, as other: LayerState) -> Bool {
        switch property.descriptor.access {
        case .rect(let k): self[keyPath: k] == other[keyPath: k]
        case .point(let k): self[keyPath: k] == other[keyPath: k]
        case .transform(let k): self[keyPath: k] == other[keyPath: k]
        case .number(let k): self[keyPath: k] == other[keyPath: k]
        case .bool(let k): self[keyPath: k] == other[keyPath: k]
        case .color(let k): self[keyPath: k] == other[keyPath: k]
        case .optionalColor(let k): self[keyPath: k] == other[keyPath: k]
        case .optionalImage(let k): self[keyPath: k] == other[keyPath: k]
        case .gravity(let k): self[keyPath: k] == other[keyPath: k]
        }
    }

    /// The stored properties whose values differ between `self` and `other`,
    /// in `LayerProperty.stored` order (never `frame`).
    public func changedProperties(since other: LayerState) -> [LayerProperty] {
        guard self != other else { return [] }
        return LayerProperty.stored.filter { !hasSameValue(of: $0, as: other) }
    }

    /// Of `candidates`, the stored properties whose values differ between
    /// `self` and `other`, in `LayerProperty.stored` order: the diff of a
    /// layer that knows which properties were set since `other`, in the
    /// time of those alone.
    public func changedProperties(_ candidates: LayerProperty.Set, since other: LayerState) -> [LayerProperty] {
        var out: [LayerProperty] = []
        for property in candidates where !property.isDerived && !hasSameValue(of: property, as: other) {
            out.append(property)
        }
        return out
    }
}
