import RenderModel

/// A layer with a draw body whose backing store would pass the limits table
/// (``RenderLimits``): refused before any pixel memory is allocated.
///
///     layer 'v' cannot be drawn: its backing store would be 100000 × 100000 pixels; the limit is 16384 on each side
public struct DrawingLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The layer's trace name.
    public var layer: String
    /// What is over which limit.
    public var reason: String

    public var description: String { "layer '\(layer)' cannot be drawn: \(reason)" }
}
