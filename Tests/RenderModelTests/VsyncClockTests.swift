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
                let k = c.firstVsync(atOrAfter: t)
                #expect(c.time(ofVsync: k) >= t && (k == 0 || c.time(ofVsync: k - 1) < t), "hz \(hz), t \(t)")
            }
        }
    }
}
