import Testing
@testable import RunLoopKit

/// The outside world's queue: same-instant order, and the events that wait
/// for the simulated thread to be done with their instant (the vsyncs).
@Suite struct SimContextTests {
    @Test("an event scheduled after the thread waits for every ordinary event of its instant, even one scheduled later")
    func afterThreadComesLast() {
        let context = SimContext()
        var order: [String] = []
        context.scheduleAfterThread(at: 10, label: nil) { order.append("vsync") }
        context.schedule(at: 10, label: nil) { order.append("input") }
        context.schedule(at: 5, label: nil) { order.append("early") }
        context.advance(to: 10)
        #expect(order == ["early", "input"], "advancing to its instant does not deliver it: the thread may still work at 10")
        #expect(context.nextOutsideEventTime == 10)
        context.sleep(until: 10)
        #expect(order == ["early", "input", "vsync"], "the thread sleeps at 10 with nothing ready: it is done with 10")
        #expect(context.now == 10)
    }

    @Test("a block or a sleep past the instant delivers it at its own time, before later events")
    func passingTheInstantDeliversIt() {
        let context = SimContext()
        var order: [(String, Int64)] = []
        context.scheduleAfterThread(at: 10, label: nil) { order.append(("vsync", context.now)) }
        context.schedule(at: 11, label: nil) { order.append(("late input", context.now)) }
        context.advance(to: 10)
        context.block(for: 5)
        #expect(order.map(\.0) == ["vsync", "late input"])
        #expect(order.map(\.1) == [10, 11])
    }

    @Test("sleeping until a later time while an ordinary event is due now delivers that event first, not the waiting one")
    func ordinaryEventsFirst() {
        let context = SimContext()
        var order: [String] = []
        context.scheduleAfterThread(at: 0, label: nil) { order.append("vsync") }
        context.schedule(at: 0, label: nil) { order.append("signal") }
        context.sleep(until: 0)
        #expect(order == ["signal"])
        context.sleep(until: 0)
        #expect(order == ["signal", "vsync"])
    }

    @Test("a cancelled event never runs; an untraced one named pendingAs is listed as pending but traced as no post")
    func cancelAndPendingAs() {
        let context = SimContext()
        var order: [String] = []
        let first = context.schedule(at: 10, label: nil, pendingAs: "vsync 1") { order.append("vsync 1") }
        context.schedule(at: 20, label: nil) { order.append("bookkeeping") }
        #expect(context.pendingOutsideEvents.map(\.label) == ["vsync 1"])
        context.cancel(first)
        context.cancel(first)
        #expect(context.pendingOutsideEvents.isEmpty)
        context.advance(to: 30)
        #expect(order == ["bookkeeping"])
    }
}
