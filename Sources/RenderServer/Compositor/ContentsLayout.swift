import RenderModel

/// Where a layer's contents bitmap lands in its bounds (`contentsGravity`,
/// docs/reference/core-animation-rules.md §2.3), one bitmap pixel per point before scaling.
///
/// The vertical names are as on iOS (unflipped contents): `top` is the top
/// of the screen, where y is smallest. The non-scaling gravities centre on
/// an axis by `(bounds − image) / 2`, which may fall on half a pixel.
public enum ContentsLayout {
    /// The rect, in the layer's own space, that a `width` × `height` bitmap
    /// fills inside `bounds` with `gravity`. May extend beyond the bounds
    /// (a larger image with `center`, or `resizeAspectFill`).
    public static func rect(bounds: Rect, imageWidth width: Double, imageHeight height: Double, gravity: ContentsGravity) -> Rect {
        let b = bounds.standardized
        let midX = b.minX + (b.width - width) / 2
        let midY = b.minY + (b.height - height) / 2
        let left = b.minX, right = b.maxX - width
        let top = b.minY, bottom = b.maxY - height
        switch gravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard width > 0, height > 0 else { return b }
            let sx = b.width / width, sy = b.height / height
            let s = gravity == .resizeAspect ? Swift.min(sx, sy) : Swift.max(sx, sy)
            let w = width * s, h = height * s
            return Rect(x: b.minX + (b.width - w) / 2, y: b.minY + (b.height - h) / 2, width: w, height: h)
        case .center: return Rect(x: midX, y: midY, width: width, height: height)
        case .top: return Rect(x: midX, y: top, width: width, height: height)
        case .bottom: return Rect(x: midX, y: bottom, width: width, height: height)
        case .left: return Rect(x: left, y: midY, width: width, height: height)
        case .right: return Rect(x: right, y: midY, width: width, height: height)
        case .topLeft: return Rect(x: left, y: top, width: width, height: height)
        case .topRight: return Rect(x: right, y: top, width: width, height: height)
        case .bottomLeft: return Rect(x: left, y: bottom, width: width, height: height)
        case .bottomRight: return Rect(x: right, y: bottom, width: width, height: height)
        }
    }
}
