import LoopSimTrace

/// A CFRunLoop in virtual time.
///
/// The loop reproduces `__CFRunLoopRun` pass for pass (see `docs/reference/run-loop-rules.md`):
/// observers, blocks, version-0 sources, the main-queue shortcut, one port
/// event per pass, and the exit checks in their precedence. Callouts take no
/// virtual time unless they block the thread with ``SimContext/block(for:)``.
///
/// ```swift
/// let context = SimContext()
/// let loop = SimRunLoop(context: context, isMain: true)
/// let tick = SimTimer(name: "tick", fireDate: 1_000_000_000, interval: 1_000_000_000,
///                     context: context) { _ in print("tick") }
/// loop.add(tick, to: .common)
/// let result = try loop.run(in: .default, timeout: 3_500_000_000)   // .timedOut
/// ```
///
/// Not thread-safe: the loop, its items and the context form one
/// single-threaded simulation.
public final class SimRunLoop {
    public let context: SimContext
    /// Whether this is the main thread's main run loop (the main dispatch
    /// queue is serviced only there, in common modes).
    public let isMain: Bool

    /// What a pass reads and writes, in the loop's one stored property not
    /// checked for exclusivity at run time (docs/internals/safety.md, "Exclusivity").
    struct Hot {
        var options = RunLoopOptions()
        /// The last mode looked up (saves hashing the name on every run).
        var lastMode: ModeState?
        /// The common modes, in the order they were made common.
        var commonModes: [RunLoopMode] = [.default]
        /// Per-run records, `records[0...depth]` in use; the base record
        /// `records[0]` (not running) ignores wake-ups. Records above `depth` are
        /// kept for reuse, so a run allocates nothing.
        var records: [RunRecord] = [RunRecord(ignoreWakeUps: true)]
        /// The number of active runs.
        var runDepth = 0
        /// Blocks for several modes, in FIFO order (``SimRunLoop/commonBlocks``).
        var multiModeBlocks: [MultiModeBlock] = []
        var blockSeq = 0
        /// For each DoBlocks in progress, the last sequence number it detached:
        /// blocks up to it are invisible to the runs nested inside it.
        var detachedUpTo: [Int] = []
        var mainQueue: [MainQueueItem] = []
        var mainQueueReadyTime: Nanoseconds = 0
        var drainDepth = 0
        var wakeUpPending = false
        var wakeUpTime: Nanoseconds = 0
        var wakeUpReason = WakeReason.wakeUp
        /// CFRunLoopIsWaiting.
        var isWaiting = false
        /// Passes begun at the current virtual time, for the busy bound.
        var passesAtSameTime = 0
        var lastPassTime: Nanoseconds = -1
        /// Callouts by name while the busy bound watches (nil: not watching).
        var busyCounts: [String: Int]?
        var settleDeadline: Nanoseconds?
        var mainQueueFeeder: (any MainQueueFeeder)?
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot = Hot()

    /// Choices where CF's behaviour differs between versions.
    public var options: RunLoopOptions {
        get { hot.options }
        set { hot.options = newValue }
    }
    var modeStates: [RunLoopMode: ModeState] = [:]
    /// Modes in creation order, for deterministic reports.
    var modeOrder: [ModeState] = []
    /// The common modes, in the order they were made common.
    public var commonModes: [RunLoopMode] { hot.commonModes }
    var commonSources: [SimSource] = []
    var commonPorts: [SimPort] = []
    var commonObservers: [SimObserver] = []
    var commonTimers: [SimTimer] = []
    /// The number of active runs.
    public var runDepth: Int { hot.runDepth }
    /// The innermost run's record.
    var innermost: RunRecord { hot.records[hot.runDepth] }
    /// Blocks for the common modes, and blocks for several modes, in FIFO
    /// order; blocks for one mode live in that mode's queue. Every block has a
    /// sequence number in one global FIFO order.
    let commonBlocks = BlockQueue()
    /// CFRunLoopIsWaiting.
    public var isWaiting: Bool { hot.isWaiting }
    /// The busy bound's callouts in the order first counted.
    var busyOrder: [String] = []
    /// When set, a wait that would move virtual time past it fails with
    /// ``RunLoopError/notSettled(_:)`` (the bound of an unbounded run).
    public var settleDeadline: Nanoseconds? {
        get { hot.settleDeadline }
        set { hot.settleDeadline = newValue }
    }
    var commonModesRunWarned = false
    /// Feeds the main queue from other threads (``MainQueueFeeder``); only
    /// the main loop has one, and only while `@SimulatedMainActor` is
    /// attached to its simulation.
    package var mainQueueFeeder: (any MainQueueFeeder)? {
        get { hot.mainQueueFeeder }
        set { hot.mainQueueFeeder = newValue }
    }

    public init(context: SimContext, isMain: Bool = false) {
        self.context = context
        self.isMain = isMain
    }

    /// The innermost running mode (CFRunLoopCopyCurrentMode), or nil.
    public var currentMode: RunLoopMode? { hot.runDepth == 0 ? nil : hot.records[hot.runDepth].hot.mode?.name }

    /// Every mode created so far, in creation order.
    public var allModes: [RunLoopMode] { modeOrder.map(\.name) }

    @inline(__always)
    func modeState(_ name: RunLoopMode, create: Bool) -> ModeState? {
        if let m = hot.lastMode, m.name == name { return m }
        return lookUpMode(name, create: create)
    }

    private func lookUpMode(_ name: RunLoopMode, create: Bool) -> ModeState? {
        if let m = modeStates[name] { hot.lastMode = m; return m }
        guard create else { return nil }
        let m = ModeState(name: name)
        modeStates[name] = m
        modeOrder.append(m)
        return m
    }

    /// CFRunLoopAddCommonMode: makes `mode` common and adds every item that
    /// was added to the common modes to it (schedule callouts follow).
    public func addCommonMode(_ mode: RunLoopMode) {
        guard mode != .common, !hot.commonModes.contains(mode) else { return }
        hot.commonModes.append(mode)
        _ = modeState(mode, create: true)
        for s in commonSources { addToMode(s, mode) }
        for p in commonPorts { addToMode(p, mode) }
        for o in commonObservers { addToMode(o, mode) }
        for t in commonTimers { addToMode(t, mode) }
    }

    /// Whether `mode` is one of the common modes.
    public func isCommon(_ mode: RunLoopMode) -> Bool { hot.commonModes.contains(mode) }
}

/// Choices where CF's behaviour differs between versions or is left open.
public struct RunLoopOptions: Sendable {
    /// How DoSources0 computes `handled` when several sources were signalled.
    public enum HandledRule: Sendable {
        /// Newer CF: the result of the last source tried.
        case lastResult
        /// CF-1153: true once any source was performed.
        case sticky
    }

    /// When a timer with tolerance wakes the loop.
    public enum ToleranceWake: Sendable {
        /// At its fire date (the soft deadline): the default.
        case soft
        /// At the end of its tolerance window (the hard deadline).
        case hard
    }

    public var handledRule = HandledRule.lastResult
    public var toleranceWake = ToleranceWake.soft
    /// Passes made at one virtual instant before the loop is declared busy.
    public var busyPassLimit = 100_000

    public init() {}
}
