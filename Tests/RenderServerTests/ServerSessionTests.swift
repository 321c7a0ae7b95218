import Raster
import RenderModel
import RenderServer
import RenderWire
import Testing
import LoopSimTestSupport

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

    func vsync(_ k: UInt64) -> WireMessage { .vsync(index: k, time: VsyncClock(hz: 60).time(ofVsync: Int64(k))!) }

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
        #expect(s.inspectTree()?.state(of: 1)?.backgroundColor == .red)
        let p = try #require(presented(s.handle(vsync(1))))
        #expect(p.firstVisible == [1] && p.frame == 2)
        let quiet = try #require(presented(s.handle(vsync(2))))
        #expect(quiet.firstVisible.isEmpty && quiet.damage == .none)
        #expect(output.frames.map(\.frame) == [2])
    }

    @Test("a snapshot replaces the tree and is latched by the next vsync with the transactions it carries")
    func snapshotLatchedWithItsTransactions() throws {
        let s = session()
        var snapshot = square(1, sequence: 4, time: 5, x: 0, color: .green)
        snapshot.transactions = [3, 4]
        #expect(s.handle(.snapshot(snapshot)).isEmpty)
        #expect(s.inspectTree()?.state(of: 1)?.backgroundColor == .green)
        let p = try #require(presented(s.handle(vsync(1))))
        #expect(p.firstVisible == [4])
        #expect(p.damage == .init(x: 0, y: 0, width: 64, height: 48))
        let line = try #require(output.index.last)
        #expect(line.contains("\"txns\":[3,4]"))
        // The next commit must follow the snapshot's sequence.
        let refused = s.handle(.commit(square(2, sequence: 4, time: 20_000_000, x: 8, color: .red)))
        guard case .error(let code, _)? = refused.first else { Issue.record("not refused: \(refused)"); return }
        #expect(code == ServerErrorCode.sequenceNotFollowing.rawValue)
    }

    @Test("the session's state follows the protocol: awaiting hello, running, closed")
    func states() {
        let s = ServerSession(pid: 1) { [output] _ in output }
        #expect(s.state == .awaitingHello && s.inspectTree() == nil && s.hello == nil)
        let early = s.handle(vsync(1))
        guard case .error(let code, _)? = early.first else { Issue.record("not refused: \(early)"); return }
        #expect(code == ServerErrorCode.helloExpected.rawValue)
        #expect(s.state == .closed && s.inspectTree() == nil)
        let running = session()
        #expect(running.state == .running && running.hello?.refreshHz == 60)
        #expect(running.handle(.goodbye).isEmpty && running.state == .closed)
        guard case .error(let closed, _)? = running.handle(.sync(token: 1)).first else { Issue.record("not refused"); return }
        #expect(closed == ServerErrorCode.sessionClosed.rawValue)
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
        let full = Compositor(background: RGBA8.black).render(s.inspectTree()!)
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

    @Test("choice 1: with a render cost, the frame is on screen at the first vsync after its render ends; a vsync while rendering latches nothing and says when to ask again")
    func renderCost() throws {
        let output = self.output
        let s = ServerSession(pid: 1) { _ in output }
        _ = s.handle(.hello(.init(width: 16, height: 16, refreshHz: 60, background: .black, outputFolder: "x", renderCost: 25_000_000)))
        _ = s.handle(.commit(square(1, sequence: 1, time: 0, x: 0, color: .red)))
        // Latched at vsync 1 (16.7 ms), rendered until 41.7 ms: on screen at vsync 3 (50 ms), not 2.
        let first = try #require(presented(s.handle(vsync(1))))
        #expect(first.frame == 3 && first.onScreenTime == 50_000_000 && first.firstVisible == [1])
        _ = s.handle(.commit(square(2, sequence: 2, time: 20_000_000, x: 8, color: .blue)))
        // Vsync 2 (33.3 ms) falls inside the render: nothing latched, ask again at vsync 3.
        let busy = try #require(presented(s.handle(vsync(2))))
        #expect(busy.firstVisible.isEmpty && busy.damage == .none && busy.nextFrameTime == 50_000_000)
        let second = try #require(presented(s.handle(vsync(3))))
        #expect(second.firstVisible == [2] && second.frame == 5)
        #expect(output.frames.map(\.frame) == [3, 5])
        // A vsync with nothing to draw renders nothing, so it does not make the server busy.
        let quiet = try #require(presented(s.handle(vsync(7))))
        #expect(quiet.firstVisible.isEmpty && quiet.nextFrameTime == WireMessage.Presented.noNextFrame)
        _ = s.handle(.commit(square(3, sequence: 3, time: 120_000_000, x: 4, color: .green)))
        #expect(try #require(presented(s.handle(vsync(8)))).firstVisible == [3])
    }

    @Test("7.46: two commits before one vsync are shown merged, whole — never one layer from each")
    func noTearing() throws {
        let s = session(width: 16, height: 4)
        var ops = Ops()
        ops.layer(1, frame: rect(0, 0, 8, 4), [(.backgroundColor, .color(.red))])
        ops.layer(2, index: 1, frame: rect(8, 0, 8, 4), [(.backgroundColor, .color(.red))])
        _ = s.handle(.commit(ops.commit(1)))
        _ = s.handle(vsync(1))
        _ = s.handle(.commit(CommitDiff(sequence: 2, time: 20_000_000, ops: [.set(1, .backgroundColor, .color(.green)), .set(2, .backgroundColor, .color(.green))])))
        _ = s.handle(.commit(CommitDiff(sequence: 3, time: 25_000_000, ops: [.set(2, .backgroundColor, .color(.blue)), .set(1, .backgroundColor, .color(.blue))])))
        let p = try #require(presented(s.handle(vsync(2))))
        #expect(p.firstVisible == [2, 3])
        let frame = try #require(output.frames.last?.ppm)
        let pixels = Array(frame.suffix(16 * 4 * 3))
        #expect(stride(from: 0, to: pixels.count, by: 3).allSatisfy { pixels[$0] == 0 && pixels[$0 + 1] == 0 && pixels[$0 + 2] == 255 })
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

/// Random message sequences, well-formed on the wire but not always in the
/// protocol: the session never traps; every refusal is one `error` reply
/// after which the session is closed and refuses everything.
@Suite("ServerSession: random sequences", .tags(.fuzz))
struct ServerSessionFuzzTests {
    @Test("20,000 random messages over 400 sessions: replies or one error then closed, never a trap")
    func randomSequences() {
        var rng = SplitMix64(seed: 0x5E55_1011)
        var errors = 0, frames = 0
        for _ in 0..<400 {
            let output = MemoryFrameOutput()
            let s = ServerSession(pid: 1) { _ in output }
            var time: Int64 = 0, vsync: UInt64 = 0, sequence: UInt64 = 0
            var created: Set<LayerID> = []
            for step in 0..<50 {
                let message: WireMessage
                // Mostly what a client sends, in order; now and then what it must not.
                let pick = step == 0 ? 0 : rng.int(0...59)
                switch pick < 10 ? [0, 1, 1, 1, 4, 4, 6, 7, 8, 9][pick] : [1, 1, 2, 3, 4, 5, 6][pick % 7] {
                case 0:
                    message = .hello(.init(width: UInt32(rng.int(1...32)), height: UInt32(rng.int(1...32)), refreshHz: 60, background: .black, outputFolder: "x"))
                case 1, 2, 3:
                    // Mostly in order; sometimes a sequence or time that goes back.
                    sequence += rng.int(0...29) == 0 ? 0 : 1
                    time += Int64(rng.int(rng.int(0...29) == 0 ? -20...0 : 0...20)) * 1_000_000
                    let snapshot = rng.int(0...15) == 0
                    // A snapshot replaces the whole tree: only what it creates exists after it.
                    if snapshot { created = [] }
                    var ops: [DiffOp] = []
                    for _ in 0..<rng.int(0...6) {
                        // Now and then an op the tree refuses (an unknown or duplicate layer, a cycle).
                        let wild = rng.int(0...39) == 0
                        let id: LayerID = wild || created.isEmpty ? LayerID(rng.int(1...8)) : created.sorted()[rng.int(0...created.count - 1)]
                        switch created.isEmpty ? 0 : rng.int(0...5) {
                        case 0:
                            let new = wild ? id : (created.max() ?? 0) + 1
                            ops += [.create(new), .move(new, parent: 0, index: 0)]
                            created.insert(new)
                        case 1 where wild: ops.append(.remove(id))
                        case 2: ops.append(.move(id, parent: wild ? LayerID(rng.int(0...8)) : 0, index: 0))
                        case 3: ops.append(.set(id, .frame, .rect(rect(rng.grid(-8...40), rng.grid(-8...40), rng.grid(0...20), rng.grid(0...20)))))
                        case 4: ops.append(.set(id, .backgroundColor, .color(RGBA(r: rng.grid(0...1), g: 0.5, b: 0, a: rng.grid(0...1)))))
                        default: ops.append(.set(id, .opacity, wild ? .bool(true) : .number(rng.grid(0...1))))
                        }
                    }
                    message = snapshot ? .snapshot(CommitDiff(sequence: sequence, time: time, ops: ops))
                                                   : .commit(CommitDiff(sequence: sequence, time: time, ops: ops, transactions: [sequence]))
                case 4, 5:
                    vsync = max(vsync + UInt64(rng.int(rng.int(0...29) == 0 ? 0...0 : 1...3)), UInt64(max(0, time) * 60 / 1_000_000_000) + 1)
                    let t = Int64(vsync) * 1_000_000_000 / 60
                    message = .vsync(index: vsync, time: rng.int(0...59) == 0 ? t + 1 : t)
                    time = max(time, t)
                case 6: message = .sync(token: rng.next())
                case 7: message = .bitmapShared(ImageID(rawValue: 1), width: 1, height: 1, offset: 0, byteCount: 4)
                case 8: message = rng.int(0...9) == 0 ? .goodbye : .sync(token: 1)
                default: message = rng.bool() ? .presented(.init(frame: 1, onScreenTime: 0, frameHash: 0, damage: .none, firstVisible: [])) : .error(code: 1, message: "x")
                }
                let before = s.state
                let replies = s.handle(message)
                if before == .closed {
                    #expect(replies.count == 1 && s.state == .closed)
                }
                for reply in replies {
                    switch reply {
                    case .error:
                        errors += 1
                        #expect(s.state == .closed, "an error closes the session")
                        #expect(replies.count == 1)
                    case .welcome, .presented, .applied: break
                    default: Issue.record("unexpected reply \(reply)")
                    }
                }
            }
            frames += output.frames.count
        }
        // The sequences reach both outcomes.
        #expect(errors > 100)
        #expect(frames > 100)
    }
}

/// Issue 13's wire reproducers W1–W3: a vsync past the end of virtual time
/// is a session error (`timeOutOfRange`), never a trap.
@Suite("ServerSession at the end of time")
struct ServerSessionTimeTests {
    func session(hz: UInt32, renderCost: Int64 = 0) -> ServerSession {
        let output = MemoryFrameOutput()
        let s = ServerSession(pid: 1) { _ in output }
        _ = s.handle(.hello(.init(width: 8, height: 8, refreshHz: hz, background: .black, outputFolder: "unused", renderCost: renderCost)))
        return s
    }

    func code(_ replies: [WireMessage]) -> UInt16? {
        guard replies.count == 1, case .error(let code, _) = replies[0] else { return nil }
        return code
    }

    @Test("W1: vsync index 2^63 is refused with timeOutOfRange")
    func indexTwoToThe63() {
        let s = session(hz: 60)
        #expect(code(s.handle(.vsync(index: 1 << 63, time: 0))) == ServerErrorCode.timeOutOfRange.rawValue)
        #expect(s.state == .closed)
    }

    @Test("W2: vsync index 10^10 at 60 Hz has a time (k * 1e9 overflows, the time does not): a wrong time is a mismatch, the right one is presented")
    func indexTenToThe10() {
        let s = session(hz: 60)
        #expect(code(s.handle(.vsync(index: 10_000_000_000, time: 0))) == ServerErrorCode.vsyncTimeMismatch.rawValue)
        let t = session(hz: 60)
        let replies = t.handle(.vsync(index: 10_000_000_000, time: 166_666_666_666_666_666))
        guard replies.count == 1, case .presented(let p) = replies[0] else { Issue.record("\(replies)"); return }
        #expect(p.frame == 10_000_000_001)
    }

    @Test("W3: the last vsync of time at 1 Hz, with and without a render cost, is refused: its frame has no time")
    func lastVsyncAtOneHertz() {
        for cost: Int64 in [0, 1_000_000_000] {
            let s = session(hz: 1, renderCost: cost)
            var ops = Ops()
            ops.layer(1, frame: rect(0, 0, 4, 4), [(.backgroundColor, .color(.red))])
            #expect(s.handle(.commit(CommitDiff(sequence: 1, time: 9_223_372_035_000_000_000, ops: ops.ops))).isEmpty)
            #expect(code(s.handle(.vsync(index: 9_223_372_036, time: 9_223_372_036_000_000_000))) == ServerErrorCode.timeOutOfRange.rawValue)
        }
    }
}

/// W4: trees deep enough to blow a recursive walk.
@Suite("Deep trees")
struct DeepTreeTests {
    @Test("W4: a commit that builds a 50,000-deep chain is applied, rendered and released without recursion")
    func deepChain() throws {
        let depth = 50_000
        var ops = Ops()
        for id in 1...LayerID(depth) {
            ops.layer(id, parent: nil, frame: rect(0, 0, 4, 4), id == LayerID(depth) ? [(.backgroundColor, .color(.red))] : [])
        }
        var moves: [DiffOp] = [.move(1, parent: 0, index: 0)]
        for id in 2...LayerID(depth) { moves.append(.move(id, parent: id - 1, index: 0)) }
        let output = MemoryFrameOutput()
        var s: ServerSession? = ServerSession(pid: 1) { _ in output }
        _ = s!.handle(.hello(.init(width: 8, height: 8, refreshHz: 60, background: .black, outputFolder: "unused")))
        #expect(s!.handle(.commit(CommitDiff(sequence: 1, time: 0, ops: ops.ops + moves))).isEmpty)
        let replies = s!.handle(.vsync(index: 0, time: 0))
        guard replies.count == 1, case .presented(let p) = replies[0] else { Issue.record("\(replies)"); return }
        #expect(p.damage.width == 4 && p.damage.height == 4)
        #expect(s!.inspectTree()?.parent(of: LayerID(depth)) == LayerID(depth - 1))
        s = nil   // the session's end: the tree is released
    }
}
