/// When a display of `hz` refreshes, in virtual nanoseconds: vsync `k` is at
/// `k * 1e9 / hz` (integer division, so the times of a 60 Hz display are
/// 0, 16 666 666, 33 333 333, …). The one place the formula is written; the
/// client schedules vsyncs with it and the render server checks them.
///
/// Virtual time ends at `Int64.max` ns (about 292 years,
/// `docs/reference/limits.md`): a vsync whose time would be later has no time, and
/// both functions answer `nil` for it rather than overflow. The arithmetic is
/// full-width, so no index and no rate can trap.
///
///     let clock = VsyncClock(hz: 60)
///     clock.time(ofVsync: 2)               // 33_333_333
///     clock.firstVsync(atOrAfter: 20_000_000)   // 2
///     clock.time(ofVsync: 1 << 62)         // nil: past the end of time
public struct VsyncClock: Hashable, Sendable {
    /// Refreshes per second, at least 1.
    public let hz: Int64

    /// A clock for a display refreshing `hz` times a second. Traps unless
    /// `hz` is at least 1 (the wire's `hello` bounds it before this).
    public init(hz: Int) {
        precondition(hz >= 1, "VsyncClock: a display refreshes at least once a second, got \(hz) Hz")
        self.hz = Int64(hz)
    }

    /// The virtual time of vsync `k`, nanoseconds; `nil` for a negative `k`
    /// or one whose time is past the end of virtual time (`Int64.max`).
    public func time(ofVsync k: Int64) -> Int64? {
        guard k >= 0 else { return nil }
        let product = UInt64(k).multipliedFullWidth(by: 1_000_000_000)
        // The quotient fits in 64 bits only when the high half is below the divisor.
        guard product.high < UInt64(hz) else { return nil }
        let (q, _) = UInt64(hz).dividingFullWidth(product)
        return q <= UInt64(Int64.max) ? Int64(q) : nil
    }

    /// The first vsync whose time is at or after `time` (0 for a time at or
    /// before 0); `nil` when that vsync would be past the end of virtual time.
    public func firstVsync(atOrAfter time: Int64) -> Int64? {
        guard time > 0 else { return 0 }
        // k = ceil(time * hz / 1e9), computed full-width, then checked.
        let product = UInt64(time).multipliedFullWidth(by: UInt64(hz))
        guard product.high < 1_000_000_000 else { return nil }
        let (q, r) = UInt64(1_000_000_000).dividingFullWidth(product)
        guard q < UInt64(Int64.max) else { return nil }
        var k = Int64(q) + (r > 0 ? 1 : 0)
        // Integer division of the time formula can put vsync k a little
        // before `time`; step on until it is not.
        while true {
            guard let t = self.time(ofVsync: k) else { return nil }
            if t >= time { break }
            k += 1
        }
        // The vsync before may also be at or after `time` (rounding down).
        while k > 0, let t = self.time(ofVsync: k - 1), t >= time { k -= 1 }
        return k
    }
}
