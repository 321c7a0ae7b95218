import LayerKit
import LoopSimTrace
import RenderModel
import RenderWire
import RunLoopKit

/// The client side of the lockstep.
final class RenderState {
    var connection: RenderConnection
    let transport: RenderConnection.Transport
    let hello: WireMessage.Hello
    /// The display's vsyncs.
    let clock: VsyncClock
    /// The tree as of the last latched commit: what is on screen.
    var onScreen = LayerTree()
    /// What each frame showed, as changes (``PresentedHistory``).
    var history = PresentedHistory()
    var dead = false
    /// The server refused the session (or could not be reached): nothing
    /// more is sent, and the run fails (``Simulation/renderLosses``).
    var failed = false
    /// Whether the animation step once disagreed with the server (warned).
    var warnedAnimationMismatch = false
    /// A refusal found when a commit's send met the socket the server had
    /// closed after refusing an earlier message: reported by the next vsync
    /// (or the run's end), as an `error` reply would have been.
    var refusal: (code: UInt16, text: String)?
    var scheduledVsyncs: Set<Int64> = []
    /// The last vsync sent: the server renders each vsync once, in order.
    var lastVsyncSent: Int64?
    /// Whether the last frame's damage was large enough for the server to
    /// draw it on both cores (at least ``twoCoreDamage`` pixels in its
    /// bounds): then the client waits for the next `presented` asleep in
    /// `poll` instead of spinning, so as not to take a core from the
    /// server's two threads (docs/internals/render-server.md, "Spin, then sleep").
    /// Only wall time depends on it.
    var serverDrawsOnTwoCores = false
    /// The server's threshold for two bands (`FrameDrawing.minimumSplitPixels`,
    /// tested equal).
    static let twoCoreDamage = 16_384
    /// Until when the server is rendering the last frame it drew (its latch
    /// plus the render cost); no vsync before it is sent.
    var busyUntil: Int64 = 0
    /// Vsyncs at which nothing could be latched because the server was
    /// rendering (for telling render hitches from commit hitches).
    var busyVsyncs: Set<Int64> = []
    var transactionsBySequence: [UInt64: [Int]] = [:]
    /// First mutation (or begin) of each shipped transaction not yet on screen.
    var latencyStart: [Int: Int64] = [:]
    /// Display-link deadlines of transactions in flight (``LayerKit/CommitRecord/frameDeadlines``).
    var latencyDue: [Int: Int64] = [:]
    /// The frames drawn and the replies, compactly (``PresentedLog``).
    var log = PresentedLog()
    /// How many of `log`'s frames are known to be on disk: those drawn
    /// before the last `sync` the server answered, or checked on disk
    /// after a crash (``Simulation/recoverRenderServer(after:)``).
    var framesConfirmed = 0
    var sentDiffs: [UInt64: CommitDiff] = [:]

    /// When the frame latched at vsync `k` is on screen: the next vsync,
    /// or with a render cost the first vsync after the render ends; `nil`
    /// past the end of virtual time. The server computes the same.
    func frameTime(latchingAt k: Int64) -> Int64? {
        guard let latch = clock.time(ofVsync: k), let next = clock.time(ofVsync: k + 1) else { return nil }
        guard hello.rendersInTime else { return next }
        // The longest render: the whole display recomposited.
        guard let cost = hello.renderDuration(pixels: Int(hello.width) * Int(hello.height)),
              let done = VirtualTime.checkedSum(latch, cost),
              let frame = clock.firstVsync(atOrAfter: done) else { return nil }
        return clock.time(ofVsync: max(frame, k + 1))
    }

    init(connection: RenderConnection, transport: RenderConnection.Transport, hello: WireMessage.Hello, clock: VsyncClock) {
        self.connection = connection
        self.transport = transport
        self.hello = hello
        self.clock = clock
    }
}
