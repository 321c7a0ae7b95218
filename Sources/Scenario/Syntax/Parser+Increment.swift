/// The value of `set L.PROP += VALUE` (docs/guide/animations-language.md, "Step
/// by step"): what can be added, and in what form.
extension Parser {
    /// The delta after `+=`: a number (any sign) for opacity, z, corner,
    /// border and speed; a time for timeOffset and beginTime; `(dx, dy)` for
    /// position and anchor; `(dx, dy, dwidth, dheight)` for frame and
    /// bounds (any sign: the sum is checked when it runs); transform steps
    /// for transform. Other properties cannot be added to.
    /// `operation` names the place in messages: `+=`, or `by=` of an animation.
    mutating func incrementValue(_ property: LayerPropertyName, _ propertyToken: Token,
                                 _ cursor: inout Cursor, operation: String = "+=") throws(Diagnostic) -> LayerValue {
        let line = cursor.line
        switch property.valueKind {
        case .transform:
            return .transform(try transformSteps(&cursor, after: "'\(operation)'"))
        case .time:
            return try layerValue(property, &cursor, after: "'\(operation)'")
        default:
            break
        }
        let form: String
        switch property.valueKind {
        case .number: form = "a number"
        case .point: form = "(dx, dy)"
        case .rect: form = "(dx, dy, dwidth, dheight)"
        default:
            let instead = operation == "+=" ? "use `set … = …`" : "use from= and to="
            throw error("`\(operation)` adds to numbers, times, points, rects and transforms, and \(property.languageName) is none of them; \(instead)",
                        at: propertyToken, in: line)
        }
        let value = try parseValue(&cursor, after: "'\(operation)'")
        let needs = operation == "+=" ? "\(property.languageName) += needs \(form)" : "by= for \(property.languageName) needs \(form)"
        if value.count > 1 { throw error("\(needs), found a list", at: value[1].token, in: line) }
        let element = value[0]
        switch property.valueKind {
        case .point:
            let p = try numberTuple(element, ["dx", "dy"], needs: needs, line)
            return .point(x: p[0], y: p[1])
        case .rect:
            let r = try numberTuple(element, ["dx", "dy", "dwidth", "dheight"], needs: needs, line)
            return .rect(x: r[0], y: r[1], width: r[2], height: r[3])
        default:
            guard case .atom(let token) = element, case .number = token.kind else {
                throw error("\(needs), found \(Self.describe(element))", at: element.token, in: line)
            }
            return .number(try real(token, line, property.languageName))
        }
    }
}
