import LoopSimTrace
import RenderModel

/// What the work of a commit's phases costs in virtual time
/// (`docs/reference/core-animation-rules.md` §4.3). Every cost is 0 by default: work
/// is free, and a commit takes no time unless a body sleeps.
///
/// The main thread is busy while a phase runs, so each cost advances the
/// clock as the work happens, like a `sleep`: outside events (vsyncs, input)
/// are delivered at their own times meanwhile, and the commit is sent when
/// its phases end.
public struct CommitCosts: Hashable, Sendable {
    /// Per layoutSublayers call (every layer the layout phase, or
    /// `layoutIfNeeded`, lays out), unless the layer has its own
    /// ``Layer/layoutCost``.
    public var layout: CostRate
    /// Per pixel of a drawn layer's bounds (its backing store), unless the
    /// layer has its own ``Layer/drawCost``.
    public var display: CostRate
    /// Per pixel of an image decoded in the prepare phase.
    public var decode: CostRate
    /// Per layer the commit encodes (created, moved, removed or changed).
    public var commit: CostRate

    public init(layout: CostRate = .zero, display: CostRate = .zero, decode: CostRate = .zero, commit: CostRate = .zero) {
        self.layout = layout
        self.display = display
        self.decode = decode
        self.commit = commit
    }

    /// Every cost 0.
    public static let free = CommitCosts()
}

/// Where each phase of one commit ran in virtual time.
public typealias CommitPhaseTimes = TraceEvent.CommitPhases
