/// An `AnimationValue` as up to six `Double`s, the space animations do their
/// arithmetic in: a transform as its `Transform2D.Decomposition` relative to
/// the identity (translation x, y, scale x − 1, scale y − 1, shear, angle —
/// so the identity is all zeros and adding a pure rotation keeps the scale),
/// a colour as r, g, b, a, a rect as x, y, width, height, a bool as 0 or 1.
///
/// Fixed size and stored inline, so arithmetic on it never allocates.
struct AnimationVector: Hashable, Sendable {
    var kind: AnimationValue.Kind
    var c0 = 0.0, c1 = 0.0, c2 = 0.0, c3 = 0.0, c4 = 0.0, c5 = 0.0

    init(kind: AnimationValue.Kind) { self.kind = kind }

    var count: Int { kind.componentCount }

    subscript(i: Int) -> Double {
        @inline(__always) get {
            switch i {
            case 0: c0
            case 1: c1
            case 2: c2
            case 3: c3
            case 4: c4
            default: c5
            }
        }
        @inline(__always) set {
            switch i {
            case 0: c0 = newValue
            case 1: c1 = newValue
            case 2: c2 = newValue
            case 3: c3 = newValue
            case 4: c4 = newValue
            default: c5 = newValue
            }
        }
    }

    /// The index of a transform's angle.
    static let angleIndex = 5

    /// Each component combined with `other`'s by `combine`.
    @inline(__always)
    func combined(with other: AnimationVector, _ combine: (Double, Double) -> Double) -> AnimationVector {
        var out = AnimationVector(kind: kind)
        for i in 0..<count { out[i] = combine(self[i], other[i]) }
        return out
    }

    /// The value these components make.
    var value: AnimationValue {
        @inline(__always) get {
        switch kind {
        case .number: .number(c0)
        case .point: .point(Point(x: c0, y: c1))
        case .size: .size(Size(width: c0, height: c1))
        case .rect: .rect(Rect(x: c0, y: c1, width: c2, height: c3))
        case .color: .color(RGBA(r: c0, g: c1, b: c2, a: c3))
        case .transform:
            .transform(Transform2D(Transform2D.Decomposition(translationX: c0, translationY: c1, scaleX: c2 + 1, scaleY: c3 + 1, shear: c4, angle: c5)))
        case .bool: .bool(c0 >= 0.5)
        }
        }
    }
}

extension AnimationValue {
    /// The value's components.
    var vector: AnimationVector {
        var v = AnimationVector(kind: kind)
        switch self {
        case .number(let n): v.c0 = n
        case .point(let p): (v.c0, v.c1) = (p.x, p.y)
        case .size(let s): (v.c0, v.c1) = (s.width, s.height)
        case .rect(let r): (v.c0, v.c1, v.c2, v.c3) = (r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .color(let c): (v.c0, v.c1, v.c2, v.c3) = (c.r, c.g, c.b, c.a)
        case .transform(let t):
            let d = t.decomposed
            (v.c0, v.c1, v.c2, v.c3, v.c4, v.c5) = (d.translationX, d.translationY, d.scaleX - 1, d.scaleY - 1, d.shear, d.angle)
        case .bool(let b): v.c0 = b ? 1 : 0
        }
        return v
    }
}
