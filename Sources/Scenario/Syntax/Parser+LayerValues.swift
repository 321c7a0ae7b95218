/// Layer property values (`frame=(0,0,10,10)`, `transform=rotate(30deg)
/// scale(2)`, `background=none`, …) and the plain numbers of geometry, shared
/// by `layer`/`view` declarations, `set` and the drawing commands.
extension Parser {
    static let gravities = ["center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft",
                            "bottomRight", "resize", "resizeAspect", "resizeAspectFill"]
    static let transformFunctions = ["rotate", "scale", "translate"]

    /// What a property takes, as its messages name it: "frame needs (x, y, width, height)".
    static func needs(_ property: LayerPropertyName) -> String {
        let form = switch property.valueKind {
        case .rect: "(x, y, width, height)"
        case .point: "(x, y)"
        case .transform: "rotate(…), scale(…), translate(…) or identity"
        case .color: "a colour (#RRGGBB, #RRGGBBAA or a name like red) or none"
        case .number(let rule): "a number" + rule.described
        case .time: "a time like 1.5s"
        case .bool: "true or false"
        case .image: "an image name or none"
        case .gravity: "one of \(gravities.joined(separator: ", "))"
        }
        return "\(property.languageName) needs \(form)"
    }

    /// How a value that has the wrong shape is named in a message.
    static func describe(_ element: ValueElement) -> String {
        switch element {
        case .atom(let token): token.quoted
        case .tuple(_, let elements): "a tuple of \(elements.count)"
        }
    }

    // MARK: Properties

    /// The value of `property` after its `=` (`what` names the `=` in
    /// messages): the rest of a transform's steps, or one value element.
    /// A `contents=` image name is recorded as a use.
    mutating func layerValue(_ property: LayerPropertyName, _ cursor: inout Cursor,
                             after what: String) throws(Diagnostic) -> LayerValue {
        let line = cursor.line
        if property.valueKind == .transform {
            return .transform(try transformSteps(&cursor, after: what))
        }
        let value = try parseValue(&cursor, after: what)
        if value.count > 1 {
            throw error("\(Self.needs(property)), found a list", at: value[1].token, in: line)
        }
        return try layerValue(property, element: value[0], line)
    }

    /// The value of `property` written as one element (a tuple or a
    /// token; not a transform, which takes several tokens).
    mutating func layerValue(_ property: LayerPropertyName, element: ValueElement,
                             _ line: LexedLine) throws(Diagnostic) -> LayerValue {
        let needs = Self.needs(property)
        func wrongKind() -> Diagnostic { error("\(needs), found \(Self.describe(element))", at: element.token, in: line) }

        switch property.valueKind {
        case .rect:
            let r = try rect(element, needs: needs, line)
            return .rect(x: r[0], y: r[1], width: r[2], height: r[3])
        case .point:
            let p = try numberTuple(element, ["x", "y"], needs: needs, line)
            return .point(x: p[0], y: p[1])
        case .transform:
            preconditionFailure("transforms are read by transformSteps")
        case .color:
            guard case .atom(let token) = element else { throw wrongKind() }
            switch token.kind {
            case .word("none"): return .none
            case .word, .color: return .color(try color(token, line))
            default: throw wrongKind()
            }
        case .time:
            guard case .atom(let token) = element, case .number = token.kind else { throw wrongKind() }
            return .time(try duration(token, line, what: "time"))
        case .number(let rule):
            guard case .atom(let token) = element, case .number = token.kind else { throw wrongKind() }
            let number = try real(token, line, property.languageName)
            if let problem = rule.problem(with: number) {
                throw error("\(property.languageName) \(problem)", at: token, in: line)
            }
            return .number(number)
        case .bool:
            guard case .atom(let token) = element, let flag = Self.bool(token) else { throw wrongKind() }
            return .bool(flag)
        case .image:
            guard case .atom(let token) = element, let name = token.word else { throw wrongKind() }
            if name == "none" { return .none }
            use(token, .contents, line)
            return .image(name)
        case .gravity:
            guard case .atom(let token) = element, let name = token.word else { throw wrongKind() }
            guard Self.gravities.contains(name) else {
                var message = "unknown gravity '\(name)'"
                if let suggestion = suggest(name, from: Self.gravities) { message += "; did you mean '\(suggestion)'?" }
                throw error(message + " (gravities: \(Self.gravities.joined(separator: ", ")))", at: token, in: line)
            }
            return .gravity(name)
        }
    }

    static func bool(_ token: Token) -> Bool? {
        switch token.word {
        case "true": true
        case "false": false
        default: nil
        }
    }

    // MARK: Transforms

