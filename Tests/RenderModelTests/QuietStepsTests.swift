import LoopSimTestSupport
@testable import RenderModel
import Testing

/// The steps known to change nothing (`LayerTree.QuietSteps`,
/// docs/reference/animations.md, "On the server"): a tree that skips them must step
/// exactly as one that runs every step in full.
@Suite struct QuietStepsTests {
    static let speeds: [Double] = [1, 1, 2, 0.5, 0, -1, 0.25]

    /// An animation of varied timing: begin stamped or set, speed (0 and
    /// negative too), finite or endless repeats, kept or removed.
    static func animation(_ g: inout SplitMix64) -> LayerAnimation {
        var a = LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(0), to: .number(1))),
                               duration: [0.05, 0.1, 0.25, 1 / 60, 0.3][Int.random(in: 0..<5, using: &g)])
        if Bool.random(using: &g) { a.timing.beginTime = Double.random(in: 0.01...1, using: &g) }
        a.timing.speed = speeds[Int.random(in: 0..<speeds.count, using: &g)]
        a.timing.repeatCount = [0, 2, 3.5, .infinity][Int.random(in: 0..<4, using: &g)]
        a.timing.autoreverses = Bool.random(using: &g)
        a.isRemovedOnCompletion = Int.random(in: 0..<3, using: &g) != 0
        if !a.isRemovedOnCompletion { a.timing.fillMode = .forwards }
        return a
    }

    @Test("steps that skip the quiet frames report, answer and leave the tree as full steps do, across commits and timing chains")
    func sameAsFullSteps() throws {
        var g = SplitMix64(seed: 5)
        var skipped = 0, frames = 0
        for round in 0..<40 {
            // Two levels: roots with children, each with its own timing.
            var ops: [DiffOp] = []
            for id: LayerID in 1...6 {
                ops.append(.create(id))
                ops.append(.move(id, parent: id <= 3 ? 0 : id - 3, index: 0))
                if Int.random(in: 0..<3, using: &g) == 0 {
                    ops.append(.timing(id, speed: Self.speeds[Int.random(in: 0..<Self.speeds.count, using: &g)],
                                       timeOffset: Double.random(in: 0...0.5, using: &g), beginTime: Double.random(in: 0...0.3, using: &g)))
                }
                for k in 0..<Int.random(in: 0...2, using: &g) { ops.append(.addAnimation(id, key: "a\(k)", Self.animation(&g))) }
            }
            var quick = LayerTree()
            try quick.apply(CommitDiff(sequence: 1, time: 0, ops: ops))
            var full = quick
            var sequence: UInt64 = 1
            for k in 0..<240 {
                let t = Double(k) / 60
                if k % 37 == 36 {
                    // A commit now and then: a new animation or one taken off.
                    sequence += 1
                    let id = LayerID(Int.random(in: 1...6, using: &g))
                    let op: DiffOp = Bool.random(using: &g) ? .addAnimation(id, key: "c\(k)", Self.animation(&g)) : .removeAllAnimations(id)
                    let diff = CommitDiff(sequence: sequence, time: Int64(t * 1e9), ops: [op])
                    try quick.apply(diff)
                    try full.apply(diff)
                }
                let wasQuiet = quick.quiet.holds(at: t) && quick.droppedAnimations.isEmpty
                full.quiet = LayerTree.QuietSteps()   // every step in full
                var quickReports: [AnimationReport] = [], fullReports: [AnimationReport] = []
                let preview = quick.previewStep(toMediaTime: t)
                let fullPreview = { var copy = full; copy.quiet = LayerTree.QuietSteps(); return copy.previewStep(toMediaTime: t) }()
                let a = quick.advanceAnimations(toMediaTime: t, began: { quickReports.append($0) }, ended: { quickReports.append($0) })
                let b = full.advanceAnimations(toMediaTime: t, began: { fullReports.append($0) }, ended: { fullReports.append($0) })
                guard a == b, quickReports == fullReports, quick == full, preview.quiet == fullPreview.quiet,
                      !preview.quiet || preview.animating == fullPreview.animating else {
                    Issue.record("round \(round), frame \(k) (skipped: \(wasQuiet)): \(a) / \(b), \(quickReports.count) / \(fullReports.count) reports")
                    return
                }
                for id in quick.animatedLayerIDs where quick.presentationState(of: id, atMediaTime: t) != full.presentationState(of: id, atMediaTime: t) {
                    Issue.record("round \(round), frame \(k): layer \(id)'s presentation differs")
                    return
                }
                if wasQuiet { skipped += 1 }
                frames += 1
            }
        }
        // Many frames skipped (not those of trees with a negative speed), not all.
        #expect(skipped > frames / 5 && skipped < frames, "\(skipped) of \(frames) skipped")
    }

    @Test("the interval takes no part in the tree's value, and any operation ends it")
    func notPartOfTheValue() throws {
        var spin = LayerAnimation(.rotation, .basic(BasicAnimation(to: .number(1))), duration: 0.5)
        spin.timing.repeatCount = .infinity
        var tree = LayerTree()
        try tree.apply(CommitDiff(sequence: 1, time: 0, ops: [.create(1), .move(1, parent: 0, index: 0), .addAnimation(1, key: "s", spin)]))
        let before = tree
        _ = tree.advanceAnimations(toMediaTime: 0)   // stamps: then endless
        #expect(tree.quiet.holds(at: 10) && tree.quiet.animating)
        var other = tree
        other.quiet = LayerTree.QuietSteps()
        #expect(other == tree && other.hashValue == tree.hashValue)
        #expect(before != tree)   // the stamp is part of it
        try tree.apply(CommitDiff(sequence: 2, time: 0, ops: [.set(1, .opacity, .number(0.5))]))
        #expect(!tree.quiet.holds(at: 10))
    }
}
