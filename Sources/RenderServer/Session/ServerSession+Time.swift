import RenderModel
import RenderWire

/// Virtual time in a session: what the client's times must respect, and
/// the vsyncs' times, checked against the end of virtual time.
extension ServerSession {
    /// Virtual time never goes back: a commit is not earlier than the last
    /// vsync, and its sequence follows the last commit's.
    func checkTime(of diff: CommitDiff, _ name: String, after lastSequence: UInt64) throws {
        if let v = lastVsync, diff.time < v.time {
            throw SessionError(.commitBeforeVsync, "\(name) \(diff.sequence): its time \(diff.time) ns is before vsync \(v.index) at \(v.time) ns, already rendered; virtual time must not go back")
        }
        if lastSequence > 0, diff.sequence <= lastSequence {
            throw SessionError(.sequenceNotFollowing, "\(name) \(diff.sequence): sequence must follow the last commit's, \(lastSequence)")
        }
    }

    /// Checks vsync `k` at `time`, the client's: its time is the clock's,
    /// its index grows, and it is not before the last commit. Answers the
    /// time of vsync `k + 1`, when the frame it latches is on screen at
    /// the earliest (that time must exist too).
    func checkVsync(_ k: UInt64, at time: Int64, _ pipeline: FramePipeline) throws -> Int64 {
        let clock = pipeline.clock
        let expectedTime = try clock.checkedTime(ofVsync: k)
        guard time == expectedTime else {
            throw SessionError(.vsyncTimeMismatch, "vsync \(k): its time must be \(expectedTime) ns at \(pipeline.hello.refreshHz) Hz, got \(time)")
        }
        let nextTime = try clock.checkedTime(ofVsync: k + 1)
        if let v = lastVsync, k <= v.index {
            throw SessionError(.vsyncIndexNotGrowing, "vsync \(k): vsync \(v.index) was already rendered; indexes must grow")
        }
        if let c = lastCommitTime, time < c {
            throw SessionError(.vsyncBeforeCommit, "vsync \(k) at \(time) ns: commit \(pipeline.tree.lastSequence) at \(c) ns came before it; virtual time must not go back")
        }
        return nextTime
    }
}

extension VsyncClock {
    /// The first vsync from `k` on whose time is at or after `time`.
    func checkedFirstVsync(atOrAfter time: Int64, from k: UInt64) throws(SessionError) -> UInt64 {
        guard let first = firstVsync(atOrAfter: time) else {
            throw SessionError(.timeOutOfRange, "the first vsync at or after \(time) ns is past the end of virtual time (\(Int64.max) ns)")
        }
        return Swift.max(k, UInt64(first))
    }

    /// The time of vsync `k`, checked: an index whose time is past the end
    /// of virtual time is a session error, never an overflow.
    func checkedTime(ofVsync k: UInt64) throws(SessionError) -> Int64 {
        guard k <= UInt64(Int64.max), let t = time(ofVsync: Int64(k)) else {
            throw SessionError(.timeOutOfRange, "vsync \(k): its time at \(hz) Hz is past the end of virtual time (\(Int64.max) ns, about 292 years)")
        }
        return t
    }
}
