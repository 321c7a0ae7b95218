import LoopSimTestSupport
import RenderModel
import RunLoopKit
import Testing
@testable import LayerKit

/// docs/reference/core-animation-rules.md §7, layers and actions (items 15, 19–23) on
/// the app side: which property changes attach an implicit animation, and
/// what it is (docs/reference/animations.md, "On the app side"). The render server's
/// half is in `AnimationChecklistTests` (ScenarioTests) and the goldens
/// under `Traces/animations/`.
@Suite(.quiescent) struct ActionTests {
    /// A standalone root layer, shipped in the first pass's commit (so it
    /// has been on the display in a committed tree, choice 3).
    func committedLayer(_ w: LayerWorld, isView: Bool = false, name: String = "box") throws -> Layer {
        let b = w.layers.makeLayer(name: name, isView: isView, root: true)
        try b.set(.frame, .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        try b.set(.backgroundColor, .color(.white))
        return b
    }

    @Test("7.15 disableActions: a position change attaches no animation and the model has the new value; the next transaction animates again")
    func disableActions() throws {
        let w = LayerWorld()
        let b = try committedLayer(w)
        w.at(1) {
            w.layers.setValue(.bool(true), forKey: TransactionKey.disableActions)
            try b.set(.position, .point(Point(x: 40, y: 20)))
            #expect(b.animationKeys == nil)
            #expect(b.state.position == Point(x: 40, y: 20))
        }
        w.at(2) {
            #expect(!w.layers.disableActions)          // it was that transaction's only
            try b.set(.position, .point(Point(x: 60, y: 20)))
            #expect(b.animationKeys == ["position"])
            #expect(b.state.position == Point(x: 60, y: 20))
        }
        try w.run(until: 3)
        #expect(w.shipped.count == 3)
    }

    @Test("7.19 a view-backed layer gets no action outside an animation block; a plain sublayer added to it animates, 0.25 s with the default curve")
    func viewBackedLayer() throws {
        let w = LayerWorld()
        let view = try committedLayer(w, isView: true, name: "view")
        let sub = w.layers.makeLayer(name: "sub")
        try sub.set(.frame, .rect(Rect(x: 1, y: 1, width: 4, height: 4)))
        view.addSublayer(sub)
        w.at(1) {
            try view.set(.opacity, .number(0.5))
            try sub.set(.opacity, .number(0.5))
            #expect(view.animationKeys == nil)
            #expect(sub.animationKeys == ["opacity"])
            let a = try #require(sub.animation(forKey: "opacity"))
            #expect(a.timing.duration == 0.25)
            #expect(a.timingFunction == .default)
        }
        w.at(2) {
            // Inside a UIView animation block the view's layer animates too,
            // with the block's duration and curve.
            try w.layers.animateViews(ViewAnimationParameters(duration: 400_000_000), body: {
                try view.set(.opacity, .number(1))
            }, completion: nil)
            let a = try #require(view.animation(forKey: "opacity"))
            #expect(a.timing.duration == 0.4)
            #expect(a.timingFunction == .easeInEaseOut)
        }
        try w.run(until: 3)
    }

    @Test("7.20 a hosted layer: setting frame and opacity gives the keys bounds, opacity, position, and the model already has the new values")
    func frameAndOpacity() throws {
        let w = LayerWorld()
        let b = try committedLayer(w)
        w.at(1) {
            try b.set(.frame, .rect(Rect(x: 20, y: 10, width: 30, height: 40)))
            try b.set(.opacity, .number(0.25))
            #expect(b.animationKeys?.sorted() == ["bounds", "opacity", "position"])
            #expect(b.state.frame == Rect(x: 20, y: 10, width: 30, height: 40))
            #expect(b.state.opacity == 0.25)
        }
        try w.run(until: 2)
    }

    @Test("7.21 a standalone layer never committed: setting its position attaches no animation")
    func neverCommitted() throws {
        let w = LayerWorld()
        _ = try committedLayer(w)
        w.at(1) {
            let fresh = w.layers.makeLayer(name: "fresh", root: true)
            try fresh.set(.position, .point(Point(x: 5, y: 5)))
            #expect(fresh.animationKeys == nil)
            try fresh.set(.opacity, .number(0.5))
            #expect(fresh.animationKeys == nil)
        }
        try w.run(until: 2)
    }

    @Test("7.22 the attached implicit action: basic, keyPath = property, the transaction's duration (0.25 s unset), default curve, from the value before the set to the model")
    func implicitActionAttached() throws {
        let w = LayerWorld()
        let b = try committedLayer(w)
        w.at(1) {
            try b.set(.opacity, .number(0.2))
            let a = try #require(b.animation(forKey: "opacity"))
            #expect(a.keyPath == .opacity)
            #expect(a.timing.duration == 0.25)
            #expect(a.timingFunction == TimingFunction(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
            // No server here: the presentation value is the model before the set.
            #expect(a.content == .basic(BasicAnimation(from: .number(1), to: nil, by: nil)))
            #expect(a.timing.beginTime == 0)          // stamped by the server (choice 2)
        }
        w.at(2) {
            w.layers.setValue(.duration(2_000_000_000), forKey: TransactionKey.animationDuration)
            try b.set(.opacity, .number(0.8))
            #expect(b.animation(forKey: "opacity")?.timing.duration == 2)
        }
        try w.run(until: 3)
    }

    @Test("7.23 add with duration 0 takes the transaction's duration; the attached copy does not follow the original; the same key replaces")
    func addCopiesAndReplaces() throws {
        let w = LayerWorld()
        let b = try committedLayer(w)
        w.at(1) {
            var original = LayerAnimation(.position, .basic(BasicAnimation(to: .point(Point(x: 50, y: 5)))), duration: 0)
            try b.add(original, forKey: "move")
            #expect(b.animation(forKey: "move")?.timing.duration == 0.25)
            original.timing.duration = 9
            #expect(b.animation(forKey: "move")?.timing.duration == 0.25)
            w.layers.setValue(.duration(1_500_000_000), forKey: TransactionKey.animationDuration)
            try b.add(LayerAnimation(.opacity, .basic(BasicAnimation(to: .number(0))), duration: 0), forKey: "fade")
            #expect(b.animation(forKey: "fade")?.timing.duration == 1.5)
            try b.add(original, forKey: "move")
            #expect(b.animationKeys == ["fade", "move"])
            #expect(b.animation(forKey: "move")?.timing.duration == 9)
        }
        try w.run(until: 2)
    }
}
