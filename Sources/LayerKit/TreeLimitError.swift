import RenderModel

/// A commit that would make the layer tree larger than the limits table
/// allows (``RenderLimits/maxLayerCount``, ``RenderLimits/maxTreeDepth``):
/// refused before it is sent, so the render server never has to refuse it
/// (`docs/reference/limits.md`).
///
///     the commit cannot be sent: the tree would be 65537 layers deep (at layer 'c65537'); the limit is 65536
public struct TreeLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is over which limit.
    public var reason: String

    public var description: String { "the commit cannot be sent: \(reason) (docs/reference/limits.md)" }
}
