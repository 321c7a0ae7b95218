extension Transform2D {
    /// A translation by (`x`, `y`).
    public static func translation(x: Double, y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `x` horizontally and `y` vertically, about the origin.
    public static func scale(x: Double, y: Double) -> Transform2D {
        Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A uniform scale by `factor`, about the origin.
    public static func scale(_ factor: Double) -> Transform2D {
        scale(x: factor, y: factor)
    }

    /// A rotation by `radians` about the origin, as
    /// `CGAffineTransform(rotationAngle:)`: a = cos, b = sin, c = −sin,
    /// d = cos. With y growing downward a positive angle turns clockwise on
    /// screen.
    public static func rotation(radians: Double) -> Transform2D {
        let s = Trig.sine(radians)
        let k = Trig.cosine(radians)
        return Transform2D(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
    }

    /// A rotation by `degrees` about the origin. Whole multiples of 90° give
    /// exact entries (0 and ±1), so a quarter turn maps integer rects to
    /// integer rects; other angles go through `rotation(radians:)`.
    public static func rotation(degrees: Double) -> Transform2D {
        let turn = degrees.truncatingRemainder(dividingBy: 360)
        let quarter = turn / 90
        if quarter == quarter.rounded(.towardZero) {
            let (s, k): (Double, Double)
            switch (Int(quarter) + 4) % 4 {
            case 0: (s, k) = (0, 1)
            case 1: (s, k) = (1, 0)
            case 2: (s, k) = (0, -1)
            default: (s, k) = (-1, 0)
            }
            // `s == 0 ? 0 : -s` keeps c a positive zero at 0° and 180°.
            return Transform2D(a: k, b: s, c: s == 0 ? 0 : -s, d: k, tx: 0, ty: 0)
        }
        return rotation(radians: degrees * .pi / 180)
    }
}
