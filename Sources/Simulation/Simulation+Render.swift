import LayerKit
import LoopSimTrace
import Raster
import RenderModel
import RenderWire
import RunLoopKit

/// The render server in lockstep with virtual time.
///
/// Each outermost commit is sent at once. The first vsync at or after the
/// commit's time (``VsyncClock``) is scheduled as an outside event, so it is
/// sent even while the main thread is blocked, once the main thread is done
/// with that instant (every commit at `v_k` is latched by vsync `k`); the client waits for the
/// server's `presented` reply, and the frame goes on screen at vsync `k + 1`
/// (a `frame` trace event then). The server's replies depend only on the
/// bytes sent, so every transport gives the same frames and traces.
extension Simulation {
    /// The display the scenario declares.
    public struct Display: Sendable {
        public var width: Int
        public var height: Int
        public var hz: Int
        public var background: RGBA8
        /// Virtual ns the server spends rendering each frame it draws.
        public var renderCost: Int64
        /// Virtual time the server spends per pixel it recomposites.
        public var rasterCost: CostRate

        public init(width: Int = 320, height: Int = 240, hz: Int = 60, background: RGBA8 = .black, renderCost: Int64 = 0,
                    rasterCost: CostRate = .zero) {
            self.width = width
            self.height = height
            self.hz = hz
            self.background = background
            self.renderCost = renderCost
            self.rasterCost = rasterCost
        }

        /// When the display refreshes.
        public var clock: VsyncClock { VsyncClock(hz: hz) }
    }

    /// Connects a render server and ships every commit to it from now on.
    /// - Parameters:
    ///   - folder: where the server writes frame files and `frames.jsonl`;
    ///     nil: no files (`--frames none`): the frames' hashes and index are
    ///     kept here (``presentedFrames``) all the same.
    ///   - probes: display pixels whose colour each drawn frame reports
    ///     (``PresentedFrame/probeColors``, what `expect pixel` reads), in
    ///     this order; at most `WireLimits().maxPixelProbes`, each inside the display.
    public func attachRenderServer(_ transport: RenderConnection.Transport, display: Display, frames folder: String?,
                                   probes: [WireMessage.Hello.Probe] = []) throws {
        if let folder { FrameFolder.clearPreviousFrames(in: folder) }
        let hello = WireMessage.Hello(width: UInt32(display.width), height: UInt32(display.height),
                                      refreshHz: UInt32(display.hz), background: display.background, outputFolder: folder ?? "",
                                      renderCost: display.renderCost, rasterCost: display.rasterCost, probes: probes)
        let connection = try openServer(transport, hello: hello)
        render = RenderState(connection: connection, transport: transport, hello: hello, clock: display.clock)
        framesFolder = folder
        layers.onCommit = { [unowned self] record in try self.ship(record) }
        layers.presentationValue = { [unowned self] layer, keyPath in
            self.presentationValue(of: layer, keyPath, at: self.context.now)
        }
    }

    /// Waits until the server has written every frame it presented, then
    /// says goodbye (frames already written stay). The server writes frames
    /// behind the lockstep: a frame it could not write is answered to the
    /// `sync` sent here, and the run fails naming it (``renderLosses``).
    public func detachRenderServer() {
        guard let r = render else { return }
        if let refusal = r.refusal {
            failLosingAFrame(refusal.code, refusal.text, before: "the end of the run", r)
        } else if !r.failed, !r.dead {
            confirmFramesWritten(r, before: "the end of the run")
        }
        r.connection.close()
        // A server that died before the sync (and so never confirmed the
        // frames) is gone now: what it had not written is named as lost.
        if !r.failed { checkFramesOnDisk(after: "the render server died", r) }
        if let folder = framesFolder { FrameFolder.removeReuseLeftovers(in: folder) }
        finishedLog = r.log
        finishedHistory = r.history
        render = nil
    }

    /// The render server's process id while one is attached (its
    /// `welcome`'s), for measurements (`loopsim bench scale`).
    public var renderServerPID: Int32? { render.map { Int32(bitPattern: $0.connection.serverPID) } }

    /// Frames the server wrote (frames with a file), in order (built from
    /// the compact record when asked for: O(frames)).
    public var presentedFrames: [PresentedFrame] { presentedLog.frames }

    /// How many frames the server wrote: `presentedFrames.count`, in O(1).
    public var presentedFrameCount: Int { presentedLog.frameCount }

    /// The last frame on screen at `time` (its on-screen time at or before
    /// it), or nil before the first.
    public func presentedFrame(onScreenAt time: Int64) -> PresentedFrame? {
        presentedLog.lastFrame(onScreenAt: time)
    }

