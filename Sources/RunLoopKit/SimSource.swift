import LoopSimTrace

/// A version-0 run-loop source (CFRunLoopSource with a perform callback).
///
/// Signalling sets the signal time once (later signals coalesce) and does not
/// wake the loop. A signalled source is performed in the next pass of a loop
/// running one of its modes; sources are taken by `order`, then by signal time
/// and signal sequence.
public final class SimSource {
    public let name: String
    public let order: Int

    /// What a pass reads and writes, in the source's one stored property
    /// not checked for exclusivity at run time (docs/internals/safety.md,
    /// "Exclusivity").
    struct Hot {
        var isValid = true
        var signalledTime: Nanoseconds?
        var signalSeq = 0
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot = Hot()

    /// False once invalidated.
    public var isValid: Bool { hot.isValid }
    /// The virtual time of the first pending signal, or nil when not signalled.
    public var signalledTime: Nanoseconds? { hot.signalledTime }
    /// The (loop, mode) pairs the source is in, in insertion order.
    var memberships: [LoopMembership] = []
    let perform: (SimSource) throws -> Void
    let schedule: ((SimRunLoop, RunLoopMode) -> Void)?
    let cancel: ((SimRunLoop, RunLoopMode) -> Void)?

    /// Creates a version-0 source. `schedule` is called after each real
    /// insertion into a concrete mode, `cancel` after each removal.
    public init(name: String, order: Int = 0,
                schedule: ((SimRunLoop, RunLoopMode) -> Void)? = nil,
                cancel: ((SimRunLoop, RunLoopMode) -> Void)? = nil,
                perform: @escaping (SimSource) throws -> Void) {
        self.name = name
        self.order = order
        self.schedule = schedule
        self.cancel = cancel
        self.perform = perform
    }

    /// Whether a signal is pending.
    public var isSignalled: Bool { signalledTime != nil }

    /// CFRunLoopSourceSignal: marks the source signalled at the context's
    /// current time unless it already is or is invalid. Does not wake any loop.
    public func signal(in context: SimContext) {
        guard isValid, signalledTime == nil else { return }
        hot.signalledTime = context.now
        hot.signalSeq = context.nextSequence()
    }

    /// Clears a pending signal.
    public func unsignal() {
        hot.signalledTime = nil
    }

    /// CFRunLoopSourceInvalidate: clears the signal and removes the source from
    /// every mode of every loop, with one cancel callout per mode.
    public func invalidate() {
        guard isValid else { return }
        hot.isValid = false
        hot.signalledTime = nil
        let members = memberships
        for m in members { m.loop?.removeFromMode(self, m.mode) }
        for m in members { m.loop?.forgetCommonItem(self) }
    }
}

/// A (loop, mode) pair a source or port is in. The loop is held weakly: a
/// mode holds its items, an item does not hold its loops (CF's sources keep
/// their run loops in a bag without retain callbacks), so a loop and the
/// sources in it never keep each other alive (docs/guide/library.md).
struct LoopMembership {
    weak var loop: SimRunLoop?
    let mode: RunLoopMode
}

/// A message queued on a version-1 port.
public struct PortMessage {
    /// When the message arrived (its readiness time).
    public var time: Nanoseconds
    /// A label for the trace (the input event's name, for example).
    public var label: String
    /// The work the message carries (an input event's callout), if any.
    public var body: (() throws -> Void)?
    /// A display link's vsync times, written on the `callout` event
    /// (`docs/guide/animations-language.md`); nil for every other message.
    public var frame: TraceEvent.FrameTimestamps?
}

/// A version-1 (port-based) source: every queued message gives one perform,
/// one per pass, and only while a mode containing the port runs.
public final class SimPort {
    public let name: String
    public let order: Int
    /// How its perform appears in the trace (`source1`, or `event` for the
    /// main run loop's input-event port).
    public let calloutKind: CalloutKind

    /// What a pass reads and writes, in the port's one stored property not
    /// checked for exclusivity at run time (docs/internals/safety.md, "Exclusivity").
    struct Hot {
        var isValid = true
        /// Storage: `queue[head...]` are the queued messages.
        var queue: [PortMessage] = []
        var head = 0
        /// Tie-break among ports ready at the same instant: the order the port was
        /// first added to a loop.
        var registration = Int.max
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot = Hot()

