import RenderModel

/// A completion block and the animations it waits for
/// (`docs/reference/core-animation-rules.md` choice 4, `docs/reference/animations.md`,
/// "Completion"): a transaction's `setCompletionBlock`, or a UIView
/// animation block's `completion:`. Every animation added while the group
/// is open counts toward it (a transaction's group stays open while the
/// transaction is on the stack; nested transactions count toward every
/// open group). When the group closes with no animation counted, the block
/// runs on the next run-loop turn; otherwise once the last counted
/// animation has ended (finished or removed), delivered through the
/// render server's completion port at that virtual time.
final class CompletionGroup {
    /// The transaction the block belongs to (the current one for a UIView
    /// animation block), for the `completion` trace event.
    let txn: Int
    let block: () throws -> Void
    /// Ids of the counted animations that have not ended.
    var pending: Set<UInt64> = []
    /// Whether any animation was counted.
    var counted = false
    /// Closed: no later animation counts.
    var closed = false

    init(txn: Int, block: @escaping () throws -> Void) {
        self.txn = txn
        self.block = block
    }

    func count(_ id: UInt64) {
        guard !closed else { return }
        pending.insert(id)
        counted = true
    }
}

/// The parameters a UIView animation block gives the actions of the layers
/// changed inside it (UIView's `action(for:forKey:)`).
public struct ViewAnimationParameters: Sendable, Equatable {
    /// ns, more than 0.
    public var duration: Int64
    /// ns.
    public var delay: Int64
    /// The curve's timing function (ease-in-ease-out by default).
    public var timingFunction: TimingFunction
    /// `usingSpringWithDamping:` (0 < ratio ≤ 1) and
    /// `initialSpringVelocity:`, or nil.
    public var springDampingRatio: Double?
    public var springVelocity: Double

    public init(duration: Int64, delay: Int64 = 0, timingFunction: TimingFunction = .easeInEaseOut,
                springDampingRatio: Double? = nil, springVelocity: Double = 0) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
        self.springDampingRatio = springDampingRatio
        self.springVelocity = springVelocity
    }
}
