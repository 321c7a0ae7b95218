import RenderModel
import Testing

/// The commit's animation operations applied to a `LayerTree`
/// (`docs/reference/animations.md`, "On the wire").
@Suite struct AnimationLayerTreeTests {
    static let fade = LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(0), to: .number(1))))

    func tree(_ ops: [DiffOp]) throws -> LayerTree {
        var tree = LayerTree()
        try tree.apply(CommitDiff(sequence: 1, time: 0, ops: ops))
        return tree
    }

    @Test("add, replace and remove by key, and remove all, each reported as a change")
    func addReplaceRemove() throws {
        var tree = try tree([.create(1), .move(1, parent: 0, index: 0)])
        var changes: [LayerTree.Change] = []
        let spin = LayerAnimation(.rotation, .basic(BasicAnimation(to: .number(1))))
        try tree.apply(CommitDiff(sequence: 2, time: 0, ops: [
            .addAnimation(1, key: "fade", Self.fade),
            .addAnimation(1, key: "spin", spin),
            .addAnimation(1, key: "fade", Self.fade),
        ])) { changes.append($0) }
        #expect(tree.animations(of: 1).keys == ["spin", "fade"])
        #expect(changes.count == 3)
        if case .animations(let id, let animations)? = changes.last {
            #expect(id == 1 && animations == tree.animations(of: 1))
        } else {
            Issue.record("expected an animations change, got \(changes)")
        }
        try tree.apply(CommitDiff(sequence: 3, time: 0, ops: [.removeAnimation(1, key: "spin"), .removeAnimation(1, key: "missing")]))
        #expect(tree.animations(of: 1).keys == ["fade"])
        try tree.apply(CommitDiff(sequence: 4, time: 0, ops: [.removeAllAnimations(1)]))
        #expect(tree.animations(of: 1).isEmpty)
        #expect(tree.state(of: 1) == LayerState())   // the model never changes
    }

    @Test("animation operations on an unknown layer, invalid animations and one too many are refused")
    func refusals() throws {
        let base = try tree([.create(1)])
        for op in [DiffOp.addAnimation(2, key: nil, Self.fade), .removeAnimation(2, key: "k"), .removeAllAnimations(2)] {
            var t = base
            #expect(throws: LayerTreeError.self) { try t.apply(op, at: 0) }
        }
        var t = base
        var bad = Self.fade
        bad.timing.duration = -1
        do {
            try t.apply(.addAnimation(1, key: "bad", bad), at: 4)
            Issue.record("a negative duration was accepted")
        } catch {
            #expect(error.kind == .badValue && error.opIndex == 4 && error.op == "addAnimation")
            #expect(error.reason == "timing.duration: must be a positive finite number, got -1.0")
        }
        for i in 0..<RenderLimits.maxAnimationsPerLayer { try t.apply(.addAnimation(1, key: "k\(i)", Self.fade), at: i) }
        do {
            try t.apply(.addAnimation(1, key: nil, Self.fade), at: 0)
            Issue.record("one animation too many was accepted")
        } catch {
            #expect(error.kind == .tooManyAnimations)
        }
    }

    @Test("a snapshot carries the animations, in order, and rebuilds an equal tree")
    func snapshot() throws {
        let tree = try tree([
            .create(1), .create(2), .move(1, parent: 0, index: 0),
            .addAnimation(1, key: "b", Self.fade), .addAnimation(1, key: nil, Self.fade), .addAnimation(1, key: "a", Self.fade),
        ])
        let snapshot = tree.snapshot()
        let adds = snapshot.ops.compactMap { op -> String? in
            if case .addAnimation(1, let key, _) = op { key ?? "nil" } else { nil }
        }
        #expect(adds == ["b", "nil", "a"])
        var rebuilt = LayerTree()
        try rebuilt.apply(snapshot)
        #expect(rebuilt == tree)
    }

    @Test("previewStep answers what advanceAnimations would do without doing it: quiet frames (and whether something animates), frames that stamp, end or drop")
    func previewStepMatchesTheStep() throws {
        var fade = Self.fade
        fade.timing.duration = 0.1
        var spin = LayerAnimation(.rotation, .basic(BasicAnimation(to: .number(1))), duration: 0.2)
        spin.timing.repeatCount = .infinity
        var kept = Self.fade
        kept.timing.duration = 0.05
        kept.isRemovedOnCompletion = false
        kept.timing.fillMode = .forwards
        var tree = try tree([.create(1), .move(1, parent: 0, index: 0), .create(2), .move(2, parent: 0, index: 1),
                             .create(3), .move(3, parent: 0, index: 2),
                             .addAnimation(1, key: "fade", fade), .addAnimation(2, key: "spin", spin), .addAnimation(3, key: "kept", kept)])
        var quietFrames = 0, busyFrames = 0
        for k in 0..<30 {
            let t = Double(k) / 60
            let before = tree
            let preview = tree.previewStep(toMediaTime: t)
            #expect(tree == before, "frame \(k): previewStep changed the tree")
            var reports = 0
            let animating = tree.advanceAnimations(toMediaTime: t, began: { _ in reports += 1 }, ended: { _ in reports += 1 })
            if preview.quiet {
                quietFrames += 1
                #expect(reports == 0 && tree == before, "frame \(k): a quiet preview, but the step changed something")
                #expect(preview.animating == animating, "frame \(k)")
            } else {
                busyFrames += 1
                #expect(reports > 0 || tree != before, "frame \(k): not quiet, but the step changed nothing")
            }
        }
        // The first frame stamps three begin times; 0.1 s later the fade ends.
        #expect(busyFrames == 2 && quietFrames == 28)
        // A commit that drops an animation is reported at the next frame: not quiet.
        try tree.apply(CommitDiff(sequence: 2, time: 0, ops: [.removeAnimation(2, key: "spin")]))
        #expect(!tree.previewStep(toMediaTime: 1).quiet)
        _ = tree.advanceAnimations(toMediaTime: 1)
        // Left: the kept fade, finished and filling forwards: quiet, and nothing animates.
        let last = tree.previewStep(toMediaTime: 1.1)
        #expect(last.quiet && !last.animating)
    }
}
