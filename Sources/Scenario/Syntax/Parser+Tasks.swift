import LoopSimTrace

/// Where a block's actions run, for the context rules of
/// `docs/reference/concurrency.md`: on the main actor or the cooperative pool, and
/// whether `await` may appear (directly in a task, `async let` or
/// `addTask` body only).
struct BlockContext: Sendable {
    /// A pool context: UI actions are errors, `sleep` keeps a core busy.
    var pool = false
    /// Directly in a task, `async let` or `addTask` body.
    var awaits = false
    /// Directly in a `group:` block (only `addTask` and `log`).
    var group = false
}

/// The task statements (`docs/reference/concurrency.md`): `task`, `await`, `async
/// let`, `group:`/`addTask`, `cancel`, `checkCancellation`, the top-level
/// `pool`, and the context rules.
extension Parser {
    /// The actions that change the UI: errors in a pool context.
    static let mainActorOnly: Set<String> = ["set", "begin", "commit", "flush", "transaction", "completion", "add", "remove",
                                              "needsLayout", "needsDisplay", "layoutIfNeeded", "state", "run", "stop",
                                              "invalidate", "reschedule", "animate", "spring", "removeAnimation",
                                              "removeAnimations", "animations", "pause"]

    /// The context rules, checked before an action is parsed.
    func checkContext(_ keyword: Token, _ line: LexedLine, next: Token?) throws(Diagnostic) {
        let word = keyword.text
        if blockContext.group, word != "addTask", word != "log" {
            throw error("a `group:` block holds only `addTask` and `log`, found `\(word)`", at: keyword, in: line)
        }
        if word == "addTask", !blockContext.group {
            throw error("`addTask` belongs directly in a `group:` block", at: keyword, in: line)
        }
        if blockContext.pool, Self.mainActorOnly.contains(word) {
            throw error("`\(word)` changes the UI and must run on the main actor; wrap it in `await main:`", at: keyword, in: line)
        }
        let structured = word == "group" || (word == "async" && next?.word == "let")
        if (word == "await" || structured), !blockContext.awaits {
            let what = word == "await" ? "`await`" : word == "group" ? "`group:`" : "`async let`"
            throw error("\(what) is only allowed in a task body (this block is synchronous)", at: keyword, in: line)
        }
    }

    /// A block in a new context.
    mutating func parseBody(_ node: LineNode, _ cursor: Cursor, _ keyword: String, context: BlockContext) throws(Diagnostic) -> [Action] {
        let saved = blockContext
        blockContext = context
        defer { blockContext = saved }
        guard let colon = cursor.colon else {
            throw error("`\(keyword)` needs a block: end the line with ':' and indent the body below it",
                        cursor.line, column: cursor.endColumn)
        }
        guard !node.children.isEmpty else {
            throw error("expected an indented block after ':'", at: colon, in: node.line)
        }
        return try parseBlock(node.children)
    }

