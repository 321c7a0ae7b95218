import LoopSimTrace
import Testing

/// The text form's options (docs/guide/trace-format.md §3): value names, the
/// `--only`/`--hide` filter and folded observer callouts. The default
/// writes every line as before.
@Suite struct TextTraceOptionsTests {
    static let uikit: Set<String> = ["_UIGestureRecognizerUpdateObserver", "_beforeCACommitHandler",
                                     "CA::Transaction::observer_callback", "_afterCACommitHandler"]

    /// A pass: two empty UIKit observers, the commit observer with a commit
    /// inside, one more empty UIKit observer, an empty observer of the
    /// scenario's own, and a log.
    static let pass: [TraceEvent] = [
        TraceEvent(t: 0, iter: 1, .runBegin(mode: "default", depth: 1)),
        TraceEvent(t: 0, iter: 1, .activity(.beforeWaiting, mode: "default")),
        TraceEvent(t: 0, iter: 1, .callout(kind: .observer, name: "_UIGestureRecognizerUpdateObserver")),
        TraceEvent(t: 0, iter: 1, .calloutEnd(kind: .observer, name: "_UIGestureRecognizerUpdateObserver")),
        TraceEvent(t: 0, iter: 1, .callout(kind: .observer, name: "_beforeCACommitHandler")),
        TraceEvent(t: 0, iter: 1, .calloutEnd(kind: .observer, name: "_beforeCACommitHandler")),
        TraceEvent(t: 0, iter: 1, .callout(kind: .observer, name: "CA::Transaction::observer_callback")),
        TraceEvent(t: 0, iter: 1, .set(layer: "b", prop: "background", value: "#ffff00ff", txn: 1)),
        TraceEvent(t: 0, iter: 1, .commit(.init(txns: [1], layout: [], display: [], prepare: [], changed: 1, bytes: 9, constraints: [],
                                                changes: ["b.background=#ffff00ff", "b.opacity=0.5"]))),
        TraceEvent(t: 0, iter: 1, .calloutEnd(kind: .observer, name: "CA::Transaction::observer_callback")),
        TraceEvent(t: 0, iter: 1, .callout(kind: .observer, name: "_afterCACommitHandler")),
        TraceEvent(t: 0, iter: 1, .calloutEnd(kind: .observer, name: "_afterCACommitHandler")),
        TraceEvent(t: 0, iter: 1, .callout(kind: .observer, name: "mine")),
        TraceEvent(t: 0, iter: 1, .calloutEnd(kind: .observer, name: "mine")),
        TraceEvent(t: 5, iter: 1, .log(text: "#ffff00ff")),
        TraceEvent(t: 5, iter: 1, .runEnd(mode: "default", depth: 1, result: .finished)),
    ]

    func lines(_ events: [TraceEvent], _ options: TextTraceOptions) -> [String] {
        TextTraceWriter.render(events, options: options).split(separator: "\n").map(String.init)
    }

    @Test("the default options write exactly the plain lines")
    func defaultIsPlain() {
        #expect(TextTraceWriter.render(Self.pass, options: TextTraceOptions()) == TextTraceWriter.render(Self.pass))
        #expect(lines(Self.pass, TextTraceOptions()).count == Self.pass.count)
    }

    @Test("a named value is followed by its name, in set values and commit changes only")
    func valueNames() {
        let out = lines(Self.pass, TextTraceOptions(valueNames: ["#ffff00ff": "yellow"]))
        #expect(out[7].hasSuffix("set         layer=b prop=background value=#ffff00ff (yellow) txn=1"))
        #expect(out[8].hasSuffix("changes=[b.background=#ffff00ff (yellow),b.opacity=0.5]"))
        #expect(out[14].hasSuffix(#"log         text=#ffff00ff"#), "a log's text is not a value")
    }

