/// SwiftUI-style hosts (`docs/reference/swiftui.md`): `host NAME …:` with its state
/// variables and body, and the `state HOST.VAR = VALUE` action.

/// The form of a state variable's value, fixed by its initial value; a
/// `$NAME` reference and every `state` write must have it.
package enum StateForm: Sendable, Equatable {
    case colour, number, bool, rect, point, transform

    /// How messages name it.
    package var described: String {
        switch self {
        case .colour: "a colour"
        case .number: "a number"
        case .bool: "true or false"
        case .rect: "(x, y, width, height)"
        case .point: "(x, y)"
        case .transform: "a transform"
        }
    }

    /// The form of `value` (nil for values a state variable cannot hold).
    package init?(of value: LayerValue) {
        switch value {
        case .color, .none: self = .colour
        case .number: self = .number
        case .bool: self = .bool
        case .rect: self = .rect
        case .point: self = .point
        case .transform: self = .transform
        case .image, .gravity, .time: return nil
        }
    }

    /// The form `property` takes (nil: it cannot take a state value).
    package init?(of property: LayerPropertyName) {
        switch property.valueKind {
        case .color: self = .colour
        case .number: self = .number
        case .bool: self = .bool
        case .rect: self = .rect
        case .point: self = .point
        case .transform: self = .transform
        case .image, .gravity, .time: return nil
        }
    }
}

/// `state NAME = VALUE` inside a `host` block.
package struct StateVariableDecl: Sendable, Equatable {
    package var name: String
    package var value: LayerValue
    package var location: SourceLocation
}

/// The value of a body's `set`: written out, or `$NAME`.
package enum HostBodyValue: Sendable, Equatable {
    case value(LayerValue)
    /// `$NAME`: the variable's graph value.
    case state(String)
}

/// One line of a host's `body:`.
package struct HostBodyStep: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `set L.prop = VALUE` or `= $NAME`.
        case set(layer: String, property: LayerPropertyName, value: HostBodyValue)
        /// `log "text"`.
        case log(String)
    }

    package var kind: Kind
    package var location: SourceLocation
}

/// `host NAME [view options]:` — a view that renders its body from its
/// state variables (`docs/reference/swiftui.md`).
package struct HostDecl: Sendable, Equatable {
    /// The hosting view, declared as `view` would declare it.
    package var view: LayerDecl
    package var state: [StateVariableDecl]
    package var body: [HostBodyStep]
    package var location: SourceLocation

    /// The variables the body reads.
    package var reads: Set<String> {
        Set(body.compactMap { step in
            if case .set(_, _, .state(let name)) = step.kind { return name }
            return nil
        })
    }
}

/// `state HOST.VAR = VALUE`: an `@State` write.
package struct StateWrite: Sendable, Equatable {
    package var host: String
    package var variable: String
    package var value: LayerValue
}
