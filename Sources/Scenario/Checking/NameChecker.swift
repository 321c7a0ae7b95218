import LoopSimTrace

/// The name-checking pass, run once the whole file is parsed (names may be
/// used before they are declared): over the `NameTable` the parser recorded,
/// in file order, it reports the first unknown, duplicate or wrongly-kinded
/// name or mode, a second `layout`, `draw` or `constraints` block, an `add`
/// of a layer to itself, and then `parent=` cycles
/// (docs/guide/scenario-language.md, "Names").
struct NameChecker {
    /// The scenario's path, for diagnostics.
    let file: String
    let names: NameTable

    /// Checks every recorded name now that the whole file is read: names may
    /// be used before they are declared, but each must be declared exactly
    /// once and be of the right kind; a layer has at most one `layout`,
    /// `draw` and `constraints` block. The first problem in file order is
    /// reported, then parent cycles.
    func check() throws(Diagnostic) {
        var items: [String: (kind: ItemKind, site: Site)] = [:]
        var modes: [String: Site] = [:]
        var blocks: [String: Site] = [:]
        for event in names.events {
            switch event {
            case .declare(let name, let kind, let site):
                if items[name] == nil { items[name] = (kind, site) }
            case .declareMode(let name, let site):
                if modes[name] == nil { modes[name] = site }
            case .use, .useMode, .addToItself:
                break
            }
        }

        for event in names.events {
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
                    var message = switch use {
                    case .invalidate: "unknown name '\(name)': `invalidate` needs a timer, source, port, observer or display link"
                    case .resume: "unknown continuation or display link '\(name)'"
                    default: "unknown \(wanted[0]) '\(name)'"
                    }
                    let candidates = items.filter { use.kinds.contains($0.value.kind) }.keys.sorted()
                    if let suggestion = Spelling.suggestion(for: name, from: candidates) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    throw diagnostic(message, site)
                }
            case .useMode(let name, let site):
                if modes[name] == nil {
                    var message = "unknown mode '\(name)'"
                    if let suggestion = Spelling.suggestion(for: name, from: modes.keys.sorted() + ["default", "common"]) {
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
        for (index, link) in names.parentLinks.enumerated() where parentOf[link.child] == nil {
            parentOf[link.child] = (link.parent, index)
        }
        // false: on the chain being walked; true: known to reach a root.
        var done: [String: Bool] = [:]
        for link in names.parentLinks where done[link.child] == nil {
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
                let site = names.parentLinks[parentOf[first]!.index].site
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
        Diagnostic(location: SourceLocation(file: file, line: site.line.number, column: site.column),
                   message: message + site.line.loopNote, sourceLine: site.line.text)
    }
}
