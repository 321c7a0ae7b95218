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
    /// Numbers are SVG's (`-1.5`, `.5`, `2e3`), separated by whitespace or
    /// commas or nothing where unambiguous (`M10-5L3,4`). As in SVG, a
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

    private static func isDigit(_ c: Unicode.Scalar) -> Bool {
        c.value >= 48 && c.value <= 57
    }

    private static func startsNumber(_ c: Unicode.Scalar) -> Bool {
        isDigit(c) || c == "-" || c == "+" || c == "."
    }

    private mutating func skipSpace() {
        while i < s.count, SVGPathParser.isSpace(s[i]) { i += 1 }
    }

    /// Reads one number at `i` (after separators).
    private mutating func number(_ what: String, of command: Unicode.Scalar) throws(PathParseError) -> Double {
        skipSpace()
        let start = i
        guard i < s.count, SVGPathParser.startsNumber(s[i]) else {
            throw error("expected a number (\(what) of '\(command)')", at: i)
        }
        var text = ""
        if s[i] == "-" || s[i] == "+" {
            text.unicodeScalars.append(s[i])
            i += 1
        }
        var digits = 0
        while i < s.count, SVGPathParser.isDigit(s[i]) {
            text.unicodeScalars.append(s[i]); i += 1; digits += 1
        }
        if i < s.count, s[i] == "." {
            text.unicodeScalars.append(s[i]); i += 1
            while i < s.count, SVGPathParser.isDigit(s[i]) {
                text.unicodeScalars.append(s[i]); i += 1; digits += 1
            }
        }
        guard digits > 0 else {
            throw error("expected a number (\(what) of '\(command)')", at: start)
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            let e = i
            var exponent = "e"
            var j = i + 1
            if j < s.count, s[j] == "-" || s[j] == "+" {
                exponent.unicodeScalars.append(s[j]); j += 1
            }
            var expDigits = 0
            while j < s.count, SVGPathParser.isDigit(s[j]) {
                exponent.unicodeScalars.append(s[j]); j += 1; expDigits += 1
            }
            guard expDigits > 0 else { throw error("malformed exponent", at: e) }
            text += exponent
            i = j
        }
        guard let value = Double(text), value.isFinite else {
            throw error("number '\(text)' is out of range", at: start)
        }
        return value
    }

    private mutating func point(_ name: String, of command: Unicode.Scalar) throws(PathParseError) -> Point {
        let x = try number("x" + name, of: command)
        let y = try number("y" + name, of: command)
        return Point(x: x, y: y)
    }

    /// Whether another argument group follows (a number after separators).
    private mutating func moreArguments() -> Bool {
        skipSpace()
        return i < s.count && SVGPathParser.startsNumber(s[i])
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
                if SVGPathParser.startsNumber(c) {
                    throw error("expected a command (M, L, Q, C, Z), found a number", at: at)
                }
                throw error("unexpected character '\(c.escaped(asASCII: true))'", at: at)
            }
            skipSpace()
        }
        return path
    }
}
