import RenderModel
import RunLoopKit
import Testing
@testable import LayerKit

/// The layer context's invariant checks (docs/internals/safety.md, "Invariants")
/// find what they are meant to find: each case breaks one invariant of a
/// committed world through the test's internal access, and the check names
/// it. (No quiescence trait: the broken world is not checked again.)
@Suite struct LayerContextInvariantTests {
    /// A committed world: a root with two sublayers, and a detached layer.
    static func world() throws -> (LayerWorld, [Layer]) {
        let w = LayerWorld()
        var made: [Layer] = []
        w.at(1) {
            let root = w.layers.makeLayer(name: "root", root: true)
            let a = w.layers.makeLayer(name: "a"), b = w.layers.makeLayer(name: "b")
            let loose = w.layers.makeLayer(name: "loose")
            root.addSublayer(a)
            root.addSublayer(b)
            try a.set(.opacity, .number(0.5))
            made = [root, a, b, loose]
        }
        try w.run(until: 2)
        return (w, made)
    }

    @Test("a committed world's invariants hold")
    func holds() throws {
        let (w, _) = try Self.world()
        #expect(w.layers._invariantViolations() == [])
        #expect(w.loop._invariantViolations() == [])
    }

    struct Breakage: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// Part of the sentence the check must answer.
        let names: String
        let apply: @Sendable (LayerContext, [Layer]) -> Void
    }

    static let breakages: [Breakage] = [
        Breakage(testDescription: "a sublayer whose superlayer is another", names: "'a' is a sublayer of 'root' but has another superlayer") { _, l in l[1].superlayer = l[2] },
        Breakage(testDescription: "a cycle of superlayers", names: "come back to it") { _, l in l[0].superlayer = l[1] },
        Breakage(testDescription: "a root listed twice", names: "'root' is placed twice") { c, _ in c.roots.append(c.roots[0]) },
        Breakage(testDescription: "a layer marked changed but not listed", names: "'b' is marked changed but not listed") { _, l in l[2].isDirty = true },
        Breakage(testDescription: "a layer listed as changed twice", names: "'b' is listed as changed twice") { c, l in
            l[2].isDirty = true
            c.dirty += [l[2], l[2]]
        },
        Breakage(testDescription: "a layer that needs layout but is not queued", names: "'loose' needs layout but is not queued") { _, l in l[3].needsLayout = true },
        Breakage(testDescription: "a queued layer of another context", names: "not a layer of this context") { c, _ in
            let other = LayerContext(loop: c.loop)
            c.displayQueue.append(other.makeLayer(name: "stranger"))
        },
        Breakage(testDescription: "a state changed without being marked", names: "'a' is unchanged but its state is not the committed one") { _, l in l[1].state.opacity = 1 },
        Breakage(testDescription: "a committed place that is not the model's", names: "'b' was committed under") { _, l in l[2].committedParent = 9 },
        Breakage(testDescription: "a named image pointing at another entry", names: "image 'x' points at another entry") { c, _ in c.imagesByName["x"] = 7 },
        Breakage(testDescription: "a sibling index that is not the layer's place", names: "'b' is sublayer 1 of 'root' but has sibling index 0") { _, l in l[2].siblingIndex = 0 },
        Breakage(testDescription: "a root's sibling index that is not its place", names: "root 'root' is root 0 but has sibling index 3") { _, l in l[0].siblingIndex = 3 },
        Breakage(testDescription: "a property set since the commit on a layer not marked changed", names: "'b' has properties set since the last commit but is not marked changed") { _, l in
            l[2].setSinceCommit.insert(.opacity)
        },
        Breakage(testDescription: "a changed layer whose change the commit would not compare", names: "'a' differs from its committed state in [\"opacity\"]") { c, l in
            l[1].isDirty = true
            c.dirty.append(l[1])
            l[1].state.opacity = 1
        },
        Breakage(testDescription: "a transaction stack out of the order begun", names: "the transaction stack [5, 2]") { c, _ in
            c.nextTransactionID = 6
            c.stack = [Transaction(id: 5, isImplicit: false, begun: 0), Transaction(id: 2, isImplicit: false, begun: 0)]
        },
    ]

    @Test("a broken invariant is named", arguments: breakages)
    func named(_ breakage: Breakage) throws {
        let (w, made) = try Self.world()
        breakage.apply(w.layers, made)
        let broken = w.layers._invariantViolations()
        #expect(broken.contains { $0.contains(breakage.names) }, "\(broken)")
    }
}
