import RenderModel

/// Top-level statements: setup, run-loop objects, outside events and
/// expectations. (`run` is in Parser+Actions.swift, as it is also an action.)
extension Parser {
    // MARK: display, mode

    static let displaySpec = OptionSpec(statement: "display", keys: ["size", "hz", "background", "render"])
    static let maxDisplaySide = Int64(RenderLimits.maxDisplaySide)
    static let maxHz = Int64(RenderLimits.maxRefreshHz)
    static let maxRenderCost: Int64 = 60_000_000_000

    mutating func parseDisplay(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> DisplayDecl {
        let line = node.line
        if let first = displayLine {
            throw error("only one `display` statement is allowed (the first is on line \(first))", at: keyword, in: line)
        }
        let options = try parseOptions(&cursor, Self.displaySpec)
        try noBody(cursor, "display")
        var display = DisplayDecl(location: location(of: keyword, in: line))
        if let (key, value) = options.value("size") {
            guard case .tuple(_, let elements) = try single(value, key, line), elements.count == 2 else {
                throw error("size= is a tuple (width, height), like size=(320,240)", at: value[0].token, in: line)
            }
            var sides: [Int] = []
            for (element, name) in zip(elements, ["width", "height"]) {
                guard case .atom(let token) = element else {
                    throw error("expected a whole number for the \(name), found a tuple", at: element.token, in: line)
                }
                sides.append(try wholeNumber(token, line, "the \(name)", in: 1...Self.maxDisplaySide))
            }
            display.width = sides[0]
            display.height = sides[1]
        }
        if let (key, value) = options.value("hz") {
            display.hz = try wholeNumber(atom(value, key, line, expected: "a refresh rate"), line, "hz", in: 1...Self.maxHz)
        }
        if let (key, value) = options.value("background") {
            display.background = try color(atom(value, key, line, expected: "a colour"), line)
        }
        if let (key, value) = options.value("render") {
            let token = try atom(value, key, line, expected: "a duration")
            display.renderCost = try duration(token, line)
            guard display.renderCost <= Self.maxRenderCost else {
                throw error("render= is at most 60s (the time the server spends on one frame), found \(token.quoted)", at: token, in: line)
            }
        }
        displayLine = line.number
        return display
    }

    /// The display's refresh rate, read ahead of the main pass so that
    /// `Nframes` can be used before the `display` statement. Errors are left
    /// for the main pass to report in order.
    func prescanDisplayHz(_ nodes: [Node]) -> Int {
        for case .line(let node) in nodes where node.line.tokens.first?.word == "display" {
            var scratch = Parser(file: file)
            var cursor = Cursor(node.line)
            let keyword = cursor.next()!
            return (try? scratch.parseDisplay(node, &cursor, keyword).hz) ?? 60
        }
        return 60
    }

    mutating func parseMode(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> Statement {
        let line = node.line
        let name = try expectName(&cursor, "a mode name", after: keyword)
        switch name.text {
        case "common":
            throw error("'common' is not a mode name: it stands for the common modes", at: name, in: line)
        case "default":
            throw error("the `default` mode always exists and is already a common mode", at: name, in: line)
        default:
            break
        }
        let options = try parseOptions(&cursor, OptionSpec(statement: "mode", flags: ["common"]))
        try noBody(cursor, "mode")
        names.record(.declareMode(name.text, Site(line: line, column: name.column)))
        return .mode(name: name.text, common: options.flag("common") != nil, location: location(of: keyword, in: line))
    }

    // MARK: Run-loop objects

    static let timerSpec = OptionSpec(statement: "timer", keys: ["every", "at", "after", "tolerance", "mode"])
    static let orderRange = Int64(Int32.min)...Int64(Int32.max)

    mutating func parseTimer(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> TimerDecl {
        let line = node.line
        let name = try expectName(&cursor, "a timer name", after: keyword)
        let options = try parseOptions(&cursor, Self.timerSpec)
        var interval: Int64 = 0
        if let (key, value) = options.value("every") {
            let token = try atom(value, key, line, expected: "an interval")
            interval = try duration(token, line)
            if interval == 0 {
                throw error("every= must be greater than 0 (leave it out for a one-shot timer)", at: token, in: line)
            }
        }
        let starts = options.present(["at", "after"])
        if starts.count > 1 {
            throw error("give either at= or after=, not both", at: starts[1], in: line)
        }
        var firstFire: Int64?
        if let (key, value) = options.value("at") {
            firstFire = try duration(atom(value, key, line, expected: "a time"), line, what: "time")
        }
        var after: Int64?
        if let (key, value) = options.value("after") {
            after = try duration(atom(value, key, line, expected: "a duration"), line)
        }
        var tolerance: Int64 = 0
        if let (key, value) = options.value("tolerance") {
            tolerance = try duration(atom(value, key, line, expected: "a duration"), line)
        }
        var modes: [ModeRef] = [.default]
        if let (key, value) = options.value("mode") {
            modes = try self.modes(value, key, line)
        }
        if interval == 0 && starts.isEmpty {
            throw error("a one-shot timer needs at= or after= (or every= to repeat)", at: keyword, in: line)
        }
        declare(name, .timer, line)
        let body = try parseBody(node, cursor, "timer")
        return TimerDecl(name: name.text, interval: interval, firstFire: firstFire, after: after,
                         tolerance: tolerance, modes: modes, body: body, location: location(of: keyword, in: line))
    }

    mutating func parseSourceOrPort(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> Statement {
        let line = node.line
        let isPort = keyword.text == "port"
        let name = try expectName(&cursor, isPort ? "a port name" : "a source name", after: keyword)
        let options = try parseOptions(&cursor, OptionSpec(statement: keyword.text, keys: ["order", "mode"]))
        let (order, modes) = try orderAndModes(options, line)
        declare(name, isPort ? .port : .source, line)
        let body = try parseBody(node, cursor, keyword.text)
        let location = location(of: keyword, in: line)
        if isPort {
            return .port(PortDecl(name: name.text, order: order, modes: modes, body: body, location: location))
        }
        return .source(SourceDecl(name: name.text, order: order, modes: modes, body: body, location: location))
    }

    static let observerSpec = OptionSpec(statement: "observer", keys: ["on", "order", "mode"], flags: ["once"])

    mutating func parseObserver(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> ObserverDecl {
        let line = node.line
        let name = try expectName(&cursor, "an observer name", after: keyword)
        let options = try parseOptions(&cursor, Self.observerSpec)
        guard let (onKey, onValue) = options.value("on") else {
            throw error("`observer` needs on= with the activities to observe, like on=beforeWaiting,exit",
                        at: keyword, in: line)
        }
        let activities = try activities(onValue, onKey, line)
        let (order, modes) = try orderAndModes(options, line)
        declare(name, .observer, line)
        let body = try parseBody(node, cursor, "observer")
        return ObserverDecl(name: name.text, activities: activities, order: order,
                            repeats: options.flag("once") == nil, modes: modes, body: body,
                            location: location(of: keyword, in: line))
    }

    private mutating func orderAndModes(_ options: Options, _ line: LexedLine) throws(Diagnostic) -> (Int, [ModeRef]) {
        var order = 0
        if let (key, value) = options.value("order") {
            order = try wholeNumber(atom(value, key, line, expected: "a number"), line, "order", in: Self.orderRange)
        }
        var modes: [ModeRef] = [.default]
        if let (key, value) = options.value("mode") {
            modes = try self.modes(value, key, line)
        }
        return (order, modes)
    }

    mutating func declare(_ name: Token, _ kind: ItemKind, _ line: LexedLine) {
        names.record(.declare(name.text, kind, Site(line: line, column: name.column)))
    }

    // MARK: Outside events

    mutating func parseAt(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> ExternalEvent {
        let line = node.line
        guard let timeToken = cursor.next() else {
            throw error("expected a time after `at`, like `at 1s:`", line, column: cursor.endColumn)
        }
        let time = try duration(timeToken, line, what: "time")
        let location = location(of: keyword, in: line)
        guard let verb = cursor.next() else {
            if cursor.colon != nil {
                return ExternalEvent(time: time, kind: .input(body: try parseBody(node, cursor, "at")), location: location)
            }
            throw error("expected ':' (an input event) or send, signal, wake, async main, perform, cancel, resume or crash server after the time",
                        line, column: cursor.endColumn)
        }
        let kind: ExternalKind
        switch verb.word {
        case "send":
            let port = try expectName(&cursor, "a port name", after: verb)
            try expectEnd(cursor, after: "the port name")
            try noBody(cursor, "at … send")
            use(port, .send, line)
            kind = .send(port: port.text)
        case "signal":
            let source = try expectName(&cursor, "a source name", after: verb)
            let options = try parseOptions(&cursor, OptionSpec(statement: "at … signal", flags: ["nowake"]))
            try noBody(cursor, "at … signal")
            use(source, .signal, line)
            kind = .signal(source: source.text, wake: options.flag("nowake") == nil)
        case "wake":
            _ = try parseOptions(&cursor, OptionSpec(statement: "at … wake"))
            try noBody(cursor, "at … wake")
            kind = .wake
        case "crash":
            guard let what = cursor.next(), what.word == "server" else {
                throw error("expected `server` after `crash` (the render server is the only thing that can crash)",
                            at: verb, in: line)
            }
            _ = try parseOptions(&cursor, OptionSpec(statement: "at … crash server"))
            try noBody(cursor, "at … crash server")
            kind = .crashServer
        case "async":
            try expectMain(&cursor, after: verb)
            _ = try parseOptions(&cursor, OptionSpec(statement: "at … async main"))
            kind = .asyncMain(body: try parseBody(node, cursor, "at … async main"))
        case "cancel", "resume":
            kind = try parseOutsideTaskEvent(verb, &cursor)
        case "perform":
            let options = try parseOptions(&cursor, OptionSpec(statement: "at … perform", keys: ["mode"]))
            var modes: [ModeRef] = [.default]
            if let (key, value) = options.value("mode") { modes = try self.modes(value, key, line) }
            kind = .perform(modes: modes, body: try parseBody(node, cursor, "at … perform"))
        default:
            if verb.isSymbol(":") {
                throw error("unexpected ':': a block's body goes on the following lines, indented", at: verb, in: line)
            }
            var message = "expected ':' (an input event) or send, signal, wake, async main, perform, cancel, resume or crash server after the time, found \(verb.quoted)"
            if let word = verb.word, let suggestion = suggest(word, from: ["send", "signal", "wake", "async", "perform", "cancel", "resume", "crash"]) {
                message += "; did you mean `\(suggestion)`?"
            }
            throw error(message, at: verb, in: line)
        }
        return ExternalEvent(time: time, kind: kind, location: location)
    }

    /// The `main` of `async main`.
    func expectMain(_ cursor: inout Cursor, after async: Token) throws(Diagnostic) {
        guard let queue = cursor.next() else {
            throw error("expected `main` after `async` (the main queue is the only queue)", cursor.line,
                        column: cursor.endColumn)
        }
        guard queue.word == "main" else {
            throw error("expected `main` after `async` (the main queue is the only queue), found \(queue.quoted)",
                        at: queue, in: cursor.line)
        }
    }

    // MARK: Expectations

    mutating func parseExpect(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> Expectation {
        let line = node.line
        guard let kindToken = cursor.next() else {
            throw error("expected what to expect after `expect`, like `expect log \"done\"`", line, column: cursor.endColumn)
        }
        if kindToken.word == "commits" {
            return Expectation(kind: .commits(try parseCommitCount(&cursor)),
                               location: location(of: keyword, in: line))
        }
        if kindToken.word == "visible" {
            let (layer, property, value) = try parseVisibleTarget(&cursor, after: kindToken)
            let options = try parseOptions(&cursor, OptionSpec(statement: "expect visible", keys: ["at"]))
            try noBody(cursor, "expect")
            guard let (key, v) = options.value("at") else {
                throw error("`expect visible` needs at=T, the time of the frame on screen to check", at: kindToken, in: line)
            }
            let at = try duration(atom(v, key, line, expected: "a time"), line, what: "time")
            return Expectation(kind: .visible(layer: layer, property: property, value: value, at: at),
                               location: location(of: keyword, in: line))
        }
        if kindToken.word == "never" {
            guard let visible = cursor.next(), visible.word == "visible" else {
                throw error("expected `visible` after `expect never`, like expect never visible button.background == yellow",
                            at: kindToken, in: line)
            }
            let (layer, property, value) = try parseVisibleTarget(&cursor, after: visible)
            _ = try parseOptions(&cursor, OptionSpec(statement: "expect never visible"))
            try noBody(cursor, "expect")
            return Expectation(kind: .neverVisible(layer: layer, property: property, value: value),
                               location: location(of: keyword, in: line))
        }
        if kindToken.word == "pixel" {
            return Expectation(kind: try parsePixel(&cursor, after: kindToken), location: location(of: keyword, in: line))
        }
        if kindToken.word == "presentation" {
            let (layer, property, value) = try parseVisibleTarget(&cursor, after: kindToken)
            let options = try parseOptions(&cursor, OptionSpec(statement: "expect presentation", keys: ["at", "tolerance"]))
            try noBody(cursor, "expect")
            guard let (key, v) = options.value("at") else {
                throw error("`expect presentation` needs at=T, the time at which to evaluate the presentation value", at: kindToken, in: line)
            }
            let at = try duration(atom(v, key, line, expected: "a time"), line, what: "time")
            var tolerance = 0.0
            if let (key, v) = options.value("tolerance") {
                let token = try atom(v, key, line, expected: "a number")
                tolerance = try real(token, line, "the tolerance")
                guard tolerance >= 0 else { throw error("the tolerance cannot be negative", at: token, in: line) }
            }
            return Expectation(kind: .presentation(layer: layer, property: property, value: value, at: at, tolerance: tolerance),
                               location: location(of: keyword, in: line))
        }
        if kindToken.word == "task" {
            return Expectation(kind: try parseExpectTask(&cursor, after: kindToken), location: location(of: keyword, in: line))
        }
        if kindToken.word == "frames" {
            return Expectation(kind: .frames(try parseCommitCount(&cursor, noun: "frames")),
                               location: location(of: keyword, in: line))
        }
        guard kindToken.word == "log" else {
            if let word = kindToken.word, let reason = Self.reservedExpectations[word] {
                throw error("`expect \(word)` is not supported yet (\(reason) arrive in a later version)",
                            at: kindToken, in: line)
            }
            throw error("unknown expectation \(kindToken.quoted); expected log, commits, frames, visible, never visible, pixel, presentation or task",
                        at: kindToken, in: line)
        }
        guard let textToken = cursor.next() else {
            throw error("expected the logged text in quotes after `expect log`", line, column: cursor.endColumn)
        }
        guard case .string(let text) = textToken.kind else {
            throw error("expected the logged text in quotes, found \(textToken.quoted)", at: textToken, in: line)
        }
        let options = try parseOptions(&cursor, OptionSpec(statement: "expect log", keys: ["at"]))
        try noBody(cursor, "expect")
        var time: Int64?
        if let (key, value) = options.value("at") {
            time = try duration(atom(value, key, line, expected: "a time"), line, what: "time")
        }
        return Expectation(kind: .log(text: text, at: time), location: location(of: keyword, in: line))
    }

    static let maxCommitCount = Int64(Int32.max)

    /// The `== N` of `expect commits == N` / `expect frames == N`: a whole
    /// number, 0 or more.
    func parseCommitCount(_ cursor: inout Cursor, noun: String = "commits") throws(Diagnostic) -> Int {
        let line = cursor.line
        let wanted = "expected '==' and a number after `expect \(noun)`, like expect \(noun) == 2"
        guard let first = cursor.next() else { throw error(wanted, line, column: cursor.endColumn) }
        guard first.isSymbol("=") else { throw error(wanted + ", found \(first.quoted)", at: first, in: line) }
        guard let second = cursor.peek, second.isSymbol("="), second.column == first.endColumn else {
            throw error("expected '==' after `expect \(noun)`, found a single '='", at: first, in: line)
        }
        _ = cursor.next()
        guard let count = cursor.next() else {
            throw error("expected the number of \(noun) after '=='", line, column: cursor.endColumn)
        }
        let value = try wholeNumber(count, line, "the number of \(noun)", in: 0...Self.maxCommitCount)
        _ = try parseOptions(&cursor, OptionSpec(statement: "expect \(noun)"))
        try noBody(cursor, "expect")
        return value
    }
}
