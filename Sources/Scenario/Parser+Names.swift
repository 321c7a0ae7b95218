/// The kinds of named run-loop objects. They share one namespace.
enum ItemKind: String, Sendable {
    case timer, source, port, observer

    var withArticle: String { self == .observer ? "an observer" : "a \(rawValue)" }
}

/// The statements that refer to a run-loop object by name.
enum NameUse: Sendable {
    case signal, send, invalidate, reschedule

    var keyword: String {
        switch self {
        case .signal: "signal"
        case .send: "send"
        case .invalidate: "invalidate"
        case .reschedule: "reschedule"
        }
    }

    /// The kinds of object the statement accepts.
    var kinds: [ItemKind] {
        switch self {
        case .signal: [.source]
        case .send: [.port]
        case .invalidate: [.timer, .source, .port, .observer]
        case .reschedule: [.timer]
        }
    }
}

/// Where a name is written.
struct Site: Equatable, Sendable {
    var line: LexedLine
    var column: Int
}

/// A declaration or use of a name, recorded in file order while parsing.
enum NameEvent: Sendable {
    case declare(String, ItemKind, Site)
    case use(String, NameUse, Site)
    case declareMode(String, Site)
    case useMode(String, Site)
}

extension Parser {
    mutating func use(_ name: Token, _ use: NameUse, _ line: LexedLine) {
        nameEvents.append(.use(name.text, use, Site(line: line, column: name.column)))
    }

    /// Checks every recorded name now that the whole file is read: names may
    /// be used before they are declared, but each must be declared exactly
    /// once and be of the right kind. The first problem in file order is
    /// reported.
    func checkNames() throws(Diagnostic) {
        var items: [String: (kind: ItemKind, site: Site)] = [:]
        var modes: [String: Site] = [:]
        for event in nameEvents {
            switch event {
            case .declare(let name, let kind, let site):
                if items[name] == nil { items[name] = (kind, site) }
            case .declareMode(let name, let site):
                if modes[name] == nil { modes[name] = site }
            case .use, .useMode:
                break
            }
        }

        for event in nameEvents {
            switch event {
            case .declare(let name, _, let site):
                if let first = items[name], first.site != site {
                    throw diagnostic("'\(name)' is already declared (as \(first.kind.withArticle) on line \(first.site.line.number))", site)
                }
            case .declareMode(let name, let site):
                if let first = modes[name], first != site {
                    throw diagnostic("mode '\(name)' is already declared on line \(first.line.number)", site)
                }
            case .use(let name, let use, let site):
                if let found = items[name] {
                    guard use.kinds.contains(found.kind) else {
                        let wanted = use.kinds.map(\.withArticle).joined(separator: " or ")
                        throw diagnostic("'\(name)' is \(found.kind.withArticle), but `\(use.keyword)` needs \(wanted)", site)
                    }
                } else {
                    let wanted = use.kinds.map(\.rawValue)
                    var message = use == .invalidate
                        ? "unknown name '\(name)': `invalidate` needs a timer, source, port or observer"
                        : "unknown \(wanted[0]) '\(name)'"
                    let candidates = items.filter { use.kinds.contains($0.value.kind) }.keys.sorted()
                    if let suggestion = suggest(name, from: candidates) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    throw diagnostic(message, site)
                }
            case .useMode(let name, let site):
                if modes[name] == nil {
                    var message = "unknown mode '\(name)'"
                    if let suggestion = suggest(name, from: modes.keys.sorted() + ["default", "common"]) {
                        message += "; did you mean '\(suggestion)'?"
                    } else {
                        message += "; declare it with `mode \(name)`"
                    }
                    throw diagnostic(message, site)
                }
            }
        }
    }

    private func diagnostic(_ message: String, _ site: Site) -> Diagnostic {
        error(message, site.line, column: site.column)
    }
}
