/// The arithmetic animations do on values (`docs/reference/animations.md`,
/// "Values"). Every operation works component by component on the value's
/// `AnimationVector` — for a transform, its decomposition relative to the
/// identity — except ``composed(onto:)`` on transforms, which concatenates
/// (`docs/reference/core-animation-rules.md` §3.2 step 7: "affine transforms are concatenated"). Bools are discrete:
/// they switch at the half-way point and ignore sums. Values of different
/// kinds never mix: the operations answer one of their inputs (validation
/// refuses such animations before they reach evaluation). None allocates.
extension AnimationValue {
    /// The value `t` of the way from `self` to `other` (t may leave 0…1, as a
    /// spring overshoots). Exactly `self` at 0 and `other` at 1. A transform's
    /// angle takes the shorter way round; a bool is `self` below 0.5, `other`
    /// from 0.5 on.
    public func interpolated(to other: AnimationValue, at t: Double) -> AnimationValue {
        if t == 0 { return self }
        if t == 1 { return other }
        if let direct = Self.direct(self, other, at: t) { return direct }
        guard kind == other.kind, !kind.isDiscrete else { return t < 0.5 ? self : other }
        return Self.lerp(vector, other.vector, at: t)
    }

    /// Numbers and points interpolated straight, the vectors' arithmetic
    /// written out (the same operations, so the same bits); nil for the
    /// other kinds.
    @inline(__always)
    private static func direct(_ a: AnimationValue, _ b: AnimationValue, at t: Double) -> AnimationValue? {
        switch (a, b) {
        case (.number(let x), .number(let y)): .number(x + (y - x) * t)
        case (.point(let p), .point(let q)): .point(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
        default: nil
        }
    }

    /// ``interpolated(to:at:)`` of `a` to `b` with their vectors already
    /// known (`va` is `a.vector`, `vb` is `b.vector`): the same value, bit
    /// for bit, without decomposing fixed transforms at every frame.
    @inline(__always)
    static func interpolate(_ a: AnimationValue, _ va: AnimationVector, to b: AnimationValue, _ vb: AnimationVector,
                            at t: Double) -> AnimationValue {
        if t == 0 { return a }
        if t == 1 { return b }
        if let direct = direct(a, b, at: t) { return direct }
        guard va.kind == vb.kind, !va.kind.isDiscrete else { return t < 0.5 ? a : b }
        return lerp(va, vb, at: t)
    }

    /// The componentwise interpolation of two vectors of one kind, a
    /// transform's angle the short way round.
    @inline(__always)
    private static func lerp(_ a: AnimationVector, _ other: AnimationVector, at t: Double) -> AnimationValue {
        var b = other
        if a.kind == .transform { b[AnimationVector.angleIndex] = nearestAngle(b[AnimationVector.angleIndex], to: a[AnimationVector.angleIndex]) }
        return a.combined(with: b) { x, y in x + (y - x) * t }.value
    }

    /// `self + other`, component by component: what `by` adds to `from`,
    /// and what a cumulative animation adds each cycle. A bool answers
    /// `self`.
    public func adding(_ other: AnimationValue) -> AnimationValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(Point(x: a.x + b.x, y: a.y + b.y))
        default: break
        }
        guard kind == other.kind, !kind.isDiscrete else { return self }
        return vector.combined(with: other.vector, +).value
    }

    /// `self − other`, component by component (`to − by`). A bool answers
    /// `self`.
    public func subtracting(_ other: AnimationValue) -> AnimationValue {
        guard kind == other.kind, !kind.isDiscrete else { return self }
        return vector.combined(with: other.vector, -).value
    }

    /// `self × factor`, component by component. A bool answers `self`.
    public func scaled(by factor: Double) -> AnimationValue {
        guard !kind.isDiscrete else { return self }
        let v = vector
        return v.combined(with: v) { x, _ in x * factor }.value
    }

    /// An additive animation's `self` on top of `underlying`: numbers,
    /// points, sizes, rects and colours add; a transform is concatenated
    /// (`self` first, then `underlying`: the animation turns the layer about
    /// its anchor before the model transform applies); a bool replaces.
    public func composed(onto underlying: AnimationValue) -> AnimationValue {
        guard kind == underlying.kind else { return self }
        switch (self, underlying) {
        case (.transform(let mine), .transform(let base)): return .transform(mine.concatenating(base))
        case (.bool, _): return self
        default: return underlying.adding(self)
        }
    }

    /// The Euclidean distance between the two values' components, which
    /// paced keyframes make constant per unit of time (a transform's angle,
    /// in radians, counts like its translation, in points). 0 for values of
    /// different kinds; 1 between two different bools.
    public func distance(to other: AnimationValue) -> Double {
        guard kind == other.kind else { return 0 }
        let a = vector
        var b = other.vector
        if kind == .transform { b[AnimationVector.angleIndex] = Self.nearestAngle(b[AnimationVector.angleIndex], to: a[AnimationVector.angleIndex]) }
        var sum = 0.0
        for i in 0..<a.count {
            let d = b[i] - a[i]
            sum += d * d
        }
        return sum.squareRoot()
    }

    /// `angle` moved by whole turns to within π of `reference`.
    static func nearestAngle(_ angle: Double, to reference: Double) -> Double {
        var a = angle
        let turn = 2 * Double.pi
        while a - reference > .pi { a -= turn }
        while a - reference < -.pi { a += turn }
        return a
    }
}
