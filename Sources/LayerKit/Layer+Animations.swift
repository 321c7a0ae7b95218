import LoopSimTrace
import RenderModel

/// A layer's animations on the app side (`docs/reference/animations.md`, "On the
/// app side"): `add(_:forKey:)`, `removeAnimation(forKey:)`,
/// `removeAllAnimations()`, `animationKeys()`, and the implicit actions a
/// property change runs (`docs/reference/core-animation-rules.md` §2.5, choice 3).
/// What is attached travels in the next commit; the render server runs it.
extension Layer {
    /// `animationKeys()`: the keys in application order; nil when none.
    public var animationKeys: [String]? { animations.keys }

    /// `animation(forKey:)`: the attached copy.
    public func animation(forKey key: String) -> LayerAnimation? { animations.animation(forKey: key) }

    /// `add(_:forKey:)`: attaches a copy of `animation` under `key` (same
    /// key replaces). A duration of 0 or less becomes the innermost
    /// transaction's `animationDuration` (0.25 s unless set, §2.6). The
    /// animation counts toward every open completion group (choice 4).
    ///
    /// - Returns: the attached animation's id (``LayerAnimation/id``).
    /// - Throws: `AnimationError` when it is not valid, or the layer holds
    ///   too many (nothing changes then).
    @discardableResult
    public func add(_ animation: LayerAnimation, forKey key: String?) throws(AnimationError) -> UInt64 {
        var copy = animation
        if !(copy.timing.duration > 0) { copy.timing.duration = Double(context.animationDurationForNewAnimation) / 1e9 }
        copy.id = context.nextAnimationID + 1
        try animations.add(copy, forKey: key)
        context.nextAnimationID += 1
        let txn = context.noteMutation()
        context.treeLog.append(.addAnimation(id, key: key, copy))
        context.markDirty(self)
        context.animationOrigins[copy.id] = .init(layer: id, key: key ?? "", txn: txn.id)
        for t in context.stack { for group in t.completionGroups { group.count(copy.id) } }
        return copy.id
    }

    /// `removeAnimation(forKey:)`: removed at once on the model, and on
    /// the server by the next commit (an unknown key does nothing).
    public func removeAnimation(forKey key: String) {
        guard animations.removeAnimation(forKey: key) else { return }
        context.noteMutation()
        context.treeLog.append(.removeAnimation(id, key: key))
        context.markDirty(self)
    }

    /// `removeAllAnimations()`.
    public func removeAllAnimations() {
        guard !animations.isEmpty else { return }
        animations.removeAll()
        context.noteMutation()
        context.treeLog.append(.removeAllAnimations(id))
        context.markDirty(self)
    }

    /// Runs the implicit action of a change of `property` from `old` (the
    /// model state before the set), if the layer has one (choice 3): only a
    /// layer that has been on the display in a committed tree, only with
    /// actions enabled, never a view's layer outside a UIView animation
    /// block (UIKit's delegate answers no action). The built-in action is
    /// a basic animation under the property's key (`frame` animates as
    /// `bounds` and `position`), from the presentation value at the set
    /// (the frame on screen now) to the model value; the innermost
    /// transaction's duration and timing function (`default` when unset),
    /// or, for a view's layer, the UIView block's. A standalone layer keeps
    /// its own action inside a UIView block: UIKit builds actions for its
    /// views only, so a sublayer picks the transaction's duration and
    /// timing function, and the block's completion does not wait for it.
    func runImplicitAction(for property: LayerProperty, from old: LayerState) {
        guard wasOnDisplayInACommit, !context.disableActions, context.actionsSuppressed == 0 else { return }
        let block = isView ? context.viewAnimations.last : nil
        if isView, block == nil { return }
        for keyPath in AnimationKeyPath.keyPaths(for: property) {
            let before = keyPath.value(in: old), after = keyPath.value(in: state)
            guard before != after else { continue }
            let from = context.presentationValue?(self, keyPath) ?? before
            var animation: LayerAnimation
            if let block {
                if let ratio = block.parameters.springDampingRatio {
                    animation = LayerAnimation(keyPath, .spring(.fitted(.implicit(from: from), dampingRatio: ratio,
                                                                               duration: Double(block.parameters.duration) / 1e9,
                                                                               initialVelocity: block.parameters.springVelocity)),
                                               duration: Double(block.parameters.duration) / 1e9)
                } else {
                    animation = LayerAnimation(keyPath, .basic(.implicit(from: from)), duration: Double(block.parameters.duration) / 1e9,
                                               timingFunction: block.parameters.timingFunction)
                }
                if block.parameters.delay > 0 {
                    // UIKit delays with a beginTime in the layer's time,
                    // holding the start value until then.
                    animation.timing.beginTime = Double(context.mediaTimeNow + block.parameters.delay) / 1e9
                    animation.timing.fillMode = .backwards
                }
            } else {
                animation = LayerAnimation(keyPath, .basic(.implicit(from: from)), duration: Double(context.animationDurationForNewAnimation) / 1e9,
                                           timingFunction: context.animationTimingFunctionForNewAnimation ?? .default)
            }
            do {
                let id = try add(animation, forKey: keyPath.rawValue)
                block?.group?.count(id)
            } catch {
                context.warn("layer '\(traceName)': the implicit animation of \(keyPath.rawValue) was refused: \(error)")
            }
        }
    }
}
