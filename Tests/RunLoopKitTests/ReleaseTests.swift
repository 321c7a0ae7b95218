import RunLoopKit
import Testing

/// A loop and the items in it never keep each other alive
/// (docs/guide/library.md, "A finished run releases what it made").
@Suite struct LoopReleaseTests {
    @Test("a loop with a source and a port in two modes is released when its owner lets go")
    func aLoopWithSourcesIsReleased() {
        weak var weakLoop: SimRunLoop?
        weak var weakContext: SimContext?
        let source = SimSource(name: "s") { _ in }
        let port = SimPort(name: "p") { _, _ in }
        do {
            let context = SimContext()
            let loop = SimRunLoop(context: context, isMain: true)
            loop.add(source, to: .default)
            loop.add(source, to: .common)
            loop.add(port, to: .default)
            weakLoop = loop
            weakContext = context
        }
        #expect(weakLoop == nil)
        #expect(weakContext == nil)
        // The items outlive the loop; using them is harmless.
        source.invalidate()
        port.invalidate()
        #expect(!source.isValid)
    }

    @Test("outside events that were never delivered are dropped with discardOutsideEvents")
    func pendingOutsideEventsAreDropped() {
        weak var weakLoop: SimRunLoop?
        let context = SimContext()
        do {
            let loop = SimRunLoop(context: context, isMain: true)
            context.schedule(at: 5, label: "wake") { [loop] in loop.wakeUp() }
            weakLoop = loop
        }
        #expect(weakLoop != nil, "the pending event holds the loop")
        #expect(context.pendingOutsideEvents.count == 1)
        context.discardOutsideEvents()
        #expect(weakLoop == nil)
        #expect(context.pendingOutsideEvents.isEmpty)
    }

    @Test("a delivered outside event no longer holds what it captured")
    func deliveredEventsAreDropped() {
        weak var weakLoop: SimRunLoop?
        let context = SimContext()
        do {
            let loop = SimRunLoop(context: context, isMain: true)
            context.schedule(at: 5, label: "wake") { [loop] in loop.wakeUp() }
            weakLoop = loop
        }
        context.advance(to: 10)
        #expect(weakLoop == nil)
    }
}