    /// Every `presented` reply, in order: its on-screen time, its frame file
    /// (nil when nothing changed) and the commits it latched (built when
    /// asked for: O(presentations)).
    public var presentations: [Presentation] { presentedLog.presentations }

    /// How many `presented` replies came: `presentations.count`, in O(1).
    public var presentationCount: Int { presentedLog.presentationCount }

    var presentedLog: PresentedLog { render?.log ?? finishedLog }

    private func ship(_ record: CommitRecord) throws {
        guard let r = render, !r.failed else { return }
        // The frame that shows this commit must be on screen before the end
        // of virtual time; refuse it here, before sending, rather than have
        // either side overflow (docs/reference/limits.md).
        guard let firstK = r.clock.firstVsync(atOrAfter: record.time), r.frameTime(latchingAt: firstK) != nil else {
            throw RunLoopError.timeOutOfRange("commit \(record.sequence) at \(TimeLiteral.format(record.time)): the frame that shows it would be on screen past the end of virtual time (\(VirtualTime.end) ns, at \(r.hello.refreshHz) Hz with a render cost of \(TimeLiteral.format(r.hello.renderCost)) and \(r.hello.rasterCost) per pixel): times past 292 years are not supported. Commit earlier.")
        }
        r.transactionsBySequence[record.sequence] = record.transactions
        for (txn, start) in record.firstMutations { r.latencyStart[txn] = start }
        for (txn, due) in record.frameDeadlines { r.latencyDue[txn] = due }
        r.sentDiffs[record.sequence] = record.diff
        if r.refusal != nil {
            // Refused already: nothing more goes out; the vsync reports it.
        } else if r.dead {
            try recoverRenderServer()        // its snapshot includes this commit
        } else {
            do {
                try r.connection.send(.commit(record.diff))
            } catch let failure as RenderConnection.Failure where Self.isRefusal(failure) {
                // The server refused an earlier message and closed before this
                // commit went out. Reported by the vsync that would have read
                // the refusal, in the same words as when it does.
                if case .refused(let code) = failure.kind { r.refusal = (code, failure.serverMessage ?? failure.description) }
            } catch {
                try recoverRenderServer()
            }
        }
        // A vsync waits for the main thread to be done with its instant
        // (scheduleVsync), so a commit at `v_k` is never after vsync `k` was
        // sent; the guard only keeps the wire's order should that change.
        var k = firstK
        if let last = r.lastVsyncSent, k <= last { k = last + 1 }
        scheduleVsync(k)
    }

    private func scheduleVsync(_ k: Int64) {
        guard let r = render, !r.scheduledVsyncs.contains(k) else { return }
        guard let time = r.clock.time(ofVsync: k) else {
            lose("vsync \(k) is past the end of virtual time; the frames it would show are lost")
            return
        }
        r.scheduledVsyncs.insert(k)
        // At `v_k`, but after everything the main thread does at `v_k`:
        // every commit made at that instant is latched by it (choice 1).
        context.scheduleAfterThread(at: time, label: nil) { [unowned self] in self.vsync(k) }
    }

    /// The session with the server is over for good: `what` is lost, with
    /// every frame after it; no more vsyncs or commits are sent.
    func fail(_ what: String, _ r: RenderState) {
        r.failed = true
        let pending = r.sentDiffs.keys.sorted()
        let commits = pending.isEmpty ? "" : "; commit(s) \(pending.map(String.init).joined(separator: ", ")) never reached the screen"
        lose("\(what)\(commits)")
    }

    private func vsync(_ k: Int64) {
        guard let r = render, !r.failed else { return }
        r.scheduledVsyncs.remove(k)
        // The server is still rendering its last frame (a render cost): it
        // cannot latch before the render ends. Not asked, so the same vsyncs
        // reach a respawned server as the first one.
        let time = r.clock.time(ofVsync: k)!   // scheduled only with a time
        if time < r.busyUntil {
            r.busyVsyncs.insert(k)
            guard let next = r.clock.firstVsync(atOrAfter: r.busyUntil) else {
                lose("the render server renders past the end of virtual time; the frame after vsync \(k) is lost")
                return
            }
            scheduleVsync(next)
            return
        }
        r.lastVsyncSent = k
        if let refusal = r.refusal {
            failRefused(refusal.code, refusal.text, vsync: k, r)
            return
        }
        do {
            let message = WireMessage.vsync(index: UInt64(k), time: time)
            guard let reply = try withServer({ c -> WireMessage? in
                try c.send(message)
                return try c.receive(spins: !r.serverDrawsOnTwoCores)
            }) else {
                fail("the render server closed the connection at vsync \(k)", r)
                return
            }
            switch reply {
            case .presented(let p):
                r.serverDrawsOnTwoCores = Int(p.damage.width) * Int(p.damage.height) >= RenderState.twoCoreDamage
                presented(p, vsync: k)
            case .error(let code, let text):
                // A refusal is the server's answer, not a crash: respawning
                // would only refuse again (or drop what it refused).
                failRefused(code, text, vsync: k, r)
            default:
                fail("unexpected reply from the render server at vsync \(k): \(reply.tag)", r)
            }
        } catch let failure as RenderConnection.Failure where Self.isRefusal(failure) {
            // The same refusal, found when the vsync's send met the socket the
            // server closed after answering: the same words.
            if case .refused(let code) = failure.kind { failRefused(code, failure.serverMessage ?? failure.description, vsync: k, r) }
        } catch {
            fail("render server at vsync \(k): \(error)", r)
        }
    }

