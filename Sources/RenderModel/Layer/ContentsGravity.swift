/// How a layer's contents are placed in its bounds (`CALayerContentsGravity`).
///
/// Raw values are Core Animation's string constants (`kCAGravityResize` is
/// `"resize"`) and the scenario language's spelling. The vertical names assume
/// unflipped contents, as on iOS: `top` is the top of the screen.
public enum ContentsGravity: String, CaseIterable, Hashable, Sendable {
    /// Centred, not scaled.
    case center
    /// Centred horizontally at the top edge, not scaled.
    case top
    /// Centred horizontally at the bottom edge, not scaled.
    case bottom
    /// Centred vertically at the left edge, not scaled.
    case left
    /// Centred vertically at the right edge, not scaled.
    case right
    /// In the top-left corner, not scaled.
    case topLeft
    /// In the top-right corner, not scaled.
    case topRight
    /// In the bottom-left corner, not scaled.
    case bottomLeft
    /// In the bottom-right corner, not scaled.
    case bottomRight
    /// Stretched to fill the bounds (the default).
    case resize
    /// Scaled uniformly to fit inside the bounds, centred.
    case resizeAspect
    /// Scaled uniformly to cover the bounds, centred (cropped by a clip).
    case resizeAspectFill
}
