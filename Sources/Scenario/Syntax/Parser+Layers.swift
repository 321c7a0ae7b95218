/// The layer statements (`layer`, `view`, `image`, `layout`, `draw`,
/// `constraints`) and the layer and transaction actions (`set`, `begin`,
/// `commit`, `flush`, `transaction`, `completion`, `add`, `remove`,
/// `needsLayout`, `needsDisplay`, `layoutIfNeeded`).
extension Parser {
    // MARK: layer, view, image

    static let layerSpec = OptionSpec(statement: "layer", keys: ["parent"] + LayerPropertyName.names,
                                      aliases: LayerPropertyName.spellings.filter { !LayerPropertyName.names.contains($0) })
    static let viewSpec = OptionSpec(statement: "view", keys: layerSpec.keys, aliases: layerSpec.aliases)

    /// `layer NAME [parent=P] [PROP=VALUE …]` and `view NAME …`: each option
    /// at most once; property values as for `set`.
    mutating func parseLayerDecl(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> LayerDecl {
        let line = node.line
        let isView = keyword.text == "view" || keyword.text == "host"
        let spec = isView ? Self.viewSpec : Self.layerSpec
        let name = try expectName(&cursor, isView ? "a view name" : "a layer name", after: keyword)
        declare(name, isView ? .view : .layer, line)
        var parent: Token?
        var properties: [(LayerPropertyName, LayerValue)] = []
        var given: Set<String> = []
        while let token = cursor.next() {
            guard let key = token.word else {
                throw error("expected an option (key=value), found \(token.quoted)", at: token, in: line)
            }
            guard let equals = cursor.peek, equals.isSymbol("=") else {
                if spec.accepts(key) {
                    throw error("option '\(key)' needs a value: \(key)=…", at: token, in: line)
                }
                throw unknownOption(token, spec, line)
            }
            guard spec.accepts(key) else { throw unknownOption(token, spec, line) }
            // Both spellings of a property (`corner=`, `cornerRadius=`) name one option.
            let property = LayerPropertyName(spelled: key)
            let canonical = property?.languageName ?? key
            if given.contains(canonical) {
                let also = canonical == key ? "" : " (as \(canonical)=)"
                throw error("option '\(key)='\(also) is given twice", at: token, in: line)
            }
            given.insert(canonical)
            _ = cursor.next()
            if let property {
                properties.append((property, try layerValue(property, &cursor, after: "'\(key)='")))
            } else {
                let value = try parseValue(&cursor, after: "'parent='")
                let parentName = try atom(value, token, line, expected: "a layer name")
                guard parentName.word != nil else {
                    throw error("expected a layer name for 'parent=', found \(parentName.quoted)", at: parentName, in: line)
                }
                use(parentName, .parent, line)
                names.parentLinks.append(ParentLink(child: name.text, parent: parentName.text,
                                              site: Site(line: line, column: parentName.column)))
                parent = parentName
            }
        }
        if keyword.text != "host" { try noBody(cursor, keyword.text) }
        return LayerDecl(name: name.text, parent: parent?.text, isView: isView, properties: properties,
                         location: location(of: keyword, in: line))
    }

    /// `image NAME file="path"`.
    mutating func parseImage(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> ImageDecl {
        let line = node.line
        let name = try expectName(&cursor, "an image name", after: keyword)
        if name.text == "none" {
            throw error("'none' cannot name an image (contents=none removes the contents)", at: name, in: line)
        }
        let options = try parseOptions(&cursor, OptionSpec(statement: "image", keys: ["file"]))
        try noBody(cursor, "image")
        guard let (key, value) = options.value("file") else {
            throw error("`image` needs file= with the image's path, like file=\"logo.ppm\"", at: keyword, in: line)
        }
        let token = try atom(value, key, line, expected: "a path in quotes")
        guard case .string(let path) = token.kind else {
            throw error("expected the image's path in quotes for 'file=', found \(token.quoted)", at: token, in: line)
        }
        if path.isEmpty {
            throw error("the image's path is empty", at: token, in: line)
        }
        declare(name, .image, line)
        return ImageDecl(name: name.text, file: path, location: location(of: keyword, in: line))
    }

    // MARK: layout, draw, constraints

    /// `layout NAME:`, `constraints NAME:` (actions) and `draw NAME:` (drawing commands).
    mutating func parseBehaviour(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> LayerStatement {
        let line = node.line
        let word = keyword.text
        let name = try expectName(&cursor, word == "constraints" ? "a view name" : "a layer name", after: keyword)
        let options = try parseOptions(&cursor, OptionSpec(statement: word, keys: word == "constraints" ? [] : ["cost"]))
        var cost: Int64?
        if let (key, value) = options.value("cost") {
            let token = try atom(value, key, line, expected: "a duration")
            cost = try duration(token, line)
            guard cost! >= 0, cost! <= Self.maxRenderCost else {
                throw error("cost= is 0 to 60s (the time one \(word == "layout" ? "layoutSublayers call" : "draw") takes), found \(token.quoted)", at: token, in: line)
            }
        }
        let site = location(of: keyword, in: line)
        switch word {
        case "layout":
            use(name, .layout, line)
            hostTable.layouts.append(HostTable.Site(token: name, line: line))
            return .layout(layer: name.text, body: try parseBody(node, cursor, word), location: site, cost: cost)
        case "constraints":
            use(name, .constraints, line)
            return .constraints(layer: name.text, body: try parseBody(node, cursor, word), location: site)
        default:
            use(name, .draw, line)
            return .draw(layer: name.text, body: try parseDrawBody(node, cursor), location: site, cost: cost)
        }
    }

    // MARK: Actions

    static let transactionSpec = OptionSpec(statement: "transaction", keys: ["duration", "timing", "disableActions"])
    static let timingFunctions = ["default", "linear", "easeIn", "easeOut", "easeInEaseOut"]
    static let maxSublayerIndex = Int64(Int32.max)

    mutating func parseLayerAction(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> LayerAction {
        let line = node.line
        let word = keyword.text
        let action: LayerAction
        switch word {
        case "set":
            action = try parseSet(&cursor, keyword)
        case "begin":
            action = .begin
        case "commit":
            action = .commit
        case "flush":
            action = .flush
        case "transaction":
            action = try parseTransaction(&cursor, keyword)
        case "completion":
            _ = try parseOptions(&cursor, OptionSpec(statement: "completion"))
            return .completion(body: try parseBody(node, cursor, "completion"))
        case "add":
            action = try parseAdd(&cursor, keyword)
        default:
            let use: NameUse
            switch word {
            case "remove": use = .remove
            case "needsLayout": use = .needsLayout
            case "needsDisplay": use = .needsDisplay
            default: use = .layoutIfNeeded
            }
            let layer = try expectName(&cursor, "a layer name", after: keyword)
            self.use(layer, use, line)
            switch use {
            case .remove: action = .remove(layer: layer.text)
            case .needsLayout: action = .needsLayout(layer.text)
            case .needsDisplay: action = .needsDisplay(layer.text)
            default: action = .layoutIfNeeded(layer.text)
            }
        }
        if word != "set" {
            // Whatever is left is an unknown option of a statement without options.
            _ = try parseOptions(&cursor, OptionSpec(statement: word))
        }
        try noBody(cursor, word)
        return action
    }

    /// `transaction duration=… timing=… disableActions=…` (at least one).
    private func parseTransaction(_ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> LayerAction {
        let line = cursor.line
        let options = try parseOptions(&cursor, Self.transactionSpec)
        if options.items.isEmpty {
            throw error("`transaction` needs at least one of duration=, timing= and disableActions=",
                        at: keyword, in: line)
        }
        var duration: Int64?
        if let (key, value) = options.value("duration") {
            duration = try self.duration(atom(value, key, line, expected: "a duration"), line)
        }
        var timing: String?
        if let (key, value) = options.value("timing") {
            let token = try atom(value, key, line, expected: "a timing name")
            guard let name = token.word, Self.timingFunctions.contains(name) else {
                var message = token.word.map { "unknown timing '\($0)'" } ?? "expected a timing name, found \(token.quoted)"
                if let name = token.word, let suggestion = suggest(name, from: Self.timingFunctions) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw error(message + " (timings: \(Self.timingFunctions.joined(separator: ", ")))", at: token, in: line)
            }
            timing = name
        }
        var disableActions: Bool?
        if let (key, value) = options.value("disableActions") {
            let token = try atom(value, key, line, expected: "true or false")
            guard let flag = Self.bool(token) else {
                throw error("disableActions needs true or false, found \(token.quoted)", at: token, in: line)
            }
            disableActions = flag
        }
        return .transaction(duration: duration, timing: timing, disableActions: disableActions)
    }

    /// `add L to P [at=N]`.
    private mutating func parseAdd(_ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> LayerAction {
        let line = cursor.line
        let layer = try expectName(&cursor, "a layer name", after: keyword)
        guard let to = cursor.next() else {
            throw error("expected `to` and the new parent after '\(layer.text)', like add \(layer.text) to root",
                        line, column: cursor.endColumn)
        }
        guard to.word == "to" else {
            throw error("expected `to` and the new parent after '\(layer.text)', found \(to.quoted)", at: to, in: line)
        }
        let parent = try expectName(&cursor, "the new parent's name", after: to)
        let options = try parseOptions(&cursor, OptionSpec(statement: "add", keys: ["at"]))
        var index: Int?
        if let (key, value) = options.value("at") {
            index = try wholeNumber(atom(value, key, line, expected: "an index"), line, "the index",
                                    in: 0...Self.maxSublayerIndex)
        }
        use(layer, .add, line)
        use(parent, .add, line)
        if parent.text == layer.text {
            names.record(.addToItself(layer.text, Site(line: line, column: parent.column)))
        }
        return .add(layer: layer.text, parent: parent.text, index: index)
    }

    /// `LAYER.PROP` after `set`: the layer's token, the property and its
    /// token, and how messages quote the pair.
    func parseSetTarget(_ cursor: inout Cursor) throws(Diagnostic) -> (layer: Token, property: LayerPropertyName, token: Token, target: String) {
        let line = cursor.line
        let example = "like set button.background = red"
        guard let layer = cursor.next() else {
            throw error("expected a layer property after `set`, \(example)", line, column: cursor.endColumn)
        }
        guard layer.word != nil else {
            throw error("expected a layer property after `set`, found \(layer.quoted)", at: layer, in: line)
        }
        guard let dot = cursor.next() else {
            throw error("expected '.' and a property after '\(layer.text)', \(example)", line, column: cursor.endColumn)
        }
        guard dot.isSymbol(".") else {
            throw error("expected '.' and a property after '\(layer.text)', found \(dot.quoted)", at: dot, in: line)
        }
        let names = LayerPropertyName.names
        guard let propertyToken = cursor.next() else {
            throw error("expected a property after '\(layer.text).' (\(names.joined(separator: ", ")))",
                        line, column: cursor.endColumn)
        }
        guard let propertyName = propertyToken.word else {
            throw error("expected a property after '\(layer.text).', found \(propertyToken.quoted)",
                        at: propertyToken, in: line)
        }
        if dot.column != layer.endColumn || propertyToken.column != dot.endColumn {
            throw error("write the property right after the layer's name, without spaces: \(layer.text).\(propertyName)",
                        at: dot, in: line)
        }
        guard let property = LayerPropertyName(spelled: propertyName) else {
            var message = "unknown layer property '\(propertyName)'"
            if let suggestion = suggest(propertyName, from: LayerPropertyName.spellings) { message += "; did you mean '\(suggestion)'?" }
            throw error(message + " (properties: \(names.joined(separator: ", ")))", at: propertyToken, in: line)
        }
        return (layer, property, propertyToken, "'\(layer.text).\(propertyName)'")
    }

    /// `set L.prop = VALUE` (spaces around `=` are optional; none around `.`).
    private mutating func parseSet(_ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> LayerAction {
        let line = cursor.line
        let (layer, property, propertyToken, target) = try parseSetTarget(&cursor)
        guard let equals = cursor.next() else {
            throw error("expected '=' and a value after \(target)", line, column: cursor.endColumn)
        }
        if equals.isSymbol("+") {
            guard let second = cursor.next(), second.isSymbol("="), second.column == equals.endColumn else {
                throw error("expected '+=' and a value after \(target)", at: equals, in: line)
            }
            use(layer, .set, line)
            let delta = try incrementValue(property, propertyToken, &cursor)
            try expectEnd(cursor, after: "the value of \(target)")
            return .increment(layer: layer.text, property: property, by: delta)
        }
        guard equals.isSymbol("=") else {
            throw error("expected '=' or '+=' and a value after \(target), found \(equals.quoted)", at: equals, in: line)
        }
        use(layer, .set, line)
        if let dollar = cursor.peek, dollar.isSymbol("$") {
            let name = cursor.peek(1).map { "$\($0.text)" } ?? "$NAME"
            throw error("`\(name)` is a state reference and is only allowed in a host's body", at: dollar, in: line)
        }
        let value = try layerValue(property, &cursor, after: "'='")
        try expectEnd(cursor, after: "the value of \(target)")
        return .set(layer: layer.text, property: property, value: value)
    }
}
