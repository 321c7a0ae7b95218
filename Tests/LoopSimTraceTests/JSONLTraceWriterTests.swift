import Testing
import LoopSimTrace

@Suite("JSON Lines writer")
struct JSONLTraceWriterTests {
    @Test("contract events are written byte for byte")
    func contractEvents() {
        let cases: [(TraceEvent, String)] = [
            (TraceEvent(t: 0, iter: 0, ev: "run.begin", [TraceField("mode", .string("default")), TraceField("depth", .int(1))]),
             #"{"t":0,"iter":0,"ev":"run.begin","mode":"default","depth":1}"#),
            (TraceEvent(t: 16_666_667, iter: 3, ev: "sleep", [TraceField("mode", .string("default")), TraceField("until", .null)]),
             #"{"t":16666667,"iter":3,"ev":"sleep","mode":"default","until":null}"#),
            (TraceEvent(t: 5, iter: 2, ev: "txn.begin", [TraceField("txn", .int(4)), TraceField("implicit", .bool(true)), TraceField("depth", .int(1))]),
             #"{"t":5,"iter":2,"ev":"txn.begin","txn":4,"implicit":true,"depth":1}"#),
            (TraceEvent(t: 5, iter: 2, ev: "x", [TraceField("b", .bool(false))]),
             #"{"t":5,"iter":2,"ev":"x","b":false}"#),
            (TraceEvent(t: 9, iter: 2, ev: "commit", [
                TraceField("txns", .ints([1, 2])), TraceField("layout", .strings(["root", "#7"])),
                TraceField("display", .strings([])), TraceField("prepare", .ints([])),
                TraceField("changed", .int(2)), TraceField("bytes", .int(128)),
            ]),
             ##"{"t":9,"iter":2,"ev":"commit","txns":[1,2],"layout":["root","#7"],"display":[],"prepare":[],"changed":2,"bytes":128}"##),
            (TraceEvent(t: -1, iter: -2, ev: "x", [TraceField("min", .int(.min)), TraceField("max", .int(.max)), TraceField("neg", .ints([-5, 0, 7]))]),
             #"{"t":-1,"iter":-2,"ev":"x","min":-9223372036854775808,"max":9223372036854775807,"neg":[-5,0,7]}"#),
            (TraceEvent(t: 1, iter: 1, ev: "log"), #"{"t":1,"iter":1,"ev":"log"}"#),
        ]
        for (event, expected) in cases {
            #expect(JSONLTraceWriter.line(event) == expected)
        }
        let all = cases.map(\.0)
        #expect(JSONLTraceWriter.render(all) == cases.map { $0.1 + "\n" }.joined())
    }

    @Test("strings are escaped per RFC 8259, non-ASCII kept as UTF-8")
    func escapes() {
        let text = "q\"b\\s/n\nr\rt\tb\u{08}f\u{0C}z\u{00}o\u{01}u\u{1F}d\u{7F}é中😀"
        let event = TraceEvent(t: 1, iter: 1, ev: "log", [TraceField("text", .string(text))])
        let expected = #"{"t":1,"iter":1,"ev":"log","text":"q\"b\\s/n\nr\rt\tb\bf\fz\u0000o\u0001u\u001fd"# + "\u{7F}é中😀\"}"
        #expect(JSONLTraceWriter.line(event) == expected)

        let keyed = TraceEvent(t: 0, iter: 0, ev: "e\"v", [TraceField("k\ney", .strings(["a\"", "\u{1B}"]))])
        #expect(JSONLTraceWriter.line(keyed) == #"{"t":0,"iter":0,"ev":"e\"v","k\ney":["a\"","\u001b"]}"#)
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

    @Test("random events survive render then parse", arguments: [1, 2, 3, 0xDEAD_BEEF] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        var g = SplitMix64(seed: seed)
        var events: [TraceEvent] = []
        for _ in 0..<500 {
            let event = TraceSamples.event(&g)
            let line = JSONLTraceWriter.line(event)
            #expect(!line.contains("\n"))
            let back = try JSONLTraceWriter.parse(line: line)
            #expect(back == event, "\(line)")
            events.append(event)
        }
        #expect(try JSONLTraceWriter.parse(JSONLTraceWriter.render(events)) == events)
    }

    @Test("the reader takes whitespace, any key order, \\u escapes and CRLF")
    func lenientReading() throws {
        let line = " { \"ev\" : \"log\" , \"a\":[ 1 , -2 ] ,\"iter\":3,\"t\":-0, \"s\":\"\\u00e9\\ud83d\\ude00\\/\\u0041\", \"t\":5 }\r\n"
        let event = try JSONLTraceWriter.parse(line: line)
        #expect(event == TraceEvent(t: 0, iter: 3, ev: "log", [
            TraceField("a", .ints([1, -2])), TraceField("s", .string("é😀/A")), TraceField("t", .int(5)),
        ]))
        let empty = try JSONLTraceWriter.parse(line: #"{"t":1,"iter":0,"ev":"commit","txns":[],"layout":[],"damage":[ ]}"#)
        #expect(empty["txns"] == .ints([]))
        #expect(empty["layout"] == .strings([]))
        #expect(empty["damage"] == .ints([]))
        let many = try JSONLTraceWriter.parse("\n" + #"{"t":1,"iter":0,"ev":"a"}"# + "\r\n\n" + #"{"t":2,"iter":0,"ev":"b"}"# + "\n")
        #expect(many.map(\.ev) == ["a", "b"])
    }

    @Test("parse errors name the column", arguments: [
        ("", 1, "empty line"),
        ("[]", 1, "expected '{'"),
        (#"{"t":1,"iter":2}"#, 16, #"missing key "ev""#),
        (#"{"t":1.5,"iter":0,"ev":"x"}"#, 7, "must be integers"),
        (#"{"t":01,"iter":0,"ev":"x"}"#, 6, "leading zeros"),
        (#"{"t":1,"iter":0,"ev":"x",}"#, 26, "expected a key string"),
        (#"{"t":1,"iter":0,"ev":"x""#, 25, "expected ',' or '}', found end of line"),
        (#"{"t":1,"iter":0,"ev":"x"} x"#, 27, "after the end of the object"),
        (#"{"t":1,"iter":0,"ev":"x","a":{}}"#, 30, "nested objects"),
        (#"{"t":1,"iter":0,"ev":"x","a":[1,"b"]}"#, 33, "mixes"),
        (#"{"t":1,"iter":0,"ev":"x","a":[true]}"#, 31, "array elements must be strings or integers"),
        (#"{"t":1,"iter":0,"ev":"x","a":"\q"}"#, 31, "invalid escape"),
        (#"{"t":1,"iter":0,"ev":"x","a":"b"#, 30, "unterminated string"),
        (#"{"t":"1","iter":0,"ev":"x"}"#, 6, #"key "t" must be an integer"#),
        (#"{"t":1,"iter":0,"ev":3}"#, 22, #"key "ev" must be a string"#),
        (#"{"t":9223372036854775808,"iter":0,"ev":"x"}"#, 6, "out of the 64-bit range"),
        (#"{"t":1,"iter":0,"ev":"é","a":tru}"#, 30, "expected a value"),
        ("{\"t\":1,\"iter\":0,\"ev\":\"a\tb\"}", 24, "control character U+0009"),
        (#"{"t":1,"iter":0,"ev":"x","a":"\ud800"}"#, 31, "unpaired high surrogate"),
        (#"{"t":1,"iter":0,"ev":"x","a":nul}"#, 30, "expected a value"),
        (#"{"t":1 "iter":0}"#, 8, "expected ',' or '}'"),
        (#"{"t" 1}"#, 6, "expected ':'"),
    ] as [(String, Int, String)])
    func parseErrors(line: String, column: Int, message: String) {
        do {
            let event = try JSONLTraceWriter.parse(line: line)
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
        let event = try JSONLTraceWriter.parse(line: #"{"t":-9223372036854775808,"iter":0,"ev":"x","m":9223372036854775807}"#)
        #expect(event.t == .min)
        #expect(event.int("m") == .max)
    }

    @Test("multi-line errors name the line too")
    func multiLineError() {
        let text = #"{"t":1,"iter":0,"ev":"a"}"# + "\n" + #"{"t":2,"iter":0,"ev":"b"}"# + "\n" + #"{"t":3,"iter":0}"# + "\n"
        do {
            _ = try JSONLTraceWriter.parse(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 16)
            #expect(error.description == #"line 3, column 16: missing key "ev""#)
        }
    }
}
