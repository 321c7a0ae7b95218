import RenderModel

/// Why SVG-like path data was rejected, and where: `column` is 1-based and
/// counts Unicode scalars of the path string (the scenario language's column
/// unit), so a caller can add it to the column where the string starts.
public struct PathParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based column of the offending character (one past the end when the
    /// data ends too early).
    public var column: Int
    /// What was wrong, e.g. `expected a number (y of 'L')`.
    public var message: String

    public init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    /// `column N: message`.
    public var description: String { "column \(column): \(message)" }
}

extension Path {
    /// Parses SVG-like path data with absolute commands only:
    /// `M x y`, `L x y`, `Q cx cy x y`, `C c1x c1y c2x c2y x y`, `Z`.
    ///
    /// Numbers follow `PathNumber`'s grammar: SVG's (`-1.5`, `.5`, `2e3`),
    /// except that a point needs digits after it (`1.` is refused). They are
    /// separated by whitespace or commas or nothing where unambiguous
    /// (`M10-5L3,4`). The scenario language's `path="…"` accepts a stricter
    /// subset of this (docs/guide/scenario-language.md, "Path data"). As in SVG, a
    /// command's arguments may repeat (`L 1 1 2 2` is two lines) and extra
    /// pairs after `M` are lines. Data must start with `M`; the empty string
    /// is the empty path. Relative (lowercase) commands and `H`, `V`, `S`,
    /// `T`, `A` are rejected, as are numbers that do not fit a `Double`.
    ///
    ///     try Path(svg: "M 0 0 L 10 0 Q 10 10 0 10 Z")
    ///     try Path(svg: "M 0 0 L 10")   // throws: column 12, expected a number (y of 'L')
    public init(svg: String) throws(PathParseError) {
        var parser = SVGPathParser(Array(svg.unicodeScalars))
        self = try parser.parse()
    }
}

/// The scanner behind `Path(svg:)`.
struct SVGPathParser {
    private let s: [Unicode.Scalar]
    private var i = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.s = scalars
    }

    private func error(_ message: String, at index: Int) -> PathParseError {
        PathParseError(column: index + 1, message: message)
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" || c == ","
    }

    private mutating func skipSpace() {
        while i < s.count, SVGPathParser.isSpace(s[i]) { i += 1 }
    }

    /// Reads one number at `i` (after separators), by `PathNumber`'s grammar.
    private mutating func number(_ what: String, of command: Unicode.Scalar) throws(PathParseError) -> Double {
        skipSpace()
        let expected = "expected a number (\(what) of '\(command)')"
        guard i < s.count, PathNumber.startsNumber(s[i]) else { throw error(expected, at: i) }
        do throws(PathNumber.Failure) {
            let (value, end) = try PathNumber.scan(s, from: i)
            i = end
            return value
        } catch {
            switch error {
            case .expectedDigits(let at): throw self.error(expected, at: at)
            case .expectedFractionDigits(let at): throw self.error("expected digits after the decimal point", at: at)
            case .malformedExponent(let at): throw self.error("malformed exponent", at: at)
            case .outOfRange(let text, let at): throw self.error("number '\(text)' is out of range", at: at)
            }
        }
    }

    private mutating func point(_ name: String, of command: Unicode.Scalar) throws(PathParseError) -> Point {
        let x = try number("x" + name, of: command)
        let y = try number("y" + name, of: command)
        return Point(x: x, y: y)
    }

    /// Whether another argument group follows (a number after separators).
    private mutating func moreArguments() -> Bool {
        skipSpace()
        return i < s.count && PathNumber.startsNumber(s[i])
    }

    mutating func parse() throws(PathParseError) -> Path {
        var path = Path()
        skipSpace()
        var first = true
        while i < s.count {
            let at = i
            let c = s[i]
            if first, c != "M" {
                if c == "m" { throw error("relative command 'm' is not supported; use 'M'", at: at) }
                throw error("path data must start with 'M'", at: at)
            }
            first = false
            i += 1
            switch c {
            case "M":
                path.move(to: try point("", of: "M"))
                while moreArguments() { path.line(to: try point("", of: "M")) }
            case "L":
                repeat { path.line(to: try point("", of: "L")) } while moreArguments()
            case "Q":
                repeat {
                    let control = try point(" of the control point", of: "Q")
                    path.quad(to: try point("", of: "Q"), control: control)
                } while moreArguments()
            case "C":
                repeat {
                    let c1 = try point(" of the first control point", of: "C")
                    let c2 = try point(" of the second control point", of: "C")
                    path.curve(to: try point("", of: "C"), control1: c1, control2: c2)
                } while moreArguments()
            case "Z":
                path.close()
                if moreArguments() { throw error("'Z' takes no numbers", at: i) }
            case "m", "l", "q", "c", "z":
                throw error("relative command '\(c)' is not supported; use '\(String(c).uppercased())'", at: at)
            case "H", "V", "S", "T", "A", "h", "v", "s", "t", "a":
                throw error("command '\(c)' is not supported (use M, L, Q, C, Z)", at: at)
            default:
                if PathNumber.startsNumber(c) {
                    throw error("expected a command (M, L, Q, C, Z), found a number", at: at)
                }
                throw error("unexpected character '\(c.escaped(asASCII: true))'", at: at)
            }
            skipSpace()
        }
        return path
    }
}
