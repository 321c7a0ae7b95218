import LoopSimSystem
import LoopSimTrace
import RenderWire

/// When the render server dies or stops answering (docs/internals/render-server.md,
/// "Crash recovery"): the frames it presented confirmed written (a `sync`)
/// or checked on disk, a new server started with a snapshot of the tree,
/// and an exchange that met a dead server tried once more.
extension Simulation {
    /// Kills the render server now (`at T crash server`). The next exchange
    /// finds it gone and recovers: see ``recoverRenderServer()``.
    public func crashRenderServer() {
        guard let r = render, !r.dead else { return }
        // The frames it presented are on disk before it dies: the model's
        // crash loses the server's state, not frames already on screen
        // (docs/internals/render-server.md, crash recovery).
        if let refusal = r.refusal, !r.failed {
            failLosingAFrame(refusal.code, refusal.text, before: "the crash", r)
        } else if !r.failed {
            confirmFramesWritten(r, before: "the crash")
        }
        r.connection.kill()
        // Confirmed above unless it was gone already: then, now that it is
        // reaped, what it had not written is named as lost.
        if !r.failed { checkFramesOnDisk(after: "the render server died", r) }
        r.dead = true
    }

    /// A `sync` and its `applied`: the server answers it once every frame
    /// it presented is written, or with the error of the first it lost.
    /// A server that is gone by then is left to the recovery as before.
    /// Waits until the attached server has written every frame it
    /// presented (frames are written behind the lockstep), so that a frame
    /// file can be read mid-run; a frame it lost fails the run as at the end.
    func waitForFramesWritten(before what: String) {
        guard let r = render, !r.failed, !r.dead else { return }
        confirmFramesWritten(r, before: what)
    }

    func confirmFramesWritten(_ r: RenderState, before what: String) {
        do {
            try r.connection.send(.sync(token: 0))
            switch try r.connection.receive() {
            case .applied?:
                r.framesConfirmed = r.log.frameCount
                return
            case nil:
                return
            case .error(let code, let text)?:
                failLosingAFrame(code, text, before: what, r)
            case let other?:
                fail("unexpected reply from the render server to sync before \(what): \(other.tag)", r)
            }
        } catch let failure as RenderConnection.Failure where Self.isRefusal(failure) {
            // It answered with an error and closed before the sync went out.
            if case .refused(let code) = failure.kind { failLosingAFrame(code, failure.serverMessage ?? failure.description, before: what, r) }
        } catch {
            // Gone: what it had not written is lost with it, as after any crash.
            return
        }
    }

    func failLosingAFrame(_ code: UInt16, _ text: String, before what: String, _ r: RenderState) {
        let name = ServerErrorCode(rawValue: code).map { " (\($0))" } ?? ""
        fail("the render server lost a frame before \(what), error \(code)\(name): \(text)", r)
    }

    /// Respawns the server and hands it a snapshot of the committed tree,
    /// built from the model (``LayerContext/committedSnapshot()``): the
    /// commits not latched yet are in it, and it carries their
    /// transactions, so the next frame shows them first. One `warn`, in the
    /// words of `cause` when it was a deadline (a stopped server is not a
    /// dead one).
    func recoverRenderServer(after cause: Error? = nil) throws {
        guard let r = render else { return }
        r.connection.abandon()
        checkFramesOnDisk(after: "the render server died", r)
        let unlatched = r.sentDiffs.keys.sorted()
        var snapshot = layers.committedSnapshot()
        snapshot.transactions = unlatched.flatMap { r.sentDiffs[$0]!.transactions }
        // A server that dies again before it has the snapshot is started
        // once more; a refusal is an answer, not a death, and is not retried.
        var connection = try openServer(r.transport, hello: r.hello)
        do {
            try connection.send(.snapshot(snapshot))
        } catch where !Self.isRefusal(error) {
            connection.abandon()
            connection = try RenderConnection.open(r.transport, hello: r.hello)
            try connection.send(.snapshot(snapshot))
        }
        r.connection = connection
        r.dead = false
        let what = (cause as? RenderConnection.Failure).flatMap { $0.kind == .timedOut ? "\($0.description); killed it" : nil } ?? "the render server died"
        warn("\(what); restarted it with a snapshot of the tree as of commit \(r.onScreen.lastSequence) and re-sent \(unlatched.count) commit(s) not yet on screen")
    }

    /// A server that dies writes nothing more: the frames it presented
    /// but had not written yet (frames are written behind the lockstep, at
    /// most four in flight) are lost with it. Once it is gone (a spawned
    /// server is reaped by `abandon`; a thread's server has written what
    /// was queued when it is joined), each frame drawn since the last
    /// confirmation must have its file and its `frames.jsonl` line; those
    /// missing are named as lost, and the run fails at its end
    /// (docs/internals/render-server.md, crash recovery). A listening server
    /// (`unix:`) may still be writing when the client gives up on it: not
    /// checked.
    func checkFramesOnDisk(after what: String, _ r: RenderState) {
        defer { r.framesConfirmed = r.log.frameCount }
        guard let folder = framesFolder, r.framesConfirmed < r.log.frameCount else { return }
        if case .unix = r.transport { return }
        let lost = FrameFolder.missingFrames(in: folder, frames: (r.framesConfirmed..<r.log.frameCount).map(r.log.frameNumber))
        guard !lost.isEmpty else { return }
        lose("\(what) before writing what it had presented: \(lost.joined(separator: ", ")) (frames are written behind the lockstep); they are lost")
    }

    /// Connects and says hello; a server that dies during the handshake (it
    /// did not refuse: it went away) is started once more, with a `warn`.
    func openServer(_ transport: RenderConnection.Transport, hello: WireMessage.Hello) throws -> RenderConnection {
        do {
            return try RenderConnection.open(transport, hello: hello)
        } catch where !Self.isRefusal(error) {
            warn("the render server went away during the handshake (\(error)); started it again")
            return try RenderConnection.open(transport, hello: hello)
        }
    }

    /// Whether `error` is the server's own answer (an `error` message):
    /// it is alive and said why, so trying again would only be refused again.
    static func isRefusal(_ error: Error) -> Bool {
        if case .refused? = (error as? RenderConnection.Failure)?.kind { return true }
        return false
    }

    /// Runs `exchange` with the server, recovering once if it is gone.
    func withServer<T>(_ exchange: (RenderConnection) throws -> T?) throws -> T? {
        guard let r = render else { return nil }
        if r.dead { try recoverRenderServer() }
        var cause: Error?
        do {
            if let result = try exchange(r.connection) { return result }
        } catch where Self.isRefusal(error) {
            throw error   // the server's answer: starting it again would not change it
        } catch { cause = error }
        try recoverRenderServer(after: cause)
        return try exchange(r.connection)
    }
}
