import LoopSimTrace
import RenderModel
import RunLoopKit

/// Animations on the app side of the context: ids, where each came from,
/// UIView animation blocks, completion groups, and what the render
/// server's frames report (`docs/reference/animations.md`).
extension LayerContext {
    /// Where an attached animation came from, for `anim.begin`/`anim.end`.
    public struct AnimationOrigin: Sendable, Equatable {
        public var layer: LayerID
        /// Its key, or "" for none.
        public var key: String
        /// The transaction it was added in.
        public var txn: Int
    }

    /// One open UIView animation block.
    final class ViewAnimation {
        let parameters: ViewAnimationParameters
        let group: CompletionGroup?
        init(parameters: ViewAnimationParameters, group: CompletionGroup?) {
            self.parameters = parameters
            self.group = group
        }
    }

    /// The virtual time, ns: the media time `CACurrentMediaTime()` reads.
    var mediaTimeNow: Int64 { sim.now }

    /// `animationTimingFunction` as an animation being created reads it
    /// (noted, see ``valueForNewAnimation(forKey:)``).
    var animationTimingFunctionForNewAnimation: TimingFunction? {
        if case .string(let name)? = valueForNewAnimation(forKey: TransactionKey.animationTimingFunction) { return TimingFunction.named(name) }
        return nil
    }

    /// The innermost transaction's `animationTimingFunction`, nil unset.
    public var animationTimingFunction: TimingFunction? {
        if case .string(let name)? = value(forKey: TransactionKey.animationTimingFunction) { return TimingFunction.named(name) }
        return nil
    }

    /// `UIView.animate(withDuration:delay:options:animations:completion:)`:
    /// runs `body` with the block's parameters as the actions of the
    /// layers it changes (view-backed ones included); `completion` runs
    /// once the animations created inside have ended (on the next turn
    /// when there were none).
    public func animateViews(_ parameters: ViewAnimationParameters, body: () throws -> Void,
                             completion: (() throws -> Void)?) throws {
        let txn = noteMutation()
        let group = completion.map { CompletionGroup(txn: txn.id, block: $0) }
        viewAnimations.append(ViewAnimation(parameters: parameters, group: group))
        defer {
            viewAnimations.removeLast()
            if let group { close(group) }
        }
        try body()
    }

    /// Closes a group: no later animation counts. Without counted
    /// animations its block runs on the next run-loop turn, as a block for
    /// the common modes (item 7.11); otherwise it waits for their ends.
    func close(_ group: CompletionGroup) {
        group.closed = true
        if !group.counted {
            loop.perform(in: .common, name: "completion txn \(group.txn)") { [weak self] in
                self?.trace(.completion(txn: group.txn))
                try group.block()
            }
        } else if group.pending.isEmpty {
            deliver(group, at: sim.now)
        } else {
            awaitingGroups.append(group)
        }
    }

    /// The render server's frame on screen at `time` began and ended these
    /// animations (ids, in the server's order): traced as `anim.begin` and
    /// `anim.end`, the app side's layers stamp or drop them, and each
    /// completion group whose last animation ended is delivered — a
    /// message on the completion port, a version-1 source on the main run
    /// loop, now (choice 4). Called at the frame's on-screen time; each
    /// begin time is the layer-local time the server stamped.
    public func noteAnimationFrame(began: [(id: UInt64, beginTime: Double)], ended: [UInt64]) {
        let time = sim.now
        for (id, beginTime) in began {
            guard let origin = animationOrigins[id] else { continue }
            let l = layer(origin.layer)
            l?.animations.stampBeginTime(ofAnimation: id, beginTime)
            trace(.animBegin(layer: l?.traceName ?? "#\(origin.layer)", key: origin.key, txn: origin.txn))
        }
        guard !ended.isEmpty else { return }
        for id in ended {
            guard let origin = animationOrigins.removeValue(forKey: id) else { continue }
            let l = layer(origin.layer)
            l?.animations.removeAnimation(withID: id)
            trace(.animEnd(layer: l?.traceName ?? "#\(origin.layer)", key: origin.key, txn: origin.txn))
        }
        var done: [CompletionGroup] = []
        for group in awaitingGroups {
            for id in ended { group.pending.remove(id) }
            if group.pending.isEmpty { done.append(group) }
        }
        guard !done.isEmpty else { return }
        awaitingGroups.removeAll { $0.pending.isEmpty }
        for group in done { deliver(group, at: time) }
    }

    /// The stamps and ends of a frame as the client learns them (at the
    /// vsync, before the frame is on screen): the committed animations a
    /// crash snapshot carries follow them.
    public func noteCommittedAnimations(began: [(id: UInt64, beginTime: Double)], ended: [UInt64]) {
        for (id, beginTime) in began {
            if let origin = animationOrigins[id] { layer(origin.layer)?.committedAnimations.stampBeginTime(ofAnimation: id, beginTime) }
        }
        for id in ended {
            if let origin = animationOrigins[id] { layer(origin.layer)?.committedAnimations.removeAnimation(withID: id) }
        }
    }

    /// Sends the group's block through the completion port at `time`.
    private func deliver(_ group: CompletionGroup, at time: Int64) {
        let port = completionPort()
        port.send(at: time, label: "completion txn \(group.txn)") { [weak self] in
            self?.trace(.completion(txn: group.txn))
            try group.block()
        }
    }

    /// The port the render server's completion reports arrive on, added
    /// to the common modes the first time a group waits for animations.
    private func completionPort() -> SimPort {
        if let port = animationCompletionPort { return port }
        let port = SimPort(name: "CA completion") { _, message in try message.body?() }
        loop.add(port, to: .common)
        animationCompletionPort = port
        return port
    }
}