    @Test("--only keeps its kinds; callout covers the end lines; a callout kind selects its callouts")
    func only() throws {
        let kept = lines(Self.pass, TextTraceOptions(filter: try TextTraceFilter(only: "set,commit,log")))
        #expect(kept.map { $0.split(separator: " ", omittingEmptySubsequences: true)[2] } == ["set", "commit", "log"])
        #expect(kept[0].contains("#1        set"), "the indentation is the whole trace's")
        let observers = lines(Self.pass, TextTraceOptions(filter: try TextTraceFilter(only: "observer")))
        #expect(observers.count == 10 && observers.allSatisfy { $0.contains(" observer ") })
        let runs = lines(Self.pass, TextTraceOptions(filter: try TextTraceFilter(only: "run")))
        #expect(runs.count == 2)
        #expect(lines(Self.pass, TextTraceOptions(filter: try TextTraceFilter(only: "callout"))).count == 10)
    }

    @Test("--hide drops its kinds")
    func hide() throws {
        let out = lines(Self.pass, TextTraceOptions(filter: try TextTraceFilter(hide: "observer,activity")))
        #expect(out.count == Self.pass.count - 11)
        #expect(!out.contains { $0.contains("observer") || $0.contains("activity") })
    }

    @Test("an unknown kind is an error naming every valid kind, with the closest")
    func unknownKind() {
        #expect(throws: TextTraceFilter.UnknownKind(kind: "sett")) { try TextTraceFilter(only: "set,sett") }
        #expect(throws: TextTraceFilter.UnknownKind(kind: "")) { try TextTraceFilter(hide: "set,") }
        let message = TextTraceFilter.UnknownKind(kind: "sett").description
        #expect(message.contains("did you mean 'set'?"))
        #expect(message.contains("valid kinds: run.begin, run.end, activity, callout, callout.end, sleep, wake, blocked, set,"))
        #expect(message.contains("observer"))
    }

    @Test("empty callouts of folded observers fold into one line per block of them (per pass), written where the block ends; a callout with work inside and other observers stay")
    func folding() throws {
        let out = lines(Self.pass, TextTraceOptions(foldedObservers: Self.uikit))
        #expect(out == [
            "    0.000000000  #1    run.begin   mode=default depth=1",
            "    0.000000000  #1      activity    beforeWaiting default",
            "    0.000000000  #1      callout     observer CA::Transaction::observer_callback",
            "    0.000000000  #1        set         layer=b prop=background value=#ffff00ff txn=1",
            "    0.000000000  #1        commit      txns=[1] layout=[] display=[] prepare=[] changed=1 bytes=9 constraints=[] layoutStart=0 layoutDuration=0 displayStart=0 displayDuration=0 prepareStart=0 prepareDuration=0 commitStart=0 commitDuration=0 changes=[b.background=#ffff00ff,b.opacity=0.5]",
            "    0.000000000  #1      end         observer CA::Transaction::observer_callback",
            "    0.000000000  #1      observers   3 empty callouts folded",
            "    0.000000000  #1      callout     observer mine",
            "    0.000000000  #1      end         observer mine",
            "    0.000000005  #1      log         text=#ffff00ff",
            "    0.000000005  #1    run.end     mode=default depth=1 result=finished",
        ])
        let hidden = lines(Self.pass, TextTraceOptions(filter: try TextTraceFilter(hide: "observer"), foldedObservers: Self.uikit))
        #expect(!hidden.contains { $0.contains("observers") })
    }

    @Test("a folded observer's callout still open when the events run out is written at the end")
    func heldAtTheEnd() {
        let events = Array(Self.pass.prefix(5))
        let out = lines(events, TextTraceOptions(foldedObservers: Self.uikit))
        #expect(out.suffix(2) == ["    0.000000000  #1      observers   1 empty callout folded",
                                  "    0.000000000  #1      callout     observer _beforeCACommitHandler"])
    }

    @Test("streamed with options in any chunk size, the text is what render writes")
    func streamed() throws {
        let options = TextTraceOptions(valueNames: ["#ffff00ff": "yellow"], filter: try TextTraceFilter(hide: "activity"),
                                       foldedObservers: Self.uikit)
        let whole = TextTraceWriter.render(Self.pass, options: options)
        for chunk in [1, 100, 1 << 16] {
            var streamed: [UInt8] = []
            let writer = TraceStreamWriter(format: .text, text: options, chunkSize: chunk) { streamed += $0 }
            for e in Self.pass { writer.record(e) }
            writer.finish()
            #expect(String(decoding: streamed, as: UTF8.self) == whole)
        }
    }
}
