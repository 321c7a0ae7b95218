import RenderModel

/// The limits-table pass (`docs/limits.md`), run after the names are
/// checked: a layer declared with a `frame=` or `bounds=` and given a `draw`
/// block must fit a backing store (``RenderLimits``), the same bound the
/// client checks before drawing and the render server enforces on the
/// wire. The error is at the declaration.
struct LimitChecker {
    let file: String
    let source: String

    func check(_ statements: [Statement]) throws(Diagnostic) {
        var drawn = Set<String>()
        for case .layer(.draw(let name, _, _)) in statements { drawn.insert(name) }
        guard !drawn.isEmpty else { return }
        for case .layer(.layer(let decl)) in statements where drawn.contains(decl.name) {
            for (name, value) in decl.properties where name == .frame || name == .bounds {
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
