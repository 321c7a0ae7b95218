extension LayerState {
    /// The layer's rectangle in its superlayer's space, computed from
    /// `bounds.size`, `anchorPoint`, `position` and `transform`
    /// (`docs/reference/core-animation-rules.md` §2.2).
    ///
    /// Reading: with the identity, `origin = position − anchorPoint ⊙ size`
    /// and `size = bounds.size`. With another transform, the bounding box of
    /// `transform` applied to `(−ax·w, −ay·h, w, h)`, offset by `position`.
    ///
    /// Writing (the new frame is standardized first): `bounds.size` becomes
    /// the frame's size mapped back through the inverse of `transform`'s
    /// linear part (the bounding box, so only multiples of 90° and scales give
    /// a meaningful answer, as Apple warns), or stays as it was when
    /// `transform` is singular; `bounds.origin` is untouched. With the
    /// identity, `position = origin + anchorPoint ⊙ size`, exactly §2.2.
    /// With another transform, `position` is chosen so that reading `frame`
    /// back gives the frame that was set — the same as §2.2's formula
    /// whenever the transformed box is centred on the anchor (any rotation or
    /// scale about anchor (0.5, 0.5)); §2.2's formula read literally would
    /// not give the set frame back for a translation or an off-centre anchor.
    public var frame: Rect {
        get {
            let w = bounds.size.width
            let h = bounds.size.height
            if transform.isIdentity {
                return Rect(x: position.x - anchorPoint.x * w, y: position.y - anchorPoint.y * h, width: w, height: h)
            }
            return anchoredBox(width: w, height: h).offsetBy(dx: position.x, dy: position.y)
        }
        set {
            let f = newValue.standardized
            if transform.isIdentity {
                bounds.size = f.size
                position = Point(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height)
                return
            }
            if let inverse = transform.inverted() {
                bounds.size = Rect(origin: .zero, size: f.size).applying(inverse.linearPart).size
            }
            let box = anchoredBox(width: bounds.size.width, height: bounds.size.height)
            position = Point(x: f.minX - box.minX, y: f.minY - box.minY)
        }
    }

    /// The bounding box of `transform` applied to the bounds rect placed with
    /// the anchor point at the origin.
    private func anchoredBox(width w: Double, height h: Double) -> Rect {
        Rect(x: -anchorPoint.x * w, y: -anchorPoint.y * h, width: w, height: h).applying(transform)
    }
}
