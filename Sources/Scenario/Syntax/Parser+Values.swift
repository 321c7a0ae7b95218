import LoopSimTrace

/// Conversions of tokens and option values to the AST's types. Durations and
/// colours are computed with integers only, so every result is exact.
extension Parser {
    // MARK: Shapes

    /// The value of an option that takes one element.
    func single(_ value: [ValueElement], _ key: Token, _ line: LexedLine) throws(Diagnostic) -> ValueElement {
        if value.count > 1 {
            throw error("'\(key.text)=' takes a single value, not a list", at: value[1].token, in: line)
        }
        return value[0]
    }

    /// The value of an option that takes one token (not a tuple).
    func atom(_ value: [ValueElement], _ key: Token, _ line: LexedLine, expected: String) throws(Diagnostic) -> Token {
        switch try single(value, key, line) {
        case .atom(let token):
            return token
        case .tuple(let open, _):
            throw error("expected \(expected) for '\(key.text)=', found a tuple", at: open, in: line)
        }
    }

    // MARK: Durations

    /// A duration or a time (`0`, `250ms`, `1.5s`, `2frames`, …) in nanoseconds,
    /// by the one grammar of `TimeLiteral`. `what` is "duration" or "time", for
    /// messages; an unknown unit is reported at the unit's first letter.
    func duration(_ token: Token, _ line: LexedLine, what: String = "duration") throws(Diagnostic) -> Int64 {
        guard case .number(let number) = token.kind else {
            throw error("expected a \(what) like 250ms or 1.5s, found \(token.quoted)", at: token, in: line)
        }
        let literal = TimeLiteral(sign: number.hasSign ? (number.negative ? "-" : "+") : nil,
                                  integerDigits: number.integerDigits, fractionDigits: number.fractionDigits,
                                  unit: number.unit)
        do throws(TimeLiteral.Failure) {
            return try literal.nanoseconds(refreshHz: hz)
        } catch {
            let message = error.message(quoted: token.quoted, what: what, framesAllowed: true)
            if case .unknownUnit(let unit, _) = error {
                throw self.error(message, line, column: token.endColumn - unit.unicodeScalars.count)
            }
            throw self.error(message, at: token, in: line)
        }
    }

    // MARK: Numbers

    /// A whole number without unit in `range`; `what` names it in messages.
    func wholeNumber(_ token: Token, _ line: LexedLine, _ what: String,
                     in range: ClosedRange<Int64>) throws(Diagnostic) -> Int {
        guard case .number(let number) = token.kind else {
            throw error("expected a whole number for \(what), found \(token.quoted)", at: token, in: line)
        }
        if number.unit != nil {
            throw error("\(what) is a plain number, without a unit", at: token, in: line)
        }
        if number.fractionDigits != nil {
            throw error("\(what) must be a whole number", at: token, in: line)
        }
        let outOfRange = error("\(what) must be between \(range.lowerBound) and \(range.upperBound)",
                               at: token, in: line)
        guard let magnitude = TimeLiteral.integer(number.integerDigits), magnitude <= UInt64(Int64.max) else {
            throw outOfRange
        }
        let value = number.negative ? -Int64(magnitude) : Int64(magnitude)
        guard range.contains(value) else { throw outOfRange }
        return Int(value)
    }

    // MARK: Colours

