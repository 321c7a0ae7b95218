import LoopSimSystem
import Raster
import RenderModel
import RenderWire

/// One client's session with the render server: the protocol's state
/// machine, with no I/O of its own. Its frames are its ``FramePipeline``'s,
/// reached through four entry points.
///
/// The display refreshes at `hz`; vsync `k` is at `k * 1e9 / hz` ns
/// (``VsyncClock``). The
/// client's messages carry virtual times that never go back (a commit is
/// never earlier than the vsync before it, a vsync never earlier than the
/// commit before it, vsync indexes only grow), so each commit is applied to
/// the render tree as it arrives. On a `vsync(k)` message the server latches
/// what was applied since the previous vsync, recomposites the damaged
/// region, and the frame is on screen at vsync `k + 1`: it is written as
/// `frame-(k+1).ppm` and reported back with `presented`. A vsync on which
/// nothing changed writes no file (its reply has an empty damage rectangle).
/// While animations run, the frame of the next vsync may be drawn before
/// that vsync comes (``clientsTurn()``), and is taken back when
/// another message comes first: the same bytes either way.
/// With a render cost (`hello.renderCost`) the frame is on screen at the
/// first vsync after its render ends, and a vsync during a render latches
/// nothing (its reply's `nextFrameTime` says when to ask again).
/// A `snapshot` replaces the tree and is latched by the next vsync like a
/// commit, with the transactions it carries.
/// A `sync` is answered with `applied` (the last commit applied, and what
/// decoding and applying cost on the wall clock, for `loopsim bench commit`).
public final class ServerSession {
    /// Where the session is in the protocol.
    public enum State: Equatable, Sendable { case awaitingHello, running, closed }

    /// Where the session is, with its frame pipeline once `hello` set up
    /// the display.
    private enum Phase {
        case awaitingHello
        case running(FramePipeline)
        /// Closed, with the pipeline it ran (what it did stays readable).
        case closed(FramePipeline?)
    }

    private var phase = Phase.awaitingHello
    /// Bitmaps that came as `bitmapShared` since the last commit or
    /// snapshot: they belong to the next one, so a snapshot (which starts a
    /// new tree) stores them again before it applies.
    private var sharedSinceLastApply: [(ImageID, Bitmap)] = []
    /// The last vsync handled (index, time), and the last commit's time.
    private(set) var lastVsync: (index: UInt64, time: Int64)?
    private(set) var lastCommitTime: Int64?
    /// Wall-clock cost of the commits since the last `sync`.
    private var decodeNanoseconds: UInt64 = 0
    private var applyNanoseconds: UInt64 = 0
    private let output: (WireMessage.Hello) throws -> FrameOutput
    private let pid: UInt32

    /// - Parameters:
    ///   - pid: reported in `welcome`.
    ///   - output: makes the frame output for the folder the client names.
    public init(pid: UInt32, output: @escaping (WireMessage.Hello) throws -> FrameOutput) {
        self.pid = pid
        self.output = output
    }

    /// Where the session is in the protocol.
    public var state: State {
        switch phase {
        case .awaitingHello: .awaitingHello
        case .running: .running
        case .closed: .closed
        }
    }

    /// The display's `hello`, while the session runs.
    public var hello: WireMessage.Hello? { pipeline?.hello }

    /// The session's frame pipeline, while it runs.
    var pipeline: FramePipeline? {
        if case .running(let p) = phase { p } else { nil }
    }

    /// The pipeline the session ran, running or closed since.
    var lastPipeline: FramePipeline? {
        switch phase {
        case .awaitingHello: nil
        case .running(let p): p
        case .closed(let p): p
        }
    }

    private func close() {
        phase = .closed(pipeline)
    }

    /// The render tree, while the session runs, for inspection: the
    /// pipeline quiesced first (``FramePipeline/quiesce(before:)``), so it
    /// is the tree the last frame presented shows.
    public func inspectTree() -> RenderTree? {
        pipeline?.quiesce(before: nil)
        return pipeline?.tree
    }

    /// Handles one message from the client; returns the replies to send.
    /// A protocol violation returns an `error` reply and closes the session.
    public func handle(_ message: WireMessage) -> [WireMessage] {
        pipeline?.quiesce(before: message)
        do {
            return try dispatch(message)
        } catch let e as LayerTreeError {
            close()
            return [.error(code: ServerErrorCode.refusedCommit.rawValue, message: "commit: \(e.description)")]
        } catch let e as SessionError {
            close()
            return [.error(code: e.code.rawValue, message: e.message)]
        } catch {
            close()
            return [.error(code: ServerErrorCode.serverFailure.rawValue, message: "server: \(error)")]
        }
    }

