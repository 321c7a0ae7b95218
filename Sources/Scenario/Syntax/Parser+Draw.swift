import LayerKit

/// The lines of a `draw NAME:` block — `fill`, `stroke`, `line`, `text` —
/// and the check of `path="…"` data.
extension Parser {
    static let shapeKeys = ["rect", "roundedRect", "ellipse", "path"]
    static let fillSpec = OptionSpec(statement: "fill", keys: shapeKeys + ["radius", "color"])
    static let strokeSpec = OptionSpec(statement: "stroke", keys: shapeKeys + ["radius", "color", "width"])
    static let lineSpec = OptionSpec(statement: "line", keys: ["from", "to", "color", "width"])
    static let textSpec = OptionSpec(statement: "text", keys: ["at", "color", "size"])
    static let defaultTextSize = 8.0

    /// The body of a `draw` block: one drawing command per line.
    func parseDrawBody(_ node: LineNode, _ cursor: Cursor) throws(Diagnostic) -> [DrawStep] {
        guard let colon = cursor.colon else {
            throw error("`draw` needs a block: end the line with ':' and indent the drawing commands below it",
                        cursor.line, column: cursor.endColumn)
        }
        guard !node.children.isEmpty else {
            throw error("expected an indented block after ':'", at: colon, in: node.line)
        }
        var steps: [DrawStep] = []
        for child in node.children {
            switch child {
            case .error(let diagnostic):
                throw diagnostic
            case .line(let lineNode):
                steps.append(try parseDrawStep(lineNode))
            }
        }
        return steps
    }

    func parseDrawStep(_ node: LineNode) throws(Diagnostic) -> DrawStep {
        let line = node.line
        var cursor = Cursor(line)
        let keyword = try statementKeyword(&cursor)
        let word = keyword.word!
        let command: DrawCommand
        switch word {
        case "fill", "stroke":
            let options = try parseOptions(&cursor, word == "fill" ? Self.fillSpec : Self.strokeSpec)
            let shape = try drawShape(options, keyword, line)
            let color = try drawColor(options, keyword, line)
            if word == "fill" {
                command = .fill(shape, color: color)
            } else {
                command = .stroke(shape, color: color, width: try lineWidth(options, line))
            }
        case "line":
            let options = try parseOptions(&cursor, Self.lineSpec)
            let ends = options.present(["from", "to"])
            guard ends.count == 2, let (fromKey, fromValue) = options.value("from"),
                  let (toKey, toValue) = options.value("to") else {
                throw error("`line` needs from=(x, y) and to=(x, y)", at: keyword, in: line)
            }
            let from = try numberTuple(single(fromValue, fromKey, line), ["x", "y"], needs: "from= needs (x, y)", line)
            let to = try numberTuple(single(toValue, toKey, line), ["x", "y"], needs: "to= needs (x, y)", line)
            let color = try drawColor(options, keyword, line)
            command = .line(x1: from[0], y1: from[1], x2: to[0], y2: to[1], color: color,
                            width: try lineWidth(options, line))
        case "text":
            guard let textToken = cursor.next() else {
                throw error("expected the text in quotes after `text`, like text \"Hi\" at=(4,4) color=black",
                            line, column: cursor.endColumn)
            }
            guard case .string(let text) = textToken.kind else {
                throw error("expected the text in quotes after `text`, found \(textToken.quoted)", at: textToken, in: line)
            }
            let options = try parseOptions(&cursor, Self.textSpec)
            guard let (atKey, atValue) = options.value("at") else {
                throw error("`text` needs at=(x, y) with the text's top left corner", at: keyword, in: line)
            }
            let origin = try numberTuple(single(atValue, atKey, line), ["x", "y"], needs: "at= needs (x, y)", line)
            let color = try drawColor(options, keyword, line)
            var size = Self.defaultTextSize
            if let (key, value) = options.value("size") {
                size = try positive(value, key, line)
            }
            command = .text(text, x: origin[0], y: origin[1], color: color, size: size)
        default:
            throw notADrawCommand(keyword, in: line)
        }
        try noBody(cursor, word)
        return DrawStep(command: command, location: location(of: keyword, in: line))
    }

