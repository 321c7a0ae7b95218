import LoopSimTrace
import RenderModel
import RunLoopKit

/// A CADisplayLink on the main run loop, in virtual time
/// (`docs/guide/animations-language.md`, "The display link").
///
/// The link is a version-1 source (a ``SimPort`` whose callouts are traced
/// with kind `displayLink`) fed by the display's vsyncs (``VsyncClock``):
///
/// - it is due at every vsync `k` that is a multiple of ``vsyncsPerFrame``
///   (1: every vsync; `hz / fps` for `fps=`), counted from vsync 0, starting
///   with the first such vsync strictly after it is added or resumed;
/// - at each vsync it is due for, one message arrives on its port — unless
///   its callout is still waiting (the main thread is blocked or busy, or no
///   mode of the link is running): then the waiting callout takes the newer
///   vsync's times instead, so missed vsyncs coalesce into one callout;
/// - the callout's `timestamp` is its vsync's time, and `targetTimestamp`
///   the time of the next vsync the link is due for; every link of the
///   same rate sees the same pair at one vsync;
/// - ``pause()`` drops a waiting callout and stops the vsyncs, ``resume()``
///   restarts them, ``invalidate()`` ends the link for good.
///
/// While the link is live (valid and not paused) its next vsync is a pending
/// outside event, so a run never goes idle: `run until=idle` treats it as a
/// repeating timer and stops at its bound, naming the link.
///
/// Not thread-safe; it belongs to one simulation.
public final class DisplayLink {
    public let name: String
    /// The link's port on the main run loop.
    public let port: SimPort
    /// The display's clock.
    public let clock: VsyncClock
    /// Vsyncs per callout: 1 for every vsync, `hz / fps` otherwise.
    public let vsyncsPerFrame: Int64
    /// `isPaused`.
    public private(set) var isPaused = false
    /// The times of the callout running now, or of the last one (nil before
    /// the first): CADisplayLink's `timestamp` and `targetTimestamp`.
    public private(set) var lastFrame: TraceEvent.FrameTimestamps?
    /// The vsync time the callout running now was first due at: its own
    /// vsync's, or an earlier one's when the main thread held the callout
    /// up and its vsyncs coalesced (what a late frame is late from).
    public private(set) var dueTime: Int64?
    /// When the link was running — added, not paused, valid — as
    /// [start, end) intervals of virtual time; the last one's end is nil
    /// while it runs (the hitch ratio over animations, `docs/reference/animations.md`).
    public private(set) var activeIntervals: [(start: Int64, end: Int64?)] = []
    /// The first vsync the queued message stands for (coalesced ones included).
    private var pendingDue: Int64?
    private let context: SimContext
    /// The pending vsync event, when the link is live.
    private var scheduled: Int?
    /// Whether ``add(to:modes:)`` has run: vsyncs start then.
    private var isAdded = false

    /// - Parameters:
    ///   - vsyncsPerFrame: 1 to fire at every vsync, N to fire at every Nth.
    ///   - body: the callout (the link's target); it may pause or
    ///     invalidate the link.
    /// Traps unless `vsyncsPerFrame` is at least 1 (the language checks `fps=`).
    public init(name: String, clock: VsyncClock, vsyncsPerFrame: Int64 = 1, context: SimContext,
                body: @escaping (DisplayLink) throws -> Void) {
        precondition(vsyncsPerFrame >= 1, "DisplayLink: vsyncsPerFrame must be at least 1, got \(vsyncsPerFrame)")
        self.name = name
        self.clock = clock
        self.vsyncsPerFrame = vsyncsPerFrame
        self.context = context
        var perform: ((PortMessage) throws -> Void)?
        port = SimPort(name: name, calloutKind: .displayLink) { _, message in try perform?(message) }
        perform = { [weak self] message in
            guard let self else { return }
            self.lastFrame = message.frame
            self.dueTime = self.pendingDue ?? message.frame?.timestamp
            self.pendingDue = nil
            try body(self)
        }
    }

    /// Whether the link can still fire (not invalidated).
    public var isValid: Bool { port.isValid }

    /// `add(to:forMode:)`: adds the link's port to `modes` of `loop` and
    /// starts its vsyncs (if they are not running already).
    public func add(to loop: SimRunLoop, modes: [RunLoopMode]) {
        for mode in modes { loop.add(port, to: mode) }
        isAdded = true
        if scheduled == nil, !isPaused, isValid { scheduleNext() }
        noteActive()
    }

    /// `isPaused = true`: no callout until ``resume()``; a callout waiting
    /// for the main thread is dropped.
    public func pause() {
        guard isValid, !isPaused else { return }
        isPaused = true
        stopVsyncs()
        port.removeQueuedMessages()
        pendingDue = nil
        noteActive()
    }

    /// `isPaused = false`: due again from the first vsync after now.
    public func resume() {
        guard isValid, isPaused else { return }
        isPaused = false
        if isAdded { scheduleNext() }
        noteActive()
    }

    /// `invalidate()`: removed from every mode, never fires again.
    public func invalidate() {
        stopVsyncs()
        port.invalidate()
        noteActive()
    }

    private func stopVsyncs() {
        if let id = scheduled { context.cancel(id) }
        scheduled = nil
    }

    /// Schedules the first vsync the link is due for strictly after now,
    /// if it is before the end of virtual time.
    private func scheduleNext() {
        let now = context.now
        guard now < Int64.max, let first = clock.firstVsync(atOrAfter: now + 1) else { return }
        let (rounded, overflow) = (first / vsyncsPerFrame).addingReportingOverflow(first % vsyncsPerFrame == 0 ? 0 : 1)
        guard !overflow else { return }
        let (k, overflow2) = rounded.multipliedReportingOverflow(by: vsyncsPerFrame)
        guard !overflow2, let time = clock.time(ofVsync: k) else { return }
        scheduled = context.schedule(at: time, label: nil, pendingAs: "vsync \(k) of display link \(name)") { [weak self] in
            self?.vsync(k, at: time)
        }
    }

    /// Vsync `k` has come: a callout, or newer times for the one waiting.
    private func vsync(_ k: Int64, at time: Int64) {
        scheduled = nil
        guard isValid, !isPaused else { return }
        let next = k.addingReportingOverflow(vsyncsPerFrame)
        let target = next.overflow ? nil : clock.time(ofVsync: next.partialValue)
        let frame = TraceEvent.FrameTimestamps(timestamp: time, targetTimestamp: target ?? Int64.max)
        if !port.updateNewestMessage({ $0.frame = frame }) {
            port.send(at: context.now, label: name, frame: frame)
            pendingDue = time
        }
        scheduleNext()
    }

    /// Opens or closes the current active interval.
    private func noteActive() {
        let running = isAdded && !isPaused && isValid
        let open = activeIntervals.last.map { $0.end == nil } ?? false
        if running, !open { activeIntervals.append((context.now, nil)) }
        if !running, open { activeIntervals[activeIntervals.count - 1].end = context.now }
    }
}
