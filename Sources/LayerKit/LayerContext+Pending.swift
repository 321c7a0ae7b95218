import LoopSimTrace

/// Quiescence: what the layer world still holds that no commit has shipped.
extension LayerContext {
    /// Open transactions (innermost last) and changes no commit has shipped
    /// yet, one line each; empty when everything made so far was committed.
    ///
    /// A scenario that ends inside `begin` without `commit`, or with changes
    /// made after the last pass's implicit commit, lists them here.
    public func pendingWork() -> [String] {
        var out: [String] = []
        for t in stack {
            let kind = t.isImplicit ? "implicit transaction" : "transaction"
            out.append("\(kind) \(t.id) (begun at \(TimeLiteral.format(t.begun))) is still open")
        }
        if stack.isEmpty, !dirty.isEmpty || !treeLog.isEmpty {
            out.append("\(dirty.count) changed layer(s) and \(treeLog.count) tree change(s) not committed")
        }
        return out
    }
}
