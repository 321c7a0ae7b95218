/// The timing of an animation or a layer, as `CAMediaTiming`
/// (`docs/reference/animations.md`, "Timing"; `docs/reference/core-animation-rules.md` §3.1).
///
/// Times are seconds (`Double`), in the parent's time space for
/// `beginTime` and in the object's own active time for `timeOffset`. A
/// layer's timing converts its parent's time to its own with
/// ``localTime(fromParent:)``; an animation's timing turns its layer's
/// local time into a ``TimingSample`` (`MediaTiming+Sample.swift`).
///
///     let pause = MediaTiming(speed: 0, timeOffset: 1.5)   // a paused layer
///     pause.localTime(fromParent: 40)                      // 1.5, whatever the time
public struct MediaTiming: Hashable, Sendable {
    /// What an animation shows outside its active duration.
    public enum FillMode: String, Hashable, Sendable, CaseIterable {
        /// Nothing outside the active duration (the default).
        case removed
        /// Holds the final value after the end (only while still attached:
        /// `isRemovedOnCompletion` false).
        case forwards
        /// Holds the initial value before `beginTime`.
        case backwards
        /// Both `forwards` and `backwards`.
        case both

        /// Whether the initial value shows before the start.
        public var fillsBackwards: Bool { self == .backwards || self == .both }
        /// Whether the final value shows after the end.
        public var fillsForwards: Bool { self == .forwards || self == .both }
    }

    /// When the active duration starts, in the parent's time. Default 0.
    public var beginTime: Double
    /// The length of one simple cycle (without autoreverse). An
    /// animation's default is 0 (meaning "the transaction's duration" when
    /// added, which the client resolves before the commit); a layer's is +∞.
    public var duration: Double
    /// How fast local time runs against the parent's. Default 1.
    public var speed: Double
    /// Added to the active local time. Default 0.
    public var timeOffset: Double
    /// How many cycles play; fractional counts end mid-cycle; 0 means one.
    /// +∞ or `Float.greatestFiniteMagnitude` (Core Animation's spelling)
    /// repeats forever. Default 0.
    public var repeatCount: Double
    /// How long to repeat, in local time; 0 means "use `repeatCount`", and
    /// wins over `repeatCount` when both are set. Default 0.
    public var repeatDuration: Double
    /// Whether each cycle plays forwards then backwards. Default false.
    public var autoreverses: Bool
    /// What shows outside the active duration. Default `.removed`.
    public var fillMode: FillMode

    /// A timing with the given properties; each defaults to
    /// `CAAnimation`'s default (so `MediaTiming()` has duration 0).
    public init(
        beginTime: Double = 0,
        duration: Double = 0,
        speed: Double = 1,
        timeOffset: Double = 0,
        repeatCount: Double = 0,
        repeatDuration: Double = 0,
        autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// `CALayer`'s timing defaults: duration +∞, speed 1, beginTime 0,
    /// timeOffset 0 (item 7.35).
    public static let layerDefault = MediaTiming(duration: .infinity)

    /// `CAAnimation`'s timing defaults: duration 0, speed 1 (item 7.35).
    public static let animationDefault = MediaTiming()

    /// Local time from the parent's: `(t − beginTime) × speed + timeOffset`
    /// (§3.1). A layer's own timing applies to everything beneath it, so a
    /// time goes down the tree one layer at a time.
    public func localTime(fromParent t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }

    /// The parent's time at local time `t`, the inverse of
    /// ``localTime(fromParent:)``; `nil` when `speed` is 0 (every parent
    /// time maps to the same local time).
    public func parentTime(fromLocal t: Double) -> Double? {
        guard speed != 0 else { return nil }
        return (t - timeOffset) / speed + beginTime
    }

    /// Converts `t` from the time of the root of `chain` down to the time of
    /// its last element: `chain` lists timings from the outermost ancestor
    /// to the layer itself (as `layer.convertTime(t, from: nil)`).
    public static func localTime<C: Sequence<MediaTiming>>(_ t: Double, through chain: C) -> Double {
        var time = t
        for timing in chain { time = timing.localTime(fromParent: time) }
        return time
    }

    /// Converts `t` from the time of the last element of `chain` up to the
    /// time of its root (as `layer.convertTime(t, to: nil)`): the inverse of
    /// ``localTime(_:through:)``, for example to put an animation's
    /// ``endTime`` on the server's clock. `nil` when a timing on the way has
    /// speed 0 (a paused layer: its local time no longer moves).
    public static func rootTime<C: BidirectionalCollection<MediaTiming>>(_ t: Double, through chain: C) -> Double? {
        var time = t
        for timing in chain.reversed() {
            guard let parent = timing.parentTime(fromLocal: time) else { return nil }
            time = parent
        }
        return time
    }

    /// Whether `repeatCount` asks for endless repetition (+∞, or
    /// `Float.greatestFiniteMagnitude` and beyond).
    public var repeatsForever: Bool {
        repeatCount >= Double(Float.greatestFiniteMagnitude)
    }

    /// One cycle: `duration`, doubled when `autoreverses`.
    public var cycleDuration: Double { duration * (autoreverses ? 2 : 1) }

    /// The active duration in local (animation) time: `repeatDuration` when
    /// it is positive, else the cycle × max(`repeatCount`, 1); +∞ when
    /// repeating forever; 0 when the duration is not a positive finite number.
    public var activeDuration: Double {
        guard duration > 0, duration.isFinite else { return 0 }
        if repeatDuration > 0 { return repeatDuration }
        if repeatsForever { return .infinity }
        return cycleDuration * Swift.max(repeatCount, 1)
    }

    /// The parent time at which the active duration ends:
    /// `beginTime + activeDuration / speed`; +∞ when it never ends (an
    /// endless repeat, or `speed` ≤ 0, under which the active time never
    /// reaches the end).
    public var endTime: Double {
        let active = activeDuration
        guard speed > 0, active.isFinite else { return .infinity }
        return beginTime + active / speed
    }
}
