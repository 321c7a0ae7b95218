extension KeyframeAnimation {
    /// The value at eased progress `p` (0…1), or `underlying` when there are
    /// no values. Never allocates: binary search over ``resolvedKeyTimes``.
    public func value(at p: Double, underlying: AnimationValue) -> AnimationValue {
        let n = values.count
        guard n > 1 else { return n == 1 ? values[0] : underlying }
        let times = resolvedKeyTimes
        if calculationMode == .discrete {
            // The last value whose key time is at or before p (the first
            // before the first key time).
            return values[Swift.min(lastIndex(atOrBefore: p, in: times), n - 1)]
        }
        if !(p > times[0]) { return values[0] }
        if p >= times[n - 1] { return values[n - 1] }
        let i = Swift.min(lastIndex(atOrBefore: p, in: times), n - 2)
        let width = times[i + 1] - times[i]
        guard width > 0 else { return values[i + 1] }
        var u = (p - times[i]) / width
        if !calculationMode.isPaced, i < timingFunctions.count { u = timingFunctions[i].value(at: u) }
        if calculationMode == .cubic || calculationMode == .cubicPaced {
            return cubic(segment: i, at: u)
        }
        return AnimationValue.interpolate(values[i], vectors[i], to: values[i + 1], vectors[i + 1], at: u)
    }

    /// The index of the last time ≤ `p`, 0 when none is.
    @inline(__always)
    private func lastIndex(atOrBefore p: Double, in times: [Double]) -> Int {
        var low = 0, high = times.count - 1
        guard p >= times[0] else { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            if times[mid] <= p { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The Catmull-Rom point `u` along segment `i` (tangents
    /// (v[i+1] − v[i−1]) / 2, the end values repeated beyond the ends).
    private func cubic(segment i: Int, at u: Double) -> AnimationValue {
        let v1 = values[i], v2 = values[i + 1]
        guard v1.kind == v2.kind, !v1.kind.isDiscrete else { return v1.interpolated(to: v2, at: u) }
        let v0 = i > 0 ? values[i - 1] : v1
        let v3 = i + 2 < values.count ? values[i + 2] : v2
        guard v0.kind == v1.kind, v3.kind == v1.kind else { return v1.interpolated(to: v2, at: u) }
        var p0 = vectors[i > 0 ? i - 1 : i], p1 = vectors[i], p2 = vectors[i + 1], p3 = vectors[i + 2 < values.count ? i + 2 : i + 1]
        if v1.kind == .transform {
            let k = AnimationVector.angleIndex
            p0[k] = AnimationValue.nearestAngle(p0[k], to: p1[k])
            p2[k] = AnimationValue.nearestAngle(p2[k], to: p1[k])
            p3[k] = AnimationValue.nearestAngle(p3[k], to: p2[k])
        }
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u
        let h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        var out = AnimationVector(kind: v1.kind)
        for c in 0..<out.count {
            let m1 = (p2[c] - p0[c]) / 2, m2 = (p3[c] - p1[c]) / 2
            out[c] = h00 * p1[c] + h10 * m1 + h01 * p2[c] + h11 * m2
        }
        return out.value
    }
}
