import LoopSimTestSupport
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// The fate of every set (docs/guide/fates.md): shipped and on screen, replaced
/// before a frame showed it, overwritten before any commit, unchanged, or
/// never committed.
@Suite(.quiescent) struct ChangeFateTests {
    func run(_ source: String, render: Bool = true, leaving: [String] = [],
             sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ScenarioOutcome {
        let file = try ScenarioParser.parse(source, path: "fates.loop")
        let options = render ? ScenarioRunner.RenderOptions(transport: .thread(.renderServer), frames: nil) : nil
        let outcome = ScenarioRunner(file: file, source: source, render: options).run()
        #expect(outcome.failure == nil, sourceLocation: sourceLocation)
        return quiescent(outcome, leaving: leaving, sourceLocation: sourceLocation)
    }

    static let tap = """
        display size=(200,100) hz=60
        view button frame=(50,30,100,40) background=red
        at 1s:
            set button.background = yellow
            sleep 3s
            set button.background = green
        run until=6s
        """

    func background(_ o: ScenarioOutcome) -> [ChangeFate] {
        ChangeFate.fates(in: o.fates, layer: "button", prop: "background")
    }

    @Test("the tap: red on screen in frame 1, yellow overwritten by green in the same transaction, green on screen in frame 241")
    func tap() throws {
        let fates = background(try run(Self.tap))
        try #require(fates.count == 3)
        guard case .shipped(let c0, .onScreen(let l0, _)) = fates[0].outcome else { Issue.record("\(fates[0])"); return }
        #expect(c0.t == 0 && l0.frame == 1)
        let green = PropertySet(t: 4_000_000_000, layer: "button", prop: "background", value: "#00ff00ff", txn: 2)
        #expect(fates[1].outcome == .overwritten(by: green))
        guard case .shipped(let c2, .onScreen(let l2, _)) = fates[2].outcome else { Issue.record("\(fates[2])"); return }
        #expect(c2 == .init(t: 4_000_000_000, txns: [2]))
        #expect(l2.frame == 241 && l2.present == 4_016_666_666 && l2.latency == 3_016_666_666 && l2.hitch == 3_000_000_000)
        #expect(fates[1].chain() == "yellow: set at 1.000 s in txn 2, overwritten at 4.000 s by green in the same transaction; never committed")
        #expect(fates[2].chain(target: true) == "button.background = green: set at 4.000 s in txn 2, shipped in the commit at 4.000 s, on screen in frame 241 at 4.017 s (16.667 ms after the set; txn 2: latency 3016.667 ms, hitch 3000.000 ms, late commit)")
    }

    @Test("the fates of a recorded JSON Lines trace are those of the run that wrote it")
    func fromRecordedTrace() throws {
        let o = try run(Self.tap)
        let back = try JSONLTraceReader.parse(JSONLTraceWriter.render(o.events))
        #expect(ChangeFate.fates(in: back) == o.fates)
        #expect(!o.fates.isEmpty)
    }

    @Test("a transaction left open: its sets are never committed")
    func leftOpen() throws {
        let o = try run("""
            view box frame=(0,0,50,50) background=white
            at 1s:
                begin
                set box.background = yellow
            run until=2s
            """, leaving: ["transaction 2 (begun at 1s) is still open"])
        let fates = ChangeFate.fates(in: o.fates, layer: "box", prop: "background", value: "yellow")
        #expect(fates.map(\.outcome) == [.neverCommitted])
        #expect(fates.first?.chain() == "yellow: set at 1.000 s in txn 2; never committed: txn 2 was still open when the run ended")
    }

    @Test("two commits latched by one vsync: the first value is replaced before any frame shows it")
    func replacedAtOneVsync() throws {
        let o = try run("""
            view box frame=(0,0,50,50) background=white
            timer three at=1s:
                begin
                set box.background = red
                commit
                begin
                set box.background = blue
                commit
            run until=2s
            """)
        let fates = ChangeFate.fates(in: o.fates, layer: "box", prop: "background")
        try #require(fates.count == 3)
        #expect(fates[1].outcome == .shipped(.init(t: 1_000_000_000, txns: [2]),
                                             screen: .replaced(by: fates[2].set, frame: 61)))
        #expect(fates[2].reachedScreen)
        #expect(!fates[1].reachedScreen)
    }

    @Test("a value set back to the committed one before the commit ships nothing")
    func unchanged() throws {
        let o = try run("""
            view box frame=(0,0,50,50) background=white
            at 1s:
                set box.background = red
                set box.background = white
            run until=2s
            """)
        let fates = ChangeFate.fates(in: o.fates, layer: "box", prop: "background")
        try #require(fates.count == 3)
        #expect(fates[2].outcome == .unchanged(.init(t: 1_000_000_000, txns: [2])))
        #expect(fates[1].outcome == .overwritten(by: fates[2].set))
    }

    @Test("without a render server a shipped value is never on screen; frame sets ship as bounds and position")
    func noServer() throws {
        let o = try run("""
            view box frame=(0,0,50,50) background=white
            run until=1s
            """, render: false)
        let frame = ChangeFate.fates(in: o.fates, layer: "box", prop: "frame")
        #expect(frame.map(\.outcome) == [.shipped(.init(t: 0, txns: [1]), screen: .notShown)])
    }

    @Test("a commit read from a trace without changes is taken to ship its last sets")
    func olderTrace() throws {
        let events = try run(Self.tap).events.map { e -> TraceEvent in
            guard case .commit(var c) = e.kind else { return e }
            c.changes = nil
            return TraceEvent(t: e.t, iter: e.iter, .commit(c))
        }
        let fates = ChangeFate.fates(in: ChangeFate.fates(in: events), layer: "button", prop: "background")
        #expect(fates.map(\.reachedScreen) == [true, false, true])
    }

    @Test("a failed expect visible lists the fates of the sets to that value; a passing one lists none")
    func underAFailedExpectation() throws {
        let o = try run("""
            display size=(200,100) hz=60
            view button frame=(50,30,100,40) background=red
            at 1s:
                set button.background = yellow
                sleep 0.4s
                set button.background = green
            run until=2s
            expect visible button.background == yellow at=1.2s
            expect visible button.background == green at=1.9s
            expect never visible button.background == green
            expect visible button.background == blue at=1.9s
            """)
        let results = o.expectations
        try #require(results.count == 4)
        #expect(!results[0].passed)
        #expect(results[0].fates == ["yellow: set at 1.000 s in txn 2, overwritten at 1.400 s by green in the same transaction; never committed"])
        #expect(results[1].passed && results[1].fates.isEmpty)
        #expect(!results[2].passed)
        #expect(results[2].fates.count == 1 && results[2].fates[0].hasPrefix("green: set at 1.400 s in txn 2, shipped in the commit at 1.400 s, on screen in frame 85"))
        #expect(results[3].fates == ["no set gave button.background the value blue (it was set to red, yellow, green)"])
    }

    @Test("colour names: the language's names by their trace spelling")
    func colourNames() {
        #expect(ColorNames.name(of: "#ffff00ff") == "yellow")
        #expect(ColorNames.name(of: "#00000000") == "clear")
        #expect(ColorNames.name(of: "#123456ff") == nil)
        #expect(ColorNames.bySpelling.count == 15, "every named colour has different bytes")
        #expect(ColorNames.matches("#ffff00ff", "yellow") && ColorNames.matches("#ffff00ff", "#ffff00ff"))
    }
}
