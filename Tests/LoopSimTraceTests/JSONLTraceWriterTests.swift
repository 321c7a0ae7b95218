import Testing
import LoopSimTrace

@Suite("JSON Lines writer and reader")
struct JSONLTraceWriterTests {
    @Test("contract events are written byte for byte, keys in the contract's order")
    func contractEvents() {
        let cases: [(TraceEvent, String)] = [
            (TraceEvent(t: 0, iter: 0, .runBegin(mode: "default", depth: 1)),
             #"{"t":0,"iter":0,"ev":"run.begin","mode":"default","depth":1}"#),
            (TraceEvent(t: 16_666_667, iter: 3, .sleep(mode: "default", until: nil)),
             #"{"t":16666667,"iter":3,"ev":"sleep","mode":"default","until":null}"#),
            (TraceEvent(t: 5, iter: 2, .txnBegin(txn: 4, implicit: true, depth: 1)),
             #"{"t":5,"iter":2,"ev":"txn.begin","txn":4,"implicit":true,"depth":1}"#),
            (TraceEvent(t: 9, iter: 2, .commit(.init(txns: [1, 2], layout: ["root", "#7"], display: [], prepare: [],
                                                     changed: 2, bytes: 128, constraints: ["box"]))),
             ##"{"t":9,"iter":2,"ev":"commit","txns":[1,2],"layout":["root","#7"],"display":[],"prepare":[],"changed":2,"bytes":128,"constraints":["box"],"layoutStart":0,"layoutDuration":0,"displayStart":0,"displayDuration":0,"prepareStart":0,"prepareDuration":0,"commitStart":0,"commitDuration":0}"##),
            (TraceEvent(t: -1, iter: -2, .sleep(mode: "m", until: .min)),
             #"{"t":-1,"iter":-2,"ev":"sleep","mode":"m","until":-9223372036854775808}"#),
            (TraceEvent(t: 1, iter: 1, .runEnd(mode: "default", depth: 1, result: .handledSource)),
             #"{"t":1,"iter":1,"ev":"run.end","mode":"default","depth":1,"result":"handledSource"}"#),
            (TraceEvent(t: 2, iter: 1, .activity(.beforeWaiting, mode: "default")),
             #"{"t":2,"iter":1,"ev":"activity","activity":"beforeWaiting","mode":"default"}"#),
            (TraceEvent(t: 2, iter: 1, .calloutEnd(kind: .mainQueue, name: "block 3")),
             #"{"t":2,"iter":1,"ev":"callout.end","kind":"mainQueue","name":"block 3"}"#),
            (TraceEvent(t: 3, iter: 1, .animEnd(layer: "box", key: "opacity", txn: 2)),
             #"{"t":3,"iter":1,"ev":"anim.end","layer":"box","key":"opacity","txn":2}"#),
            (TraceEvent(t: 4, iter: 1, .latency(.init(txn: 2, frame: 3, start: 1, present: 50, latency: 49,
                                                      expected: 33, hitch: 17, late: .render))),
             #"{"t":4,"iter":1,"ev":"latency","txn":2,"frame":3,"start":1,"present":50,"latency":49,"expected":33,"hitch":17,"late":"render"}"#),
            (TraceEvent(t: 4, iter: 1, .latency(.init(txn: 2, frame: 3, start: 1, present: 50, latency: 49,
                                                      expected: 50, hitch: 0, late: nil))),
             #"{"t":4,"iter":1,"ev":"latency","txn":2,"frame":3,"start":1,"present":50,"latency":49,"expected":50,"hitch":0}"#),
            (TraceEvent(t: 5, iter: 1, .post(what: "tap")), #"{"t":5,"iter":1,"ev":"post","what":"tap"}"#),
            (TraceEvent(t: 6, iter: 2, .stateSet(host: "content", variable: "color", value: "#ffff00ff", changed: true, pending: 1)),
             ##"{"t":6,"iter":2,"ev":"state.set","host":"content","var":"color","value":"#ffff00ff","changed":true,"pending":1}"##),
            (TraceEvent(t: 6, iter: 2, .swiftUIFlush(host: "content", mutations: 1, vars: ["color"], from: .observer)),
             #"{"t":6,"iter":2,"ev":"swiftui.flush","host":"content","mutations":1,"vars":["color"],"from":"observer"}"#),
            (TraceEvent(t: 6, iter: 2, .hostInvalidate(host: "content")), #"{"t":6,"iter":2,"ev":"host.invalidate","host":"content"}"#),
            (TraceEvent(t: 6, iter: 2, .body(host: "content", eval: 2, state: "color=#00ff00ff")),
             ##"{"t":6,"iter":2,"ev":"body","host":"content","eval":2,"state":"color=#00ff00ff"}"##),
            (TraceEvent(t: 7, iter: 1, .taskCreate(task: 1, name: "t", kind: .task, isolation: .main, parent: nil)),
             #"{"t":7,"iter":1,"ev":"task.create","task":1,"name":"t","kind":"task","isolation":"main","parent":null}"#),
            (TraceEvent(t: 7, iter: 1, .taskCreate(task: 2, name: "f", kind: .asyncLet, isolation: .pool, parent: 1)),
             #"{"t":7,"iter":1,"ev":"task.create","task":2,"name":"f","kind":"asyncLet","isolation":"pool","parent":1}"#),
            (TraceEvent(t: 7, iter: 1, .taskEnqueue(task: 1, job: 1, executor: .main, reason: .start)),
             #"{"t":7,"iter":1,"ev":"task.enqueue","task":1,"job":1,"executor":"main","reason":"start"}"#),
            (TraceEvent(t: 7, iter: 2, .taskRun(task: 1, job: 1, executor: .main)),
             #"{"t":7,"iter":2,"ev":"task.run","task":1,"job":1,"executor":"main"}"#),
            (TraceEvent(t: 7, iter: 2, .taskSuspend(task: 1, job: 1, on: .sleep, until: 107)),
             #"{"t":7,"iter":2,"ev":"task.suspend","task":1,"job":1,"on":"sleep","until":107}"#),
            (TraceEvent(t: 7, iter: 2, .taskSuspend(task: 1, job: 1, on: .yield, until: nil)),
             #"{"t":7,"iter":2,"ev":"task.suspend","task":1,"job":1,"on":"yield","until":null}"#),
            (TraceEvent(t: 8, iter: 3, .taskResume(task: 1, reason: .yield, from: .pool)),
             #"{"t":8,"iter":3,"ev":"task.resume","task":1,"reason":"yield","from":"pool"}"#),
            (TraceEvent(t: 8, iter: 3, .poolBusy(task: 2, job: 1, duration: 80)),
             #"{"t":8,"iter":3,"ev":"pool.busy","task":2,"job":1,"duration":80}"#),
            (TraceEvent(t: 8, iter: 3, .taskCancel(task: 2, by: .scope)),
             #"{"t":8,"iter":3,"ev":"task.cancel","task":2,"by":"scope"}"#),
            (TraceEvent(t: 8, iter: 3, .taskEnd(task: 1, result: .cancelled, jobs: 2)),
             #"{"t":8,"iter":3,"ev":"task.end","task":1,"result":"cancelled","jobs":2}"#),
        ]
        for (event, expected) in cases {
            #expect(JSONLTraceWriter.line(event) == expected)
        }
        let all = cases.map(\.0)
        #expect(JSONLTraceWriter.render(all) == cases.map { $0.1 + "\n" }.joined())
    }

    @Test("every kind has its JSON Lines name")
    func names() {
        var g = SplitMix64(seed: 7)
        var seen: Set<String> = []
        for _ in 0..<2000 { seen.insert(TraceSamples.event(&g).name) }
        #expect(seen == Set(TraceEvent.Kind.allNames))
    }

    @Test("strings are escaped per RFC 8259, non-ASCII kept as UTF-8")
    func escapes() {
        let text = "q\"b\\s/n\nr\rt\tb\u{08}f\u{0C}z\u{00}o\u{01}u\u{1F}d\u{7F}é中😀"
        let event = TraceEvent(t: 1, iter: 1, .log(text: text))
        let expected = #"{"t":1,"iter":1,"ev":"log","text":"q\"b\\s/n\nr\rt\tb\bf\fz\u0000o\u0001u\u001fd"# + "\u{7F}é中😀\"}"
        #expect(JSONLTraceWriter.line(event) == expected)

        let listed = TraceEvent(t: 0, iter: 0, .commit(.init(txns: [], layout: ["a\"", "\u{1B}"], display: [], prepare: [],
                                                            changed: 0, bytes: 0, constraints: [])))
        #expect(JSONLTraceWriter.line(listed).contains(#""layout":["a\"","\u001b"]"#))
    }

    @Test("output is deterministic and matches TraceWriter")
    func deterministic() {
        let events = TraceSamples.run
        let first = JSONLTraceWriter.render(events)
        #expect(first == JSONLTraceWriter.render(events))
        #expect(first == TraceWriter.render(events, as: .jsonl))
        #expect(first.split(separator: "\n").count == events.count)
        #expect(JSONLTraceWriter.render([]) == "")
    }

    @Test("random events of every kind survive render then parse", arguments: [1, 2, 3, 0xDEAD_BEEF] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        var g = SplitMix64(seed: seed)
        var events: [TraceEvent] = []
        for _ in 0..<500 {
            let event = TraceSamples.event(&g)
            let line = JSONLTraceWriter.line(event)
            #expect(!line.contains("\n"))
            let back = try JSONLTraceReader.parse(line: line)
            #expect(back == event, "\(line)")
            events.append(event)
        }
        #expect(try JSONLTraceReader.parse(JSONLTraceWriter.render(events)) == events)
    }

    @Test("the reader takes whitespace, any key order, \\u escapes and CRLF")
    func lenientReading() throws {
        let line = " { \"ev\" : \"log\" ,\"iter\":3,\"t\":-0, \"text\":\"\\u00e9\\ud83d\\ude00\\/\\u0041\" }\r\n"
        #expect(try JSONLTraceReader.parse(line: line) == TraceEvent(t: 0, iter: 3, .log(text: "é😀/A")))
        let empty = try JSONLTraceReader.parse(line: #"{"t":1,"iter":0,"ev":"commit","txns":[ ],"layout":[],"display":[],"prepare":[],"changed":0,"bytes":0,"constraints":[],"layoutStart":0 ,"layoutDuration":0 ,"displayStart":0 ,"displayDuration":0 ,"prepareStart":0 ,"prepareDuration":0 ,"commitStart":0 ,"commitDuration":0 }"#)
        #expect(empty.kind == .commit(.init(txns: [], layout: [], display: [], prepare: [], changed: 0, bytes: 0, constraints: [])))
        let many = try JSONLTraceReader.parse("\n" + #"{"t":1,"iter":0,"ev":"post","what":"a"}"# + "\r\n\n"
                                              + #"{"t":2,"iter":0,"ev":"completion","txn":4}"# + "\n")
        #expect(many.map(\.kind) == [.post(what: "a"), .completion(txn: 4)])
    }

    @Test("parse errors name the column", arguments: [
        ("", 1, "empty input"),
        ("[]", 1, "expected '{'"),
        (#"{"t":1,"iter":2}"#, 16, #"missing key "ev""#),
        (#"{"t":1,"iter":0,"ev":"log"}"#, 27, #"missing key "text" in a "log" event"#),
        (#"{"t":1,"iter":0,"ev":"x"}"#, 22, #"unknown event kind "x""#),
        (#"{"t":1,"iter":0,"ev":"log","text":"a","b":false}"#, 39, #"unknown key "b" in a "log" event"#),
        (#"{"t":1,"iter":0,"t":2,"ev":"log","text":"a"}"#, 17, #"duplicate key "t""#),
        (#"{"t":1,"iter":0,"ev":"wake","reason":"bored"}"#, 38, #"key "reason" must be one of timer, port"#),
        (#"{"t":1,"iter":0,"ev":"run.end","mode":"m","depth":1,"result":"done"}"#, 62, "must be one of finished"),
        (#"{"t":1,"iter":0,"ev":"blocked","duration":"5"}"#, 43, #"key "duration" must be an integer, found a string"#),
        (#"{"t":1,"iter":0,"ev":"commit","txns":["a"],"layout":[],"display":[],"prepare":[],"changed":0,"bytes":0,"constraints":[]}"#,
         38, "must be an array of integers"),
        (#"{"t":1.5,"iter":0,"ev":"x"}"#, 6, #"key "t" must be an integer, found a fraction"#),
        (#"{"t":1,"iter":0,"ev":"blocked","duration":1e3}"#, 43, "must be an integer, found a fraction"),
        (#"{"t":1.,"iter":0,"ev":"x"}"#, 8, "expected a digit"),
        (#"{"t":01,"iter":0,"ev":"x"}"#, 6, "leading zeros"),
        (#"{"t":1,"iter":0,"ev":"x",}"#, 26, "expected a key string"),
        (#"{"t":1,"iter":0,"ev":"x""#, 25, "expected ',' or '}', found end of input"),
        (#"{"t":1,"iter":0,"ev":"x"} x"#, 27, "after the end of the value"),
        (#"{"t":1,"iter":0,"ev":"x","a":"\q"}"#, 31, "invalid escape"),
        (#"{"t":1,"iter":0,"ev":"x","a":"b"#, 30, "unterminated string"),
        (#"{"t":"1","iter":0,"ev":"x"}"#, 6, #"key "t" must be an integer"#),
        (#"{"t":1,"iter":0,"ev":3}"#, 22, #"key "ev" must be a string"#),
        (#"{"t":9223372036854775808,"iter":0,"ev":"x"}"#, 6, "out of the 64-bit range"),
        (#"{"t":1,"iter":0,"ev":"é","a":tru}"#, 30, "expected a value"),
        ("{\"t\":1,\"iter\":0,\"ev\":\"a\tb\"}", 24, "control character U+0009"),
        (#"{"t":1,"iter":0,"ev":"x","a":"\ud800"}"#, 31, "unpaired high surrogate"),
        (#"{"t":1 "iter":0}"#, 8, "expected ',' or '}'"),
        (#"{"t" 1}"#, 6, "expected ':'"),
    ] as [(String, Int, String)])
    func parseErrors(line: String, column: Int, message: String) {
        do {
            let event = try JSONLTraceReader.parse(line: line)
            Issue.record("expected an error, read \(event)")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.line == nil)
            #expect(error.description.hasPrefix("column \(column): "))
        }
    }

    @Test("the extreme integers read back")
    func extremeIntegers() throws {
        let event = try JSONLTraceReader.parse(line: #"{"t":-9223372036854775808,"iter":0,"ev":"blocked","duration":9223372036854775807}"#)
        #expect(event.t == .min)
        #expect(event.kind == .blocked(duration: .max))
    }

    @Test("multi-line errors name the line too")
    func multiLineError() {
        let text = #"{"t":1,"iter":0,"ev":"note","text":"a"}"# + "\n" + #"{"t":2,"iter":0,"ev":"note","text":"b"}"# + "\n"
            + #"{"t":3,"iter":0}"# + "\n"
        do {
            _ = try JSONLTraceReader.parse(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 16)
            #expect(error.description == #"line 3, column 16: missing key "ev""#)
        }
    }
}

@Suite("The commit event's changes key")
struct CommitChangesKeyTests {
    @Test("changes is written last, after commitDuration, and reads back")
    func writtenLast() throws {
        let event = TraceEvent(t: 9, iter: 2, .commit(.init(txns: [2], layout: [], display: [], prepare: [], changed: 1, bytes: 71,
                                                            constraints: [], changes: ["button.background=#00ff00ff", "b.frame=(0, 0, 1, 1)"])))
        let line = JSONLTraceWriter.line(event)
        #expect(line.hasSuffix(#""commitStart":0,"commitDuration":0,"changes":["button.background=#00ff00ff","b.frame=(0, 0, 1, 1)"]}"#))
        #expect(try JSONLTraceReader.parse(line: line) == event)
    }

    @Test("a commit without the key (a trace written before it) reads back with no changes and writes none")
    func olderTraces() throws {
        let old = #"{"t":1,"iter":0,"ev":"commit","txns":[1],"layout":[],"display":[],"prepare":[],"changed":0,"bytes":0,"constraints":[],"layoutStart":0,"layoutDuration":0,"displayStart":0,"displayDuration":0,"prepareStart":0,"prepareDuration":0,"commitStart":0,"commitDuration":0}"#
        let event = try JSONLTraceReader.parse(line: old)
        guard case .commit(let c) = event.kind else { Issue.record("not a commit"); return }
        #expect(c.changes == nil)
        #expect(JSONLTraceWriter.line(event) == old)
        let empty = try JSONLTraceReader.parse(line: String(old.dropLast()) + #","changes":[]}"#)
        guard case .commit(let e) = empty.kind else { Issue.record("not a commit"); return }
        #expect(e.changes == [])
    }
}
