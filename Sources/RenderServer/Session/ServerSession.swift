import LoopSimTrace
import Raster
import RenderModel
import RenderWire

/// One client's session with the render server: the protocol's state
/// machine, with no I/O of its own (frames go to a ``FrameOutput``).
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
/// that vsync comes (``drawNextFrameAhead()``), and is taken back when
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

    /// Where the session is, with the display once `hello` set it up.
    private enum Phase {
        case awaitingHello
        case running(Display)
        case closed
    }

    /// What `hello` sets up: the display, its tree and its framebuffer.
    final class Display {
        let hello: WireMessage.Hello
        let clock: VsyncClock
        let frames: FrameOutput
        let drawing: FrameDrawing
        var tree: RenderTree
        var framebuffer: Bitmap
        /// The framebuffer as a P6 file, re-encoded only where damaged.
        var ppm: [UInt8]
        let ppmHeaderCount: Int
        /// The framebuffer's ``TiledFrameHash``: only damaged tiles are
        /// rehashed when a frame is drawn.
        var tiledHash: TiledFrameHash
        var framebufferHash: UInt64
        /// The array the tree fills with the next frame's unmerged damage
        /// boxes (`RenderTree.takeDamage(changed:)`), given back each frame.
        var unmergedSpare: [PixelRect]? = []

        init(_ hello: WireMessage.Hello, frames: FrameOutput) {
            self.hello = hello
            self.frames = frames
            clock = VsyncClock(hz: Int(hello.refreshHz))
            drawing = FrameDrawing(background: hello.background)
            tree = RenderTree(displayWidth: Int(hello.width), displayHeight: Int(hello.height))
            tree.mergesDamage = Self.mergesDamage(hello, frames)
            framebuffer = Bitmap(width: Int(hello.width), height: Int(hello.height), fill: hello.background)
            ppm = PNMEncoder.p6(framebuffer, over: hello.background)
            ppmHeaderCount = PNMEncoder.p6Header(width: framebuffer.width, height: framebuffer.height).count
            tiledHash = TiledFrameHash(framebuffer)
            framebufferHash = tiledHash.value
        }

        /// Whether a frame's damage region is read — its rectangles written
        /// to `frames.jsonl`, its pixels costed — and so must be merged
        /// (`RenderTree.mergesDamage`): otherwise the unmerged boxes are
        /// drawn, the same bytes for less work.
        static func mergesDamage(_ hello: WireMessage.Hello, _ frames: FrameOutput) -> Bool {
            frames.keepsFrames || hello.rendersInTime
        }

        /// The colour of each of `hello.probes` in the frame, read from its
        /// P6 bytes (composited over the background, as the file holds it).
        func probeColors() -> [RGBA8] {
            hello.probes.map { p in
                let i = ppmHeaderCount + (Int(p.y) * framebuffer.width + Int(p.x)) * 3
                return RGBA8(r: ppm[i], g: ppm[i + 1], b: ppm[i + 2], a: 255)
            }
        }
    }

    private var phase = Phase.awaitingHello
    /// Commits applied since the last vsync (sequence, transaction ids): the
    /// next frame shows them first.
    var unlatched: [(sequence: UInt64, transactions: [UInt64])] = []
    /// Bitmaps that came as `bitmapShared` since the last commit or
    /// snapshot: they belong to the next one, so a snapshot (which starts a
    /// new tree) stores them again before it applies.
    var sharedSinceLastApply: [(ImageID, Bitmap)] = []
    /// The last vsync handled (index, time), and the last commit's time.
    var lastVsync: (index: UInt64, time: Int64)?
    private var lastCommitTime: Int64?
    /// Virtual time until which the server is still rendering the last
    /// frame it drew (`hello.renderCost` after its latch): a vsync before
    /// it cannot latch.
    private var busyUntil: Int64 = 0
    /// Wall-clock cost of the commits since the last `sync`.
    private var decodeNanoseconds: UInt64 = 0
    private var applyNanoseconds: UInt64 = 0
    private let output: (WireMessage.Hello) throws -> FrameOutput
    private let pid: UInt32
    /// Frames written so far.
    public private(set) var framesWritten = 0
    /// The frame of the vsync after the last, drawn before the client
    /// asked for it (``drawNextFrameAhead()``), and taken back if anything
    /// else comes first.
    var drawnAhead: DrawnAhead?
    /// Whether the last message handled was the vsync of the frame drawn
    /// ahead (its `presented` may be written by the helper: `send(_:)`).
    private(set) var answeredFrameDrawnAhead = false
    /// The array the next frame drawn ahead records its replaced states
    /// in (``recycle(_:)``).
    var spareShown: [(LayerID, LayerState)] = []
    /// The vsync the client sends next when nothing else comes first: the
    /// one after a frame that animates, with no render cost.
    var nextAnimatedVsync: UInt64?
    /// How many frames were drawn ahead, and how many of them were taken
    /// back because another message came before their vsync.
    public internal(set) var framesDrawnAhead = 0
    public internal(set) var framesTakenBack = 0
    /// How many answers the helper thread wrote (``send(_:)``).
    public internal(set) var answersSentByHelper = 0

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
    public var hello: WireMessage.Hello? { display?.hello }

    /// The session's frame drawing, while it runs (for tests).
    var drawing: FrameDrawing? { display?.drawing }

    /// The render tree, while the session runs (for inspection): as the
    /// last frame presented shows it (a frame drawn ahead is taken back).
    public var tree: RenderTree? {
        display?.drawing.settle()
        takeBackDrawnAhead()
        return display?.tree
    }

    var display: Display? {
        if case .running(let d) = phase { d } else { nil }
    }

    /// Handles one message from the client; returns the replies to send.
    /// A protocol violation returns an `error` reply and closes the session.
    public func handle(_ message: WireMessage) -> [WireMessage] {
        nextAnimatedVsync = nil
        answeredFrameDrawnAhead = false
        if let ahead = drawnAhead, case .vsync(ahead.vsync, _) = message {
            answeredFrameDrawnAhead = true
            // Its frame is drawn: what is left reads no tree, and the helper
            // evaluates the one after meanwhile.
        } else {
            display?.drawing.settle()   // the helper may be evaluating the next frame's animations
            takeBackDrawnAhead()
        }
        do {
            return try dispatch(message)
        } catch let e as LayerTreeError {
            phase = .closed
            return [.error(code: ServerErrorCode.refusedCommit.rawValue, message: "commit: \(e.description)")]
        } catch let e as SessionError {
            phase = .closed
            return [.error(code: e.code.rawValue, message: e.message)]
        } catch {
            phase = .closed
            return [.error(code: ServerErrorCode.serverFailure.rawValue, message: "server: \(error)")]
        }
    }

    private func dispatch(_ message: WireMessage) throws -> [WireMessage] {
        switch (phase, message) {
        case (.closed, _):
            throw SessionError(.sessionClosed, "the session is closed")
        case (.awaitingHello, .hello(let h)):
            phase = .running(Display(h, frames: try output(h)))
            return [.welcome(version: WireProtocol.version, serverPID: pid)]
        case (.awaitingHello, _):
            throw SessionError(.helloExpected, "\(message.tag): the first message must be hello")
        case (.running(let display), .commit(let diff)):
            try checkTime(of: diff, "commit", display)
            try checkBitmapBudget(diff.ops.compactMap(Self.bitmapBytes), in: display.tree.layers, "commit \(diff.sequence)")
            try checkLayerCount(diff, from: display.tree.layers.layerCount, "commit \(diff.sequence)")
            let start = WallClock.nanoseconds()
            defer { applyNanoseconds &+= WallClock.nanoseconds() &- start }
            try display.tree.apply(diff)
            try checkDepth(diff, in: display.tree.layers, "commit \(diff.sequence)")
            sharedSinceLastApply = []
            unlatched.append((diff.sequence, diff.transactions))
            lastCommitTime = diff.time
            return []
        case (.running(let display), .snapshot(let diff)):
            try checkTime(of: diff, "snapshot", display)
            try checkBitmapBudget(diff.ops.compactMap(Self.bitmapBytes), in: LayerTree(), "snapshot")
            try checkLayerCount(diff, from: 0, "snapshot")
            let start = WallClock.nanoseconds()
            defer { applyNanoseconds &+= WallClock.nanoseconds() &- start }
            let t = RenderTree(displayWidth: Int(display.hello.width), displayHeight: Int(display.hello.height))
            t.mergesDamage = display.tree.mergesDamage
            for (image, bitmap) in sharedSinceLastApply { t.storeBitmap(image, bitmap) }
            sharedSinceLastApply = []
            try t.apply(diff)
            try checkDepth(diff, in: t.layers, "snapshot")
            t.damageAll()
            display.tree = t
            // The snapshot stands for the commits it carries that no frame
            // has shown yet (its transactions): the next vsync latches it.
            unlatched = [(diff.sequence, diff.transactions)]
            lastCommitTime = diff.time
            return []
        case (.running(let display), .vsync(let index, let time)):
            return [try present(vsync: index, time: time, display)]
        case (.running, .bitmapShared(let image, _, _, _, _)):
            throw SessionError(.bitmapWithoutDescriptor, "bitmapShared \(image.rawValue): its pixels come in a descriptor, which only the socket code can take")
        case (.running(let display), .sync(let token)):
            // Everything before the sync is handled once its frames are
            // written: a frame lost behind the lockstep is answered here.
            try display.frames.flush()
            let reply = WireMessage.Applied(token: token, sequence: display.tree.lastSequence,
                                            decodeNanoseconds: decodeNanoseconds, applyNanoseconds: applyNanoseconds)
            decodeNanoseconds = 0
            applyNanoseconds = 0
            return [.applied(reply)]
        case (.running, .goodbye):
            phase = .closed
            return []
        case (.running, .error):
            phase = .closed
            return []
        case (.running, let other):
            throw SessionError(.serverOnlyMessage, "\(other.tag): not expected from a client")
        }
    }

    /// A `bitmapShared` whose pixels the socket code has read from the
    /// descriptor that came with it (`width × height × 4` bytes, checked by
    /// the decoder and the read): stored like a `bitmap` op, at once.
    public func handleSharedBitmap(_ image: ImageID, width: UInt32, height: UInt32, pixels: [UInt8]) -> [WireMessage] {
        guard let tree else {   // `tree` waits for the helper
            return handle(.bitmapShared(image, width: width, height: height, offset: 0, byteCount: UInt64(pixels.count)))
        }
        do {
            try checkBitmapBudget([(image, pixels.count)], in: tree.layers, "bitmapShared \(image.rawValue)")
        } catch {
            phase = .closed
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

    private func present(vsync k: UInt64, time: Int64, _ display: Display) throws -> WireMessage {
        let hello = display.hello, tree = display.tree, clock = display.clock
        func vsyncTime(_ k: UInt64) throws -> Int64 { try self.vsyncTime(k, clock) }
        let expectedTime = try vsyncTime(k)
        guard time == expectedTime else {
            throw SessionError(.vsyncTimeMismatch, "vsync \(k): its time must be \(expectedTime) ns at \(hello.refreshHz) Hz, got \(time)")
        }
        // The frame this vsync latches is on screen at vsync k + 1 at the
        // earliest: that time must exist too.
        let nextTime = try vsyncTime(k + 1)
        if let v = lastVsync, k <= v.index {
            throw SessionError(.vsyncIndexNotGrowing, "vsync \(k): vsync \(v.index) was already rendered; indexes must grow")
        }
        if let c = lastCommitTime, time < c {
            throw SessionError(.vsyncBeforeCommit, "vsync \(k) at \(time) ns: commit \(tree.lastSequence) at \(c) ns came before it; virtual time must not go back")
        }
        lastVsync = (k, time)
        if time < busyUntil {
            // Still rendering the previous frame: nothing is latched; the
            // client may ask again at the first vsync after the render.
            return .presented(.init(frame: k + 1, onScreenTime: nextTime, frameHash: display.framebufferHash,
                                    damage: .none, firstVisible: [], nextFrameTime: try vsyncTime(try firstVsync(atOrAfter: busyUntil, from: k + 1, clock))))
        }
        let latched = unlatched.map(\.sequence)
        let transactions = unlatched.flatMap(\.transactions)
        unlatched.removeAll()
        // The animations, at the frame's target time: vsync k + 1, when it
        // is on screen unless the render overruns (docs/animations.md).
        // Drawn already when nothing came between the last vsync and this
        // one (`handle` took back a frame drawn for another).
        let ahead = drawnAhead.take()
        defer { recycle(ahead) }
        let render = try ahead?.render ?? self.render(display, vsync: k, atMediaTime: Double(nextTime) / 1e9)
        let step = render.step
        // While an animation runs, the next vsync must be drawn (§3.8).
        let nextFrame = step.animating ? nextTime : WireMessage.Presented.noNextFrame
        if step.animating, !hello.rendersInTime { nextAnimatedVsync = k + 1 }
        guard let box = render.box else {
            return .presented(.init(frame: k + 1, onScreenTime: nextTime, frameHash: display.framebufferHash,
                                    damage: .none, firstVisible: latched, nextFrameTime: nextFrame,
                                    began: step.began, ended: step.ended))
        }
        // The render takes `renderCost` plus `rasterCost` per pixel of the
        // rectangles recomposited, from the latch; the frame is on screen
        // at the first vsync after it ends (the next one at best).
        var frame = k + 1
        var onScreen = nextTime
        var renderDuration: Int64 = 0
        if hello.rendersInTime {
            let pixels = render.changed.reduce(0) { $0 + $1.width * $1.height }
            let duration = hello.renderDuration(pixels: pixels)
            let (end, overflow) = time.addingReportingOverflow(duration ?? .max)
            guard duration != nil, !overflow else {
                throw SessionError(.timeOutOfRange, "vsync \(k): a render of \(duration.map { "\($0) ns" } ?? "\(pixels) pixels") from \(time) ns ends past the end of virtual time (\(Int64.max) ns)")
            }
            renderDuration = duration!
            let f = try firstVsync(atOrAfter: end, from: k + 1, clock)
            onScreen = try vsyncTime(f)
            busyUntil = end
            frame = f
        }
        if ahead == nil {
            draw(render, display, lookingAheadAfter: k)
        }
        let hash = display.tiledHash.value
        let changes = P6Changes(headerCount: display.ppmHeaderCount, width: display.framebuffer.width, rects: render.encoded)
        try display.frames.write(frame: frame, ppm: &display.ppm, changed: changes) {
            FrameIndexEntry(frame: frame, present: onScreen, file: FrameFolder.fileName(frame: frame),
                            hash: Bitmap.hashHex(hash), txns: transactions, damage: Self.indexRect(box),
                            rects: render.damage.rects.map(Self.indexRect)).jsonLine
        }
        display.framebufferHash = hash
        framesWritten += 1
        // Animating: the next vsync the server can latch at (after the render).
        let next = step.animating ? (hello.rendersInTime ? try vsyncTime(try firstVsync(atOrAfter: busyUntil, from: k + 1, clock)) : nextTime)
            : WireMessage.Presented.noNextFrame
        return .presented(.init(frame: frame, onScreenTime: onScreen, frameHash: hash,
                                damage: .init(x: UInt32(box.x), y: UInt32(box.y),
                                              width: UInt32(box.width), height: UInt32(box.height)),
                                firstVisible: latched, nextFrameTime: next, renderDuration: renderDuration,
                                probeColors: display.probeColors(), began: step.began, ended: step.ended))
    }

    private static func indexRect(_ r: PixelRect) -> FrameIndexEntry.Rect {
        .init(x: r.x, y: r.y, width: r.width, height: r.height)
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
