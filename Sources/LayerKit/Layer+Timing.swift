import LoopSimTrace

/// A layer's CAMediaTiming properties, with Core Animation's defaults
/// (`docs/reference/core-animation-rules.md` §3.1): speed 1, timeOffset 0, beginTime 0.
/// Times are virtual nanoseconds.
///
/// A change is traced, belongs to the transaction, and ships in its commit
/// as a `timing` operation: the render server runs the layer's animations,
/// and its sublayers', on the layer's local time (§3.1; the pause/resume
/// recipe of §7.39).
public struct LayerTiming: Sendable, Hashable {
    /// Local time runs `speed` × the parent's time.
    public var speed: Double = 1
    /// An offset in the layer's active local time, ns.
    public var timeOffset: Int64 = 0
    /// The start, in the parent's time, ns.
    public var beginTime: Int64 = 0

    public init(speed: Double = 1, timeOffset: Int64 = 0, beginTime: Int64 = 0) {
        self.speed = speed
        self.timeOffset = timeOffset
        self.beginTime = beginTime
    }

    /// One of the three, named as the scenario language and the trace name it.
    public enum Key: String, Sendable, CaseIterable {
        case speed, timeOffset, beginTime
    }
}

extension Layer {
    /// Sets one timing property of the model layer: the value changes at
    /// once, an implicit transaction opens if none is, and a `set` event is
    /// traced (times in the language's spelling, `1.5s`).
    ///
    /// - Parameter value: the speed, or the time in ns for `timeOffset`
    ///   and `beginTime`.
    public func setTiming(_ key: LayerTiming.Key, _ value: LayerTimingValue) {
        let txn = context.noteMutation()
        let text: String
        switch (key, value) {
        case (.speed, .number(let v)):
            timing.speed = v
            text = LayerContext.num(v)
        case (.timeOffset, .time(let t)):
            timing.timeOffset = t
            text = TimeLiteral.format(t)
        case (.beginTime, .time(let t)):
            timing.beginTime = t
            text = TimeLiteral.format(t)
        default:
            preconditionFailure("Layer.setTiming: \(key.rawValue) takes \(key == .speed ? "a number" : "a time"), got \(value)")
        }
        context.trace(.set(layer: traceName, prop: key.rawValue, value: text, txn: txn.id))
        context.markDirty(self)
    }
}

/// The value of a ``LayerTiming`` property.
public enum LayerTimingValue: Sendable, Hashable {
    /// `speed`.
    case number(Double)
    /// `timeOffset`, `beginTime`, ns.
    case time(Int64)
}
