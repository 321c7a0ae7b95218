@testable import RunLoopKit
import Testing

/// The run loop's invariant checks (docs/internals/safety.md, "Invariants") find
/// what they are meant to find: each case breaks one invariant of a loop
/// with items in two modes through the test's internal access, and the
/// check names it. (No quiescence trait: the broken loop is not checked
/// again.)
@Suite struct SimRunLoopInvariantTests {
    /// A loop that has run: two timers, an observer and a source in the
    /// common modes, a port and a block in `other`.
    static func loop() throws -> (SimRunLoop, SimTimer, SimObserver, SimSource) {
        let context = SimContext()
        let loop = SimRunLoop(context: context, isMain: true)
        let late = SimTimer(name: "late", fireDate: 5_000, interval: 5_000, context: context) { _ in }
        let early = SimTimer(name: "early", fireDate: 1_000, interval: 1_000, context: context) { _ in }
        let observer = SimObserver(name: "o", activities: [.beforeWaiting, .afterWaiting]) { _, _ in }
        let source = SimSource(name: "s") { _ in }
        loop.add(late, to: .common)
        loop.add(early, to: .common)
        loop.add(observer, to: .common)
        loop.add(source, to: .common)
        loop.add(SimPort(name: "p") { _, _ in }, to: "other")
        loop.perform(in: "other") {}
        loop.perform(in: "other") {}
        try loop.run(in: .default, timeout: 2_500)
        return (loop, late, observer, source)
    }

    @Test("a loop's invariants hold after a run")
    func holds() throws {
        let (loop, _, _, _) = try Self.loop()
        #expect(loop._invariantViolations() == [])
    }

    struct Breakage: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// Part of the sentence the check must answer.
        let names: String
        let apply: @Sendable (SimRunLoop, SimTimer, SimObserver, SimSource) -> Void
    }

    static let breakages: [Breakage] = [
        Breakage(testDescription: "timers out of order", names: "mode default: timers out of fire-time order") { loop, _, _, _ in
            loop.modeState(.default, create: false)!.hot.timers.reverse()
        },
        Breakage(testDescription: "a timer that does not list its mode", names: "timer 'late' lists modes []") { _, t, _, _ in t.hot.modes = [] },
        Breakage(testDescription: "an invalid timer left in a mode", names: "holds invalid timer 'late'") { _, t, _, _ in t.hot.isValid = false },
        Breakage(testDescription: "an observer twice in a mode", names: "mode default holds an item twice") { loop, _, o, _ in
            loop.modeState(.default, create: false)!.hot.observers.append(o)
        },
        Breakage(testDescription: "an observer the mask misses", names: "the observer mask misses observer 'o'") { loop, _, _, _ in
            loop.modeState(.default, create: false)!.hot.observerMask = 0
        },
        Breakage(testDescription: "a source that forgot its membership", names: "source 's' lists modes []") { _, _, _, s in s.memberships = [] },
        Breakage(testDescription: "a mode missing from the table by name", names: "modes in creation order") { loop, _, _, _ in
            loop.modeStates["other"] = nil
        },
        Breakage(testDescription: "a run depth with no record", names: "run depth 3 with") { loop, _, _, _ in loop.hot.runDepth = 3 },
        Breakage(testDescription: "blocks out of sequence order", names: "the blocks of other are out of sequence order") { loop, _, _, _ in
            let blocks = loop.modeState("other", create: false)!.blocks
            blocks.hot.items.reverse()
        },
        Breakage(testDescription: "waiting outside a run", names: "waiting outside a run") { loop, _, _, _ in loop.hot.isWaiting = true },
        Breakage(testDescription: "a common mode listed twice", names: "repeat one") { loop, _, _, _ in loop.hot.commonModes.append(.default) },
        Breakage(testDescription: "a common-mode item listed twice", names: "a common-mode source is listed twice") { loop, _, _, s in loop.commonSources.append(s) },
        Breakage(testDescription: "an observer that does not list its mode", names: "observer 'o' lists modes []") { _, _, o, _ in o.modes = [] },
    ]

    @Test("a broken invariant is named", arguments: breakages)
    func named(_ breakage: Breakage) throws {
        let (loop, timer, observer, source) = try Self.loop()
        breakage.apply(loop, timer, observer, source)
        let broken = loop._invariantViolations()
        #expect(broken.contains { $0.contains(breakage.names) }, "\(broken)")
    }
}