    /// Exactly one of `rect=`, `roundedRect=` (with `radius=`), `ellipse=`, `path=`.
    private func drawShape(_ options: Options, _ keyword: Token, _ line: LexedLine) throws(Diagnostic) -> DrawCommand.Shape {
        let shapes = options.present(Self.shapeKeys)
        guard let key = shapes.first, let (_, value) = options.value(key.text) else {
            throw error("`\(keyword.text)` needs a shape: rect=(x, y, w, h), roundedRect=(x, y, w, h) radius=R, ellipse=(x, y, w, h) or path=\"…\"",
                        at: keyword, in: line)
        }
        if shapes.count > 1 {
            throw error("give only one shape (rect=, roundedRect=, ellipse= or path=)", at: shapes[1], in: line)
        }
        let radius = options.value("radius")
        if let (radiusKey, _) = radius, key.text != "roundedRect" {
            throw error("radius= only applies to roundedRect=", at: radiusKey, in: line)
        }
        let element = try single(value, key, line)
        switch key.text {
        case "rect":
            let r = try rect(element, needs: "rect= needs (x, y, width, height)", line)
            return .rect(x: r[0], y: r[1], width: r[2], height: r[3])
        case "roundedRect":
            let r = try rect(element, needs: "roundedRect= needs (x, y, width, height)", line)
            guard let (radiusKey, radiusValue) = radius else {
                throw error("roundedRect= needs radius=R, the corner radius", at: key, in: line)
            }
            let token = try atom(radiusValue, radiusKey, line, expected: "a number")
            let corner = try real(token, line, "radius")
            if corner < 0 { throw error("radius cannot be negative", at: token, in: line) }
            return .roundedRect(x: r[0], y: r[1], width: r[2], height: r[3], radius: corner)
        case "ellipse":
            let r = try rect(element, needs: "ellipse= needs (x, y, width, height)", line)
            return .ellipse(x: r[0], y: r[1], width: r[2], height: r[3])
        default:
            guard case .atom(let token) = element, case .string(let data) = token.kind else {
                throw error("path= needs path data in quotes, like path=\"M 0 0 L 10 0 Z\", found \(Self.describe(element))",
                            at: element.token, in: line)
            }
            try checkPath(data, token, line)
            return .path(data)
        }
    }

    /// The required `color=` of a drawing command.
    private func drawColor(_ options: Options, _ keyword: Token, _ line: LexedLine) throws(Diagnostic) -> [UInt8] {
        guard let (key, value) = options.value("color") else {
            throw error("`\(keyword.text)` needs color=, like color=red", at: keyword, in: line)
        }
        return try color(atom(value, key, line, expected: "a colour"), line)
    }

    /// `width=W` (greater than 0), default 1.
    private func lineWidth(_ options: Options, _ line: LexedLine) throws(Diagnostic) -> Double {
        guard let (key, value) = options.value("width") else { return 1 }
        return try positive(value, key, line)
    }

    /// The plain number of `key=`, greater than 0.
    private func positive(_ value: [ValueElement], _ key: Token, _ line: LexedLine) throws(Diagnostic) -> Double {
        let token = try atom(value, key, line, expected: "a number")
        let number = try real(token, line, key.text)
        if number <= 0 { throw error("\(key.text) must be greater than 0", at: token, in: line) }
        return number
    }

    // MARK: Paths

    /// The commands of path data and the numbers each takes.
    static let pathCommands: [Unicode.Scalar: (count: Int, names: String)] = [
        "M": (2, "x y"), "L": (2, "x y"), "Q": (4, "cx cy x y"), "C": (6, "c1x c1y c2x c2y x y"), "Z": (0, ""),
    ]

