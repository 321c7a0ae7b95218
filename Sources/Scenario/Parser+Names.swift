/// The kinds of named objects: run-loop objects, layers, views and images.
/// They share one namespace.
enum ItemKind: String, Sendable {
    case timer, source, port, observer, layer, view, image

    var withArticle: String { self == .observer || self == .image ? "an \(rawValue)" : "a \(rawValue)" }
}

/// The statements and options that refer to a declared object by name.
enum NameUse: Sendable {
    case signal, send, invalidate, reschedule
    case parent, set, add, remove, needsLayout, needsDisplay, layoutIfNeeded
    case layout, draw, constraints, contents, expect

    var keyword: String {
        switch self {
        case .signal: "signal"
        case .send: "send"
        case .invalidate: "invalidate"
        case .reschedule: "reschedule"
        case .parent: "parent="
        case .set: "set"
        case .expect: "expect"
        case .add: "add"
        case .remove: "remove"
        case .needsLayout: "needsLayout"
        case .needsDisplay: "needsDisplay"
        case .layoutIfNeeded: "layoutIfNeeded"
        case .layout: "layout"
        case .draw: "draw"
        case .constraints: "constraints"
        case .contents: "contents="
        }
    }

    /// The kinds of object the statement accepts.
    var kinds: [ItemKind] {
        switch self {
        case .signal: [.source]
        case .send: [.port]
        case .invalidate: [.timer, .source, .port, .observer]
        case .reschedule: [.timer]
        case .parent, .set, .add, .remove, .needsLayout, .needsDisplay, .layoutIfNeeded, .layout, .draw, .expect: [.layer, .view]
        case .constraints: [.view]
        case .contents: [.image]
        }
    }

    /// True for the blocks a layer may have only one of.
    var isBehaviourBlock: Bool { self == .layout || self == .draw || self == .constraints }
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
    /// `add L to L`: reported once the name itself is known to be good.
    case addToItself(String, Site)
}

/// A `parent=` of a `layer` or `view` declaration, for the cycle check.
struct ParentLink: Sendable {
    var child: String
    var parent: String
    /// Where the parent's name is written.
    var site: Site
}

extension Parser {
    mutating func use(_ name: Token, _ use: NameUse, _ line: LexedLine) {
        nameEvents.append(.use(name.text, use, Site(line: line, column: name.column)))
    }

    /// Checks every recorded name now that the whole file is read: names may
    /// be used before they are declared, but each must be declared exactly
    /// once and be of the right kind; a layer has at most one `layout`,
    /// `draw` and `constraints` block. The first problem in file order is
    /// reported, then parent cycles.
    func checkNames() throws(Diagnostic) {
        var items: [String: (kind: ItemKind, site: Site)] = [:]
        var modes: [String: Site] = [:]
        var blocks: [String: Site] = [:]
        for event in nameEvents {
            switch event {
            case .declare(let name, let kind, let site):
                if items[name] == nil { items[name] = (kind, site) }
            case .declareMode(let name, let site):
                if modes[name] == nil { modes[name] = site }
            case .use, .useMode, .addToItself:
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
                    if use.isBehaviourBlock {
                        let key = use.keyword + " " + name
                        if let first = blocks[key] {
                            throw diagnostic("'\(name)' already has a `\(use.keyword)` block (on line \(first.line.number))", site)
                        }
                        blocks[key] = site
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
            case .addToItself(let name, let site):
                throw diagnostic("'\(name)' cannot be added to itself", site)
            }
        }
        try checkParentCycles()
    }

    /// A `parent=` chain that comes back to where it started is an error at
    /// the `parent=` of the first declaration of the cycle in file order.
    private func checkParentCycles() throws(Diagnostic) {
        var parentOf: [String: (parent: String, index: Int)] = [:]
        for (index, link) in parentLinks.enumerated() where parentOf[link.child] == nil {
            parentOf[link.child] = (link.parent, index)
        }
        // false: on the chain being walked; true: known to reach a root.
        var done: [String: Bool] = [:]
        for link in parentLinks where done[link.child] == nil {
            var chain: [String] = []
            var current: String? = link.child
            while let name = current, done[name] == nil {
                done[name] = false
                chain.append(name)
                current = parentOf[name]?.parent
            }
            if let name = current, done[name] == false {
                // Every name of the chain from `name` on is on the cycle; the
                // earlier declarations of the file were walked before and
                // reached a root, so the cycle's first declaration is here.
                let cycle = Array(chain[chain.firstIndex(of: name)!...])
                let first = cycle.min { parentOf[$0]!.index < parentOf[$1]!.index }!
                let site = parentLinks[parentOf[first]!.index].site
                if cycle.count == 1 {
                    throw diagnostic("'\(first)' cannot be its own parent", site)
                }
                let start = cycle.firstIndex(of: first)!
                var path = Array(cycle[start...] + cycle[..<start])
                if path.count > 8 { path = Array(path.prefix(7)) + ["…"] }
                throw diagnostic("'\(first)' would be its own ancestor: \((path + [first]).joined(separator: " → "))", site)
            }
            for name in chain { done[name] = true }
        }
    }

    private func diagnostic(_ message: String, _ site: Site) -> Diagnostic {
        error(message, site.line, column: site.column)
    }
}
