/// Nodes back to front — a node's sublayers, or the display's roots — in
/// memory this object allocates and owns, so that a pass (`Pass`) walks
/// them through ``nodes`` without counting references and without a
/// pointer kept past an array's `withUnsafeBufferPointer` (which is valid
/// only inside the call).
///
/// ``nodes`` is valid as long as the object lives. The tree keeps a node's
/// order (``RenderNode/Hot/order``) and the roots' (``RenderTree/Hot/rootOrder``)
/// until a commit or an animation step changes them, and a pass runs
/// while its caller holds the tree and nothing changes it: so the buffers
/// a pass reads outlive it.
final class DrawOrder {
    /// The nodes, back to front; strong references, released with the object.
    let nodes: UnsafeBufferPointer<RenderNode>

    /// An order of `nodes` (copied).
    init(_ nodes: [RenderNode]) {
        let storage = UnsafeMutableBufferPointer<RenderNode>.allocate(capacity: nodes.count)
        _ = storage.initialize(from: nodes)
        self.nodes = UnsafeBufferPointer(storage)
    }

    deinit {
        let storage = UnsafeMutableBufferPointer(mutating: nodes)
        storage.deinitialize()
        storage.deallocate()
    }

    /// The number of nodes.
    var count: Int { nodes.count }
}
