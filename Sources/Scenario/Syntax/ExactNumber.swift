import LoopSimTrace

/// A value of the scenario language's `{…}` arithmetic: an exact rational
/// number (`Int64` numerator over a positive `Int64` denominator, in lowest
/// terms) that remembers whether it is a **whole-number value** — one made
/// only from literals without a decimal point and whole-number values.
///
/// Whole-number values divide like integers (`/` rounds toward −∞, `%` is the
/// matching remainder, with the divisor's sign); any other division is exact.
/// Every operation returns nil on overflow instead of wrapping, and the
/// numerator is never `Int64.min`, so negation cannot overflow.
struct ExactNumber: Equatable, Sendable, CustomStringConvertible {
    /// The numerator, never `Int64.min`.
    private(set) var numerator: Int64
    /// The denominator, always > 0, coprime with the numerator.
    private(set) var denominator: Int64
    /// True when the value was made only from whole-number literals and
    /// whole-number values (the denominator is then 1).
    private(set) var isInteger: Bool

    /// A whole-number value.
    init(_ value: Int64) {
        precondition(value != .min, "ExactNumber cannot hold Int64.min")
        numerator = value
        denominator = 1
        isInteger = true
    }

    /// `numerator / denominator` in lowest terms; nil when the denominator is
    /// zero or a value overflows. The result is a decimal value (not whole
    /// typed) unless `isInteger` is given and the denominator is 1.
    init?(numerator: Int64, denominator: Int64, isInteger: Bool = false) {
        guard denominator != 0, numerator != .min, denominator != .min else { return nil }
        let sign: Int64 = denominator < 0 ? -1 : 1
        let divisor = Self.gcd(numerator, denominator)
        self.numerator = sign * numerator / divisor
        self.denominator = sign * denominator / divisor
        self.isInteger = isInteger && self.denominator == 1
    }

    /// A literal's exact value: `16.667` is 16667/1000, a decimal value;
    /// `3` is a whole-number value. Nil when it does not fit.
    init?(digits: String, fraction: String?) {
        guard let whole = TimeLiteral.integer(digits + (fraction ?? "")), whole <= UInt64(Int64.max) else { return nil }
        guard let fraction else {
            self.init(Int64(whole))
            return
        }
        guard let scale = Self.powerOfTen(fraction.unicodeScalars.count) else { return nil }
        self.init(numerator: Int64(whole), denominator: scale)
    }

    /// True when the value has no fractional part.
    var isWhole: Bool { denominator == 1 }

    /// The value as an integer, when it is whole.
    var wholeValue: Int64? { isWhole ? numerator : nil }

    /// `17`, `-2.5`, or `1/3` when the value has no finite decimal form.
    var description: String { decimalText ?? "\(numerator)/\(denominator)" }

    /// The value as exact decimal text with no trailing zeros (`16.667`,
    /// `-0.5`, `3`), or nil when it has no finite decimal form (1/3) or too
    /// many decimal places to write (more than 18).
    var decimalText: String? {
        var rest = denominator
        var twos = 0
        var fives = 0
        while rest % 2 == 0 { rest /= 2; twos += 1 }
        while rest % 5 == 0 { rest /= 5; fives += 1 }
        guard rest == 1 else { return nil }
        let places = max(twos, fives)
        guard let scale = Self.powerOfTen(places) else { return nil }
        let (scaled, overflow) = numerator.multipliedReportingOverflow(by: scale / denominator)
        guard !overflow else { return nil }
        let magnitude = scaled.magnitude
        var text = scaled < 0 ? "-" : ""
        text += String(magnitude / UInt64(scale))
        if places > 0 {
            let fraction = String(magnitude % UInt64(scale))
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return text
    }

    // MARK: Arithmetic

    func negated() -> ExactNumber {
        var result = self
        result.numerator = -numerator
        return result
    }

    func adding(_ other: ExactNumber) -> ExactNumber? {
        combine(other) { a, b in a.addingReportingOverflow(b) }
    }

    func subtracting(_ other: ExactNumber) -> ExactNumber? {
        combine(other) { a, b in a.subtractingReportingOverflow(b) }
    }

    func multiplied(by other: ExactNumber) -> ExactNumber? {
        // Cross-reduce first so that exact results fit whenever they can.
        let g1 = Self.gcd(numerator, other.denominator)
        let g2 = Self.gcd(other.numerator, denominator)
        guard let n = Self.multiply(numerator / g1, other.numerator / g2),
              let d = Self.multiply(denominator / g2, other.denominator / g1) else { return nil }
        return ExactNumber(numerator: n, denominator: d, isInteger: isInteger && other.isInteger)
    }

    /// `self / other`: rounded toward −∞ when both are whole-number values,
    /// exact otherwise. Nil on overflow; traps on a zero divisor (callers
    /// check `isZero` first to report it).
    func divided(by other: ExactNumber) -> ExactNumber? {
        precondition(!other.isZero, "division by zero must be reported before dividing")
        if isInteger && other.isInteger {
            return ExactNumber(Self.floorDivide(numerator, other.numerator))
        }
        return exactQuotient(other)
    }

    /// `self − other × ⌊self / other⌋`: the remainder, with the divisor's
    /// sign. Traps on a zero divisor, like `divided(by:)`.
    func remainder(dividingBy other: ExactNumber) -> ExactNumber? {
        precondition(!other.isZero, "division by zero must be reported before dividing")
        if isInteger && other.isInteger {
            var r = numerator % other.numerator
            if r != 0 && (r < 0) != (other.numerator < 0) { r += other.numerator }
            return ExactNumber(r)
        }
        guard let quotient = exactQuotient(other),
              let product = other.multiplied(by: ExactNumber(Self.floorDivide(quotient.numerator, quotient.denominator)))
        else { return nil }
        return subtracting(product)
    }

    /// `self / other` exactly, as a decimal value (never whole-typed).
    private func exactQuotient(_ other: ExactNumber) -> ExactNumber? {
        multiplied(by: ExactNumber(numerator: other.denominator, denominator: other.numerator)!)
    }

    var isZero: Bool { numerator == 0 }

    // MARK: Helpers

    private func combine(_ other: ExactNumber,
                         _ op: (Int64, Int64) -> (partialValue: Int64, overflow: Bool)) -> ExactNumber? {
        let g = Self.gcd(denominator, other.denominator)
        guard let d = Self.multiply(denominator / g, other.denominator),
              let a = Self.multiply(numerator, other.denominator / g),
              let b = Self.multiply(other.numerator, denominator / g) else { return nil }
        let (n, overflow) = op(a, b)
        guard !overflow else { return nil }
        return ExactNumber(numerator: n, denominator: d, isInteger: isInteger && other.isInteger)
    }

    private static func multiply(_ a: Int64, _ b: Int64) -> Int64? {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow || product == .min ? nil : product
    }

    /// ⌊a / b⌋ for b ≠ 0 (neither is `Int64.min`, so it cannot overflow).
    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return a % b != 0 && (a < 0) != (b < 0) ? q - 1 : q
    }

    /// 10^n, or nil past 10^18.
    private static func powerOfTen(_ n: Int) -> Int64? {
        guard n <= 18 else { return nil }
        var value: Int64 = 1
        for _ in 0..<n { value *= 10 }
        return value
    }

    /// The greatest common divisor of the magnitudes, at least 1.
    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var x = a.magnitude
        var y = b.magnitude
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : Int64(x)
    }
}