    /// `identity`, or one or more of `rotate(A)`, `scale(S)`, `scale(X, Y)`,
    /// `translate(X, Y)` separated by spaces. The steps end at the first
    /// token that is not a name directly followed by `(`.
    func transformSteps(_ cursor: inout Cursor, after what: String, inList: Bool = false) throws(Diagnostic) -> [TransformStep] {
        let line = cursor.line
        let needs = Self.needs(.layer(.transform))
        guard let first = cursor.peek else {
            throw error("expected a value after \(what)", line, column: cursor.endColumn)
        }
        if first.word == "identity" {
            _ = cursor.next()
            if let next = cursor.peek, next.word != nil, cursor.peek(1)?.isSymbol("(") ?? false {
                throw error("`identity` stands alone (it is the transform with no steps); leave it out",
                            at: first, in: line)
            }
            return []
        }
        var steps: [TransformStep] = []
        repeat {
            let name = cursor.next()!
            let opens = cursor.peek?.isSymbol("(") ?? false
            guard let word = name.word else {
                throw error("\(needs), found \(name.isSymbol("(") ? "a tuple" : name.quoted)", at: name, in: line)
            }
            guard Self.transformFunctions.contains(word) else {
                if steps.isEmpty && !opens {
                    throw error("\(needs), found \(name.quoted)", at: name, in: line)
                }
                var message = "unknown transform '\(word)'"
                if let suggestion = suggest(word, from: Self.transformFunctions) { message += "; did you mean '\(suggestion)'?" }
                throw error(message + " (rotate(…), scale(…), translate(…) or identity)", at: name, in: line)
            }
            let example = Self.transformExample(word)
            guard opens else {
                throw error("expected '(' after '\(word)', like \(example)", line,
                            column: cursor.peek?.column ?? cursor.endColumn)
            }
            guard case .tuple(let open, let arguments) = try parseElement(&cursor, after: "'\(word)'") else {
                throw error("expected '(' after '\(word)', like \(example)", at: name, in: line)
            }
            switch word {
            case "rotate":
                guard arguments.count == 1 else {
                    throw error("rotate takes one angle, like \(example)", at: open, in: line)
                }
                steps.append(.rotate(degrees: try angle(arguments[0], line)))
            case "scale":
                guard arguments.count == 1 || arguments.count == 2 else {
                    throw error("scale takes one or two factors, like \(example)", at: open, in: line)
                }
                let x = try real(arguments[0], line, "a scale factor")
                let y = arguments.count == 2 ? try real(arguments[1], line, "a scale factor") : x
                steps.append(.scale(x: x, y: y))
            default:
                guard arguments.count == 2 else {
                    throw error("translate takes (x, y), like \(example)", at: open, in: line)
                }
                steps.append(.translate(x: try real(arguments[0], line, "the x"), y: try real(arguments[1], line, "the y")))
            }
        } while cursor.peek?.word != nil && (cursor.peek(1)?.isSymbol("(") ?? false)
        if !inList, let comma = cursor.peek, comma.isSymbol(",") {
            throw error("transform steps are separated by spaces, not commas", at: comma, in: line)
        }
        return steps
    }

    private static func transformExample(_ function: String) -> String {
        switch function {
        case "rotate": "rotate(30deg) or rotate(0.5rad)"
        case "scale": "scale(2) or scale(2,1)"
        default: "translate(10,0)"
        }
    }

    /// An angle in degrees: `30deg`, `0.5rad` (converted), or `0`.
    private func angle(_ element: ValueElement, _ line: LexedLine) throws(Diagnostic) -> Double {
        guard case .atom(let token) = element, case .number(let number) = token.kind else {
            throw error("expected an angle like 30deg or 0.5rad, found \(Self.describe(element))",
                        at: element.token, in: line)
        }
        guard let value = Self.double(number) else { throw tooLarge(token, line) }
        switch number.unit {
        case "deg": return value
        case "rad": return value * 180 / Double.pi
        case nil:
            guard number.isZero else {
                throw error("\(token.quoted) needs a unit: deg or rad", at: token, in: line)
            }
            return 0
        case let unit?:
            var message = "unknown angle unit '\(unit)'"
            if let suggestion = suggest(unit, from: ["deg", "rad"]) { message += "; did you mean '\(suggestion)'?" }
            throw error(message + " (units: deg, rad)", line, column: token.endColumn - unit.unicodeScalars.count)
        }
    }

    // MARK: Numbers and tuples

    /// A tuple of plain numbers, one per name; any other shape is an error
    /// starting with `needs`.
    func numberTuple(_ element: ValueElement, _ names: [String], needs: String,
                     _ line: LexedLine) throws(Diagnostic) -> [Double] {
        guard case .tuple(_, let elements) = element, elements.count == names.count else {
            throw error("\(needs), found \(Self.describe(element))", at: element.token, in: line)
        }
        var numbers: [Double] = []
        for (element, name) in zip(elements, names) {
            numbers.append(try real(element, line, "the \(name)"))
        }
        return numbers
    }

    /// `(x, y, width, height)` with a width and height of 0 or more.
    func rect(_ element: ValueElement, needs: String, _ line: LexedLine) throws(Diagnostic) -> [Double] {
        let numbers = try numberTuple(element, ["x", "y", "width", "height"], needs: needs, line)
        if case .tuple(_, let elements) = element {
            for (index, side) in [(2, "width"), (3, "height")] where numbers[index] < 0 {
                throw error("the \(side) cannot be negative", at: elements[index].token, in: line)
            }
        }
        return numbers
    }

    /// A plain number (no unit), as a finite Double.
    func real(_ element: ValueElement, _ line: LexedLine, _ what: String) throws(Diagnostic) -> Double {
        guard case .atom(let token) = element else {
            throw error("expected a number for \(what), found a tuple", at: element.token, in: line)
        }
        return try real(token, line, what)
    }

    func real(_ token: Token, _ line: LexedLine, _ what: String) throws(Diagnostic) -> Double {
        guard case .number(let number) = token.kind else {
            throw error("expected a number for \(what), found \(token.quoted)", at: token, in: line)
        }
        if number.unit != nil {
            throw error("\(what) is a plain number, without a unit", at: token, in: line)
        }
        guard let value = Self.double(number) else { throw tooLarge(token, line) }
        return value
    }

    private func tooLarge(_ token: Token, _ line: LexedLine) -> Diagnostic {
        error("\(token.quoted) is too large", at: token, in: line)
    }

    /// The literal's value, correctly rounded; nil when it is not finite.
    /// Negative zero is zero.
    static func double(_ number: NumberLiteral) -> Double? {
        var text = (number.negative ? "-" : "") + number.integerDigits
        if let fraction = number.fractionDigits { text += "." + fraction }
        guard let value = Double(text), value.isFinite else { return nil }
        return value == 0 ? 0 : value
    }
}
