/// Actions (the lines of a block) and `run`, which is both a top-level
/// statement and an action.
extension Parser {
    mutating func parseAction(_ node: LineNode) throws(Diagnostic) -> Action {
        let line = node.line
        var cursor = Cursor(line)
        let keyword = try statementKeyword(&cursor)
        let word = keyword.word!
        try checkContext(keyword, line, next: cursor.peek)
        let kind: ActionKind
        switch word {
        case "log":
            guard let text = cursor.next() else {
                throw error("expected the text to log in quotes, like log \"done\"", line, column: cursor.endColumn)
            }
            guard case .string(let value) = text.kind else {
                throw error("expected the text to log in quotes, found \(text.quoted)", at: text, in: line)
            }
            kind = .log(value)
        case "sleep":
            guard let token = cursor.next() else {
                throw error("expected a duration after `sleep`, like sleep 3s", line, column: cursor.endColumn)
            }
            kind = .sleep(try duration(token, line))
        case "signal":
            let source = try expectName(&cursor, "a source name", after: keyword)
            let options = try parseOptions(&cursor, OptionSpec(statement: "signal", flags: ["nowake"]))
            use(source, .signal, line)
            kind = .signal(source: source.text, wake: options.flag("nowake") == nil)
        case "wake":
            kind = .wake
        case "stop":
            kind = .stop
        case "invalidate":
            let name = try expectName(&cursor, "the name of a timer, source, port, observer or display link", after: keyword)
            use(name, .invalidate, line)
            kind = .invalidate(name.text)
        case "reschedule":
            let timer = try expectName(&cursor, "a timer name", after: keyword)
            let options = try parseOptions(&cursor, OptionSpec(statement: "reschedule", keys: ["at"]))
            guard let (key, value) = options.value("at") else {
                throw error("`reschedule` needs at= with the new fire time, like reschedule \(timer.text) at=2s",
                            at: keyword, in: line)
            }
            let time = try duration(atom(value, key, line, expected: "a time"), line, what: "time")
            use(timer, .reschedule, line)
            kind = .reschedule(timer: timer.text, at: time)
        case "send":
            let port = try expectName(&cursor, "a port name", after: keyword)
            use(port, .send, line)
            kind = .send(port: port.text)
        case "perform":
            let options = try parseOptions(&cursor, OptionSpec(statement: "perform", keys: ["mode"]))
            var modes: [ModeRef] = [.default]
            if let (key, value) = options.value("mode") { modes = try self.modes(value, key, line) }
            kind = .perform(modes: modes, body: try parseBody(node, cursor, "perform", context: BlockContext()))
        case "async" where cursor.peek?.word == "let":
            kind = .task(try parseAsyncLet(node, &cursor, keyword))
        case "async":
            try expectMain(&cursor, after: keyword)
            _ = try parseOptions(&cursor, OptionSpec(statement: "async main"))
            kind = .asyncMain(body: try parseBody(node, cursor, "async main", context: BlockContext()))
        case "task":
            kind = .task(try parseTask(node, &cursor, keyword))
        case "await":
            kind = .task(try parseAwait(node, &cursor, keyword))
        case "group":
            kind = .task(try parseGroup(node, &cursor))
        case "addTask":
            kind = .task(try parseAddTask(node, &cursor, keyword))
        case "cancel":
            kind = .task(try parseCancel(&cursor, keyword))
        case "checkCancellation":
            kind = .task(.checkCancellation)
        case "run":
            kind = .run(try parseRun(node, &cursor, keyword, nested: true))
        case "pause", "resume":
            let link = try expectName(&cursor, word == "pause" ? "a display link's name" : "a continuation or display link's name", after: keyword)
            use(link, word == "pause" ? .pause : .resume, line)
            kind = word == "pause" ? .pause(link.text) : .resume(link.text)
        case "animate", "spring", "removeAnimation", "removeAnimations", "animations":
            kind = .animation(try parseAnimationAction(node, &cursor, keyword))
        case "state":
            kind = .state(try parseStateWrite(&cursor, keyword))
        case "set", "begin", "commit", "flush", "transaction", "completion", "add", "remove",
             "needsLayout", "needsDisplay", "layoutIfNeeded":
            kind = .layer(try parseLayerAction(node, &cursor, keyword))
        default:
            throw misplacedOrUnknown(keyword, in: line, topLevel: false)
        }
        switch kind {
        case .perform, .asyncMain, .run, .layer, .animation, .state, .task(.task), .task(.await), .task(.asyncLet),
             .task(.group), .task(.addTask), .task(.cancel):
            break
        default:
            // Whatever is left is an unknown option of a statement without options.
            _ = try parseOptions(&cursor, OptionSpec(statement: word))
            try noBody(cursor, word)
        }
        return Action(kind, at: location(of: keyword, in: line))
    }

    static let runSpec = OptionSpec(statement: "run", keys: ["until", "for", "iterations", "max", "mode"],
                                    flags: ["returnAfterSource"])
    static let defaultIdleMax: Int64 = 600_000_000_000
    static let maxIterations = Int64(Int32.max)

    /// `run [until=T | for=D | iterations=N | until=idle [max=D]] [mode=M] [returnAfterSource]`.
    mutating func parseRun(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token,
                           nested: Bool) throws(Diagnostic) -> RunCommand {
        let line = node.line
        let options = try parseOptions(&cursor, Self.runSpec)
        let limits = options.present(["until", "for", "iterations"])
        if limits.count > 1 {
            throw error("give only one of until=, for= and iterations=", at: limits[1], in: line)
        }
        var limit = RunLimit.forever
        var idle = false
        if let (key, value) = options.value("until") {
            let token = try atom(value, key, line, expected: "a time or idle")
            if token.word == "idle" {
                if nested {
                    throw error("until=idle is only allowed in a top-level `run`", at: token, in: line)
                }
                idle = true
                limit = .idle(max: Self.defaultIdleMax)
            } else {
                limit = .until(try duration(token, line, what: "time"))
            }
        }
        if let (key, value) = options.value("for") {
            limit = .duration(try duration(atom(value, key, line, expected: "a duration"), line))
        }
        if let (key, value) = options.value("iterations") {
            let token = try atom(value, key, line, expected: "a number")
            limit = .iterations(try wholeNumber(token, line, "iterations", in: 1...Self.maxIterations))
        }
        if let (key, value) = options.value("max") {
            guard idle else {
                throw error("max= only applies to until=idle", at: key, in: line)
            }
            limit = .idle(max: try duration(atom(value, key, line, expected: "a duration"), line))
        }
        var mode = "default"
        if let (key, value) = options.value("mode") {
            let token = try atom(value, key, line, expected: "a mode name")
            guard let name = token.word else {
                throw error("expected a mode name, found \(token.quoted)", at: token, in: line)
            }
            if name == "common" {
                throw error("a run happens in one mode, not in the common modes; name a mode", at: token, in: line)
            }
            if name != "default" {
                names.record(.useMode(name, Site(line: line, column: token.column)))
            }
            mode = name
        }
        try noBody(cursor, "run")
        return RunCommand(limit: limit, mode: mode, returnAfterSource: options.flag("returnAfterSource") != nil,
                          location: location(of: keyword, in: line))
    }
}
