import RenderModel

/// A tree's animation step at a media time, worked out before the frame
/// that needs it (docs/internals/render-server.md, "Two cores"): the server
/// evaluates the next frame's animations on its helper thread while it
/// waits for the client — whether the step would stamp or end anything
/// (``LayerTree/previewStep(toMediaTime:)``) and every animated layer's
/// presentation state — and that frame's step takes them instead of
/// working them out again, when nothing can have changed them: the same
/// tree, no commit since (its stamp), the same media time, and a step
/// that would stamp, end and drop nothing. Otherwise the step runs as
/// always. Either way the result is that of
/// ``LayerTree/advanceAnimations(toMediaTime:began:ended:)`` and
/// ``LayerTree/presentationState(of:atMediaTime:)`` at the frame's time,
/// so the frames are the same bytes (tested).
public final class PresentationLookahead {
    /// What the states were evaluated from; `nil` when there are none.
    fileprivate var source: (tree: ObjectIdentifier, stamp: UInt64, time: Double)?
    /// One per layer of `animatedLayerIDs`, in that order; kept for its
    /// capacity.
    fileprivate var states: [LayerState] = []
    /// Whether some animation can still change after the time (what the
    /// step answers); set only when the step would change nothing.
    fileprivate var animating = false
    /// How many steps took their states from here.
    package private(set) var uses = 0

    /// Counts a step that took the states.
    func noteUse() { uses += 1 }

    public init() {}

    /// The step worked out for `tree` as it is now at media time `t` (the
    /// states, and whether something animates after it), if that is the
    /// one kept; taken, so that it serves once.
    func take(for tree: RenderTree, atMediaTime t: Double) -> (states: [LayerState], animating: Bool)? {
        defer { source = nil }
        guard holds(for: tree, atMediaTime: t) else { return nil }
        return (states, animating)
    }

    /// Whether the step worked out for `tree` as it is now at media time
    /// `t` is the one kept (``take(for:atMediaTime:)`` would answer it).
    func holds(for tree: RenderTree, atMediaTime t: Double) -> Bool {
        guard let s = source else { return false }
        return s.tree == ObjectIdentifier(tree) && s.stamp == tree.hot.stamp && s.time == t
            && states.count == tree.layers.animatedLayerIDs.count
    }
}

extension RenderTree {
    /// The fewest animated layers whose states are evaluated ahead: below
    /// it, handing them to the helper would cost about what it saves.
    package static let minimumLookaheadLayers = 16

    /// Whether the tree animates enough layers to evaluate them ahead.
    package var animatesEnoughToLookAhead: Bool { layers.animatedLayerIDs.count >= Self.minimumLookaheadLayers }

    /// Works out the animation step at media time `t` into `ahead`, for
    /// the frame at `t` (``advanceAnimations(toMediaTime:ahead:)``): when
    /// the step would stamp, end and drop nothing, every animated layer's
    /// presentation state and whether something animates after `t`;
    /// nothing otherwise (that step changes the layers first). Changes
    /// nothing in the tree; it may run on another thread while nothing
    /// else uses the tree.
    public func evaluateAhead(into ahead: PresentationLookahead, atMediaTime t: Double) {
        ahead.source = nil
        let preview = layers.previewStep(toMediaTime: t)
        guard preview.quiet else { return }
        guard layers.presentationStates(atMediaTime: t, into: &ahead.states) else { return }
        ahead.animating = preview.animating
        ahead.source = (ObjectIdentifier(self), hot.stamp, t)
    }
}