    /// UIKit's class colours as exact fractions (numerator, denominator) of
    /// red, green, blue and alpha.
    static let namedColors: [(name: String, components: [(Int, Int)])] = [
        ("black", [(0, 1), (0, 1), (0, 1), (1, 1)]),
        ("white", [(1, 1), (1, 1), (1, 1), (1, 1)]),
        ("gray", [(1, 2), (1, 2), (1, 2), (1, 1)]),
        ("darkGray", [(1, 3), (1, 3), (1, 3), (1, 1)]),
        ("lightGray", [(2, 3), (2, 3), (2, 3), (1, 1)]),
        ("red", [(1, 1), (0, 1), (0, 1), (1, 1)]),
        ("green", [(0, 1), (1, 1), (0, 1), (1, 1)]),
        ("blue", [(0, 1), (0, 1), (1, 1), (1, 1)]),
        ("yellow", [(1, 1), (1, 1), (0, 1), (1, 1)]),
        ("orange", [(1, 1), (1, 2), (0, 1), (1, 1)]),
        ("purple", [(1, 2), (0, 1), (1, 2), (1, 1)]),
        ("cyan", [(0, 1), (1, 1), (1, 1), (1, 1)]),
        ("magenta", [(1, 1), (0, 1), (1, 1), (1, 1)]),
        ("brown", [(3, 5), (2, 5), (1, 5), (1, 1)]),
        ("clear", [(0, 1), (0, 1), (0, 1), (0, 1)]),
    ]

    /// A named colour as RGBA bytes: round(c × 255), halves away from zero.
    static func namedColor(_ name: String) -> [UInt8]? {
        guard let entry = namedColors.first(where: { $0.name == name }) else { return nil }
        return entry.components.map { numerator, denominator in
            UInt8((2 * numerator * 255 + denominator) / (2 * denominator))
        }
    }

    func color(_ token: Token, _ line: LexedLine) throws(Diagnostic) -> [UInt8] {
        switch token.kind {
        case .color(let rgba):
            return rgba
        case .word(let name):
            if let rgba = Self.namedColor(name) { return rgba }
            var message = "unknown colour '\(name)'"
            if let suggestion = suggest(name, from: Self.namedColors.map(\.name)) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw error(message + " (use #RRGGBB, #RRGGBBAA or a UIKit colour name)", at: token, in: line)
        default:
            throw error("expected a colour (#RRGGBB, #RRGGBBAA or a name like red), found \(token.quoted)",
                        at: token, in: line)
        }
    }

    // MARK: Modes and activities

    /// `mode=a,b,…`: `default`, `common`, or a mode declared with `mode`.
    mutating func modes(_ value: [ValueElement], _ key: Token, _ line: LexedLine) throws(Diagnostic) -> [ModeRef] {
        var modes: [ModeRef] = []
        for element in value {
            guard case .atom(let token) = element, let name = token.word else {
                throw error("expected a mode name, found \(element.token.quoted)", at: element.token, in: line)
            }
            let mode: ModeRef = name == "common" ? .common : .named(name)
            if modes.contains(mode) {
                throw error("mode '\(name)' is listed twice", at: token, in: line)
            }
            if name != "common" && name != "default" {
                names.record(.useMode(name, Site(line: line, column: token.column)))
            }
            modes.append(mode)
        }
        return modes
    }

    /// `on=a,b,…` or `on=all`, in the canonical activity order.
    func activities(_ value: [ValueElement], _ key: Token, _ line: LexedLine) throws(Diagnostic) -> [ActivityName] {
        var seen: Set<String> = []
        var result: Set<ActivityName> = []
        let allowed = ActivityName.allCases.map(\.rawValue) + ["all"]
        for element in value {
            guard case .atom(let token) = element, let name = token.word else {
                throw error("expected an activity name, found \(element.token.quoted)", at: element.token, in: line)
            }
            if seen.contains(name) {
                throw error("activity '\(name)' is listed twice", at: token, in: line)
            }
            if name == "all" ? !seen.isEmpty : seen.contains("all") {
                throw error("`all` already includes every activity; list it alone", at: token, in: line)
            }
            seen.insert(name)
            if name == "all" {
                result = Set(ActivityName.allCases)
            } else if let activity = ActivityName(rawValue: name) {
                result.insert(activity)
            } else {
                var message = "unknown activity '\(name)'"
                if let suggestion = suggest(name, from: allowed) { message += "; did you mean '\(suggestion)'?" }
                throw error(message + " (activities: \(allowed.joined(separator: ", ")))", at: token, in: line)
            }
        }
        return ActivityName.allCases.filter { result.contains($0) }
    }
}
