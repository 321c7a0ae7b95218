import LoopSimSystem
import LoopSimTrace
import Raster
import RenderModel
import RenderWire

/// A session's frames, from the commits applied to the render tree to the
/// files written and the `presented` answered (docs/internals/render-server.md):
/// the tree, the framebuffer, its P6 bytes and tile hash, the frame
/// output, and the work done ahead of the client — the next frame's
/// animations evaluated on the helper, the next frame drawn while the
/// client takes its turn, the answer to its vsync written by the helper.
///
/// ``ServerSession`` speaks the protocol and reaches the frames through
/// four entry points only:
///
/// - ``present(vsync:at:nextTime:)`` — a vsync's frame, drawn (or taken as
///   drawn ahead), written and reported;
/// - ``clientsTurn()`` — every message that came is answered: the next
///   frame may be drawn ahead;
/// - ``quiesce(before:)`` — before any other message or any inspection:
///   the helper done, a frame drawn ahead taken back, so the tree is the
///   last frame presented's;
/// - ``deliver(_:through:)`` — a reply on its way to the client, through
///   the connection's ``Outbox``.
///
/// Whatever the pipeline does ahead, the bytes are those of doing nothing
/// ahead (tested); only wall time changes.
final class FramePipeline {
    let hello: WireMessage.Hello
    let clock: VsyncClock
    let frames: FrameOutput
    let drawing: FrameDrawing
    /// The render tree. Replaced by a snapshot (``replaceTree(_:showing:)``).
    private(set) var tree: RenderTree
    var framebuffer: Bitmap
    /// The framebuffer as a P6 file, re-encoded only where damaged.
    var ppm: [UInt8]
    let ppmHeaderCount: Int
    /// The framebuffer's ``TiledFrameHash``: only damaged tiles are
    /// rehashed when a frame is drawn.
    var tiledHash: TiledFrameHash
    private(set) var framebufferHash: UInt64
    /// The array the tree fills with the next frame's unmerged damage
    /// boxes (`RenderTree.takeDamage(changed:)`), given back each frame.
    var unmergedSpare: [PixelRect]? = []
    /// Commits applied since the last vsync (sequence, transaction ids): the
    /// next frame shows them first.
    private(set) var unlatched: [(sequence: UInt64, transactions: [UInt64])] = []
    /// Virtual time until which the server is still rendering the last
    /// frame it drew (`hello.renderCost` after its latch): a vsync before
    /// it cannot latch.
    private var busyUntil: Int64 = 0
    /// The frame of the vsync after the last, drawn before the client
    /// asked for it (``clientsTurn()``), and taken back if anything else
    /// comes first.
    var drawnAhead: DrawnAhead?
    /// Whether the message being handled is the vsync of the frame drawn
    /// ahead (its `presented` may be written by the helper: ``deliver(_:through:)``).
    private var answersFrameDrawnAhead = false
    /// The array the next frame drawn ahead records its replaced states
    /// in (``recycle(_:)``).
    var spareShown: [(LayerID, LayerState)] = []
    /// The vsync the client sends next when nothing else comes first: the
    /// one after a frame that animates, with no render cost.
    var nextAnimatedVsync: UInt64?
    /// What the pipeline did, for tests and benchmarks.
    var counters = Counters()

    /// What the pipeline did: frames written, drawn ahead, taken back
    /// because another message came before their vsync, and answers the
    /// helper wrote.
    struct Counters: Sendable {
        var framesWritten = 0
        var framesDrawnAhead = 0
        var framesTakenBack = 0
        var answersSentByHelper = 0
    }

    init(_ hello: WireMessage.Hello, frames: FrameOutput) {
        self.hello = hello
        self.frames = frames
        clock = VsyncClock(hz: Int(hello.refreshHz))
        drawing = FrameDrawing(background: hello.background)
        tree = RenderTree(displayWidth: Int(hello.width), displayHeight: Int(hello.height))
        tree.mergesDamage = frames.keepsFrames || hello.rendersInTime
        framebuffer = Bitmap(width: Int(hello.width), height: Int(hello.height), fill: hello.background)
        ppm = PNMEncoder.p6(framebuffer, over: hello.background)
        ppmHeaderCount = PNMEncoder.p6Header(width: framebuffer.width, height: framebuffer.height).count
        tiledHash = TiledFrameHash(framebuffer)
        framebufferHash = tiledHash.value
    }

