/// One animation that began or ended at a frame, as
/// ``LayerTree/advanceAnimations(toMediaTime:began:ended:)`` reports it.
public struct AnimationReport: Hashable, Sendable {
    /// The layer it is (or was) attached to.
    public var layer: LayerID
    /// The attached animation as it was then (its begin time stamped).
    public var entry: LayerAnimations.Entry
    /// For an end: true when its active duration ran out, false when an
    /// operation took it off (removed by key or all, replaced under its
    /// key, or its layer removed).
    public var finished: Bool

    public init(layer: LayerID, entry: LayerAnimations.Entry, finished: Bool) {
        self.layer = layer
        self.entry = entry
        self.finished = finished
    }
}

/// The animations of the whole tree at a frame (`docs/reference/animations.md`, "On
/// the server"): the one step that both the render server and the client's
/// copy of the on-screen tree run, at the same frame times, so that both
/// stamp the same begin times and end the same animations.
extension LayerTree {
    /// Keeps ``animatedLayerIDs`` in step with layer `id`'s animations.
    mutating func noteAnimated(_ id: LayerID) {
        let has = layers[id].map { !$0.animations.isEmpty } ?? false
        var lo = 0, hi = animatedLayerIDs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if animatedLayerIDs[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        let present = lo < animatedLayerIDs.count && animatedLayerIDs[lo] == id
        if has, !present { animatedLayerIDs.insert(id, at: lo) }
        if !has, present { animatedLayerIDs.remove(at: lo) }
    }

    /// The layer-local time of layer `id` at media time `t` (seconds):
    /// the media time converted down the layer's ancestors' timings and its
    /// own, outermost first (`convertTime(_:from: nil)`,
    /// `docs/reference/core-animation-rules.md` §3.1). Walks the ancestors without
    /// allocating, and without copying a `Layer`: it is `mutating` only to
    /// read each one in place (a modify access to the dictionary's values;
    /// nothing changes).
    public mutating func localTime(of id: LayerID, atMediaTime t: Double) -> Double {
        // No layer: the identity map, computed as the walk computes it.
        guard id != 0, let index = layers.index(forKey: id) else { return 1.0 * t + 0.0 }
        return localTime(at: index, atMediaTime: t)
    }

    /// ``localTime(of:atMediaTime:)`` of the layer at `index` in ``layers``
    /// (one lookup fewer for a caller that has it).
    mutating func localTime(at index: [LayerID: Layer].Index, atMediaTime t: Double) -> Double {
        let (scale, offset) = timeMap(at: index)
        return scale * t + offset
    }

    /// Layer `index`'s local time as the affine map of media time
    /// (`local = scale · t + offset`) that ``localTime(at:atMediaTime:)``
    /// applies.
    mutating func timeMap(at index: [LayerID: Layer].Index) -> (scale: Double, offset: Double) {
        // The chain from the layer up, applied from the top down: the
        // conversion is affine, so compose it bottom up instead —
        // local = ((t − b_top) s_top + o_top … ) — by walking up and
        // keeping the composed map (scale, offset).
        var scale = 1.0, offset = 0.0          // local = scale · x + offset, x the current level's parent time
        var next: [LayerID: Layer].Index? = index
        while let current = next {
            let parent = Self.inPlace(&layers.values[current]) { layer in
                let m = layer.timing
                // local_at_this_level = (parent − b) s + o; fold it under what we have.
                offset += scale * (m.timeOffset - m.beginTime * m.speed)
                scale *= m.speed
                return layer.parent
            }
            next = parent.flatMap { $0 == 0 ? nil : layers.index(forKey: $0) }
        }
        return (scale, offset)
    }

    /// Runs `body` on a layer reached through a modify access: a `Layer`
    /// read through the dictionary's getter is copied whole (its state,
    /// arrays and animations), one reached in place is not.
    @inline(__always)
    static func inPlace<R>(_ layer: inout Layer, _ body: (inout Layer) -> R) -> R { body(&layer) }

    /// Whether layer `id`'s local time stands still (its speed or an
    /// ancestor's is 0): its animations need no frames (a paused layer).
    public func isPaused(_ id: LayerID) -> Bool {
        var x: LayerID? = id
        while let current = x, current != 0, let layer = layers[current] {
            if layer.timing.speed == 0 { return true }
            x = layer.parent
        }
        return false
    }

    /// Layer `id`'s timing and its ancestors', outermost first: what the
    /// client records so that it can evaluate a frame's animations later.
    public func timingChain(of id: LayerID) -> [MediaTiming] {
        var chain: [MediaTiming] = []
        var x: LayerID? = id
        while let current = x, current != 0, let layer = layers[current] {
            chain.append(layer.timing)
            x = layer.parent
        }
        return chain.reversed()
    }

    /// The frame whose time is `t` (media seconds): first reports the
    /// animations that operations took off since the last frame (ended,
    /// not finished); then stamps, in each animated layer (ascending), the
    /// animations that await a begin time with the layer-local time of
    /// the frame (choice 2), reporting each as begun; then takes off the
    /// removed-on-completion animations whose active duration has ended,
    /// reporting each as ended, finished.
    ///
    /// - Returns: whether some animation can still change after `t` (a
    ///   server then draws the next vsync, §3.8).
    @discardableResult
    public mutating func advanceAnimations(toMediaTime t: Double, began: (AnimationReport) -> Void = { _ in },
                                           ended: (AnimationReport) -> Void = { _ in }) -> Bool {
        if droppedAnimations.isEmpty, quiet.holds(at: t) { return quiet.animating }
        for report in droppedAnimations { ended(report) }
        droppedAnimations.removeAll(keepingCapacity: true)
        var animating = false
        var i = 0
        while i < animatedLayerIDs.count {
            let id = animatedLayerIDs[i]
            // One modify access per layer (`Values`' accessor): the step
            // reads and changes its animations in place, copying no `Layer`.
            guard let index = layers.index(forKey: id) else { animatedLayerIDs.remove(at: i); continue }
            let local = localTime(at: index, atMediaTime: t)
            let (isEmpty, isAnimating) = layers.values[index].stepAnimations(atLocalTime: local) { entry, finished in
                if finished { ended(AnimationReport(layer: id, entry: entry, finished: true)) }
                else { began(AnimationReport(layer: id, entry: entry, finished: false)) }
            }
            if isEmpty {
                animatedLayerIDs.remove(at: i)
                continue
            }
            if !animating, isAnimating, !isPaused(id) { animating = true }
            i += 1
        }
        quiet = quietSteps(after: t, animating: animating)
        return animating
    }

    /// What ``advanceAnimations(toMediaTime:began:ended:)`` at `t` would
    /// do, without doing it: `quiet` when it would report nothing, stamp
    /// nothing, take nothing off and drop no layer from
    /// ``animatedLayerIDs`` — then it changes nothing, and `animating` is
    /// what it would answer. Not `quiet` as soon as one layer would change
    /// (its `animating` is then meaningless). `mutating` only to read the
    /// layers in place; nothing changes. The render server runs it ahead,
    /// with the next frame's presentation states (docs/internals/render-server.md,
    /// "Two cores").
    public mutating func previewStep(toMediaTime t: Double) -> (quiet: Bool, animating: Bool) {
        guard droppedAnimations.isEmpty else { return (false, false) }
        if quiet.holds(at: t) { return (true, quiet.animating) }
        var animating = false
        for id in animatedLayerIDs {
            guard let index = layers.index(forKey: id) else { return (false, false) }
            let local = localTime(at: index, atMediaTime: t)
            let (changes, isAnimating) = Self.inPlace(&layers.values[index]) { layer in
                (layer.animations.isEmpty || layer.animations.needsStep(atLocalTime: local),
                 layer.animations.isAnimating(atLocalTime: local))
            }
            if changes { return (false, false) }
            if !animating, isAnimating, !isPaused(id) { animating = true }
        }
        return (true, animating)
    }

    /// Layer `id`'s presentation state at media time `t`: its model state
    /// with its animations applied at its local time (§3.2); nil for an
    /// unknown layer.
    ///
    /// `mutating` only to read the layer in place (``localTime(of:atMediaTime:)``);
    /// nothing changes.
    public mutating func presentationState(of id: LayerID, atMediaTime t: Double) -> LayerState? {
        guard let index = layers.index(forKey: id) else { return nil }
        var state: LayerState?
        presentationState(at: index, atMediaTime: t, into: &state)
        return state
    }

    /// The presentation state of the layer at `index` in ``layers``,
    /// written into `state`: the model state copied in once, then the
    /// animations applied to it in place.
    @inline(__always)
    mutating func presentationState(at index: [LayerID: Layer].Index, atMediaTime t: Double, into state: inout LayerState?) {
        let local = localTime(at: index, atMediaTime: t)
        Self.inPlace(&layers.values[index]) { layer in
            state = layer.state
            if !layer.animations.isEmpty { layer.animations.apply(to: &state!, atLocalTime: local) }
        }
    }
}

extension LayerTree {
    /// Where ``animatedLayerIDs`` are in ``layers``, for the walk over them
    /// at every frame (``presentationStates(atMediaTime:into:)``): found
    /// once instead of hashed every frame (~120 instructions a layer).
    /// Valid while no layer is created or removed: any operation applied
    /// empties it (``apply(_:at:)``), and it is found again when the
    /// animated layers differ from those it was found for. Not part of the
    /// tree's value, as ``QuietSteps`` is not.
    struct AnimatedPositions: Hashable, Sendable {
        var ids: [LayerID] = []
        var indices: [[LayerID: Layer].Index?] = []
        /// Each found layer's ``timeMap(at:)``, worked out with its index:
        /// the timings it composes change only through an operation, which
        /// empties this (~70 instructions a layer a frame, callgrind).
        var maps: [(scale: Double, offset: Double)] = []

