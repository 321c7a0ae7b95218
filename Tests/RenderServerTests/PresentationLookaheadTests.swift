import RenderModel
@testable import RenderServer
import RenderWire
import Testing

/// The next frame's animations evaluated ahead, on the helper while the
/// session waits for the client (docs/internals/render-server.md, "Two cores"):
/// a step takes them only when nothing can have changed them, and the
/// frames are the bytes of evaluating at the step.
@Suite("PresentationLookahead")
struct PresentationLookaheadTests {
    static let width = 200, height = 120

    /// 24 squares, each with a repeating basic, keyframe or spring
    /// animation, and one that ends after 0.3 s; and layers whose step
    /// changes more than a square's place: a colour and an opacity that
    /// change only their own paints, a sublayer that moves (not a root),
    /// a hidden root that moves, a root whose contents are placed in
    /// bounds that change, and a border that grows from none (its paints
    /// only, and its box).
    static func scene() -> CommitDiff {
        var ops = Ops()
        for i in 0..<24 {
            let id = LayerID(UInt32(i + 1))
            ops.layer(id, frame: rect(Double(i % 8) * 24 + 4, Double(i / 8) * 36 + 6, 16, 16), [(.backgroundColor, .color(.white))])
            var a: LayerAnimation
            switch i % 3 {
            case 0: a = LayerAnimation(.position, .basic(BasicAnimation(by: .point(Point(x: 0, y: 9)))), duration: 0.5)
                    a.timing.autoreverses = true
            case 1: a = LayerAnimation(.transform, .keyframe(KeyframeAnimation(values: [.transform(.identity), .transform(.rotation(degrees: 120)),
                                                                                       .transform(.rotation(degrees: 240))])), duration: 0.7)
            default: a = LayerAnimation(.transform, .spring(SpringAnimation(BasicAnimation(from: .transform(.scale(0.5)), to: .transform(.identity)), damping: 8)), duration: 1.2)
            }
            a.timing.repeatCount = i == 23 ? 0 : .infinity
            if i == 23 { a.timing.duration = 0.3 }
            a.id = UInt64(i + 1)
            ops.ops.append(.addAnimation(id, key: "a", a))
        }
        ops.bitmap(1, Bitmap(width: 3, height: 2, fill: RGBA8(r: 0, g: 200, b: 100, a: 255)))
        func add(_ id: LayerID, _ a: LayerAnimation) {
            var a = a
            a.timing.repeatCount = .infinity
            a.timing.autoreverses = true
            a.id = UInt64(id)
            ops.ops.append(.addAnimation(id, key: "a", a))
        }
        ops.layer(25, frame: rect(4, 100, 12, 12), [(.backgroundColor, .color(.red))])
        add(25, LayerAnimation(.backgroundColor, .basic(BasicAnimation(to: .color(.blue))), duration: 0.4))
        ops.layer(26, frame: rect(20, 100, 12, 12), [(.backgroundColor, .color(.white))])
        add(26, LayerAnimation(.opacity, .basic(BasicAnimation(to: .number(0.3))), duration: 0.5))
        ops.layer(27, parent: 1, frame: rect(2, 2, 6, 6), [(.backgroundColor, .color(.blue))])
        add(27, LayerAnimation(.position, .basic(BasicAnimation(by: .point(Point(x: 5, y: 3)))), duration: 0.6))
        ops.layer(28, frame: rect(40, 100, 12, 12), [(.backgroundColor, .color(.white)), (.isHidden, .bool(true))])
        add(28, LayerAnimation(.position, .basic(BasicAnimation(by: .point(Point(x: 9, y: 0)))), duration: 0.5))
        ops.layer(29, frame: rect(60, 96, 20, 16), [(.contents, .image(ImageID(rawValue: 1)))])
        add(29, LayerAnimation(.bounds, .basic(BasicAnimation(to: .rect(rect(0, 0, 31, 9)))), duration: 0.7))
        // A border from nothing: a change of paints only that changes the box too.
        ops.layer(30, frame: rect(90, 96, 14, 14), [(.borderColor, .color(.red))])
        add(30, LayerAnimation(.borderWidth, .basic(BasicAnimation(from: .number(0), to: .number(3))), duration: 0.5))
        return CommitDiff(sequence: 1, time: 0, ops: ops.ops)
    }

    func frame(_ tree: RenderTree) -> Bitmap { Compositor(background: RGBA8.black).render(tree) }

    /// Two trees holding ``scene()``.
    static func twoTrees() throws -> (RenderTree, RenderTree) {
        let a = RenderTree(displayWidth: width, displayHeight: height)
        let b = RenderTree(displayWidth: width, displayHeight: height)
        try a.applyChecked(scene())
        try b.applyChecked(scene())
        return (a, b)
    }

