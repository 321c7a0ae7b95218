import RenderModel
import RenderServer
import RenderWire
import Testing

/// The session's protocol rules, without sockets (`ServerSession.handle`).
@Suite("ServerSession")
struct ServerSessionTests {
    let output = MemoryFrameOutput()

    func session(width: UInt32 = 64, height: UInt32 = 48) -> ServerSession {
        let output = self.output
        let s = ServerSession(pid: 1) { _ in output }
        let replies = s.handle(.hello(.init(width: width, height: height, refreshHz: 60, background: .black, outputFolder: "unused")))
        #expect(replies == [.welcome(version: WireProtocol.version, serverPID: 1)])
        return s
    }

    func vsync(_ k: UInt64) -> WireMessage { .vsync(index: k, time: Int64(k) * 1_000_000_000 / 60) }

    func square(_ id: LayerID, sequence: UInt64, time: Int64, x: Double, color: RGBA) -> CommitDiff {
        var ops = Ops()
        ops.layer(id, frame: rect(x, 0, 4, 4), [(.backgroundColor, .color(color))])
        return CommitDiff(sequence: sequence, time: time, ops: ops.ops)
    }

    func presented(_ replies: [WireMessage]) -> WireMessage.Presented? {
        guard replies.count == 1, case .presented(let p) = replies[0] else { return nil }
        return p
    }

    @Test("a commit is applied when it arrives: sync answers with its sequence; the next vsync shows it first")
    func appliedThenLatched() throws {
        let s = session()
        #expect(s.handle(.commit(square(1, sequence: 1, time: 5, x: 0, color: .red))).isEmpty)
        let replies = s.handle(.sync(token: 9))
        guard case .applied(let a)? = replies.first else { Issue.record("no applied: \(replies)"); return }
        #expect(a.token == 9 && a.sequence == 1)
        #expect(s.tree?.state(of: 1)?.backgroundColor == .red)
        let p = try #require(presented(s.handle(vsync(1))))
        #expect(p.firstVisible == [1] && p.frame == 2)
        let quiet = try #require(presented(s.handle(vsync(2))))
        #expect(quiet.firstVisible.isEmpty && quiet.damage == .none)
        #expect(output.frames.map(\.frame) == [2])
    }

    @Test("two small changes far apart are recomposited as two rectangles; frames.jsonl lists them beside the union")
    func regionDamage() throws {
        let s = session()
        var ops = Ops()
        ops.layer(1, frame: rect(0, 0, 4, 4), [(.backgroundColor, .color(.red))])
        ops.layer(2, index: 1, frame: rect(60, 44, 4, 4), [(.backgroundColor, .color(.red))])
        _ = s.handle(.commit(ops.commit(1)))
        _ = s.handle(vsync(1))
        _ = s.handle(.commit(CommitDiff(sequence: 2, time: 20_000_000, ops: [.set(1, .backgroundColor, .color(.green)), .set(2, .backgroundColor, .color(.blue))])))
        let p = try #require(presented(s.handle(vsync(2))))
        #expect(p.damage == .init(x: 0, y: 0, width: 64, height: 48))
        let line = try #require(output.index.last)
        #expect(line.hasSuffix("\"damage\":[0,0,64,48],\"rects\":[[0,0,4,4],[60,44,4,4]]}"))
        // The frame equals a full render of the same tree.
        let full = Compositor(background: RGBA8.black).render(s.tree!)
        #expect(output.frames.last?.ppm == PNMEncoder.p6(full, over: .black))
    }

    @Test("virtual time must not go back: a commit before a rendered vsync, a vsync before a commit, a vsync index that does not grow or a time that is not its own")
    func timeOrder() {
        var s = session()
        _ = s.handle(vsync(3))
        var replies = s.handle(.commit(square(1, sequence: 1, time: 10, x: 0, color: .red)))
        guard case .error(_, let text)? = replies.first else { Issue.record("accepted \(replies)"); return }
        #expect(text.contains("before vsync 3") && s.state == .closed)

        s = session()
        _ = s.handle(.commit(square(1, sequence: 1, time: 40_000_000, x: 0, color: .red)))
        replies = s.handle(vsync(2))
        #expect(replies.first.map { if case .error(_, let t) = $0 { t.contains("must not go back") } else { false } } == true)

        s = session()
        _ = s.handle(vsync(2))
        replies = s.handle(vsync(2))
        #expect(replies.first.map { if case .error(_, let t) = $0 { t.contains("indexes must grow") } else { false } } == true)

        s = session()
        replies = s.handle(.vsync(index: 1, time: 5))
        #expect(replies.first.map { if case .error(_, let t) = $0 { t.contains("must be 16666666 ns") } else { false } } == true)

        s = session()
        _ = s.handle(.commit(square(1, sequence: 4, time: 0, x: 0, color: .red)))
        replies = s.handle(.commit(square(2, sequence: 4, time: 0, x: 8, color: .red)))
        #expect(replies.first.map { if case .error(_, let t) = $0 { t.contains("sequence must follow") } else { false } } == true)
    }

    @Test("a commit at the instant of a vsync already rendered waits for the next one")
    func sameInstant() throws {
        let s = session()
        _ = s.handle(vsync(1))
        #expect(s.handle(.commit(square(1, sequence: 1, time: 16_666_666, x: 0, color: .red))).isEmpty)
        let p = try #require(presented(s.handle(vsync(2))))
        #expect(p.firstVisible == [1] && p.frame == 3)
    }

    @Test("applied reports decode time only when the socket code records it, and resets after each sync")
    func appliedCounters() {
        let s = session()
        s.recordDecode(nanoseconds: 1234)
        _ = s.handle(.commit(square(1, sequence: 1, time: 0, x: 0, color: .red)))
        guard case .applied(let first)? = s.handle(.sync(token: 1)).first,
              case .applied(let second)? = s.handle(.sync(token: 2)).first else { Issue.record("no applied"); return }
        #expect(first.decodeNanoseconds == 1234 && first.applyNanoseconds > 0)
        #expect(second.decodeNanoseconds == 0 && second.applyNanoseconds == 0 && second.sequence == 1 && second.token == 2)
    }

    @Test("frames.jsonl names the transactions a frame shows first (the ids the commits carry), presented their commit sequences")
    func transactionIDs() throws {
        let s = session()
        var first = square(1, sequence: 1, time: 0, x: 0, color: .red)
        first.transactions = [1]
        var second = square(2, sequence: 2, time: 0, x: 8, color: .blue)
        second.transactions = [2, 3]
        _ = s.handle(.commit(first))
        _ = s.handle(.commit(second))
        let p = try #require(presented(s.handle(vsync(1))))
        #expect(p.firstVisible == [1, 2])
        #expect(output.index.last?.contains("\"txns\":[1,2,3]") == true, "\(output.index)")
    }
}
