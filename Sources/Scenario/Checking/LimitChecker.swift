import RenderModel

/// The limits-table pass (`docs/reference/limits.md`), run after the names are
/// checked: a layer declared with a `frame=` or `bounds=` and given a `draw`
/// block must fit a backing store (``RenderLimits``), the same bound the
/// client checks before drawing and the render server enforces on the
/// wire. The error is at the declaration.
struct LimitChecker {
    let file: String
    let source: String

    /// The most layers and the deepest `parent=` chain a file may declare
    /// (``RenderLimits``'s by default; lower for tests).
    var maxLayers = RenderLimits.maxLayerCount
    var maxDepth = RenderLimits.maxTreeDepth

    func check(_ statements: [Statement]) throws(Diagnostic) {
        try checkTree(statements)
        try checkDrawnSizes(statements)
    }

    /// Every `layer`/`view` declaration makes one layer, and loops are
    /// expanded by now, so the file's layer count and its `parent=` chains
    /// are known: past the table, the error is at the first declaration
    /// over it. (`add` at run time is held to the same limits when the
    /// commit is made: `TreeLimitError`.)
    private func checkTree(_ statements: [Statement]) throws(Diagnostic) {
        var parents: [String: String] = [:]
        var declarations: [LayerDecl] = []
        for case .layer(.layer(let decl)) in statements {
            declarations.append(decl)
            if declarations.count > maxLayers {
                throw diagnostic("'\(decl.name)' is layer \(declarations.count) of the file; a tree holds at most \(maxLayers) layers (docs/reference/limits.md)", at: decl.location)
            }
            if let parent = decl.parent { parents[decl.name] = parent }
        }
        // Each chain's depth once, without recursion (cycles are refused
        // by the name checker before this pass; a walk stops at one anyway).
        var depth: [String: Int] = [:]
        for decl in declarations {
            var path: [String] = []
            var name: String? = decl.name
            var base = 0
            while let n = name, path.count <= declarations.count {
                if let known = depth[n] { base = known; break }
                path.append(n)
                name = parents[n]
            }
            for (i, n) in path.reversed().enumerated() where depth[n] == nil { depth[n] = base + i + 1 }
            if let d = depth[decl.name], d > maxDepth {
                throw diagnostic("'\(decl.name)' would be \(d) layers deep (its `parent=` chain); a tree is at most \(maxDepth) layers deep (docs/reference/limits.md)", at: decl.location)
            }
        }
    }

    private func checkDrawnSizes(_ statements: [Statement]) throws(Diagnostic) {
        var drawn = Set<String>()
        for case .layer(.draw(let name, _, _, _)) in statements { drawn.insert(name) }
        guard !drawn.isEmpty else { return }
        for case .layer(.layer(let decl)) in statements where drawn.contains(decl.name) {
            for (name, value) in decl.properties where name == .layer(.frame) || name == .layer(.bounds) {
                guard case let .rect(_, _, width, height) = value,
                      let problem = RenderLimits.drawnSizeProblem(width: width, height: height) else { continue }
                throw diagnostic("'\(decl.name)' has a `draw` block, but \(problem)", at: decl.location)
            }
        }
    }

    private func diagnostic(_ message: String, at location: SourceLocation) -> Diagnostic {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let text = location.line >= 1 && location.line <= lines.count ? String(lines[location.line - 1]) : ""
        return Diagnostic(location: location, message: message, sourceLine: text)
    }
}
