import LayerKit
import LoopSimTrace
import RenderModel
import RenderWire
import RunLoopKit

extension Simulation {
    /// The client's half of a frame's animation step: the copy of the
    /// on-screen tree runs the same step at the same time as the server
    /// did (``LayerTree/advanceAnimations(toMediaTime:began:ended:)``), so
    /// it holds what the frame showed; the two must report the same
    /// animations (a `warn` says when they do not). The app side then
    /// learns the stamps and ends: the committed animations at once, the
    /// layers, the trace and the completion blocks at the on-screen time.
    /// The history records only the layers whose animations or timing
    /// chain can have changed: those the step began or ended, those the
    /// latched commits touched (`animationsTouched`), and every animated
    /// layer when a commit changed timing or moved a layer (`chainsTouched`).
    func animationStep(_ p: WireMessage.Presented, vsync k: Int64, _ r: RenderState,
                       animationsTouched: [LayerID], chainsTouched: Bool) {
        guard !r.onScreen.animatedLayerIDs.isEmpty || r.onScreen.hasDroppedAnimations || !p.began.isEmpty || !p.ended.isEmpty,
              let target = r.clock.time(ofVsync: k + 1) else { return }
        var began: [UInt64] = [], ended: [UInt64] = [], changed: [LayerID] = []
        var stamps: [UInt64: Double] = [:]
        let animated = r.onScreen.animatedLayerIDs
        let animating = r.onScreen.advanceAnimations(toMediaTime: Double(target) / 1e9,
                                     began: { report in
                                         began.append(report.entry.animation.id)
                                         stamps[report.entry.animation.id] = report.entry.animation.timing.beginTime
                                         changed.append(report.layer)
                                     },
                                     ended: { ended.append($0.entry.animation.id); changed.append($0.layer) })
        if began != p.began || ended != p.ended, !r.warnedAnimationMismatch {
            r.warnedAnimationMismatch = true
            warn("the render server's animations at vsync \(k) (began \(p.began), ended \(p.ended)) differ from the client's copy of the tree (began \(began), ended \(ended)); `expect presentation` may be wrong from here on")
        }
        r.history.noteAnimationFrame(at: target)
        noteServerAnimating(animating, at: target)
        if !animated.isEmpty, p.damage.width > 0, p.damage.height > 0, p.onScreenTime > target {
            // An animation frame the render made late (a render hitch).
            lateAnimationFrames.append((Int64(p.frame), p.onScreenTime, p.onScreenTime - target))
        }
        for id in Set((chainsTouched ? animated : []) + animationsTouched + changed).sorted() {
            r.history.noteAnimations(id, r.onScreen.animations(of: id), chain: r.onScreen.timingChain(of: id), at: target)
        }
        // The begin times are layer-local: the copy's stamps (the server's
        // ids, should the two ever differ).
        let stamped = p.began.map { ($0, stamps[$0] ?? Double(target) / 1e9) }
        layers.noteCommittedAnimations(began: stamped, ended: p.ended)
        guard !p.began.isEmpty || !p.ended.isEmpty else { return }
        let serverEnded = p.ended
        context.schedule(at: p.onScreenTime, label: nil) { [unowned self] in
            self.layers.noteAnimationFrame(began: stamped, ended: serverEnded)
        }
    }
}