    /// A commit applied to ``tree``: the next frame latches it.
    func applied(sequence: UInt64, transactions: [UInt64]) {
        unlatched.append((sequence, transactions))
    }

    /// An empty tree for the display, to apply a snapshot to.
    func emptyTree() -> RenderTree {
        let t = RenderTree(displayWidth: Int(hello.width), displayHeight: Int(hello.height))
        t.mergesDamage = tree.mergesDamage
        return t
    }

    /// A snapshot's tree (from ``emptyTree()``) replaces ``tree``, with
    /// every pixel damaged; it stands for the commits it carries that no
    /// frame has shown yet (its transactions): the next vsync latches it.
    func replaceTree(_ snapshot: RenderTree, showing latch: (sequence: UInt64, transactions: [UInt64])) {
        snapshot.damageAll()
        tree = snapshot
        unlatched = [latch]
    }

    // MARK: The four entry points

    /// Quiesces the pipeline before `message` is handled, or before the
    /// tree is inspected (nil): waits for the helper and takes back a
    /// frame drawn ahead, so that the tree, the framebuffer, its P6 bytes
    /// and its hash are what the last frame presented left. Only the vsync
    /// of the frame drawn ahead keeps it: that frame is drawn, what is left
    /// reads no tree, and the helper evaluates the one after meanwhile.
    func quiesce(before message: WireMessage?) {
        nextAnimatedVsync = nil
        answersFrameDrawnAhead = false
        if let ahead = drawnAhead, let message, case .vsync(ahead.vsync, _) = message {
            answersFrameDrawnAhead = true
            return
        }
        drawing.settle()
        takeBackDrawnAhead()
    }