    /// `task NAME [detached|immediate|main]:`
    mutating func parseTask(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> TaskAction {
        let line = node.line
        let name = try expectName(&cursor, "a task name", after: keyword)
        let options = try parseOptions(&cursor, OptionSpec(statement: "task", flags: ["detached", "immediate", "main"]))
        let flags = ["detached", "immediate", "main"].compactMap { options.flag($0) }.sorted { $0.column < $1.column }
        if flags.count > 1 {
            throw error("`\(flags[0].text)` and `\(flags[1].text)` exclude each other: give at most one of detached, immediate and main",
                        at: flags[1], in: line)
        }
        let flavor = flags.first.flatMap { TaskFlavor(rawValue: $0.text) } ?? .inherit
        names.record(.declare(name.text, .task, Site(line: line, column: name.column)))
        let pool = switch flavor {
        case .detached: true
        case .main: false
        case .inherit, .immediate: blockContext.pool
        }
        let body = try parseBody(node, cursor, "task", context: BlockContext(pool: pool, awaits: true))
        return .task(name: name.text, flavor: flavor, body: body)
    }

    /// `async let NAME:` (the `async` is read).
    mutating func parseAsyncLet(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> TaskAction {
        _ = cursor.next()   // `let`
        let name = try expectName(&cursor, "the child's name", after: keyword)
        _ = try parseOptions(&cursor, OptionSpec(statement: "async let"))
        names.record(.declare(name.text, .asyncLet, Site(line: node.line, column: name.column)))
        return .asyncLet(name: name.text, body: try parseBody(node, cursor, "async let", context: BlockContext(pool: true, awaits: true)))
    }

    /// `group:` and its `addTask NAME:` lines.
    mutating func parseGroup(_ node: LineNode, _ cursor: inout Cursor) throws(Diagnostic) -> TaskAction {
        _ = try parseOptions(&cursor, OptionSpec(statement: "group"))
        var context = blockContext
        context.awaits = false
        context.group = true
        return .group(body: try parseBody(node, cursor, "group", context: context))
    }

    mutating func parseAddTask(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> TaskAction {
        let name = try expectName(&cursor, "the child's name", after: keyword)
        _ = try parseOptions(&cursor, OptionSpec(statement: "addTask"))
        names.record(.declare(name.text, .groupChild, Site(line: node.line, column: name.column)))
        return .addTask(name: name.text, body: try parseBody(node, cursor, "addTask", context: BlockContext(pool: true, awaits: true)))
    }

    static let awaitForms = "yield, sleep, background, main, continuation or value"

    /// `await yield|sleep D|background D|main:|continuation c[:]|value t`.
    mutating func parseAwait(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> TaskAction {
        let line = node.line
        guard let what = cursor.next() else {
            throw error("expected what to await after `await`: \(Self.awaitForms)", line, column: cursor.endColumn)
        }
        switch what.word {
        case "yield":
            _ = try parseOptions(&cursor, OptionSpec(statement: "await yield"))
            try noBody(cursor, "await yield")
            return .await(.yield)
        case "sleep", "background":
            let statement = "await \(what.text)"
            guard let token = cursor.next() else {
                throw error("expected a duration after `\(statement)`, like \(statement) 100ms", line, column: cursor.endColumn)
            }
            let d = try duration(token, line)
            if what.text == "background" {
                _ = try parseOptions(&cursor, OptionSpec(statement: statement))
                try noBody(cursor, statement)
                return .await(.background(d))
            }
            let options = try parseOptions(&cursor, OptionSpec(statement: statement, keys: ["tolerance"], flags: ["nothrow"]))
            try noBody(cursor, statement)
            var tolerance: Int64 = 0
            if let (key, value) = options.value("tolerance") {
                tolerance = try duration(atom(value, key, line, expected: "a duration"), line)
            }
            return .await(.sleep(d, tolerance: tolerance, nothrow: options.flag("nothrow") != nil))
        case "main":
            _ = try parseOptions(&cursor, OptionSpec(statement: "await main"))
            return .await(.main(body: try parseBody(node, cursor, "await main", context: BlockContext())))
        case "continuation":
            let name = try expectName(&cursor, "a continuation name", after: what)
            _ = try parseOptions(&cursor, OptionSpec(statement: "await continuation"))
            names.record(.declare(name.text, .continuation, Site(line: line, column: name.column)))
            var body: [Action]?
            if cursor.colon != nil {
                body = try parseBody(node, cursor, "await continuation", context: BlockContext(pool: blockContext.pool))
            }
            return .await(.continuation(name: name.text, body: body))
        case "value":
            let name = try expectName(&cursor, "a task name", after: what)
            _ = try parseOptions(&cursor, OptionSpec(statement: "await value"))
            try noBody(cursor, "await value")
            use(name, .awaitValue, line)
            return .await(.value(name.text))
        default:
            var message = "expected \(Self.awaitForms) after `await`, found \(what.quoted)"
            if let word = what.word, let suggestion = suggest(word, from: ["yield", "sleep", "background", "main", "continuation", "value"]) {
                message += "; did you mean `\(suggestion)`?"
            }
            throw error(message, at: what, in: line)
        }
    }

    /// `cancel NAME`, `checkCancellation`.
    mutating func parseCancel(_ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> TaskAction {
        let name = try expectName(&cursor, "a task name", after: keyword)
        _ = try parseOptions(&cursor, OptionSpec(statement: "cancel"))
        try noBody(cursor, "cancel")
        use(name, .cancel, cursor.line)
        return .cancel(name.text)
    }

    static let maxPoolCores: Int64 = 1024

    /// `pool cores=N hop=D` (at most one).
    mutating func parsePool(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> PoolDecl {
        let line = node.line
        if let first = poolLine {
            throw error("only one `pool` statement is allowed (the first is on line \(first))", at: keyword, in: line)
        }
        let options = try parseOptions(&cursor, OptionSpec(statement: "pool", keys: ["cores", "hop"]))
        try noBody(cursor, "pool")
        var pool = PoolDecl(cores: nil, hop: 0, location: location(of: keyword, in: line))
        if let (key, value) = options.value("cores") {
            pool.cores = try wholeNumber(atom(value, key, line, expected: "a number of cores"), line, "cores", in: 1...Self.maxPoolCores)
        }
        if let (key, value) = options.value("hop") {
            pool.hop = try duration(atom(value, key, line, expected: "a duration"), line)
        }
        poolLine = line.number
        return pool
    }
}

extension Parser {
    /// `at T cancel TASK`, `at T resume CONTINUATION` (after the time).
    mutating func parseOutsideTaskEvent(_ verb: Token, _ cursor: inout Cursor) throws(Diagnostic) -> ExternalKind {
        let statement = "at … \(verb.text)"
        let cancel = verb.text == "cancel"
        let name = try expectName(&cursor, cancel ? "a task name" : "a continuation name", after: verb)
        _ = try parseOptions(&cursor, OptionSpec(statement: statement))
        try noBody(cursor, statement)
        use(name, cancel ? .cancel : .resumeOutside, cursor.line)
        return cancel ? .cancel(task: name.text) : .resume(continuation: name.text)
    }

    /// `expect task NAME ended [at=T] [result=returned|cancelled]` (after `task`).
    mutating func parseExpectTask(_ cursor: inout Cursor, after keyword: Token) throws(Diagnostic) -> ExpectationKind {
        let line = cursor.line
        let name = try expectName(&cursor, "a task name", after: keyword)
        guard let ended = cursor.next(), ended.word == "ended" else {
            throw error("expected `ended` after the task's name, like expect task \(name.text) ended at=2s", at: name, in: line)
        }
        let options = try parseOptions(&cursor, OptionSpec(statement: "expect task", keys: ["at", "result"]))
        try noBody(cursor, "expect")
        var at: Int64?
        if let (key, value) = options.value("at") {
            at = try duration(atom(value, key, line, expected: "a time"), line, what: "time")
        }
        var result: TraceEvent.TaskResult?
        if let (key, value) = options.value("result") {
            let token = try atom(value, key, line, expected: "returned or cancelled")
            guard let r = token.word.flatMap(TraceEvent.TaskResult.init(rawValue:)) else {
                throw error("result= is returned or cancelled, found \(token.quoted)", at: token, in: line)
            }
            result = r
        }
        use(name, .expectTask, line)
        return .taskEnded(task: name.text, at: at, result: result)
    }
}
