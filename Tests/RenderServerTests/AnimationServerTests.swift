import RenderModel
import RenderServer
import RenderWire
import Testing

/// The render server animates on its own clock (docs/reference/animations.md, "On the
/// server"): begin times stamped at the first frame that latches the
/// commit, a frame at every vsync while something animates, none once
/// nothing does (item 7.42, §3.8).
@Suite("AnimationServer")
struct AnimationServerTests {
    let output = MemoryFrameOutput()

    func session() -> ServerSession {
        let output = self.output
        let s = ServerSession(pid: 1) { _ in output }
        _ = s.handle(.hello(.init(width: 16, height: 4, refreshHz: 60, background: .black, outputFolder: "unused")))
        return s
    }

    func vsyncTime(_ k: UInt64) -> Int64 { VsyncClock(hz: 60).time(ofVsync: Int64(k))! }

    func presented(_ s: ServerSession, vsync k: UInt64) throws -> WireMessage.Presented {
        let replies = s.handle(.vsync(index: k, time: vsyncTime(k)))
        guard replies.count == 1, case .presented(let p) = replies[0] else {
            Issue.record("vsync \(k): \(replies)")
            throw CancellationError()
        }
        return p
    }

    @Test("a 0.25 s animation begun at 116 666 666 ns ends at 366 666 666 ns: a time a rounding error short of the end counts as the end (MediaTiming.timeTolerance)")
    func endsAtItsLastFrame() throws {
        let s = session()
        var ops = Ops()
        ops.layer(1, frame: rect(0, 0, 4, 4), [(.backgroundColor, .color(.white))])
        _ = s.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: ops.ops)))
        _ = try presented(s, vsync: 0)
        var fade = LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(1), to: .number(0))), duration: 0.25)
        fade.id = 9
        // Committed at 100 ms (vsync 6), stamped at vsync 7's 116 666 666 ns.
        _ = s.handle(.commit(CommitDiff(sequence: 2, time: 100_000_000, ops: [.addAnimation(1, key: "fade", fade)])))
        #expect(try presented(s, vsync: 6).began == [9])
        // 366 666 666 − 116 666 666 ns is 0.25 s, but 0.366666666 − 0.116666666
        // is 0.24999999999999997 in Double: still the end, at vsync 22's frame.
        for k: UInt64 in 7...20 { #expect(try presented(s, vsync: k).ended.isEmpty, "vsync \(k)") }
        #expect(vsyncTime(22) == 366_666_666)
        #expect(try presented(s, vsync: 21).ended == [9])
    }

    @Test("7.42 with an animation running the server asks for every vsync and draws each frame without a commit; once it ends it answers +∞ and draws nothing")
    func nextFrameWhileAnimating() throws {
        let s = session()
        var ops = Ops()
        ops.layer(1, frame: rect(0, 0, 4, 4), [(.backgroundColor, .color(.white))])
        // 40 ms from opacity 1 to 0, linear: begun at vsync 1 (16.7 ms), still
        // running at vsync 3 (33.3 ms in, < 40 ms), ended at vsync 4 (50 ms in).
        var fade = LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(1), to: .number(0))), duration: 0.04)
        fade.id = 7
        ops.ops.append(.addAnimation(1, key: "fade", fade))
        _ = s.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: ops.ops)))

        let first = try presented(s, vsync: 0)
        #expect(first.frame == 1 && first.firstVisible == [1])
        #expect(first.began == [7] && first.ended.isEmpty)
        #expect(first.nextFrameTime == vsyncTime(1))
        for k: UInt64 in 1...2 {
            let p = try presented(s, vsync: k)
            #expect(p.firstVisible.isEmpty, "no commit at vsync \(k)")
            #expect(p.damage != .none, "the fade moved at vsync \(k)")
            #expect(p.nextFrameTime == vsyncTime(k + 1))
        }
        let last = try presented(s, vsync: 3)
        #expect(last.ended == [7])
        #expect(last.damage != .none)                   // back to the model's opacity 1
        #expect(last.nextFrameTime == WireMessage.Presented.noNextFrame)
        let idle = try presented(s, vsync: 4)
        #expect(idle.damage == .none && idle.nextFrameTime == WireMessage.Presented.noNextFrame)
        #expect(output.frames.map(\.frame) == [1, 2, 3, 4])
        #expect(s.inspectTree()?.state(of: 1)?.opacity == 1)
    }

    @Test("7.42: a layer whose local time stands still (speed 0) asks for no frame, though its animation has not ended")
    func pausedLayerAsksNothing() throws {
        let s = session()
        var ops = Ops()
        ops.layer(1, frame: rect(0, 0, 4, 4), [(.backgroundColor, .color(.white))])
        var fade = LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(1), to: .number(0))), duration: 1)
        fade.id = 3
        ops.ops.append(.addAnimation(1, key: nil, fade))
        _ = s.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: ops.ops)))
        #expect(try presented(s, vsync: 0).nextFrameTime == vsyncTime(1))
        _ = s.handle(.commit(CommitDiff(sequence: 2, time: vsyncTime(1), ops: [.timing(1, speed: 0, timeOffset: 0.5, beginTime: 0)])))
        let paused = try presented(s, vsync: 1)
        #expect(paused.ended.isEmpty)
        #expect(paused.nextFrameTime == WireMessage.Presented.noNextFrame)
    }
}
