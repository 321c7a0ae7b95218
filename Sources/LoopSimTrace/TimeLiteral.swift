/// A time as users write it — `250ms`, `1.5s`, `0`, `2frames` — and the one
/// place that turns it into nanoseconds and nanoseconds back into seconds.
///
/// The scenario language (durations and `at=` times), the command line
/// (`--at`) and every message that shows a virtual time go through this type,
/// so they agree on the grammar, the units, the exact arithmetic and the
/// wording of errors (docs/guide/scenario-language.md, "Durations and times").
///
///     let literal = try TimeLiteral(parsing: "1.5s")
///     try literal.nanoseconds()               // 1_500_000_000
///     TimeLiteral.format(1_500_000_000)        // "1.5s"
package struct TimeLiteral: Equatable, Sendable {
    /// `+` or `-` in front of the digits, if any (a time takes neither; it is
    /// kept so the error can say which).
    public var sign: Character?
    /// The digits before the decimal point (at least one).
    public var integerDigits: String
    /// The digits after the decimal point, or nil when there is no point.
    public var fractionDigits: String?
    /// The letters after the number (`ms`, `frames`, …), or nil for none.
    public var unit: String?

    /// A literal from parts a lexer has already split.
    public init(sign: Character? = nil, integerDigits: String, fractionDigits: String? = nil, unit: String? = nil) {
        self.sign = sign
        self.integerDigits = integerDigits
        self.fractionDigits = fractionDigits
        self.unit = unit
    }

    /// The fixed units and their length in nanoseconds, in the order messages
    /// list them.
    public static let units: [(name: String, nanoseconds: UInt64)] = [
        ("ns", 1), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000), ("min", 60_000_000_000),
    ]

    /// Why a literal has no value in nanoseconds.
    public enum Failure: Error, Equatable, Sendable {
        /// Starts with `-`.
        case negative
        /// Starts with `+`.
        case signed
        /// Not digits, an optional `.digits`, then letters (only from
        /// `init(parsing:)`; `1.` and `.5s` are malformed).
        case malformed
        /// A number other than zero without a unit.
        case needsUnit
        /// Letters that are no unit, with the closest unit if one is near.
        case unknownUnit(String, suggestion: String?)
        /// `frames` where no refresh rate is known.
        case framesNeedRefreshRate
        /// `1.5frames`.
        case fractionalFrames
        /// Not a whole number of nanoseconds (`0.1ns`).
        case inexact
        /// More than `Int64.max` nanoseconds.
        case tooLarge

        /// The sentence for a message. `quoted` is how the literal is quoted
        /// (`'1.5x'`), `what` is "duration" or "time", `framesAllowed` says
        /// whether the units listed include `frames`.
        public func message(quoted: String, what: String = "time", framesAllowed: Bool) -> String {
            let units = TimeLiteral.unitList(framesAllowed: framesAllowed)
            switch self {
            case .negative: return "a \(what) cannot be negative"
            case .signed: return "write a \(what) without a sign"
            case .malformed: return "expected a \(what) like 250ms or 1.5s"
            case .needsUnit: return "\(quoted) needs a unit: \(units)"
            case .unknownUnit(let unit, let suggestion):
                var message = "unknown unit '\(unit)'"
                if let suggestion { message += "; did you mean '\(suggestion)'?" }
                return message + " (units: \(units))"
            case .framesNeedRefreshRate:
                return "frames.jsonl does not record the refresh rate, so give the time in \(units)"
            case .fractionalFrames: return "a frame count must be a whole number"
            case .inexact: return "\(quoted) is not a whole number of nanoseconds"
            case .tooLarge: return "\(quoted) is too large (the limit is \(Int64.max) ns, about 292 years)"
            }
        }
    }

    /// `ns, us, ms, s or min`, or `ns, us, ms, s, min or frames`.
    public static func unitList(framesAllowed: Bool) -> String {
        framesAllowed ? "ns, us, ms, s, min or frames" : "ns, us, ms, s or min"
    }

    // MARK: Parsing

    /// Splits `text` (`4.1s`, `250ms`, `0`, `-1s`) into its parts: an
    /// optional sign, digits, an optional point with digits, then ASCII
    /// letters. Throws `.negative`, `.signed` or `.malformed`; the unit is
    /// checked by `nanoseconds(refreshHz:)`.
    public init(parsing text: String) throws(Failure) {
        let bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "-") { throw .negative }
        if bytes.first == UInt8(ascii: "+") { throw .signed }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) }
        var i = 0
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        let whole = String(decoding: bytes[0..<i], as: UTF8.self)
        var fraction: String?
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            let start = i + 1
            i = start
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            fraction = String(decoding: bytes[start..<i], as: UTF8.self)
        }
        let unit = bytes[i...]
        // Digits on both sides of a point ("1." and ".5s" are malformed), then letters.
        guard !whole.isEmpty, fraction?.isEmpty != true, unit.allSatisfy(isLetter) else { throw .malformed }
        self.init(integerDigits: whole, fractionDigits: fraction,
                  unit: unit.isEmpty ? nil : String(decoding: unit, as: UTF8.self))
    }

    /// The literal in nanoseconds, computed exactly with integers.
    ///
    /// - Parameter refreshHz: the display's refresh rate, which gives
    ///   `Nframes` its value: vsync N is at N × 1e9 / hz ns (integer
    ///   division). nil refuses `frames` with `.framesNeedRefreshRate`.
    /// - Throws: `.negative`/`.signed` for a sign, `.needsUnit` for a bare
    ///   number other than zero, `.unknownUnit`, `.fractionalFrames`,
    ///   `.inexact` when the value is not a whole number of nanoseconds,
    ///   `.tooLarge` past `Int64.max`.
    public func nanoseconds(refreshHz: Int? = nil) throws(Failure) -> Int64 {
        if let sign { throw sign == "-" ? .negative : .signed }
        guard let unit else {
            let isZero = integerDigits.allSatisfy { $0 == "0" } && (fractionDigits ?? "").allSatisfy { $0 == "0" }
            guard isZero else { throw .needsUnit }
            return 0
        }
        guard let multiplier = Self.units.first(where: { $0.name == unit })?.nanoseconds else {
            if unit == "frames" || unit == "frame" {
                guard let refreshHz else { throw .framesNeedRefreshRate }
                return try frames(refreshHz: refreshHz)
            }
            let candidates = Self.units.map(\.name) + (refreshHz == nil ? [] : ["frames"])
            throw .unknownUnit(unit, suggestion: Spelling.suggestion(for: unit, from: candidates))
        }
        guard let whole = Self.integer(integerDigits) else { throw .tooLarge }
        var (total, overflow) = whole.multipliedReportingOverflow(by: multiplier)
        if overflow { throw .tooLarge }

        // The fraction f / 10^k contributes f × multiplier / 10^k, which must be whole.
        let fraction = String((fractionDigits ?? "").reversed().drop { $0 == "0" }.reversed())
        if !fraction.isEmpty {
            // More than 18 significant fraction digits can never be exact here.
            guard fraction.count <= 18, let f = Self.integer(fraction) else { throw .inexact }
            var scale: UInt64 = 1
            for _ in 0..<fraction.count { scale *= 10 }
            let common = Self.gcd(multiplier, scale)
            let reducedScale = scale / common
            guard f % reducedScale == 0 else { throw .inexact }
            // (f / reducedScale) × (multiplier / common) < multiplier: no overflow.
            (total, overflow) = total.addingReportingOverflow((f / reducedScale) * (multiplier / common))
            if overflow { throw .tooLarge }
        }
        guard total <= UInt64(Int64.max) else { throw .tooLarge }
        return Int64(total)
    }

    /// `Nframes` at `refreshHz`: N × 1e9 / hz ns, rounded down.
    private func frames(refreshHz: Int) throws(Failure) -> Int64 {
        if !(fractionDigits ?? "").allSatisfy({ $0 == "0" }) { throw .fractionalFrames }
        guard let count = Self.integer(integerDigits) else { throw .tooLarge }
        let product = count.multipliedFullWidth(by: 1_000_000_000)
        let divisor = UInt64(refreshHz)
        guard product.high < divisor else { throw .tooLarge }
        let quotient = divisor.dividingFullWidth(product).quotient
        guard quotient <= UInt64(Int64.max) else { throw .tooLarge }
        return Int64(quotient)
    }

    /// Decimal digits (ASCII `0`–`9` only) as an integer, nil on overflow;
    /// the language's whole numbers use it too.
    public static func integer(_ digits: String) -> UInt64? {
        var value: UInt64 = 0
        for scalar in digits.unicodeScalars {
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.addingReportingOverflow(UInt64(scalar.value - 48))
            if o1 || o2 { return nil }
            value = sum
        }
        return value
    }

    private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    // MARK: Formatting

    /// Nanoseconds as exact seconds for messages, without trailing zeros:
    /// `1.5s`, `0.000001s`, `2s`, `-0.25s`. Every value of `Int64` is exact.
    public static func format(_ ns: Int64) -> String {
        let sign = ns < 0 ? "-" : ""
        let v = ns.magnitude
        let whole = v / 1_000_000_000
        var frac = String(v % 1_000_000_000)
        if frac == "0" { return "\(sign)\(whole)s" }
        frac = String(repeating: "0", count: 9 - frac.count) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        return "\(sign)\(whole).\(frac)s"
    }
}
