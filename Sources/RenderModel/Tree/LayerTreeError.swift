/// Why `LayerTree.apply` (and so the render server's `RenderTree`) refused
/// an operation of a commit: which operation, which layer, and what was
/// wrong.
///
///     op 3 (move of layer 5): layer 7 is inside layer 5; the move would make a cycle
public struct LayerTreeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The family of problem.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The operation names a layer the tree does not hold.
        case unknownLayer
        /// `create` of a layer the tree already holds.
        case duplicateLayer
        /// Layer id 0, which names the display.
        case reservedLayer
        /// `move` under a parent the tree does not hold.
        case unknownParent
        /// `move` under the layer itself or one of its descendants.
        case cycle
        /// `move` to an index past the end of the new sibling list.
        case indexOutOfRange
        /// `set` with a value of the wrong kind for the property, or an
        /// `addAnimation` whose animation is not valid
        /// (`LayerAnimation.validate()`).
        case badValue
        /// `addAnimation` on a layer that already holds
        /// `RenderLimits.maxAnimationsPerLayer` animations.
        case tooManyAnimations
    }

    /// The family of problem.
    public var kind: Kind
    /// The index of the refused operation in the commit's `ops`.
    public var opIndex: Int
    /// The operation's verb: `create`, `remove`, `move`, `set`,
    /// `addAnimation`, `removeAnimation`, `removeAllAnimations`.
    public var op: String
    /// The layer the operation is about.
    public var layer: LayerID
    /// What was wrong.
    public var reason: String

    /// Makes an error.
    public init(kind: Kind, opIndex: Int, op: String, layer: LayerID, reason: String) {
        self.kind = kind
        self.opIndex = opIndex
        self.op = op
        self.layer = layer
        self.reason = reason
    }

    /// `op N (verb of layer L): reason`.
    public var description: String {
        "op \(opIndex) (\(op) of layer \(layer)): \(reason)"
    }
}