    @Test("steps that take the states evaluated ahead draw the frames of steps that evaluate them; a commit, another time or a step that stamps or ends something evaluates again")
    func sameFramesAhead() throws {
        let (ahead, plain) = try Self.twoTrees()
        #expect(ahead.animatesEnoughToLookAhead)
        let lookahead = PresentationLookahead()
        var expectedUses = 0
        for k in 1...60 {
            let t = Double(k) / 60
            // Evaluated ahead for this frame; at some frames for another
            // time, or followed by a commit that moves an animated layer.
            let early = k % 11 == 0
            ahead.evaluateAhead(into: lookahead, atMediaTime: early ? t + 1.0 / 60 : t)
            let commits = k % 7 == 0
            if commits {
                let move = CommitDiff(sequence: UInt64(k + 1), time: Int64(k) * 16_000_000,
                                      ops: [.set(LayerID(2), .position, .point(Point(x: Double(k), y: 30)))])
                try ahead.applyChecked(move)
                try plain.applyChecked(move)
            }
            let a = ahead.advanceAnimations(toMediaTime: t, ahead: lookahead)
            let p = plain.advanceAnimations(toMediaTime: t)
            #expect(a == p, "frame \(k)")
            // The first frame stamps every begin time, and 0.3 s ends one.
            if !early, !commits, p.began.isEmpty, p.ended.isEmpty { expectedUses += 1 }
            #expect(ahead.takeDamage() == plain.takeDamage(), "frame \(k)")
            guard frame(ahead) == frame(plain) else {
                Issue.record("frame \(k): the pixels differ")
                return
            }
        }
        #expect(lookahead.uses == expectedUses)
        #expect(expectedUses > 40)
    }

    @Test("states evaluated for one tree are not taken by another, and serve one step only")
    func tiedToTreeAndOneStep() throws {
        let (a, b) = try Self.twoTrees()
        _ = a.advanceAnimations(toMediaTime: 0)   // stamps the begin times
        _ = b.advanceAnimations(toMediaTime: 0)
        let lookahead = PresentationLookahead()
        a.evaluateAhead(into: lookahead, atMediaTime: 0.5)
        _ = b.advanceAnimations(toMediaTime: 0.5, ahead: lookahead)
        #expect(lookahead.uses == 0)
        _ = a.advanceAnimations(toMediaTime: 0.5, ahead: lookahead)
        #expect(lookahead.uses == 0)   // taken by b's step: gone
        a.evaluateAhead(into: lookahead, atMediaTime: 0.6)
        _ = a.advanceAnimations(toMediaTime: 0.6, ahead: lookahead)
        _ = a.advanceAnimations(toMediaTime: 0.6, ahead: lookahead)
        #expect(lookahead.uses == 1)
    }

    @Test("a session evaluates the next frame's animations on its helper while it waits, and presents what a session that does not presents, frame for frame")
    func sessionLooksAhead() throws {
        func session(looksAhead: Bool) -> ServerSession {
            let output = MemoryFrameOutput()
            let s = ServerSession(pid: 1) { _ in output }
            _ = s.handle(.hello(.init(width: 390, height: 300, refreshHz: 60, background: .black, outputFolder: "unused")))
            s.pipeline?.drawing.looksAhead = looksAhead
            // 40 squares, each animated: a frame's damage is drawn in two
            // bands, so the helper runs, and 40 layers are enough to look ahead.
            _ = s.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: animatedSquares(40))))
            return s
        }
        let ahead = session(looksAhead: true), plain = session(looksAhead: false)
        let clock = VsyncClock(hz: 60)
        for k: UInt64 in 0..<90 {
            let vsync = WireMessage.vsync(index: k, time: clock.time(ofVsync: Int64(k))!)
            let a = ahead.handle(vsync), p = plain.handle(vsync)
            guard a == p else {
                Issue.record("vsync \(k): \(a) against \(p)")
                return
            }
            if k == 45 {   // a commit between frames: the states evaluated ahead are not taken
                let move = WireMessage.commit(CommitDiff(sequence: 2, time: clock.time(ofVsync: 45)!, ops: [.set(LayerID(2), .position, .point(Point(x: 100, y: 100)))]))
                #expect(ahead.handle(move) == plain.handle(move))
            }
        }
        let uses = try #require(ahead.pipeline?.drawing.ahead.uses)
        #expect(uses > 80, "\(uses) of 90 frames took the states evaluated ahead")
        #expect(plain.pipeline?.drawing.ahead.uses == 0)
    }
}
