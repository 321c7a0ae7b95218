/// When a display of `hz` refreshes, in virtual nanoseconds: vsync `k` is at
/// `k * 1e9 / hz` (integer division, so the times of a 60 Hz display are
/// 0, 16 666 666, 33 333 333, …). The one place the formula is written; the
/// client schedules vsyncs with it and the render server checks them.
///
///     let clock = VsyncClock(hz: 60)
///     clock.time(ofVsync: 2)               // 33_333_333
///     clock.firstVsync(atOrAfter: 20_000_000)   // 2
public struct VsyncClock: Hashable, Sendable {
    /// Refreshes per second, at least 1.
    public let hz: Int64

    /// A clock for a display refreshing `hz` times a second. Traps unless
    /// `hz` is at least 1 (the wire's `hello` bounds it before this).
    public init(hz: Int) {
        precondition(hz >= 1, "VsyncClock: a display refreshes at least once a second, got \(hz) Hz")
        self.hz = Int64(hz)
    }

    /// The virtual time of vsync `k`, nanoseconds.
    public func time(ofVsync k: Int64) -> Int64 {
        k * 1_000_000_000 / hz
    }

    /// The first vsync whose time is at or after `time` (0 for a time at or
    /// before 0).
    public func firstVsync(atOrAfter time: Int64) -> Int64 {
        guard time > 0 else { return 0 }
        var k = time / 1_000_000_000 * hz + (time % 1_000_000_000) * hz / 1_000_000_000
        while self.time(ofVsync: k) < time { k += 1 }
        return k
    }
}