        static func == (_: AnimatedPositions, _: AnimatedPositions) -> Bool { true }
        func hash(into _: inout Hasher) {}
    }

    /// Every animated layer's presentation state at media time `t`, one
    /// slot of `states` per layer of ``animatedLayerIDs`` in that order
    /// (`states` is resized to fit): ``presentationState(of:atMediaTime:)``
    /// of each. False, the slots unspecified, when the tree no longer
    /// holds one of the layers. Allocates only to find the layers again
    /// after an operation. `mutating` only to read the layers in place;
    /// nothing else changes.
    public mutating func presentationStates(atMediaTime t: Double, into states: inout [LayerState]) -> Bool {
        if animatedPositions.ids != animatedLayerIDs {
            animatedPositions.ids = animatedLayerIDs
            animatedPositions.indices = animatedLayerIDs.map { layers.index(forKey: $0) }
            animatedPositions.maps = animatedPositions.indices.map { index in index.map { timeMap(at: $0) } ?? (1, 0) }
        }
        let count = animatedLayerIDs.count
        if states.count > count { states.removeLast(states.count - count) }
        while states.count < count { states.append(LayerState()) }
        // Through the buffer, into slots that are not optional: each model
        // state is copied once, straight into its slot (an optional slot
        // took it through a temporary, and `states[k] = …` copied it twice
        // more).
        return states.withUnsafeMutableBufferPointer { out in
            for k in 0..<count {
                guard let index = animatedPositions.indices[k] else { return false }
                // As ``localTime(at:atMediaTime:)`` computes it.
                let (scale, offset) = animatedPositions.maps[k]
                let local = scale * t + offset
                Self.inPlace(&layers.values[index]) { layer in
                    out[k] = layer.state
                    if !layer.animations.isEmpty { layer.animations.apply(to: &out[k], atLocalTime: local) }
                }
            }
            return true
        }
    }
}

extension LayerTree.Layer {
    /// The layer's part of a frame's step at layer-local time `local`:
    /// stamps the animations awaiting a begin time, then takes off the
    /// removed-on-completion ones that have ended, reporting each (an entry,
    /// and whether it ended); answers whether no animation is left and
    /// whether one can still change after `local`. A frame with nothing to
    /// stamp or end (``LayerAnimations/needsStep(atLocalTime:)``) leaves the
    /// animations untouched.
    mutating func stepAnimations(atLocalTime local: Double,
                                 _ report: (LayerAnimations.Entry, _ ended: Bool) -> Void) -> (isEmpty: Bool, isAnimating: Bool) {
        if animations.needsStep(atLocalTime: local) {
            animations.stampBeginTimes(local, reporting: { report($0, false) })
            animations.removeFinished(atLocalTime: local) { report($0, true) }
        }
        return (animations.isEmpty, !animations.isEmpty && animations.isAnimating(atLocalTime: local))
    }
}

extension LayerTree {
    /// Whether operations took animations off since the last frame (the
    /// next ``advanceAnimations(toMediaTime:began:ended:)`` reports them).
    public var hasDroppedAnimations: Bool { !droppedAnimations.isEmpty }
}
