import RenderModel

/// The render server animates (`docs/reference/animations.md`, "On the server"): at
/// each frame it drew, the tree's ``LayerTree/advanceAnimations(toMediaTime:began:ended:)``
/// stamps and ends animations, and each animated layer's node takes its
/// presentation state (§3.2) — the model value with the layer's
/// animations applied — which is what the compositor draws. A layer whose
/// last animation ended shows its model state again (§7.24). The change
/// damages what it moves or repaints, as a commit's change would.
extension RenderTree {
    /// What one frame's animation step did.
    public struct AnimationStep: Sendable, Equatable {
        /// Ids of the animations stamped with this frame's time.
        public var began: [UInt64] = []
        /// Ids of the animations that ended (taken off by a commit, or done).
        public var ended: [UInt64] = []
        /// Whether an animation can still change after this frame: the
        /// next vsync must be drawn.
        public var animating = false
    }

    /// Runs the animation step for the frame at media time `t` (seconds)
    /// and brings the animated layers' nodes to their presentation state,
    /// adding the damage to ``pendingDamage``. The step comes worked out
    /// from `ahead` when it holds it for this tree at `t` — a step that
    /// stamps, ends and drops nothing, and the presentation states
    /// (``PresentationLookahead``); it is worked out here otherwise.
    public func advanceAnimations(toMediaTime t: Double, ahead: PresentationLookahead? = nil) -> AnimationStep {
        var step = AnimationStep()
        guard !layers.animatedLayerIDs.isEmpty || layers.hasDroppedAnimations else { return step }
        let worked = ahead?.take(for: self, atMediaTime: t)   // before the commit changes the stamp
        beginCommit()
        if let worked {
            // `layers.advanceAnimations` would change nothing: no layer to
            // stamp, end or drop (`LayerTree.previewStep`).
            ahead?.noteUse()
            step.animating = worked.animating
            let ids = layers.animatedLayerIDs
            if hot.animatedNodes?.ids != ids { hot.animatedNodes = (ids, ids.map { hot.nodes[$0] }) }
            for (node, state) in zip(hot.animatedNodes!.nodes, worked.states) { show(state, on: node) }
            _ = endCommit()
            return step
        }
        var endedLayers: [LayerID] = []
        step.animating = layers.advanceAnimations(toMediaTime: t, began: { step.began.append($0.entry.animation.id) },
                                                  ended: { report in
                                                      step.ended.append(report.entry.animation.id)
                                                      endedLayers.append(report.layer)
                                                  })
        for id in layers.animatedLayerIDs { show(layers.presentationState(of: id, atMediaTime: t), of: id) }
        for id in endedLayers where layers.animations(of: id).isEmpty { show(layers.presentationState(of: id, atMediaTime: t), of: id) }
        _ = endCommit()
        return step
    }

    /// Sets layer `id`'s node to `state`, its presentation state, damaging
    /// what the difference can change.
    private func show(_ state: LayerState?, of id: LayerID) {
        show(state, on: hot.nodes[id])
    }

    private func show(_ state: LayerState?, on node: RenderNode?) {
        guard let node, let state, state != node.hot.state else { return }
        let old = node.hot.state
        if Self.differsOnlyInPaints(old, state, node) { repaint(node) } else { touch(node) }
        node.hot.state = state
        if old.zPosition != state.zPosition {
            if let parent = node.parentNode { parent.hot.order = nil } else if node.hot.parentID == 0 { hot.rootOrder = nil }
        }
        hot.shownBefore?.append((node.id, old))   // its last use: moved, not copied
    }

    /// Takes back a step that took its states from a lookahead
    /// (``advanceAnimations(toMediaTime:ahead:)`` while ``shownBefore``
    /// recorded): every node it changed shows its state from before again,
    /// through the same path, so each node's geometry and boxes are again
    /// what they were (worked out from its state alone). Such a step
    /// changed nothing else in the tree: it stamped, ended and dropped
    /// nothing. The damage this adds is not taken back; the caller
    /// redraws what the step drew and takes it.
    func takeBack(_ shown: [(LayerID, LayerState)]) {
        guard !shown.isEmpty else { return }
        beginCommit()
        for (id, state) in shown { show(state, of: id) }
        _ = endCommit()
    }

    /// Whether `a` and `b` differ only in what paints the layer itself
    /// (``paintsOnlyItself(_:_:)``), checked without allocating: the
    /// properties of paint class `ownPaint` are `LayerState.paint`, and the
    /// two conditional classes are the corner radius of a layer that does
    /// not clip and the opacity of a layer without sublayers.
    private static func differsOnlyInPaints(_ a: LayerState, _ b: LayerState, _ node: RenderNode) -> Bool {
        var x = a
        x.paint = b.paint
        if !a.masksToBounds { x.cornerRadius = b.cornerRadius }
        if node.hot.children.isEmpty { x.opacity = b.opacity }
        return x == b
    }
}
