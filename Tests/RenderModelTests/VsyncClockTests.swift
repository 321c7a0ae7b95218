import RenderModel
import Testing

struct VsyncClockTests {
    @Test("vsync k is at k * 1e9 / hz, rounded down")
    func times() {
        let clock = VsyncClock(hz: 60)
        #expect((0...3).map { clock.time(ofVsync: $0) } == [0, 16_666_666, 33_333_333, 50_000_000])
        #expect(VsyncClock(hz: 1000).time(ofVsync: 7) == 7_000_000)
    }

    @Test("the first vsync at or after a time: the vsync itself when the time is one")
    func firstVsync() {
        let clock = VsyncClock(hz: 60)
        #expect(clock.firstVsync(atOrAfter: 0) == 0)
        #expect(clock.firstVsync(atOrAfter: 1) == 1)
        #expect(clock.firstVsync(atOrAfter: 16_666_666) == 1)
        #expect(clock.firstVsync(atOrAfter: 16_666_667) == 2)
        #expect(clock.firstVsync(atOrAfter: 4_000_000_000) == 240)
        // It agrees with the brute force for many times and rates.
        for hz in [1, 24, 50, 60, 120, 144, 1000] {
            let c = VsyncClock(hz: hz)
            for t in stride(from: Int64(0), through: 3_000_000_000, by: 7_777_777) {
                let k = c.firstVsync(atOrAfter: t)!
                #expect(c.time(ofVsync: k)! >= t && (k == 0 || c.time(ofVsync: k - 1)! < t), "hz \(hz), t \(t)")
            }
        }
    }

    @Test("W1, W2: a vsync whose time is past the end of virtual time has none, for any index")
    func pastTheEnd() {
        // k * 1e9 overflows 64 bits here, but the time itself fits.
        #expect(VsyncClock(hz: 60).time(ofVsync: 10_000_000_000) == 166_666_666_666_666_666)
        #expect(VsyncClock(hz: 1000).time(ofVsync: 9_223_380_001) == 9_223_380_001_000_000)
        #expect(VsyncClock(hz: 60).time(ofVsync: Int64.max) == nil)
        #expect(VsyncClock(hz: 60).time(ofVsync: -1) == nil)
        #expect(VsyncClock(hz: 1).time(ofVsync: 9_223_372_036) == 9_223_372_036_000_000_000)
        #expect(VsyncClock(hz: 1).time(ofVsync: 9_223_372_037) == nil)
        // The last vsync of time at 60 Hz, and the one after it.
        let clock = VsyncClock(hz: 60)
        let last = clock.firstVsync(atOrAfter: Int64.max - 20_000_000)!
        #expect(clock.time(ofVsync: last) != nil)
        #expect(clock.firstVsync(atOrAfter: Int64.max) == nil || clock.time(ofVsync: clock.firstVsync(atOrAfter: Int64.max)!) == Int64.max)
        #expect(VsyncClock(hz: 1000).firstVsync(atOrAfter: 9_223_372_036_854_775_000) == nil)
        #expect(VsyncClock(hz: Int.max).time(ofVsync: Int64.max) != nil)
    }
}
