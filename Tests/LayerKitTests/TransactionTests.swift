import LoopSimTestSupport
import RenderModel
import RunLoopKit
import Testing
@testable import LayerKit

/// docs/reference/core-animation-rules.md §7, transactions (items 1–11, 13, 14, 17).
@Suite(.quiescent) struct TransactionTests {
    func box(_ w: LayerWorld) throws -> Layer {
        let b = w.layers.makeLayer(name: "box", root: true)
        try b.set(.bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        try b.set(.backgroundColor, .color(.white))
        return b
    }

    @Test("7.1 an implicit change then a nested explicit transaction: neither red nor yellow ships; green ships after the block")
    func implicitThenExplicit() throws {
        let w = LayerWorld()
        let b = try box(w)
        w.at(1) {
            try b.set(.backgroundColor, .color(.red))
            w.layers.begin()
            try b.set(.backgroundColor, .color(.yellow))
            try w.layers.commit()
            #expect(w.shipped.count == 1)          // the inner commit shipped nothing
            w.sim.block(for: 3_000_000_000)
            try b.set(.backgroundColor, .color(.green))
        }
        try w.run(until: 5)
        #expect(w.shippedBackgrounds(b) == [.white, .green])
        #expect(w.shipped.last?.time == 4_000_000_000)
    }

    @Test("7.2 a top-level explicit transaction ships at its commit, before the block")
    func topLevelExplicit() throws {
        let w = LayerWorld()
        let b = try box(w)
        w.at(1) {
            w.layers.begin()
            try b.set(.backgroundColor, .color(.red))
            try w.layers.commit()
            #expect(w.shipped.last?.time == 1_000_000_000)
            w.sim.block(for: 3_000_000_000)
        }
        try w.run(until: 5)
        #expect(w.shippedBackgrounds(b) == [.white, .red])
    }

    @Test("7.3 nested explicit transactions ship only at the outer commit")
    func nestedExplicit() throws {
        let w = LayerWorld()
        let b = try box(w)
        w.at(1) {
            w.layers.begin()
            w.layers.begin()
            try b.set(.backgroundColor, .color(.red))
            try w.layers.commit()
            w.sim.block(for: 5_000_000_000)
            #expect(w.shipped.count == 1)
            try w.layers.commit()
        }
        try w.run(until: 7)
        #expect(w.shipped.map(\.time) == [0, 6_000_000_000])
    }

    @Test("7.4 begin; flush; commit: nothing reaches the server before the outer commit")
    func flushInsideExplicit() throws {
        let w = LayerWorld()
        let b = try box(w)
        try w.run(until: 0.5)
        w.layers.begin()
        try b.set(.backgroundColor, .color(.red))
        try w.layers.flush()
        #expect(w.shipped.count == 1)
        try w.layers.commit()
        #expect(w.shipped.count == 2)
    }

    @Test("7.5 a duration set outside any begin reads back, and reads 0.25 s after a flush; flush twice is a no-op")
    func flushResetsImplicitValues() throws {
        let w = LayerWorld()
        w.layers.setValue(.duration(5_000_000_000), forKey: TransactionKey.animationDuration)
        #expect(w.layers.animationDuration == 5_000_000_000)
        try w.layers.flush()
        #expect(w.layers.animationDuration == 250_000_000)
        w.layers.begin()
        w.layers.setValue(.duration(2_000_000_000), forKey: TransactionKey.animationDuration)
        try w.layers.flush()
        #expect(w.layers.animationDuration == 2_000_000_000)
        try w.layers.commit()
        let before = w.shipped.count
        try w.layers.flush()
        try w.layers.flush()
        #expect(w.shipped.count == before)
    }

    @Test("7.6 the stack belongs to the main thread: another context reads the defaults")
    func perThread() throws {
        let a = LayerWorld(), b = LayerWorld()
        a.layers.begin()
        a.layers.setValue(.duration(5_000_000_000), forKey: TransactionKey.animationDuration)
        a.layers.setValue(.bool(true), forKey: TransactionKey.disableActions)
        #expect(b.layers.animationDuration == 250_000_000)
        #expect(b.layers.disableActions == false)
        try a.layers.commit()
        #expect(a.layers.stack.isEmpty)
    }

    @Test("7.7 defaults with no transaction: 0.25 s, actions enabled, no timing function, no completion")
    func defaults() {
        let w = LayerWorld()
        #expect(w.layers.animationDuration == 250_000_000)
        #expect(w.layers.disableActions == false)
        #expect(w.layers.value(forKey: TransactionKey.animationTimingFunction) == nil)
        #expect(w.layers.value(forKey: TransactionKey.completionBlock) == nil)
        #expect(w.layers.stack.isEmpty)
    }

    @Test("7.8 nested transactions inherit values; what the inner sets does not leak out")
    func inheritance() throws {
        let w = LayerWorld()
        w.layers.begin()
        w.layers.setValue(.duration(1_000_000_000), forKey: TransactionKey.animationDuration)
        w.layers.setValue(.bool(true), forKey: TransactionKey.disableActions)
        w.layers.begin()
        #expect(w.layers.animationDuration == 1_000_000_000)
        #expect(w.layers.disableActions)
        w.layers.setValue(.duration(2_000_000_000), forKey: TransactionKey.animationDuration)
        #expect(w.layers.animationDuration == 2_000_000_000)
        try w.layers.commit()
        #expect(w.layers.animationDuration == 1_000_000_000)
        #expect(w.layers.disableActions)
        try w.layers.commit()
    }

    @Test("7.9 values are read from the innermost transaction at the time of the set")
    func innermostAtSet() throws {
        let w = LayerWorld()
        w.layers.begin()
        w.layers.setValue(.duration(2_000_000_000), forKey: TransactionKey.animationDuration)
        let outer = w.layers.animationDuration
        w.layers.begin()
        w.layers.setValue(.duration(1_000_000_000), forKey: TransactionKey.animationDuration)
        let inner = w.layers.animationDuration
        try w.layers.commit()
        try w.layers.commit()
        #expect((outer, inner) == (2_000_000_000, 1_000_000_000))
    }

    @Test("7.10 any key round-trips; an unset key reads nil; accessors and keys share storage")
    func anyKey() {
        let w = LayerWorld()
        w.leaves = ["transaction 1 (begun at 0s) is still open"]
        w.layers.begin()
        w.layers.setValue(.string("stored"), forKey: "aKeyNobodyDefined")
        #expect(w.layers.value(forKey: "aKeyNobodyDefined") == .string("stored"))
        #expect(w.layers.value(forKey: "unset") == nil)
        w.layers.setValue(.bool(true), forKey: TransactionKey.disableActions)
        #expect(w.layers.disableActions)
    }

    @Test("7.11 a completion block without animations runs once, on the next run-loop turn, not inside commit")
    func completionNextTurn() throws {
        let w = LayerWorld()
        var runs = 0
        w.at(1) {
            w.layers.begin()
            w.layers.setCompletion { runs += 1 }
            try w.layers.commit()
            #expect(runs == 0)
        }
        try w.run(until: 3)
        #expect(runs == 1)
        #expect(w.events.contains { $0.name == "completion" })
    }

    @Test("7.13 two completion blocks both run")
    func twoCompletions() throws {
        let w = LayerWorld()
        var log: [String] = []
        w.at(1) {
            w.layers.begin()
            w.layers.setCompletion { log.append("a") }
            w.layers.setCompletion { log.append("b") }
            try w.layers.commit()
        }
        try w.run(until: 2)
        #expect(log == ["a", "b"])
    }

    @Test("7.14 an outer block is read by the inner transaction but runs only after the outer commit")
    func outerCompletion() throws {
        let w = LayerWorld()
        var log: [String] = []
        w.at(1) {
            w.layers.begin()
            w.layers.setCompletion { log.append("outer") }
            w.layers.begin()
            #expect(w.layers.value(forKey: TransactionKey.completionBlock) != nil)
            try w.layers.commit()
        }
        w.at(2) {
            #expect(log.isEmpty)
            try w.layers.commit()
        }
        try w.run(until: 3)
        #expect(log == ["outer"])
    }

    @Test("7.17 lock twice, unlock twice, and an extra unlock is tolerated")
    func lock() {
        let w = LayerWorld()
        w.layers.lock(); w.layers.lock()
        w.layers.unlock(); w.layers.unlock()
        w.layers.unlock()
        #expect(w.layers.lockDepth == 0)
    }

    @Test("an unbalanced commit is a warning and ships nothing")
    func unbalancedCommit() throws {
        let w = LayerWorld()
        try w.layers.commit()
        #expect(w.shipped.isEmpty)
        #expect(w.events.filter { $0.name == "warn" }.count == 1)
    }

    @Test("a begin left open at the end of a pass commits nothing and warns once")
    func openAtEndOfPass() throws {
        let w = LayerWorld()
        w.leaves = ["transaction 2 (begun at 1s) is still open"]
        let b = try box(w)
        w.at(1) {
            w.layers.begin()
            try b.set(.backgroundColor, .color(.yellow))
        }
        w.at(2) { try b.set(.backgroundColor, .color(.green)) }
        try w.run(until: 3)
        #expect(w.shipped.count == 1)
        #expect(w.events.filter { $0.name == "warn" }.count == 1)
    }

    @Test("the implicit commit is the order-2000000 observer: a user observer at 1999500 runs before it")
    func commitObserverOrder() throws {
        let w = LayerWorld()
        let b = try box(w)
        var shippedBefore: Int?
        let o = SimObserver(name: "probe", activities: .beforeWaiting, order: 1999500) { _, _ in shippedBefore = w.shipped.count }
        w.loop.add(o, to: .common)
        _ = b
        try w.run(until: 1)
        #expect(shippedBefore == 0)
        #expect(w.shipped.count == 1)
    }
}
