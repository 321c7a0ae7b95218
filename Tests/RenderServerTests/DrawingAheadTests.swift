import RenderModel
@testable import RenderServer
import RenderWire
import Testing

/// The next frame drawn while the client takes its turn
/// (docs/internals/render-server.md, "Drawing ahead"): a session that draws ahead
/// after every message it answered presents, writes and hashes what a
/// session that never does presents, frame for frame, whatever comes
/// between two vsyncs — the frame drawn ahead is taken back, and the
/// message handled as if nothing had been drawn.
@Suite("DrawingAhead")
struct DrawingAheadTests {
    static let clock = VsyncClock(hz: 60)

    /// 40 animated squares (`animatedSquares`, a third of them opaque, the
    /// rest translucent) on a 390 × 300 display: each frame's damage is
    /// drawn in two bands (the helper runs) and 40 layers are enough to
    /// look ahead, so the next frame can be drawn ahead. Two probes read
    /// the P6 bytes.
    static func session(_ output: FrameOutput) -> ServerSession {
        let s = ServerSession(pid: 1) { _ in output }
        _ = s.handle(.hello(.init(width: 390, height: 300, refreshHz: 60, background: .black, outputFolder: "unused",
                                  probes: [.init(x: 20, y: 30), .init(x: 200, y: 150)])))
        let squares = animatedSquares(40) { i in i % 3 == 0 ? .white : RGBA(r: 0.15, g: 0.6, b: 0.85, a: 0.8) }
        _ = s.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: squares)))
        return s
    }

    /// What comes after vsync `k`'s reply, before the next vsync: nothing
    /// at most frames; at some, a commit that moves a square, one that
    /// adds an animation ending 0.2 s later (a step that stamps, then one
    /// that ends: neither drawn ahead), one that removes an animation,
    /// one that shares a bitmap and shows it, a `sync`, or a snapshot.
    static func between(_ k: UInt64, sequence: inout UInt64, snapshotOf plain: ServerSession) -> [WireMessage] {
        let time = clock.time(ofVsync: Int64(k))!
        func commit(_ ops: [DiffOp]) -> WireMessage {
            sequence += 1
            return .commit(CommitDiff(sequence: sequence, time: time, ops: ops))
        }
        switch k {
        case 12, 47: return [commit([.set(LayerID(2), .position, .point(Point(x: Double(k) * 3, y: 140)))])]
        case 20:
            var a = LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(1), to: .number(0.2))), duration: 0.2)
            a.id = 100
            return [commit([.addAnimation(LayerID(3), key: "fade", a)])]
        case 31: return [commit([.removeAnimation(LayerID(5), key: "a")])]
        case 38: return [.sync(token: 7)]
        case 44:
            return [commit([.bitmap(ImageID(rawValue: 9), Bitmap(width: 4, height: 4, fill: RGBA8(r: 250, g: 20, b: 20, a: 255))),
                            .set(LayerID(7), .contents, .image(ImageID(rawValue: 9)))])]
        case 55:
            // Taken from the plain session, whose tree is the same.
            let snapshot = plain.inspectTree()!.snapshot()
            sequence += 1
            return [.snapshot(CommitDiff(sequence: sequence, time: time, ops: snapshot.ops))]
        default: return []
        }
    }

    /// `replies` without the wall-clock times an `applied` reports.
    static func withoutWallTimes(_ replies: [WireMessage]) -> [WireMessage] {
        replies.map { reply in
            guard case .applied(var a) = reply else { return reply }
            a.decodeNanoseconds = 0
            a.applyNanoseconds = 0
            return .applied(a)
        }
    }

    @Test("a session that draws the next frame ahead presents, writes and hashes the frames of one that does not, whatever comes between two vsyncs")
    func sameFramesDrawnAhead() throws {
        for keepsFrames in [true, false] {
            let aheadOutput = MemoryFrameOutput(), plainOutput = MemoryFrameOutput()
            let ahead = Self.session(keepsFrames ? aheadOutput : DiscardingFrameOutput())
            let plain = Self.session(keepsFrames ? plainOutput : DiscardingFrameOutput())
            var sequence: UInt64 = 1
            var k: UInt64 = 0
            while k < 100 {
                let vsync = WireMessage.vsync(index: k, time: Self.clock.time(ofVsync: Int64(k))!)
                let a = ahead.handle(vsync), p = plain.handle(vsync)
                guard a == p else {
                    Issue.record("vsync \(k), frames kept \(keepsFrames): \(a) against \(p)")
                    return
                }
                ahead.clientsTurn()
                for message in Self.between(k, sequence: &sequence, snapshotOf: plain) {
                    #expect(Self.withoutWallTimes(ahead.handle(message)) == Self.withoutWallTimes(plain.handle(message)), "after vsync \(k)")
                    ahead.clientsTurn()
                }
                // Once, the client skips a vsync: the frame drawn for the
                // one it skipped is taken back too.
                k += k == 70 ? 2 : 1
            }
            #expect(aheadOutput.frames.map(\.frame) == plainOutput.frames.map(\.frame))
            #expect(aheadOutput.frames.map(\.ppm) == plainOutput.frames.map(\.ppm))
            #expect(aheadOutput.index == plainOutput.index)
            // Most frames were drawn ahead, and every kind of message above
            // took one back (a frame after a step that stamps or ends
            // something is not drawn ahead).
            #expect(ahead.counters.framesDrawnAhead > 80, "\(ahead.counters.framesDrawnAhead) frames drawn ahead")
            #expect(ahead.counters.framesTakenBack == 8, "\(ahead.counters.framesTakenBack) frames taken back")
            #expect(plain.counters.framesDrawnAhead == 0)
        }
    }

    @Test("a frame drawn ahead is taken back before the tree is inspected: it shows the last frame presented")
    func inspectionSeesThePresentedFrame() throws {
        let ahead = Self.session(DiscardingFrameOutput()), plain = Self.session(DiscardingFrameOutput())
        for k: UInt64 in 0..<10 {
            let vsync = WireMessage.vsync(index: k, time: Self.clock.time(ofVsync: Int64(k))!)
            _ = ahead.handle(vsync)
            _ = plain.handle(vsync)
        }
        ahead.clientsTurn()
        #expect(ahead.counters.framesDrawnAhead == 1)
        let a = try #require(ahead.inspectTree()), p = try #require(plain.inspectTree())
        #expect(ahead.counters.framesTakenBack == 1)
        for id in a.layerIDs { #expect(a.transformToDisplay(of: id) == p.transformToDisplay(of: id), "layer \(id)") }
        let compositor = Compositor(background: RGBA8.black)
        #expect(compositor.render(a) == compositor.render(p))
    }
}
