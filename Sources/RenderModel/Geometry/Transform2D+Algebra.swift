extension Transform2D {
    /// `self` followed by `other`: the matrix product self × other, as
    /// `CGAffineTransformConcat(self, other)`.
    ///
    /// `p.applying(t1.concatenating(t2)) == p.applying(t1).applying(t2)`
    /// (up to rounding).
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// A translation by (`x`, `y`) followed by `self`, as
    /// `CGAffineTransform.translatedBy(x:y:)`.
    public func translatedBy(x: Double, y: Double) -> Transform2D {
        Transform2D.translation(x: x, y: y).concatenating(self)
    }

    /// A scale by (`x`, `y`) followed by `self`, as
    /// `CGAffineTransform.scaledBy(x:y:)`.
    public func scaledBy(x: Double, y: Double) -> Transform2D {
        Transform2D.scale(x: x, y: y).concatenating(self)
    }

    /// A rotation by `radians` followed by `self`, as
    /// `CGAffineTransform.rotated(by:)`.
    public func rotated(radians: Double) -> Transform2D {
        Transform2D.rotation(radians: radians).concatenating(self)
    }

    /// A rotation by `degrees` (exact at multiples of 90°) followed by `self`.
    public func rotated(degrees: Double) -> Transform2D {
        Transform2D.rotation(degrees: degrees).concatenating(self)
    }

    /// a·d − b·c: the factor by which the transform scales areas.
    public var determinant: Double { a * d - b * c }

    /// The transform that undoes this one, or `nil` when it is singular (its
    /// determinant is zero or not finite). `CGAffineTransform.inverted()`
    /// answers the transform itself in that case; `nil` makes the caller say
    /// what to do.
    public func inverted() -> Transform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return Transform2D(
            a: d / det,
            b: -b / det,
            c: -c / det,
            d: a / det,
            tx: (c * ty - d * tx) / det,
            ty: (b * tx - a * ty) / det
        )
    }

    /// The same transform without its translation.
    public var linearPart: Transform2D {
        Transform2D(a: a, b: b, c: c, d: d, tx: 0, ty: 0)
    }
}