    /// False once invalidated.
    public var isValid: Bool { hot.isValid }
    /// The messages still queued, oldest first (taken ones are not included).
    public var messages: [PortMessage] { Array(hot.queue[hot.head...]) }
    var memberships: [LoopMembership] = []
    let perform: (SimPort, PortMessage) throws -> Void

    public init(name: String, order: Int = 0, calloutKind: CalloutKind = .source1,
                perform: @escaping (SimPort, PortMessage) throws -> Void) {
        self.name = name
        self.order = order
        self.calloutKind = calloutKind
        self.perform = perform
    }

    /// The number of queued messages.
    public var pendingCount: Int { hot.queue.count - hot.head }

    /// The arrival time of the first queued message.
    var firstMessageTime: Nanoseconds? { hot.head < hot.queue.count ? hot.queue[hot.head].time : nil }

    /// Queues one message that arrived at `time`. Messages wake a loop only
    /// while it runs a mode containing the port.
    public func send(at time: Nanoseconds, label: String = "", frame: TraceEvent.FrameTimestamps? = nil,
                     body: (() throws -> Void)? = nil) {
        guard isValid else { return }
        hot.queue.append(PortMessage(time: time, label: label, body: body, frame: frame))
    }

    /// Changes the newest queued message in place (a display link's vsync
    /// coalescing into the callout still waiting); false when none is queued.
    /// The message keeps its arrival time, so its place among ready ports
    /// does not change.
    public func updateNewestMessage(_ update: (inout PortMessage) -> Void) -> Bool {
        guard hot.head < hot.queue.count else { return false }
        update(&hot.queue[hot.queue.count - 1])
        return true
    }

    /// Drops every queued message (a paused display link's waiting callout).
    public func removeQueuedMessages() {
        hot.queue.removeAll(keepingCapacity: true)
        hot.head = 0
    }

    func takeMessage() -> PortMessage {
        let m = hot.queue[hot.head]
        hot.head += 1
        if hot.head == hot.queue.count { hot.queue.removeAll(keepingCapacity: true); hot.head = 0 }
        return m
    }

    /// Invalidates the port: it leaves every mode; queued messages are dropped.
    public func invalidate() {
        guard isValid else { return }
        hot.isValid = false
        let members = memberships
        for m in members { m.loop?.removeFromMode(self, m.mode) }
        for m in members { m.loop?.forgetCommonItem(self) }
        hot.queue.removeAll()
        hot.head = 0
    }
}

/// A run-loop observer (CFRunLoopObserver).
///
/// Observers of a mode are called in ascending `order`, ties first-in
/// first-out. While its callout runs — including any nested run — an observer
/// is never called again. A non-repeating observer is invalidated after its
/// first call.
public final class SimObserver {
    public let name: String
    public let activities: RunLoopActivity
    public let repeats: Bool
    public let order: Int

    /// What a pass reads and writes, in the observer's one stored property
    /// not checked for exclusivity at run time (docs/internals/safety.md,
    /// "Exclusivity").
    struct Hot {
        var isValid = true
        var isFiring = false
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot = Hot()

    /// False once invalidated.
    public var isValid: Bool { hot.isValid }
    /// Whether its callout is running (it is not called again meanwhile).
    public var isFiring: Bool { hot.isFiring }
    /// The loop the observer is in, if any.
    public internal(set) weak var runLoop: SimRunLoop?
    var modes: [RunLoopMode] = []
    let callout: (SimObserver, RunLoopActivity) throws -> Void

    public init(name: String, activities: RunLoopActivity, repeats: Bool = true, order: Int = 0,
                callout: @escaping (SimObserver, RunLoopActivity) throws -> Void) {
        self.name = name
        self.activities = activities
        self.repeats = repeats
        self.order = order
        self.callout = callout
    }

    /// CFRunLoopObserverInvalidate: removes it from every mode; it is never
    /// called again, even in a pass that already took it.
    public func invalidate() {
        guard isValid else { return }
        hot.isValid = false
        if let loop = runLoop {
            for mode in modes { loop.removeFromMode(self, mode) }
            loop.forgetCommonItem(self)
        }
        runLoop = nil
    }
}
