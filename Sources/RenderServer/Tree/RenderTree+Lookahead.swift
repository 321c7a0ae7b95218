import RenderModel

/// The presentation states of a tree's animated layers at a media time,
/// evaluated before the frame that needs them (docs/render-server.md,
/// "Two cores"): the server evaluates the next frame's animations on its
/// helper thread while it waits for the client, and that frame's
/// animation step takes them instead of evaluating again — when nothing
/// can have changed them: the same tree, no commit since (its stamp), the
/// same media time, and a step that stamps and ends nothing. Otherwise the
/// step evaluates as always. Either way the states are those of
/// ``LayerTree/presentationState(of:atMediaTime:)`` at the frame's time,
/// so the frames are the same bytes (tested).
public final class PresentationLookahead {
    /// What the states were evaluated from; `nil` when there are none.
    fileprivate var source: (tree: ObjectIdentifier, stamp: UInt64, time: Double)?
    /// One per layer of `animatedLayerIDs`, in that order; kept for its
    /// capacity.
    fileprivate var states: [LayerState?] = []
    /// How many steps took their states from here.
    public private(set) var uses = 0

    /// Counts a step that took the states.
    func noteUse() { uses += 1 }

    public init() {}

    /// The states evaluated for `tree` as it is now at media time `t`, if
    /// those are the ones kept; taken, so that they serve once.
    fileprivate func take(for tree: RenderTree, atMediaTime t: Double) -> [LayerState?]? {
        defer { source = nil }
        guard let s = source, s.tree == ObjectIdentifier(tree), s.stamp == tree.stamp, s.time == t,
              states.count == tree.layers.animatedLayerIDs.count else { return nil }
        return states
    }
}

extension RenderTree {
    /// The fewest animated layers whose states are evaluated ahead: below
    /// it, handing them to the helper would cost about what it saves.
    public static let minimumLookaheadLayers = 16

    /// Whether the tree animates enough layers to evaluate them ahead.
    public var animatesEnoughToLookAhead: Bool { layers.animatedLayerIDs.count >= Self.minimumLookaheadLayers }

    /// Evaluates every animated layer's presentation state at media time
    /// `t` into `ahead`, for the step of the frame at `t`
    /// (``advanceAnimations(toMediaTime:ahead:)``). Changes nothing in the
    /// tree; it may run on another thread while nothing else uses the tree.
    public func evaluateAhead(into ahead: PresentationLookahead, atMediaTime t: Double) {
        ahead.states.removeAll(keepingCapacity: true)
        for id in layers.animatedLayerIDs { ahead.states.append(layers.presentationState(of: id, atMediaTime: t)) }
        ahead.source = (ObjectIdentifier(self), stamp, t)
    }

    /// The states `ahead` holds for this tree at media time `t`, taken
    /// (before the step's commit changes the stamp).
    func takeStates(_ ahead: PresentationLookahead?, atMediaTime t: Double) -> [LayerState?]? {
        ahead?.take(for: self, atMediaTime: t)
    }
}
