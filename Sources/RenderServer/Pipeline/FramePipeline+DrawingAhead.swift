import Raster
import RenderModel
import RenderWire

/// A frame's render — its animation step, damage and drawing — which
/// `present` does at a vsync, and which can be done before the vsync comes
/// while the client takes its turn (docs/internals/render-server.md, "Drawing
/// ahead"), then taken back if another message comes first.
extension FramePipeline {
    /// A frame's animation step and damage, and what it recomposites and
    /// re-encodes: the part of `present` that can be done ahead.
    struct FrameRender {
        var step: RenderTree.AnimationStep
        var damage: DamageRegion
        /// The damage's bounds; nil when the frame changed no pixel.
        var box: PixelRect?
        /// The region's rectangles on the display (what a raster cost counts).
        var changed: [PixelRect] = []
        var paint: [PixelRect] = []
        var encoded: [PixelRect] = []
    }

    /// A frame drawn ahead of its vsync: its render, and the node states
    /// its step replaced, to take it back with.
    struct DrawnAhead {
        var vsync: UInt64
        var render: FrameRender
        var shown: [(LayerID, LayerState)]
    }

    /// Runs the animation step of vsync `k`'s frame at media time `t` and
    /// takes the damage of everything since the last frame.
    func render(vsync k: UInt64, atMediaTime t: Double) throws -> FrameRender {
        let step = tree.advanceAnimations(toMediaTime: t, ahead: drawing.ahead)
        let maxReports = WireLimits().maxAnimationReports
        guard step.began.count <= maxReports, step.ended.count <= maxReports else {
            throw SessionError(.serverFailure, "vsync \(k): \(max(step.began.count, step.ended.count)) animations began or ended at one frame; a presented message reports at most \(maxReports) (docs/reference/limits.md)")
        }
        var unmerged = unmergedSpare
        let damage = tree.takeDamage(changed: &unmerged)
        let unmergedOnDisplay = unmerged.map { FrameDrawing.clipped($0, to: tree.displayRect) }
        // Unmerged, the boxes' union is the region's bounds.
        let bounds = tree.mergesDamage ? damage.bounds : unmerged?.reduce(nil) { $0.union($1) as PixelRect? }
        unmergedSpare = unmerged
        var r = FrameRender(step: step, damage: damage, box: bounds)
        guard bounds != nil else { return r }
        r.changed = damage.clipped(to: tree.displayRect).rects
        (r.paint, r.encoded) = FrameDrawing.rectangles(region: damage.rects, onDisplay: r.changed,
                                                       unmerged: unmergedOnDisplay, merged: tree.mergesDamage)
        return r
    }

    /// Recomposites a frame's damage into the framebuffer, its P6 bytes
    /// and its tile hash. The P6 bytes are what is written and what the
    /// probes read: with neither (`--frames none`, no `expect pixel`) they
    /// are not kept. Each damaged tile is rehashed once, however many
    /// rectangles touch it.
    ///
    /// With `k`, the frame of vsync `k`, the animations of the frame after
    /// it are evaluated meanwhile when it animates (``PresentationLookahead``,
    /// `FrameDrawing.draw`): on this thread after its band, while the
    /// helper draws the other, or on the helper while the client takes its
    /// turn.
    func draw(_ r: FrameRender, lookingAheadAfter k: UInt64? = nil) {
        var next: Double?
        if let k, r.step.animating, !hello.rendersInTime, let t = try? clock.checkedTime(ofVsync: k + 2) {
            next = Double(t) / 1e9
        }
        guard r.box != nil else {
            if let next { drawing.lookAhead(tree, atMediaTime: next) }
            return
        }
        drawing.draw(tree, paint: r.paint, changed: r.encoded, into: &framebuffer,
                     p6: &ppm, keepsP6: frames.keepsFrames || !hello.probes.isEmpty,
                     p6HeaderCount: ppmHeaderCount, background: hello.background, hash: &tiledHash,
                     lookAheadTo: next)
    }

    /// Draws the frame of the client's next vsync before it comes, while
    /// the client takes its turn (docs/internals/render-server.md, "Drawing ahead"):
    /// when the last frame animates, nothing was sent since, and the step
    /// of the next one is worked out already (``PresentationLookahead``: a
    /// step that stamps, ends and drops nothing, whose states only the
    /// nodes take). When that vsync comes next, its frame is written and
    /// reported as drawn; when anything else comes first, the frame is
    /// taken back — the nodes show their states from before again and
    /// what it drew is drawn again from them — and the message is handled
    /// as if nothing had been drawn: the same bytes either way (tested).
    /// ``clientsTurn()`` calls it; it does nothing when there is nothing to
    /// draw ahead.
    func drawNextFrameAhead() {
        guard drawnAhead == nil, let k = nextAnimatedVsync, unlatched.isEmpty else { return }
        nextAnimatedVsync = nil
        guard let t = try? clock.checkedTime(ofVsync: k + 1), tree.pendingDamage.isEmpty else { return }
        let mediaTime = Double(t) / 1e9
        drawing.helper.finish(unless: .answer)   // the evaluation of this frame, not the answer to the last
        guard drawing.ahead.holds(for: tree, atMediaTime: mediaTime) else { return }
        tree.hot.shownBefore = spareShown
        spareShown = []
        let render: FrameRender
        do {
            render = try self.render(vsync: k, atMediaTime: mediaTime)
        } catch {
            // A step that stamps and ends nothing reports nothing: unreachable.
            tree.hot.shownBefore = nil
            return
        }
        drawnAhead = DrawnAhead(vsync: k, render: render, shown: tree.hot.shownBefore ?? [])
        tree.hot.shownBefore = nil
        counters.framesDrawnAhead += 1
        draw(render, lookingAheadAfter: k)
    }

    /// Takes back the frame drawn ahead, if any: its nodes show their
    /// states from before, and what it drew is drawn again from them, so
    /// that the tree, the framebuffer, its P6 bytes and its hash are what
    /// the last frame presented left.
    func takeBackDrawnAhead() {
        guard let ahead = drawnAhead.take() else { return }
        counters.framesTakenBack += 1
        drawing.settle()
        tree.takeBack(ahead.shown)
        var taken: [PixelRect]? = nil
        _ = tree.takeDamage(changed: &taken)
        draw(ahead.render)
        recycle(ahead)
    }

    /// Keeps the array of a frame drawn ahead that is done with, emptied,
    /// for the next one: its hundred states are not reallocated a frame.
    func recycle(_ ahead: consuming DrawnAhead?) {
        guard var shown = ahead?.shown else { return }
        shown.removeAll(keepingCapacity: true)
        spareShown = shown
    }
}
