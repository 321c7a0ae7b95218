import LoopSimTestSupport
import LoopSimTrace
import RenderModel
import RunLoopKit
import Testing
@testable import LayerKit

/// The `commit` event's `changes`: `LAYER.PROP=VALUE` for each property the
/// diff ships (docs/guide/trace-format.md §2).
@Suite(.quiescent) struct CommitChangesTests {
    func changes(_ w: LayerWorld) -> [[String]?] {
        w.events.compactMap { e in
            if case .commit(let c) = e.kind { return .some(c.changes) }
            return nil
        }
    }

    @Test("a commit lists each shipped property in the diff's order, in the set events' spelling")
    func listsShippedProperties() throws {
        let w = LayerWorld()
        let b = w.layers.makeLayer(name: "box", root: true)
        try b.set(.frame, .rect(Rect(x: 10, y: 20, width: 30, height: 40)))
        try b.set(.backgroundColor, .color(.yellow))
        try b.set(.opacity, .number(0.5))
        try w.run(until: 0.1)
        #expect(changes(w) == [["box.bounds=(0, 0, 30, 40)", "box.position=(25, 40)",
                                "box.background=#ffff00ff", "box.opacity=0.5"]])
        #expect(w.shipped.count == 1)
    }

    @Test("a value overwritten before the commit is not listed, and a value set back to the committed one ships nothing")
    func onlyWhatDiffers() throws {
        let w = LayerWorld()
        let b = w.layers.makeLayer(name: "box", root: true)
        try b.set(.backgroundColor, .color(.red))
        w.at(1) {
            try b.set(.backgroundColor, .color(.yellow))
            try b.set(.backgroundColor, .color(.green))
            try b.set(.opacity, .number(0.25))
        }
        w.at(2) {
            try b.set(.opacity, .number(0.5))
            try b.set(.opacity, .number(0.25))
        }
        try w.run(until: 3)
        #expect(changes(w) == [["box.background=#ff0000ff"], ["box.background=#00ff00ff", "box.opacity=0.25"], []])
    }

    @Test("timing changes are listed as their set events spell them")
    func timing() throws {
        let w = LayerWorld()
        let b = w.layers.makeLayer(name: "box", root: true)
        b.setTiming(.speed, .number(0))
        b.setTiming(.timeOffset, .time(1_500_000_000))
        try w.run(until: 0.1)
        #expect(changes(w) == [["box.speed=0", "box.timeOffset=1.5s"]])
    }
}
