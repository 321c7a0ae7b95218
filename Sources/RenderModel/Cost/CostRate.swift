/// A cost in virtual time per unit of work (per call, pixel or layer), as an
/// exact count of **picoseconds** per unit, so that fractional rates such as
/// `0.5ns/px` stay exact integers (`docs/reference/core-animation-rules.md` §4.3).
///
/// The cost of `n` units is `n × picoseconds / 1000` nanoseconds, rounded
/// down, computed full-width: no count and no rate can trap, and a cost
/// past the end of virtual time is `nil`, never a wrapped number.
///
///     let raster = CostRate(picoseconds: 500)     // 0.5 ns per pixel
///     raster.nanoseconds(for: 3)                  // 1 (1.5 ns, rounded down)
///     CostRate.zero.nanoseconds(for: 1_000_000)   // 0
public struct CostRate: Hashable, Sendable, CustomStringConvertible {
    /// Picoseconds per unit, at least 0.
    public let picoseconds: Int64

    /// The largest rate: 60 s per unit (the longest render the wire accepts).
    public static let max = CostRate(picoseconds: 60_000_000_000_000)
    /// Free work: the default of every cost.
    public static let zero = CostRate(picoseconds: 0)

    /// A rate of `picoseconds` per unit. Traps on a negative rate or one
    /// above ``max`` (the parser and the wire's decoder bound it first).
    public init(picoseconds: Int64) {
        precondition(picoseconds >= 0 && picoseconds <= 60_000_000_000_000,
                     "CostRate: a cost is 0 to 60 s per unit, got \(picoseconds) ps")
        self.picoseconds = picoseconds
    }

    /// A rate of whole `nanoseconds` per unit (`layout=40us` is 40 000).
    public init(nanoseconds: Int64) {
        self.init(picoseconds: nanoseconds * 1000)
    }

    public var isZero: Bool { picoseconds == 0 }

    /// The cost of `units` units in nanoseconds, rounded down; `nil` when it
    /// is past the end of virtual time (`Int64.max` ns). A negative count
    /// costs nothing.
    public func nanoseconds(for units: Int) -> Int64? {
        guard units > 0, picoseconds > 0 else { return 0 }
        let product = UInt64(units).multipliedFullWidth(by: UInt64(picoseconds))
        guard product.high < 1000 else { return nil }   // the quotient would not fit in 64 bits
        let (quotient, _) = UInt64(1000).dividingFullWidth(product)
        return quotient <= UInt64(Int64.max) ? Int64(quotient) : nil
    }

    /// `2ns`, `0.5ns`, `40us`: the rate in the largest unit that keeps it exact.
    public var description: String {
        let units: [(Int64, String)] = [(1_000_000_000_000, "s"), (1_000_000_000, "ms"), (1_000_000, "us"), (1000, "ns")]
        for (scale, unit) in units where picoseconds >= scale && picoseconds % scale == 0 {
            return "\(picoseconds / scale)\(unit)"
        }
        if picoseconds == 0 { return "0" }
        var fraction = String(picoseconds % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(picoseconds / 1000).\(fraction)ns"
    }
}
