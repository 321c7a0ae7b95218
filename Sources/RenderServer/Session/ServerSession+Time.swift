import RenderModel
import RenderWire

/// Virtual time in a session: what the client's times must respect, and
/// the vsyncs' times, checked against the end of virtual time.
extension ServerSession {
    /// Virtual time never goes back: a commit is not earlier than the last
    /// vsync, and its sequence follows the last commit's.
    func checkTime(of diff: CommitDiff, _ name: String, _ display: Display) throws {
        if let v = lastVsync, diff.time < v.time {
            throw SessionError(.commitBeforeVsync, "\(name) \(diff.sequence): its time \(diff.time) ns is before vsync \(v.index) at \(v.time) ns, already rendered; virtual time must not go back")
        }
        let last = display.tree.lastSequence
        if last > 0, diff.sequence <= last {
            throw SessionError(.sequenceNotFollowing, "\(name) \(diff.sequence): sequence must follow the last commit's, \(last)")
        }
    }

    /// The first vsync from `k` on whose time is at or after `time`.
    func firstVsync(atOrAfter time: Int64, from k: UInt64, _ clock: VsyncClock) throws -> UInt64 {
        guard let first = clock.firstVsync(atOrAfter: time) else {
            throw SessionError(.timeOutOfRange, "the first vsync at or after \(time) ns is past the end of virtual time (\(Int64.max) ns)")
        }
        return Swift.max(k, UInt64(first))
    }

    /// The time of vsync `k`, checked: an index whose time is past the end
    /// of virtual time is a session error, never an overflow.
    func vsyncTime(_ k: UInt64, _ clock: VsyncClock) throws -> Int64 {
        guard k <= UInt64(Int64.max), let t = clock.time(ofVsync: Int64(k)) else {
            throw SessionError(.timeOutOfRange, "vsync \(k): its time at \(clock.hz) Hz is past the end of virtual time (\(Int64.max) ns, about 292 years)")
        }
        return t
    }
}
