import LoopSimTrace

/// The name of a run-loop mode.
///
/// Modes are compared by name. ``common`` stands for `kCFRunLoopCommonModes`:
/// adding an item with it puts the item into every common mode, now and later;
/// running the loop in it returns `finished` at once.
public struct RunLoopMode: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { self.rawValue = name }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `kCFRunLoopDefaultMode`, written `default` in scenarios and traces.
    public static let `default` = RunLoopMode("default")
    /// `UITrackingRunLoopMode`, written `tracking`.
    public static let tracking = RunLoopMode("tracking")
    /// `kCFRunLoopCommonModes`: the pseudo-mode that stands for every common
    /// mode, named `common` as in scenarios (a short name compares fast).
    public static let common = RunLoopMode("common")

    public var description: String { rawValue }

    // Explicit, so the generic RawRepresentable `==` (a dynamic conformance
    // lookup on every call) is never chosen on the hot path.
    @inline(__always)
    public static func == (a: RunLoopMode, b: RunLoopMode) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// The points of a run-loop pass that observers can watch (CFRunLoopActivity;
/// the raw values are CF's and are pinned by a test).
public struct RunLoopActivity: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let entry = RunLoopActivity(rawValue: 0x1)
    public static let beforeTimers = RunLoopActivity(rawValue: 0x2)
    public static let beforeSources = RunLoopActivity(rawValue: 0x4)
    public static let beforeWaiting = RunLoopActivity(rawValue: 0x20)
    public static let afterWaiting = RunLoopActivity(rawValue: 0x40)
    public static let exit = RunLoopActivity(rawValue: 0x80)
    public static let allActivities = RunLoopActivity(rawValue: 0x0FFF_FFFF)

    /// The trace name of a single activity (`entry`, `beforeTimers`, …).
    public var description: String {
        switch self {
        case .entry: return "entry"
        case .beforeTimers: return "beforeTimers"
        case .beforeSources: return "beforeSources"
        case .beforeWaiting: return "beforeWaiting"
        case .afterWaiting: return "afterWaiting"
        case .exit: return "exit"
        default: return "0x" + String(rawValue, radix: 16)
        }
    }
}

/// What a run of the loop returned (CFRunLoopRunResult, plus `idle`); one
/// type with the trace's `run.end` result.
public typealias RunResult = TraceEvent.RunResult

/// The kind of a callout, as the trace names it.
public typealias CalloutKind = TraceEvent.CalloutKind

/// Why a sleeping loop woke up, as the trace names it.
public typealias WakeReason = TraceEvent.WakeReason

extension RunLoopActivity {
    /// The trace's name of a single activity. Traps on a set of several,
    /// which no pass reaches.
    var traceActivity: TraceEvent.Activity {
        switch self {
        case .entry: .entry
        case .beforeTimers: .beforeTimers
        case .beforeSources: .beforeSources
        case .beforeWaiting: .beforeWaiting
        case .afterWaiting: .afterWaiting
        case .exit: .exit
        default: preconditionFailure("a pass reaches one activity at a time, not \(self)")
        }
    }
}

/// Virtual time: integer nanoseconds since the start of the simulation.
public typealias Nanoseconds = Int64

public extension Nanoseconds {
    /// `TIMER_INTERVAL_LIMIT` (504911232 s): timeouts above it never expire and
    /// timer dates further ahead are clamped to it.
    static let timerIntervalLimit: Nanoseconds = 504_911_232 * 1_000_000_000
}
