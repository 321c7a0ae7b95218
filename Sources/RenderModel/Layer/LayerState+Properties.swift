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
    /// The current value of `property` (`frame` is computed), read where
    /// the table says it is stored (or through its key path, for a computed
    /// one).
    public func value(of property: LayerProperty) -> PropertyValue {
        let slot = LayerProperty.slots[Int(property.rawValue) - 1]
        guard slot.offset >= 0 else { return keyPathValue(of: property) }
        return withUnsafeBytes(of: self) { bytes in
            let o = slot.offset
            switch slot.kind {
            case .rect: return .rect(bytes.load(fromByteOffset: o, as: Rect.self))
            case .point: return .point(bytes.load(fromByteOffset: o, as: Point.self))
            case .transform: return .transform(bytes.load(fromByteOffset: o, as: Transform2D.self))
            case .number: return .number(bytes.load(fromByteOffset: o, as: Double.self))
            case .bool: return .bool(bytes.load(fromByteOffset: o, as: Bool.self))
            case .color where slot.isOptional:
                return bytes.load(fromByteOffset: o, as: RGBA?.self).map(PropertyValue.color) ?? .null
            case .color: return .color(bytes.load(fromByteOffset: o, as: RGBA.self))
            case .image: return bytes.load(fromByteOffset: o, as: ImageID?.self).map(PropertyValue.image) ?? .null
            case .gravity: return .gravity(bytes.load(fromByteOffset: o, as: ContentsGravity.self))
            case .null: preconditionFailure("LayerState.value(of:): no property holds only null")
            }
        }
    }

    /// The value of `property` read through the table's key path.
    func keyPathValue(of property: LayerProperty) -> PropertyValue {
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

    /// Sets `property` to `value`, with the same effect as the typed setter
    /// (`opacity` clamps; `frame` sets `bounds.size` and `position`): where
    /// the table says it is stored, or through its key path for a computed
    /// one.
    ///
    /// - Throws: `LayerPropertyError` when `value`'s kind is not the
    ///   property's `valueKind` (or `.null` for an optional property); the
    ///   state is then unchanged.
    public mutating func setValue(_ value: PropertyValue, for property: LayerProperty) throws(LayerPropertyError) {
        let slot = LayerProperty.slots[Int(property.rawValue) - 1]
        guard value.kind == slot.kind || (value.kind == .null && slot.isOptional) else {
            throw LayerPropertyError(property: property, found: value.kind)
        }
        guard slot.offset >= 0 else { return setThroughKeyPath(value, for: property) }
        let o = slot.offset
        withUnsafeMutableBytes(of: &self) { bytes in
            switch value {
            case .rect(let v): bytes.storeBytes(of: v, toByteOffset: o, as: Rect.self)
            case .point(let v): bytes.storeBytes(of: v, toByteOffset: o, as: Point.self)
            case .transform(let v): bytes.storeBytes(of: v, toByteOffset: o, as: Transform2D.self)
            case .number(let v): bytes.storeBytes(of: v, toByteOffset: o, as: Double.self)
            case .bool(let v): bytes.storeBytes(of: v, toByteOffset: o, as: Bool.self)
            case .color(let v) where slot.isOptional: bytes.storeBytes(of: v, toByteOffset: o, as: RGBA?.self)
            case .color(let v): bytes.storeBytes(of: v, toByteOffset: o, as: RGBA.self)
            case .image(let v): bytes.storeBytes(of: v, toByteOffset: o, as: ImageID?.self)
            case .gravity(let v): bytes.storeBytes(of: v, toByteOffset: o, as: ContentsGravity.self)
            case .null where slot.kind == .color: bytes.storeBytes(of: nil, toByteOffset: o, as: RGBA?.self)
            case .null: bytes.storeBytes(of: nil, toByteOffset: o, as: ImageID?.self)
            }
        }
    }

    /// Sets `property` through the table's key path (the kind was checked).
    mutating func setThroughKeyPath(_ value: PropertyValue, for property: LayerProperty) {
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
        default: preconditionFailure("LayerState.setValue: \(value.kind) for \(property), whose kind was checked")
        }
    }

    /// Whether `self` and `other` hold the same value of `property`.
    public func hasSameValue(of property: LayerProperty, as other: LayerState) -> Bool {
        value(of: property) == other.value(of: property)
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
        changedValues(candidates, since: other).map(\.property)
    }

    /// ``changedProperties(_:since:)`` with each property's value in
    /// `self`: two reads a candidate, at the stored offset.
    public func changedValues(_ candidates: LayerProperty.Set, since other: LayerState) -> [(property: LayerProperty, value: PropertyValue)] {
        var out: [(property: LayerProperty, value: PropertyValue)] = []
        for property in candidates where !property.isDerived {
            let value = value(of: property)
            if value != other.value(of: property) { out.append((property, value)) }
        }
        return out
    }
}
