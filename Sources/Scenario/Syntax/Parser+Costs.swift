import LoopSimTrace
import RenderModel

/// `costs layout=40us display=2ns/px decode=1ns/px commit=5us/layer render=1ms raster=0.5ns/px`
/// and the `cost=` of `layout NAME` and `draw NAME` (`docs/guide/scenario-language.md`).
extension Parser {
    /// Each key of `costs` and what its value is per: nil for a plain
    /// duration, else the word after `/`.
    static let costKeys: [(key: String, per: String?)] = [
        ("layout", nil), ("display", "px"), ("decode", "px"), ("commit", "layer"), ("render", nil), ("raster", "px"),
    ]
    /// Picoseconds in one of each time unit a cost may use.
    static let costUnits: [String: Int64] = ["ns": 1000, "us": 1_000_000, "ms": 1_000_000_000, "s": 1_000_000_000_000]

    mutating func parseCosts(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> CostsDecl {
        let line = node.line
        if let first = costsLine {
            throw error("only one `costs` statement is allowed (the first is on line \(first))", at: keyword, in: line)
        }
        try noBody(cursor, "costs")
        var costs = CostsDecl(location: location(of: keyword, in: line))
        var seen: Set<String> = []
        let allowed = Self.costKeys.map { $0.key + "=" }.joined(separator: ", ")
        while let key = cursor.next() {
            guard let word = key.word, let spec = Self.costKeys.first(where: { $0.key == word }) else {
                var message = "unknown cost \(key.quoted) for `costs`"
                if let w = key.word, let suggestion = suggest(w, from: Self.costKeys.map(\.key)) { message += "; did you mean '\(suggestion)'?" }
                throw error(message + " (allowed: \(allowed))", at: key, in: line)
            }
            guard let equals = cursor.next(), equals.isSymbol("=") else {
                throw error("cost '\(word)' needs a value: \(word)=\(Self.costExample(spec.per))", at: key, in: line)
            }
            guard !seen.contains(word) else { throw error("cost '\(word)=' is given twice", at: key, in: line) }
            seen.insert(word)
            guard let value = cursor.next() else {
                throw error("expected a cost after '\(word)=', like \(Self.costExample(spec.per))", line, column: equals.endColumn)
            }
            let rate = try costRate(value, line, key: word)
            if let per = spec.per {
                guard let slash = cursor.peek, slash.isSymbol("/") else {
                    throw error("\(word)= is a cost per \(per == "px" ? "pixel" : per), like \(word)=\(Self.costExample(per))", at: value, in: line)
                }
                _ = cursor.next()
                guard let unit = cursor.next(), unit.word == per else {
                    throw error("\(word)= is a cost per \(per == "px" ? "pixel" : per): write /\(per)", line, column: slash.endColumn)
                }
            } else if let slash = cursor.peek, slash.isSymbol("/") {
                throw error("\(word)= is a plain duration (\(word == "layout" ? "per layoutSublayers call" : "per frame")), without '/'", at: slash, in: line)
            }
            switch word {
            case "layout": costs.layout = rate
            case "display": costs.display = rate
            case "decode": costs.decode = rate
            case "commit": costs.commit = rate
            case "raster": costs.raster = rate
            default:
                guard rate.picoseconds % 1000 == 0, rate.picoseconds / 1000 <= Self.maxRenderCost else {
                    throw error("render= is a whole number of nanoseconds up to 60s (the time the server spends on one frame), found \(value.quoted)", at: value, in: line)
                }
                costs.render = rate.picoseconds / 1000
            }
        }
        costsLine = line.number
        return costs
    }

    static func costExample(_ per: String?) -> String {
        switch per {
        case "px": "2ns/px"
        case "layer": "5us/layer"
        default: "40us"
        }
    }

    /// A cost: a non-negative number with a time unit (`0` alone is free),
    /// exact to the picosecond, at most 60 s.
    func costRate(_ token: Token, _ line: LexedLine, key: String) throws(Diagnostic) -> CostRate {
        guard case .number(let number) = token.kind else {
            throw error("expected a cost like 40us or 0.5ns for '\(key)=', found \(token.quoted)", at: token, in: line)
        }
        if number.negative && !number.isZero {
            throw error("a cost cannot be negative, found \(token.quoted)", at: token, in: line)
        }
        guard let unit = number.unit else {
            if number.isZero { return .zero }
            throw error("a cost needs a unit (ns, us, ms or s), like 40us; found \(token.quoted)", at: token, in: line)
        }
        guard let scale = Self.costUnits[unit] else {
            throw error("unknown unit '\(unit)' in \(token.quoted): a cost is in ns, us, ms or s", line,
                        column: token.endColumn - unit.unicodeScalars.count)
        }
        let tooLarge = error("a cost is at most 60s, found \(token.quoted)", at: token, in: line)
        let fraction = number.fractionDigits ?? ""
        // value × scale, exactly: the digits as one integer over 10^fraction.count.
        guard fraction.count <= 18, let digits = TimeLiteral.integer(number.integerDigits + fraction) else { throw tooLarge }
        var divisor: UInt64 = 1
        for _ in 0..<fraction.count { divisor *= 10 }
        let product = digits.multipliedFullWidth(by: UInt64(scale))
        guard product.high < divisor else { throw tooLarge }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        guard remainder == 0 else {
            throw error("a cost is exact to the picosecond (0.001ns), found \(token.quoted)", at: token, in: line)
        }
        guard quotient <= UInt64(CostRate.max.picoseconds) else { throw tooLarge }
        return CostRate(picoseconds: Int64(quotient))
    }
}
