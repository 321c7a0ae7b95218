import RenderModel
import RenderWire

/// The limits a session enforces before it applies a commit or snapshot
/// (`docs/reference/limits.md`): the session's bitmap budget, the layer count and the
/// tree depth.
extension ServerSession {
    /// Refuses (276) what would take the session's bitmaps past the budget.
    func checkBitmapBudget(_ incoming: [(ImageID, Int)], in tree: LayerTree, _ what: String) throws(SessionError) {
        guard !incoming.isEmpty else { return }
        let total = tree.bitmapBytes(afterStoring: incoming)
        guard total <= bitmapBudget else {
            throw SessionError(.sessionMemoryBudget, "\(what): the session's bitmaps would take \(total) bytes; its budget is \(bitmapBudget) (docs/reference/limits.md)")
        }
    }

    /// Refuses (277), before it is applied, a commit that would leave the
    /// tree with more layers than the limit: its creates less its removes
    /// (an op that cannot apply is refused by the tree itself).
    func checkLayerCount(_ diff: CommitDiff, from count: Int, _ what: String) throws(SessionError) {
        var layers = count
        for op in diff.ops {
            switch op {
            case .create: layers += 1
            case .remove: layers -= 1
            default: break
            }
        }
        guard layers <= treeLimits.layers else {
            throw SessionError(.treeTooLarge, "\(what): the tree would hold \(layers) layers; the limit is \(treeLimits.layers) (docs/reference/limits.md)")
        }
    }

    /// Refuses (277) a commit that left the tree deeper than the limit:
    /// only the subtrees of the layers it moved under a parent can have
    /// grown (``TreeDepth``). The session closes, so the applied commit is
    /// never drawn.
    func checkDepth(_ diff: CommitDiff, in tree: LayerTree, _ what: String) throws(SessionError) {
        var moved: [LayerID] = []
        for case let .move(id, parent?, _) in diff.ops where parent != 0 { moved.append(id) }
        guard let deepest = TreeDepth.deepest(below: moved, parent: { tree.parent(of: $0).flatMap { $0 == 0 ? nil : $0 } },
                                              sublayers: { tree.sublayers(of: $0) }),
              deepest.depth > treeLimits.depth else { return }
        throw SessionError(.treeTooLarge, "\(what): the tree would be \(deepest.depth) layers deep (at layer \(deepest.layer)); the limit is \(treeLimits.depth) (docs/reference/limits.md)")
    }

    static func bitmapBytes(_ op: DiffOp) -> (ImageID, Int)? {
        if case .bitmap(let image, let bitmap) = op { (image, bitmap.pixels.count) } else { nil }
    }
}