    /// Checks path data: `M x y`, `L x y`, `Q cx cy x y`, `C c1x c1y c2x c2y x y`
    /// and `Z`, starting with `M`, each with exactly its numbers (separated by
    /// spaces or a comma). Errors point at the offending character inside the
    /// string `token`.
    func checkPath(_ data: String, _ token: Token, _ line: LexedLine) throws(Diagnostic) {
        let s = Array(data.unicodeScalars)
        let columns = Self.contentColumns(token)
        func fail(_ message: String, _ index: Int) -> Diagnostic {
            error(message, line, column: columns[min(index, columns.count - 1)])
        }
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
        func isLetter(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
        func skipSpaces(_ i: inout Int) { while i < s.count, isSpace(s[i]) { i += 1 } }

        // The command being read: its letter and how many numbers it has so far.
        var command: (letter: Unicode.Scalar, count: Int)?
        func finishCommand(at index: Int) throws(Diagnostic) {
            guard let (letter, count) = command, let spec = Self.pathCommands[letter], count < spec.count else { return }
            throw fail("`\(letter)` takes \(spec.count) numbers (\(spec.names)), found \(count)", index)
        }

        var i = 0
        skipSpaces(&i)
        if i == s.count {
            throw error("the path is empty; it needs at least a move, like path=\"M 0 0 L 10 0\"", at: token, in: line)
        }
        while true {
            skipSpaces(&i)
            guard i < s.count else { break }
            let c = s[i]
            if isLetter(c) {
                try finishCommand(at: i)
                guard Self.pathCommands[c] != nil else {
                    let letter = Character(c)
                    if letter.isLowercase, let upper = letter.uppercased().unicodeScalars.first,
                       Self.pathCommands[upper] != nil {
                        throw fail("relative path commands are not supported; use '\(upper)' with absolute coordinates", i)
                    }
                    throw fail("unknown path command '\(letter)' (commands: M, L, Q, C, Z)", i)
                }
                if command == nil && c != "M" {
                    throw fail("a path must start with M (move to)", i)
                }
                command = (c, 0)
                i += 1
            } else if PathNumber.startsNumber(c) {
                guard let (letter, count) = command else {
                    throw fail("a path must start with M (move to)", i)
                }
                let spec = Self.pathCommands[letter]!
                if count == spec.count {
                    throw fail(spec.count == 0 ? "`\(letter)` takes no numbers"
                                               : "too many numbers for `\(letter)` (it takes \(spec.count): \(spec.names))", i)
                }
                do throws(PathNumber.Failure) {
                    i = try PathNumber.scan(s, from: i).end
                } catch {
                    switch error {
                    case .expectedDigits(let at): throw fail("expected a number", at)
                    case .expectedFractionDigits(let at): throw fail("expected digits after the decimal point", at)
                    case .malformedExponent(let at): throw fail("expected digits after the exponent's 'e'", at)
                    case .outOfRange(_, let at): throw fail("the number is too large", at)
                    }
                }
                command = (letter, count + 1)
                if i < s.count, !isSpace(s[i]), s[i] != ",", !isLetter(s[i]) {
                    throw fail("expected a space or ',' after a number, found '\(Character(s[i]))'", i)
                }
                skipSpaces(&i)
                if i < s.count, s[i] == "," {
                    i += 1
                    skipSpaces(&i)
                    guard i < s.count, PathNumber.startsNumber(s[i]) else {
                        throw fail("expected a number after ','", i)
                    }
                }
            } else if c == "," {
                throw fail("a ',' goes between two numbers", i)
            } else {
                throw fail("unexpected '\(Character(c))' in a path (commands: M, L, Q, C, Z)", i)
            }
        }
        try finishCommand(at: s.count)
    }

    /// The source column of each scalar of a string token's value, and then
    /// of its closing quote (escapes take two columns for one scalar).
    static func contentColumns(_ token: Token) -> [Int] {
        let raw = Array(token.text.unicodeScalars)
        var columns: [Int] = []
        var j = 1
        while j < raw.count - 1 {
            columns.append(token.column + j)
            j += raw[j] == "\\" ? 2 : 1
        }
        columns.append(token.column + max(j, raw.count - 1))
        return columns
    }
}
