import LayerKit
import LoopSimTrace
import RenderModel
import RenderWire
import RunLoopKit
import TaskKit

/// The simulated app: one main thread with its main run loop, the outside
/// world that feeds it, and the trace of what happened.
///
/// Input events (taps) arrive as messages on a version-1 port of the main run
/// loop in the common modes, so they are handled one per pass, in default and
/// tracking alike, and queue up while the main thread is blocked.
public final class Simulation {
    public let context: SimContext
    public let mainLoop: SimRunLoop
    /// The main run loop's input-event port (common modes).
    public let eventPort: SimPort
    /// Every event so far, in order (nil when tracing is off).
    public let recorder: TraceRecorder?
    /// The layers, the transaction stack and the commit phases.
    public let layers: LayerContext
    /// The render server connection, when one is attached.
    var render: RenderState?

    var finishedLog = PresentedLog()
    /// A simulation owns its run: when it goes, the outside events it never
    /// delivered go too (they hold the loop and the context), so a finished
    /// run releases what it made (docs/guide/library.md).
    deinit {
        SimulatedMainExecutor.shared.end(mainLoop)
        context.discardOutsideEvents()
    }

    var finishedHistory = PresentedHistory()
    /// What the render server lost for good (frames, commits), each a
    /// sentence; a run with any fails (``renderLosses``).
    var losses: [String] = []
    /// Where the render server writes frame files and `frames.jsonl` (nil
    /// until a server is attached).
    public internal(set) var framesFolder: String?
    /// Every `log` action, with its virtual time.
    public private(set) var logs: [(time: Nanoseconds, text: String)] = []
    /// Every transaction's commit latency, as traced (`latency` events),
    /// in order: what a summary needs when the events are not kept
    /// (built from ``latencyLog`` when asked for: O(transactions)).
    public var latencies: [TraceEvent.LatencyInfo] { latencyLog.map(\.info) }
    /// The latency records, compact (``LatencyRecord``), in chunks that are
    /// never recopied as a long run adds to them (``ChunkedArray``).
    var latencyLog = ChunkedArray<LatencyRecord>()
    /// When the render server was animating (`Simulation+Hitches.swift`).
    var serverAnimationIntervals: [(start: Int64, end: Int64?)] = []
    /// Frames drawn for animations that reached the screen after the vsync
    /// they were due at (a render overrun), with how late.
    public internal(set) var lateAnimationFrames: [(frame: Int64, present: Int64, hitch: Int64)] = []
    /// The display links whose running time counts as animation time.
    var displayLinks: [DisplayLink] = []

    /// The bound of virtual time for runs with no timeout (`run`,
    /// `run iterations=`), 10 minutes.
    public static let defaultSettleBound: Nanoseconds = 600 * 1_000_000_000

    /// - Parameters:
    ///   - tracing: record the trace (off for benchmarks).
    ///   - sink: where the events go as they happen instead of a
    ///     ``recorder`` (a ``TraceStreamWriter``: a long run keeps no events;
    ///     `tracing` is then ignored).
    ///   - uikitProfile: install UIKit's six main-run-loop observers,
    ///     Core Animation's implicit commit among them (docs/reference/run-loop-rules.md §11).
    ///   - traceLimit: the most trace events recorded
    ///     (``RenderLimits/maxTraceEvents``; lower for tests): past it the
    ///     run stops with a `TraceLimitError`, so no trace takes unbounded
    ///     memory (docs/reference/limits.md).
    public init(tracing: Bool = true, trace sink: TraceSink? = nil, uikitProfile: Bool = true, traceLimit: Int = RenderLimits.maxTraceEvents) {
        let recorder = tracing && sink == nil ? TraceRecorder(limit: traceLimit) : nil
        self.recorder = recorder
        context = SimContext(trace: sink ?? recorder)
        mainLoop = SimRunLoop(context: context, isMain: true)
        mainLoop.addCommonMode(.tracking)
        eventPort = SimPort(name: "events", order: -1, calloutKind: .event) { _, message in
            try message.body?()
        }
        mainLoop.add(eventPort, to: .common)
        layers = LayerContext(loop: mainLoop)
        layers.encodedByteCount = { CommitCodec.encodedSize(of: $0) }
        if uikitProfile { layers.installUIKitProfile() }
    }

    /// What the render server lost for good — a refused commit or vsync, a
    /// frame it could not present — each a sentence naming what was lost.
    /// A run with any is a failed run: it never exits 0
    /// (`docs/internals/render-server.md`, crash recovery).
    public var renderLosses: [String] { losses }

    /// Records a loss (also traced as a `warn`).
    func lose(_ text: String) {
        losses.append(text)
        warn(text)
    }

    /// The current virtual time.
    public var now: Nanoseconds { context.now }

    /// Records a `log` action.
    public func log(_ text: String) {
        logs.append((context.now, text))
        context.emit(.log(text: text))
    }

    /// Records a `warn` event.
    public func warn(_ text: String) {
        context.emit(.warn(text: text))
    }

    /// Schedules an input event: at `time` a message arrives on the event
    /// port; its callout runs `body`.
    public func postInputEvent(at time: Nanoseconds, name: String, _ body: @escaping () throws -> Void) {
        context.schedule(at: time, label: name) { [eventPort, context] in
            eventPort.send(at: context.now, label: name, body: body)
        }
    }

    /// How long a run lasts.
    public enum Limit: Sendable, Equatable {
        case until(Nanoseconds)
        case duration(Nanoseconds)
        case iterations(Int)
        case idle(max: Nanoseconds)
        case forever
    }

    /// Runs the main loop in `mode` (CFRunLoopRunInMode) with the timeout
    /// the limit gives. Unbounded runs (`idle`, `iterations`, `forever`) get a
    /// bound of virtual time unless an outer run already set one.
    @discardableResult
    public func run(mode: RunLoopMode = .default, limit: Limit, returnAfterSource: Bool = false) throws -> RunResult {
        // A simulation attached to @SimulatedMainActor runs on the simulated
        // main thread from here on (the deliveries below may resume tasks).
        let feeder = mainLoop.mainQueueFeeder
        feeder?.runWillBegin(mainLoop)
        defer { feeder?.runDidEnd(mainLoop) }
        context.deliverDueEvents()   // what the outside world did up to now happens first
        let now = context.now
        var timeout: Nanoseconds = .max
        var passLimit: Int?
        var bound: Nanoseconds?
        switch limit {
        case .until(let t):
            if t <= now {
                warn("run until=\(TimeLiteral.format(t)) starts at \(TimeLiteral.format(now)), already past its end: nothing runs")
                return .timedOut
            }
            timeout = t - now
        case .duration(let d):
            timeout = d
        case .iterations(let n):
            passLimit = n
            bound = VirtualTime.saturatingSum(now, Simulation.defaultSettleBound)
        case .idle(let max):
            // A bound past the end of virtual time is no bound (docs/reference/limits.md).
            bound = VirtualTime.saturatingSum(now, max)
        case .forever:
            bound = VirtualTime.saturatingSum(now, Simulation.defaultSettleBound)
        }
        let outerBound = mainLoop.settleDeadline
        if outerBound == nil, let bound { mainLoop.settleDeadline = bound }
        defer { mainLoop.settleDeadline = outerBound }
        let result = try mainLoop.run(in: mode, timeout: timeout, returnAfterSourceHandled: returnAfterSource, passLimit: passLimit)
        // Events past the limit after the last pass began stop the run too.
        if let full = recorder?.limitError { throw full }
        return result
    }
}
