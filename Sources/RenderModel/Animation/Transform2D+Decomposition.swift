extension Transform2D {
    /// A transform split into the parts animations interpolate
    /// (`docs/reference/animations.md`, "Values"): the matrix is
    /// `[[scaleX, 0], [shear, scaleY]] × rotation(angle)`, then the
    /// translation.
    ///
    /// Exact and invertible: ``Transform2D/init(_:)`` rebuilds the matrix (up
    /// to rounding). A transform with a = b = 0 decomposes with angle 0.
    public struct Decomposition: Hashable, Sendable {
        /// The translation (tx, ty).
        public var translationX: Double, translationY: Double
        /// The scale along the rotated x axis: √(a² + b²).
        public var scaleX: Double
        /// The scale along y, negative for a reflection.
        public var scaleY: Double
        /// The shear of the second row along the first.
        public var shear: Double
        /// The rotation in radians, in (−π, π]; positive turns clockwise on
        /// screen (y grows downward).
        public var angle: Double

        /// A decomposition with the given parts.
        public init(translationX: Double = 0, translationY: Double = 0, scaleX: Double = 1, scaleY: Double = 1, shear: Double = 0, angle: Double = 0) {
            self.translationX = translationX
            self.translationY = translationY
            self.scaleX = scaleX
            self.scaleY = scaleY
            self.shear = shear
            self.angle = angle
        }
    }

    /// This transform's parts.
    public var decomposed: Decomposition {
        let sx = (a * a + b * b).squareRoot()
        let angle = sx == 0 ? 0 : Trig.angle(y: b, x: a)
        let s = Trig.sine(angle), k = Trig.cosine(angle)
        return Decomposition(
            translationX: tx, translationY: ty,
            scaleX: sx, scaleY: -c * s + d * k,
            shear: c * k + d * s,
            angle: angle
        )
    }

    /// The transform with the given parts.
    public init(_ parts: Decomposition) {
        let s = Trig.sine(parts.angle), k = Trig.cosine(parts.angle)
        self.init(
            a: parts.scaleX * k,
            b: parts.scaleX * s,
            c: parts.shear * k - parts.scaleY * s,
            d: parts.shear * s + parts.scaleY * k,
            tx: parts.translationX,
            ty: parts.translationY
        )
    }
}