    private func dispatch(_ message: WireMessage) throws -> [WireMessage] {
        switch (phase, message) {
        case (.closed, _):
            throw SessionError(.sessionClosed, "the session is closed")
        case (.awaitingHello, .hello(let h)):
            phase = .running(FramePipeline(h, frames: try output(h)))
            return [.welcome(version: WireProtocol.version, serverPID: pid)]
        case (.awaitingHello, _):
            throw SessionError(.helloExpected, "\(message.tag): the first message must be hello")
        case (.running(let pipeline), .commit(let diff)):
            let tree = pipeline.tree
            try checkTime(of: diff, "commit", after: tree.lastSequence)
            try checkBitmapBudget(diff.ops.compactMap(Self.bitmapBytes), in: tree.layers, "commit \(diff.sequence)")
            try checkLayerCount(diff, from: tree.layers.layerCount, "commit \(diff.sequence)")
            let start = WallClock.nanoseconds()
            defer { applyNanoseconds &+= WallClock.nanoseconds() &- start }
            try tree.apply(diff)
            try checkDepth(diff, in: tree.layers, "commit \(diff.sequence)")
            sharedSinceLastApply = []
            pipeline.applied(sequence: diff.sequence, transactions: diff.transactions)
            lastCommitTime = diff.time
            return []
        case (.running(let pipeline), .snapshot(let diff)):
            try checkTime(of: diff, "snapshot", after: pipeline.tree.lastSequence)
            try checkBitmapBudget(diff.ops.compactMap(Self.bitmapBytes), in: LayerTree(), "snapshot")
            try checkLayerCount(diff, from: 0, "snapshot")
            let start = WallClock.nanoseconds()
            defer { applyNanoseconds &+= WallClock.nanoseconds() &- start }
            let t = pipeline.emptyTree()
            for (image, bitmap) in sharedSinceLastApply { t.storeBitmap(image, bitmap) }
            sharedSinceLastApply = []
            try t.apply(diff)
            try checkDepth(diff, in: t.layers, "snapshot")
            pipeline.replaceTree(t, showing: (diff.sequence, diff.transactions))
            lastCommitTime = diff.time
            return []
        case (.running(let pipeline), .vsync(let index, let time)):
            let nextTime = try checkVsync(index, at: time, pipeline)
            lastVsync = (index, time)
            return [.presented(try pipeline.present(vsync: index, at: time, nextTime: nextTime))]
        case (.running, .bitmapShared(let image, _, _, _, _)):
            throw SessionError(.bitmapWithoutDescriptor, "bitmapShared \(image.rawValue): its pixels come in a descriptor, which only the socket code can take")
        case (.running(let pipeline), .sync(let token)):
            // Everything before the sync is handled once its frames are
            // written: a frame lost behind the lockstep is answered here.
            try pipeline.frames.flush()
            let reply = WireMessage.Applied(token: token, sequence: pipeline.tree.lastSequence,
                                            decodeNanoseconds: decodeNanoseconds, applyNanoseconds: applyNanoseconds)
            decodeNanoseconds = 0
            applyNanoseconds = 0
            return [.applied(reply)]
        case (.running, .goodbye):
            close()
            return []
        case (.running, .error):
            close()
            return []
        case (.running, let other):
            throw SessionError(.serverOnlyMessage, "\(other.tag): not expected from a client")
        }
    }

    /// A `bitmapShared` whose pixels the socket code has read from the
    /// descriptor that came with it (`width × height × 4` bytes, checked by
    /// the decoder and the read): stored like a `bitmap` op, at once.
    public func handleSharedBitmap(_ image: ImageID, width: UInt32, height: UInt32, pixels: [UInt8]) -> [WireMessage] {
        guard let tree = inspectTree() else {
            return handle(.bitmapShared(image, width: width, height: height, offset: 0, byteCount: UInt64(pixels.count)))
        }
        do {
            try checkBitmapBudget([(image, pixels.count)], in: tree.layers, "bitmapShared \(image.rawValue)")
        } catch {
            close()
            return [.error(code: error.code.rawValue, message: error.message)]
        }
        let start = WallClock.nanoseconds()
        let bitmap = Bitmap(width: Int(width), height: Int(height), pixels: pixels)
        tree.storeBitmap(image, bitmap)
        sharedSinceLastApply.append((image, bitmap))
        applyNanoseconds &+= WallClock.nanoseconds() &- start
        return []
    }

    /// The session's bitmap budget (``RenderLimits/maxSessionBitmapBytes``
    /// by default): what a session may keep, whatever each message's own
    /// bound allows.
    public var bitmapBudget = RenderLimits.maxSessionBitmapBytes

    /// The session's tree limits (``RenderLimits/maxLayerCount`` and
    /// ``RenderLimits/maxTreeDepth`` by default; lower for tests).
    public var treeLimits = (layers: RenderLimits.maxLayerCount, depth: RenderLimits.maxTreeDepth)

    /// Adds wall-clock decoding time to the next `applied` report (the
    /// socket code decodes; the session applies).
    public func recordDecode(nanoseconds: UInt64) {
        decodeNanoseconds &+= nanoseconds
    }

    /// Every message that came is answered: the client's turn, in which
    /// the pipeline may draw the next frame (``FramePipeline/clientsTurn()``)
    /// — not while a shared bitmap waits for the commit it belongs to.
    public func clientsTurn() {
        guard sharedSinceLastApply.isEmpty else { return }
        pipeline?.clientsTurn()
    }

    /// Writes `replies` to the client through `outbox`, as the pipeline
    /// delivers them (``FramePipeline/deliver(_:through:)``).
    func deliver(_ replies: [WireMessage], through outbox: Outbox) throws(SystemError) {
        if let pipeline { try pipeline.deliver(replies, through: outbox) } else { try outbox.write(replies) }
    }
}

/// A protocol violation by the client.
struct SessionError: Error, Sendable {
    var code: ServerErrorCode
    var message: String

    init(_ code: ServerErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
