/// The one grammar of a number in path data, shared by `Path(svg:)` and the
/// scenario language's check of `path="…"` (docs/guide/scenario-language.md, "Path
/// data"), so that both accept exactly the same numbers:
///
///     number   = sign? (digits ("." digits)? | "." digits) exponent?
///     exponent = ("e" | "E") sign? digits
///
/// As in SVG, `.5` is 0.5 and `-.25e1` is -2.5. Unlike SVG, a point needs
/// digits after it (`1.` is refused, as everywhere in the scenario language).
package enum PathNumber {
    /// Why no number could be read; every index is into the scanned scalars.
    public enum Failure: Error, Equatable, Sendable {
        /// No digits where the number starts (`-`, `.`, `-x`): at its start.
        case expectedDigits(at: Int)
        /// A point without digits after it (`1.`, `1.x`): at the point.
        case expectedFractionDigits(at: Int)
        /// An `e` without digits after it (`1e`, `1e+`): at the `e`.
        case malformedExponent(at: Int)
        /// The text does not fit a finite `Double` (`1e999`): at its start.
        case outOfRange(String, at: Int)
    }

    /// Whether a number can start with `c` (a digit, a sign or a point).
    public static func startsNumber(_ c: Unicode.Scalar) -> Bool {
        isDigit(c) || c == "-" || c == "+" || c == "."
    }

    /// Whether `c` is an ASCII digit.
    public static func isDigit(_ c: Unicode.Scalar) -> Bool {
        c.value >= 48 && c.value <= 57
    }

    /// Reads the number that starts at `start` and returns it with the index
    /// just past it. Complexity: O(length of the number).
    public static func scan(_ s: [Unicode.Scalar], from start: Int) throws(Failure) -> (value: Double, end: Int) {
        var i = start
        if i < s.count, s[i] == "-" || s[i] == "+" { i += 1 }
        let integerStart = i
        while i < s.count, isDigit(s[i]) { i += 1 }
        let hasInteger = i > integerStart
        if i < s.count, s[i] == "." {
            let point = i
            i += 1
            let fractionStart = i
            while i < s.count, isDigit(s[i]) { i += 1 }
            if i == fractionStart {
                throw hasInteger ? .expectedFractionDigits(at: point) : .expectedDigits(at: start)
            }
        } else if !hasInteger {
            throw .expectedDigits(at: start)
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            let e = i
            i += 1
            if i < s.count, s[i] == "-" || s[i] == "+" { i += 1 }
            let exponentStart = i
            while i < s.count, isDigit(s[i]) { i += 1 }
            if i == exponentStart { throw .malformedExponent(at: e) }
        }
        let text = String(String.UnicodeScalarView(s[start..<i]))
        guard let value = Double(text), value.isFinite else { throw .outOfRange(text, at: start) }
        return (value, i)
    }
}