    private func failRefused(_ code: UInt16, _ text: String, vsync k: Int64, _ r: RenderState) {
        let name = ServerErrorCode(rawValue: code).map { " (\($0))" } ?? ""
        fail("the render server refused the session at vsync \(k), error \(code)\(name): \(text)", r)
    }

    /// What the server put on screen for vsync `k`: the client's copy of
    /// the tree on screen applies the commits it latched (every commit sent
    /// up to the last it names: a snapshot stands for the commits it
    /// carries), a drawn frame is traced at its on-screen time, then the
    /// latency of each transaction it shows first.
    private func presented(_ p: WireMessage.Presented, vsync k: Int64) {
        guard let r = render else { return }
        let newest = p.firstVisible.max() ?? 0
        let latched = r.sentDiffs.keys.filter { $0 <= newest }.sorted()
        // What the latched commits did to animations: the layers whose
        // animations changed, and whether any layer's timing chain can
        // have (a timing op, or a move under another parent).
        var animationsTouched: [LayerID] = [], chainsTouched = false
        for sequence in latched {
            let diff = r.sentDiffs.removeValue(forKey: sequence)!
            do {
                try r.onScreen.apply(diff) { change in
                    r.history.note(change, at: p.onScreenTime)
                    switch change {
                    case .animations(let id, _): animationsTouched.append(id)
                    case .timing, .moved: chainsTouched = true
                    default: break
                    }
                }
            } catch {
                warn("commit \(sequence), on screen at vsync \(k), does not apply to the client's copy of the tree: \(error); `expect visible` may be wrong from here on")
            }
        }
        animationStep(p, vsync: k, r, animationsTouched: animationsTouched, chainsTouched: chainsTouched)
        let drawn = p.damage.width > 0 && p.damage.height > 0
        r.log.appendPresentation(present: p.onScreenTime, frame: drawn ? p.frame : nil, commits: latched)
        let txns = latched.flatMap { r.transactionsBySequence.removeValue(forKey: $0) ?? [] }
        if latched.isEmpty, !r.sentDiffs.isEmpty, p.nextFrameTime != WireMessage.Presented.noNextFrame {
            // The server was busy: ask again when it says it can latch.
            r.busyVsyncs.insert(k)
            if let next = r.clock.firstVsync(atOrAfter: p.nextFrameTime) {
                scheduleVsync(next)
            } else {
                lose("the render server renders past the end of virtual time; the frame after vsync \(k) is lost")
            }
        }
        if p.nextFrameTime != WireMessage.Presented.noNextFrame {
            // An animation runs: the next vsync is drawn whatever the main
            // thread does (§3.8).
            if let next = r.clock.firstVsync(atOrAfter: p.nextFrameTime) { scheduleVsync(next) }
        }
        if drawn {
            // The server renders until some time in (previous vsync, on-screen
            // time]: no vsync before the on-screen time can latch, and that
            // one can (the raster part of the cost depends on the damage the
            // server composited, so the client takes the server's word).
            if r.hello.rendersInTime { r.busyUntil = p.onScreenTime }
            r.log.appendFrame(index: p.frame, present: p.onScreenTime, hash: p.frameHash, transactions: txns,
                              probeColors: p.probeColors, renderDuration: p.renderDuration,
                              damagedArea: Int64(p.damage.width) * Int64(p.damage.height))
            let latch = r.clock.time(ofVsync: k) ?? p.onScreenTime   // sent only with a time
            let (index, present, hash, render) = (p.frame, p.onScreenTime, p.frameHash, p.renderDuration)
            context.schedule(at: p.onScreenTime, label: nil) { [unowned self] in
                self.context.emit(.frame(.init(frame: Int64(index), present: present, file: FrameFolder.fileName(frame: index),
                                               hash: Bitmap.hashHex(hash), txns: txns,
                                               latch: latch, render: render)))
            }
        }
        scheduleLatencies(of: txns, latched: k, present: p.onScreenTime, frame: p.frame)
    }

}
