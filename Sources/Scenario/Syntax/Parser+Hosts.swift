/// What the parser knows about hosts (`docs/reference/swiftui.md`), for the checks
/// that need the whole file: a `state` write or a `layout` block may come
/// before the `host` it names.
struct HostTable {
    struct Site {
        var token: Token
        var line: LexedLine
    }

    /// A `state HOST.VAR = VALUE` action.
    struct Write {
        var host: Site
        var variable: Site
        var form: StateForm
        var value: Site
    }

    /// Each host's variables and their forms, by host name.
    var hosts: [String: [(name: String, form: StateForm)]] = [:]
    var writes: [Write] = []
    /// The names of every `layout NAME:` block.
    var layouts: [Site] = []
}

/// `host NAME [view options]:` with its `state` lines and `body:`, the
/// `state HOST.VAR = VALUE` action, and their checks.
extension Parser {
    static let transformWords: Set<String> = ["rotate", "scale", "translate", "identity"]
    static let stateValueForms = "a colour, a number, true or false, (x, y), (x, y, width, height) or a transform"

    mutating func parseHost(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> HostDecl {
        let line = node.line
        let view = try parseLayerDecl(node, &cursor, keyword)
        guard let colon = cursor.colon else {
            throw error("`host` needs a block: end the line with ':' and indent its `state` lines and `body:` below it",
                        line, column: cursor.endColumn)
        }
        guard !node.children.isEmpty else { throw error("expected an indented block after ':'", at: colon, in: line) }
        // The state lines first, wherever they are, so that the body can
        // refer to any of them.
        var state: [StateVariableDecl] = []
        var forms: [(name: String, form: StateForm)] = []
        var bodyNode: (LineNode, Token)?
        for child in node.children {
            guard case .line(let childNode) = child else {
                if case .error(let diagnostic) = child { throw diagnostic }
                continue
            }
            var c = Cursor(childNode.line)
            let word = try statementKeyword(&c)
            switch word.text {
            case "state":
                guard let name = c.next(), name.word != nil else {
                    throw error("expected a state variable's name after `state`, like state color = red", childNode.line, column: c.endColumn)
                }
                if forms.contains(where: { $0.name == name.text }) {
                    throw error("state variable '\(name.text)' is declared twice in host '\(view.name)'", at: name, in: childNode.line)
                }
                try expectEquals(&c, after: "'\(name.text)'")
                let (value, form, _) = try stateValue(&c, after: "'='")
                try expectEnd(c, after: "the value of '\(name.text)'")
                try noBody(c, "state")
                state.append(StateVariableDecl(name: name.text, value: value, location: location(of: name, in: childNode.line)))
                forms.append((name.text, form))
            case "body":
                if bodyNode != nil { throw error("a `host` needs exactly one `body:` block", at: word, in: childNode.line) }
                bodyNode = (childNode, word)
            default:
                throw error("a `host` block holds `state NAME = VALUE` lines and one `body:`, found `\(word.text)`",
                            at: word, in: childNode.line)
            }
        }
        guard let (bodyLine, bodyWord) = bodyNode else {
            throw error("a `host` needs exactly one `body:` block", at: keyword, in: line)
        }
        hostTable.hosts[view.name] = forms
        let body = try parseHostBody(bodyLine, bodyWord, host: view.name, forms: forms)
        return HostDecl(view: view, state: state, body: body, location: location(of: keyword, in: line))
    }

    /// The lines of `body:`: `set` (with `$NAME` values) and `log`.
    private mutating func parseHostBody(_ node: LineNode, _ keyword: Token, host: String,
                                        forms: [(name: String, form: StateForm)]) throws(Diagnostic) -> [HostBodyStep] {
        var cursor = Cursor(node.line)
        _ = cursor.next()
        guard cursor.atEnd else { throw error("`body` takes no options", at: cursor.peek!, in: node.line) }
        guard let colon = cursor.colon else {
            throw error("`body` needs a block: end the line with ':' and indent its `set` lines below it", node.line, column: cursor.endColumn)
        }
        guard !node.children.isEmpty else { throw error("expected an indented block after ':'", at: colon, in: node.line) }
        var steps: [HostBodyStep] = []
        for child in node.children {
            guard case .line(let stepNode) = child else {
                if case .error(let diagnostic) = child { throw diagnostic }
                continue
            }
            let line = stepNode.line
            var c = Cursor(line)
            let word = try statementKeyword(&c)
            switch word.text {
            case "log":
                let action = try parseAction(stepNode)
                guard case .log(let text) = action.kind else { preconditionFailure("`log` parses as a log") }
                steps.append(HostBodyStep(kind: .log(text), location: action.location))
            case "set":
                let (layer, property, _, target) = try parseSetTarget(&c)
                if layer.text == host {
                    throw error("a body sets the host's content, not the hosting view", at: layer, in: line)
                }
                try expectEquals(&c, after: target)
                use(layer, .set, line)
                let value: HostBodyValue
                if let dollar = c.peek, dollar.isSymbol("$") {
                    value = .state(try stateReference(&c, property: property, host: host, forms: forms))
                } else {
                    value = .value(try layerValue(property, &c, after: "'='"))
                }
                try expectEnd(c, after: "the value of \(target)")
                try noBody(c, "set")
                steps.append(HostBodyStep(kind: .set(layer: layer.text, property: property, value: value), location: location(of: word, in: line)))
            case "state":
                throw error("`state` cannot be written in a body: SwiftUI ignores a state write during its render", at: word, in: line)
            default:
                throw error("a `body:` block holds only `set` and `log`, found `\(word.text)`", at: word, in: line)
            }
        }
        return steps
    }

    /// `$NAME` in a body's `set`, checked against the property.
    private func stateReference(_ cursor: inout Cursor, property: LayerPropertyName, host: String,
                                forms: [(name: String, form: StateForm)]) throws(Diagnostic) -> String {
        let line = cursor.line
        let dollar = cursor.next()!
        guard let name = cursor.next(), name.word != nil, name.column == dollar.endColumn else {
            throw error("expected a state variable's name right after '$', like $color", at: dollar, in: line)
        }
        guard let form = forms.first(where: { $0.name == name.text })?.form else {
            throw unknownState(name, host: host, forms: forms, line)
        }
        guard let needed = StateForm(of: property) else {
            throw error("'\(property.languageName)' cannot take a state value (a state variable holds \(Self.stateValueForms))", at: dollar, in: line)
        }
        guard needed == form else {
            throw error("\(Self.needs(property)), found state '\(name.text)' (\(form.described))", at: dollar, in: line)
        }
        return name.text
    }

    /// `state HOST.VAR = VALUE`, checked once the whole file is read.
    mutating func parseStateWrite(_ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> StateWrite {
        let line = cursor.line
        let example = "like state content.color = yellow"
        guard let host = cursor.next(), host.word != nil else {
            throw error("expected a host's state variable after `state`, \(example)", line, column: cursor.endColumn)
        }
        guard let dot = cursor.next(), dot.isSymbol("."), let variable = cursor.next(), variable.word != nil else {
            throw error("expected '.' and a state variable after '\(host.text)', \(example)", at: host, in: line)
        }
        if dot.column != host.endColumn || variable.column != dot.endColumn {
            throw error("write the variable right after the host's name, without spaces: \(host.text).\(variable.text)", at: dot, in: line)
        }
        try expectEquals(&cursor, after: "'\(host.text).\(variable.text)'")
        use(host, .set, line)
        let valueToken = cursor.peek
        let (value, form, _) = try stateValue(&cursor, after: "'='")
        try expectEnd(cursor, after: "the value of '\(host.text).\(variable.text)'")
        hostTable.writes.append(.init(host: .init(token: host, line: line), variable: .init(token: variable, line: line), form: form,
                                      value: .init(token: valueToken ?? keyword, line: line)))
        return StateWrite(host: host.text, variable: variable.text, value: value)
    }

    /// A state value in any of its forms.
    mutating func stateValue(_ cursor: inout Cursor, after what: String) throws(Diagnostic) -> (LayerValue, StateForm, Token) {
        let line = cursor.line
        guard let first = cursor.peek else {
            throw error("expected a value after \(what): \(Self.stateValueForms)", line, column: cursor.endColumn)
        }
        if let word = first.word, Self.transformWords.contains(word) {
            return (try layerValue(.layer(.transform), &cursor, after: what), .transform, first)
        }
        let elements = try parseValue(&cursor, after: what)
        if elements.count > 1 { throw error("a state value is one value, found a list", at: elements[1].token, in: line) }
        let element = elements[0]
        let property: LayerPropertyName
        switch element {
        case .tuple(_, let parts) where parts.count == 4: property = .layer(.frame)
        case .tuple(_, let parts) where parts.count == 2: property = .layer(.position)
        case .atom(let token) where Self.bool(token) != nil: property = .layer(.isHidden)
        case .atom(let token):
            switch token.kind {
            case .number: property = .layer(.zPosition)
            case .color: property = .layer(.backgroundColor)
            case .word(let w) where w == "none" || Self.namedColor(w) != nil: property = .layer(.backgroundColor)
            default: throw error("a state value is \(Self.stateValueForms), found \(token.quoted)", at: token, in: line)
            }
        default:
            throw error("a state value is \(Self.stateValueForms), found \(Self.describe(element))", at: element.token, in: line)
        }
        let value = try layerValue(property, element: element, line)
        return (value, StateForm(of: value)!, first)
    }

    private func expectEquals(_ cursor: inout Cursor, after what: String) throws(Diagnostic) {
        guard let equals = cursor.next() else {
            throw error("expected '=' and a value after \(what)", cursor.line, column: cursor.endColumn)
        }
        guard equals.isSymbol("=") else {
            throw error("expected '=' and a value after \(what), found \(equals.quoted)", at: equals, in: cursor.line)
        }
    }

    private func unknownState(_ name: Token, host: String, forms: [(name: String, form: StateForm)], _ line: LexedLine) -> Diagnostic {
        var message = "unknown state '\(name.text)' of host '\(host)'"
        if let suggestion = suggest(name.text, from: forms.map(\.name)) { message += "; did you mean '\(suggestion)'?" }
        let known = forms.isEmpty ? "it has none" : "it has \(forms.map(\.name).joined(separator: ", "))"
        return error(message + " (\(known))", at: name, in: line)
    }

    /// The checks that need the whole file: each `state` write names a
    /// host, one of its variables, and a value of that variable's form; no
    /// host has a `layout` block. Names unknown altogether were reported by
    /// `NameChecker` already.
    func checkHosts() throws(Diagnostic) {
        for site in hostTable.layouts where hostTable.hosts[site.token.text] != nil {
            throw error("a host's layout is its body: `layout \(site.token.text):` cannot be given for a host", at: site.token, in: site.line)
        }
        for write in hostTable.writes {
            guard let forms = hostTable.hosts[write.host.token.text] else {
                throw error("'\(write.host.token.text)' is not a host: `state` writes a state variable of a `host`", at: write.host.token, in: write.host.line)
            }
            guard let form = forms.first(where: { $0.name == write.variable.token.text })?.form else {
                throw unknownState(write.variable.token, host: write.host.token.text, forms: forms, write.variable.line)
            }
            guard form == write.form else {
                throw error("state '\(write.variable.token.text)' of host '\(write.host.token.text)' holds \(form.described), found \(write.form.described)",
                            at: write.value.token, in: write.value.line)
            }
        }
    }
}