    /// Presents vsync `k` at `time` (the session checked both; `nextTime`
    /// is vsync `k + 1`'s): latches what was applied since the last vsync,
    /// runs the animations at the frame's target time, draws the damage,
    /// writes the frame and answers `presented`. With a render cost the
    /// frame is on screen at the first vsync after its render ends, and a
    /// vsync during a render latches nothing (its reply's `nextFrameTime`
    /// says when to ask again).
    func present(vsync k: UInt64, at time: Int64, nextTime: Int64) throws -> WireMessage.Presented {
        if time < busyUntil {
            // Still rendering the previous frame: nothing is latched.
            return .init(frame: k + 1, onScreenTime: nextTime, frameHash: framebufferHash, damage: .none, firstVisible: [],
                         nextFrameTime: try clock.checkedTime(ofVsync: try clock.checkedFirstVsync(atOrAfter: busyUntil, from: k + 1)))
        }
        let latched = unlatched.map(\.sequence)
        let transactions = unlatched.flatMap(\.transactions)
        unlatched.removeAll()
        // The animations, at the frame's target time: vsync k + 1, when it
        // is on screen unless the render overruns (docs/reference/animations.md).
        // Drawn already when nothing came between the last vsync and this
        // one (`quiesce` took back a frame drawn for another).
        let ahead = drawnAhead.take()
        defer { recycle(ahead) }
        let render = try ahead?.render ?? self.render(vsync: k, atMediaTime: Double(nextTime) / 1e9)
        let step = render.step
        // While an animation runs, the next vsync must be drawn (§3.8).
        if step.animating, !hello.rendersInTime { nextAnimatedVsync = k + 1 }
        guard let box = render.box else {
            return .init(frame: k + 1, onScreenTime: nextTime, frameHash: framebufferHash, damage: .none, firstVisible: latched,
                         nextFrameTime: step.animating ? nextTime : WireMessage.Presented.noNextFrame,
                         began: step.began, ended: step.ended)
        }
        // The render takes `renderCost` plus `rasterCost` per pixel of the
        // rectangles recomposited, from the latch; the frame is on screen
        // at the first vsync after it ends (the next one at best).
        var frame = k + 1, onScreen = nextTime, renderDuration: Int64 = 0
        if hello.rendersInTime {
            let pixels = render.changed.reduce(0) { $0 + $1.width * $1.height }
            let duration = hello.renderDuration(pixels: pixels)
            let (end, overflow) = time.addingReportingOverflow(duration ?? .max)
            guard let duration, !overflow else {
                throw SessionError(.timeOutOfRange, "vsync \(k): a render of \(duration.map { "\($0) ns" } ?? "\(pixels) pixels") from \(time) ns ends past the end of virtual time (\(Int64.max) ns)")
            }
            renderDuration = duration
            frame = try clock.checkedFirstVsync(atOrAfter: end, from: k + 1)
            onScreen = try clock.checkedTime(ofVsync: frame)
            busyUntil = end
        }
        if ahead == nil { draw(render, lookingAheadAfter: k) }
        let hash = tiledHash.value
        let changes = P6Changes(headerCount: ppmHeaderCount, width: framebuffer.width, rects: render.encoded)
        try frames.write(frame: frame, ppm: &ppm, changed: changes) {
            FrameIndexEntry(frame: frame, present: onScreen, file: FrameFolder.fileName(frame: frame),
                            hash: Bitmap.hashHex(hash), txns: transactions, damage: Self.indexRect(box),
                            rects: render.damage.rects.map(Self.indexRect)).jsonLine
        }
        framebufferHash = hash
        counters.framesWritten += 1
        // Animating: the next vsync the server can latch at (after the render).
        let next = !step.animating ? WireMessage.Presented.noNextFrame
            : hello.rendersInTime ? try clock.checkedTime(ofVsync: try clock.checkedFirstVsync(atOrAfter: busyUntil, from: k + 1)) : nextTime
        return .init(frame: frame, onScreenTime: onScreen, frameHash: hash,
                     damage: .init(x: UInt32(box.x), y: UInt32(box.y), width: UInt32(box.width), height: UInt32(box.height)),
                     firstVisible: latched, nextFrameTime: next, renderDuration: renderDuration,
                     probeColors: probeColors(), began: step.began, ended: step.ended)
    }

    /// The client's turn: every message that came is answered. Draws the
    /// frame of the client's next vsync before it comes, when it can
    /// (``drawNextFrameAhead()``, docs/internals/render-server.md, "Drawing ahead").
    func clientsTurn() {
        drawNextFrameAhead()
    }

    /// Writes `replies` to the client through `outbox`. The `presented`
    /// answering the vsync of a frame drawn ahead is handed to the helper
    /// to write when that frame was drawn in two bands: this thread goes
    /// on to the next frame at once, and the client, woken by the write,
    /// takes its turn on the helper's core (docs/internals/render-server.md, "Who
    /// answers the vsync").
    func deliver(_ replies: [WireMessage], through outbox: Outbox) throws(SystemError) {
        if answersFrameDrawnAhead, replies.count == 1, case .presented = replies[0], drawing.helper.lastRanBands,
           try outbox.hand(replies[0], to: drawing.helper) {
            counters.answersSentByHelper += 1
            return
        }
        try outbox.write(replies)
    }

    // MARK: Frames

    /// The colour of each of `hello.probes` in the frame, read from its
    /// P6 bytes (composited over the background, as the file holds it).
    private func probeColors() -> [RGBA8] {
        hello.probes.map { p in
            let i = ppmHeaderCount + (Int(p.y) * framebuffer.width + Int(p.x)) * 3
            return RGBA8(r: ppm[i], g: ppm[i + 1], b: ppm[i + 2], a: 255)
        }
    }

    private static func indexRect(_ r: PixelRect) -> FrameIndexEntry.Rect {
        .init(x: r.x, y: r.y, width: r.width, height: r.height)
    }
}
