/// One element of an option's value: a single token or a parenthesised tuple.
indirect enum ValueElement: Equatable, Sendable {
    case atom(Token)
    case tuple(open: Token, elements: [ValueElement])

    /// The token an error about this element points at.
    var token: Token {
        switch self {
        case .atom(let token): token
        case .tuple(let open, _): open
        }
    }
}

/// An option as written: `key=value` (a value is one or more elements
/// separated by commas) or a bare flag.
struct OptionItem: Equatable, Sendable {
    var key: Token
    /// nil for a flag.
    var value: [ValueElement]?
}

/// The options and flags a statement accepts.
struct OptionSpec: Sendable {
    /// The statement, as named in messages (`timer`, `at … perform`).
    var statement: String
    var keys: [String] = []
    var flags: [String] = []
    /// Other spellings of keys (a property's Core Animation key): accepted
    /// and suggested, not listed in messages.
    var aliases: [String] = []

    /// Whether `key=` is an option of the statement (a key or an alias).
    func accepts(_ key: String) -> Bool { keys.contains(key) || aliases.contains(key) }

    /// `every=, at=, mode=, once`
    var allowedList: String {
        (keys.map { $0 + "=" } + flags).joined(separator: ", ")
    }
}

/// The options of one statement, after checking them against its spec.
struct Options {
    var items: [OptionItem] = []

    /// The value of `key=`, with the key's token.
    func value(_ key: String) -> (key: Token, value: [ValueElement])? {
        for item in items where item.key.word == key {
            if let value = item.value { return (item.key, value) }
        }
        return nil
    }

    /// The token of the flag, if given.
    func flag(_ name: String) -> Token? {
        items.first { $0.key.word == name && $0.value == nil }?.key
    }

    /// Of the given keys, those present, in the order written.
    func present(_ keys: [String]) -> [Token] {
        items.filter { keys.contains($0.key.word ?? "") }.map(\.key)
    }
}

extension Parser {
    /// Reads the rest of the line as options and checks them against `spec`:
    /// every key known, no key twice, values on keys and none on flags.
    func parseOptions(_ cursor: inout Cursor, _ spec: OptionSpec) throws(Diagnostic) -> Options {
        var options = Options()
        while let token = cursor.next() {
            guard let key = token.word else {
                if token.isSymbol(":") {
                    throw error("unexpected ':': a block's body goes on the following lines, indented",
                                at: token, in: cursor.line)
                }
                if spec.keys.isEmpty && spec.flags.isEmpty {
                    throw error("unexpected \(token.quoted): `\(spec.statement)` takes no options", at: token, in: cursor.line)
                }
                throw error("expected an option (key=value), found \(token.quoted)", at: token, in: cursor.line)
            }
            if let equals = cursor.peek, equals.isSymbol("=") {
                _ = cursor.next()
                if spec.flags.contains(key) {
                    throw error("'\(key)' is a flag and takes no value", at: token, in: cursor.line)
                }
                guard spec.keys.contains(key) else { throw unknownOption(token, spec, cursor.line) }
                if options.value(key) != nil {
                    throw error("option '\(key)=' is given twice", at: token, in: cursor.line)
                }
                let value = try parseValue(&cursor, after: "'\(key)='")
                options.items.append(OptionItem(key: token, value: value))
            } else if spec.flags.contains(key) {
                if options.flag(key) != nil {
                    throw error("flag '\(key)' is given twice", at: token, in: cursor.line)
                }
                options.items.append(OptionItem(key: token, value: nil))
            } else if spec.keys.contains(key) {
                throw error("option '\(key)' needs a value: \(key)=…", at: token, in: cursor.line)
            } else {
                throw unknownOption(token, spec, cursor.line)
            }
        }
        return options
    }

    func unknownOption(_ token: Token, _ spec: OptionSpec, _ line: LexedLine) -> Diagnostic {
        if spec.keys.isEmpty && spec.flags.isEmpty {
            return error("unexpected \(token.quoted): `\(spec.statement)` takes no options", at: token, in: line)
        }
        var message = "unknown option \(token.quoted) for `\(spec.statement)`"
        if let suggestion = suggest(token.text, from: spec.keys + spec.flags + spec.aliases) {
            message += "; did you mean '\(suggestion)'?"
        }
        message += " (allowed: \(spec.allowedList))"
        return error(message, at: token, in: line)
    }

    /// A value: one element or several separated by commas.
    func parseValue(_ cursor: inout Cursor, after what: String) throws(Diagnostic) -> [ValueElement] {
        var elements = [try parseElement(&cursor, after: what)]
        while let comma = cursor.peek, comma.isSymbol(",") {
            _ = cursor.next()
            elements.append(try parseElement(&cursor, after: "','"))
        }
        return elements
    }

    /// How deeply tuples may nest.
    static let maxTupleDepth = 8

    func parseElement(_ cursor: inout Cursor, after what: String, depth: Int = 0) throws(Diagnostic) -> ValueElement {
        guard let token = cursor.peek else {
            throw error("expected a value after \(what)", cursor.line, column: cursor.endColumn)
        }
        switch token.kind {
        case .word, .number, .string, .color:
            _ = cursor.next()
            return .atom(token)
        case .symbol("("):
            if depth >= Self.maxTupleDepth {
                throw error("tuples are nested too deeply (at most \(Self.maxTupleDepth) levels)", at: token, in: cursor.line)
            }
            _ = cursor.next()
            var elements: [ValueElement] = []
            var previous = "'('"
            while true {
                elements.append(try parseElement(&cursor, after: previous, depth: depth + 1))
                guard let next = cursor.peek else {
                    throw error("expected ',' or ')' to continue the tuple opened at column \(token.column)",
                                cursor.line, column: cursor.endColumn)
                }
                _ = cursor.next()
                if next.isSymbol(")") { break }
                guard next.isSymbol(",") else {
                    throw error("expected ',' or ')' in the tuple opened at column \(token.column), found \(next.quoted)",
                                at: next, in: cursor.line)
                }
                previous = "','"
            }
            return .tuple(open: token, elements: elements)
        case .symbol:
            throw error("expected a value after \(what), found \(token.quoted)", at: token, in: cursor.line)
        case .template:
            preconditionFailure("templates are substituted by the Expander before parsing")
        }
    }
}
