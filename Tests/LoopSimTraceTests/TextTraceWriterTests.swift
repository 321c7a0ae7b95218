import Testing
import LoopSimTrace

@Suite("Text writer")
struct TextTraceWriterTests {
    @Test("the sample run reads as expected")
    func golden() {
        let expected = """
                0.000000000  #0    log         text=start
                0.000000000  #0    run.begin   mode=default depth=1
                0.000000000  #1      activity    entry default
                0.000000000  #1      activity    beforeTimers default
                0.000000000  #1      activity    beforeSources default
                0.000000000  #1      activity    beforeWaiting default
                0.000000000  #1      sleep       mode=default until=0.016000000
                0.016000000  #1      wake        reason=timer
                0.016000000  #1      activity    afterWaiting default
                0.016000000  #1      callout     timer tick
                0.016000000  #1        log         text="tick fired"
                0.016000000  #1        blocked     duration=0.005000000
                0.021000000  #1        run.begin   mode=tracking depth=2
                0.021000000  #2          activity    entry tracking
                0.021000000  #2          activity    beforeTimers tracking
                0.021001500  #2          callout     source0 touch
                0.022000000  #2          end         source0 touch
                0.022000000  #2          activity    exit tracking
                0.022000000  #2        run.end     mode=tracking depth=2 result=handledSource
                0.022000000  #2        set         layer=box prop=position value="10 20" txn=1
                0.022000000  #2      end         timer tick
                0.022000000  #3      activity    beforeTimers default
                0.022000000  #3      activity    beforeWaiting default
                0.022000000  #3      callout     observer "CA commit"
                0.022000000  #3        commit      txns=[1] layout=[root,box] display=[] prepare=[#7] changed=1 bytes=96 constraints=[] layoutStart=22000000 layoutDuration=0 displayStart=22000000 displayDuration=0 prepareStart=22000000 prepareDuration=0 commitStart=22000000 commitDuration=0
                0.022000000  #3      end         observer "CA commit"
                0.022000000  #3      sleep       mode=default until=-
                0.033333333  #3      frame       frame=2 present=0.033333333 file=frame-000002.ppm hash=9f3a txns=[1] latch=16666666 render=0
                0.040000000  #3      wake        reason=wakeUp
                0.040000000  #3      activity    afterWaiting default
                0.040000000  #3      activity    exit default
                0.040000000  #3    run.end     mode=default depth=1 result=stopped
                0.040000000  #3    warn        text="unbalanced transaction stack"

            """
        let text = TextTraceWriter.render(TraceSamples.run)
        #expect(text == expected)
        #expect(text == TraceWriter.render(TraceSamples.run, as: .text))
        #expect(text == TextTraceWriter.render(TraceSamples.run))
    }

    @Test("a display link's callout shows its timestamp and targetTimestamp in seconds; its end shows neither")
    func displayLinkCallout() {
        let frame = TraceEvent.FrameTimestamps(timestamp: 16_666_666, targetTimestamp: 33_333_333)
        let text = TextTraceWriter.render([
            TraceEvent(t: 16_666_666, iter: 1, .callout(kind: .displayLink, name: "dl", frame: frame)),
            TraceEvent(t: 16_666_666, iter: 1, .calloutEnd(kind: .displayLink, name: "dl")),
        ])
        #expect(text == """
                0.016666666  #1    callout     displayLink dl timestamp=0.016666666 targetTimestamp=0.033333333
                0.016666666  #1    end         displayLink dl

            """)
    }

    @Test("seconds have exactly nine decimals")
    func seconds() {
        #expect(TextTraceWriter.seconds(0) == "0.000000000")
        #expect(TextTraceWriter.seconds(1) == "0.000000001")
        #expect(TextTraceWriter.seconds(1_000_000_000) == "1.000000000")
        #expect(TextTraceWriter.seconds(16_666_667) == "0.016666667")
        #expect(TextTraceWriter.seconds(-1_500_000_000) == "-1.500000000")
        #expect(TextTraceWriter.seconds(.max) == "9223372036.854775807")
        #expect(TextTraceWriter.seconds(.min) == "-9223372036.854775808")
    }

    @Test("columns line up", arguments: [7, 8, 9] as [UInt64])
    func alignment(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        let events = TraceSamples.wellFormed(&g, count: 400)
        let lines = TextTraceWriter.render(events).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == events.count + 1)
        #expect(lines.last == "")
        for (line, event) in zip(lines, events) {
            let chars = Array(line)
            // Time: right-aligned in 15 columns, the decimal point at column 6.
            #expect(chars.count > 23)
            #expect(chars[5] == ".", "\(line)")
            #expect(String(chars[0..<15]).trimmingPrefixSpaces == TextTraceWriter.seconds(event.t))
            #expect(chars[15] == " " && chars[16] == " ")
            // Pass: "#N" then spaces up to column 24.
            let pass = "#\(event.iter)"
            #expect(String(chars[17..<(17 + pass.count)]) == pass)
            #expect(chars[(17 + pass.count)..<23].allSatisfy { $0 == " " })
            // Indentation: an even number of spaces, then the kind.
            let indent = chars[23...].prefix { $0 == " " }.count
            #expect(indent % 2 == 0, "\(line)")
            let kindStart = 23 + indent
            let label = event.name == "callout.end" ? "end" : event.name
            #expect(String(chars[kindStart..<(kindStart + label.count)]) == label, "\(line)")
            if !event.kind.fields.isEmpty {
                // Fields start right after the kind column.
                #expect(chars[kindStart + TextTraceWriter.kindWidth - 1] == " ")
                #expect(chars[kindStart + TextTraceWriter.kindWidth] != " ", "\(line)")
            } else {
                #expect(chars.last != " ")
            }
        }
    }

    @Test("indentation follows runs and callouts")
    func nesting() {
        let events = [
            TraceEvent(t: 0, iter: 0, .runBegin(mode: "default", depth: 1)),
            TraceEvent(t: 0, iter: 1, .callout(kind: .timer, name: "a")),
            TraceEvent(t: 0, iter: 1, .runBegin(mode: "default", depth: 2)),
            TraceEvent(t: 0, iter: 2, .log(text: "deep")),
            // The depth-2 run never ends; a new depth-2 run replaces it.
            TraceEvent(t: 0, iter: 2, .runBegin(mode: "modal", depth: 2)),
            TraceEvent(t: 0, iter: 3, .log(text: "deep")),
            // An end with no match changes nothing.
            TraceEvent(t: 0, iter: 3, .calloutEnd(kind: .timer, name: "zzz")),
            TraceEvent(t: 0, iter: 3, .runEnd(mode: "default", depth: 7, result: .finished)),
            // Ending the outer callout ends the run inside it.
            TraceEvent(t: 0, iter: 3, .calloutEnd(kind: .timer, name: "a")),
            TraceEvent(t: 0, iter: 3, .log(text: "back")),
            TraceEvent(t: 0, iter: 3, .runEnd(mode: "default", depth: 1, result: .stopped)),
            TraceEvent(t: 0, iter: 3, .log(text: "out")),
        ]
        let indents = TextTraceWriter.render(events).split(separator: "\n").map { line in
            Array(line)[23...].prefix { $0 == " " }.count / 2
        }
        #expect(indents == [0, 1, 2, 3, 2, 3, 3, 3, 1, 1, 0, 0])
    }

    @Test("values: quoting, arrays, null, booleans, nanoseconds")
    func values() {
        func line(_ kind: TraceEvent.Kind) -> String {
            String(TextTraceWriter.line(TraceEvent(t: 1_500_000_000, iter: 12, kind)).dropFirst(23))
        }
        #expect(TextTraceWriter.line(TraceEvent(t: 1_500_000_000, iter: 12, .log(text: "root")))
                == "    1.500000000  #12   log         text=root")
        #expect(line(.log(text: "a b")) == #"log         text="a b""#)
        #expect(line(.log(text: "")) == #"log         text="""#)
        #expect(line(.log(text: "say \"hi\"")) == #"log         text="say \"hi\"""#)
        #expect(line(.log(text: "a\nb")) == #"log         text="a\nb""#)
        #expect(line(.log(text: "a\tb")) == #"log         text="a\tb""#)
        #expect(line(.log(text: "héllo→")) == "log         text=héllo→")
        #expect(line(.log(text: "a\u{A0}b")) == "log         text=\"a\u{A0}b\"")
        #expect(line(.commit(.init(txns: [1, -2], layout: ["a", "b c", "", "x,y", "#3"], display: [], prepare: [],
                                   changed: -7, bytes: 0, constraints: [])))
                == #"commit      txns=[1,-2] layout=[a,"b c","","x,y",#3] display=[] prepare=[] changed=-7 bytes=0 constraints=[] layoutStart=0 layoutDuration=0 displayStart=0 displayDuration=0 prepareStart=0 prepareDuration=0 commitStart=0 commitDuration=0"#)
        #expect(line(.txnBegin(txn: 1, implicit: true, depth: 1)) == "txn.begin   txn=1 implicit=true depth=1")
        #expect(line(.txnBegin(txn: 1, implicit: false, depth: 2)) == "txn.begin   txn=1 implicit=false depth=2")
        #expect(line(.sleep(mode: "default", until: 2_000_000_001)) == "sleep       mode=default until=2.000000001")
        #expect(line(.sleep(mode: "default", until: nil)) == "sleep       mode=default until=-")
        #expect(line(.blocked(duration: 1)) == "blocked     duration=0.000000001")
        #expect(line(.frame(.init(frame: 2, present: 33_333_333, file: "frame-000002.ppm", hash: "9f3a", txns: [1], latch: 16_666_666, render: 0)))
                == "frame       frame=2 present=0.033333333 file=frame-000002.ppm hash=9f3a txns=[1] latch=16666666 render=0")
    }

    @Test("activity and callout lines, extra fields and missing ones")
    func specialKinds() {
        let activity = TraceEvent(t: 0, iter: 1, .activity(.beforeWaiting, mode: "default"))
        #expect(TextTraceWriter.line(activity) == "    0.000000000  #1    activity    beforeWaiting default")
        let callout = TraceEvent(t: 0, iter: 1, .callout(kind: .mainQueue, name: "block 3"))
        #expect(TextTraceWriter.line(callout, indent: 2) == "    0.000000000  #1        callout     mainQueue \"block 3\"")
        let end = TraceEvent(t: 0, iter: 1, .calloutEnd(kind: .timer, name: "tick"))
        #expect(TextTraceWriter.line(end) == "    0.000000000  #1    end         timer tick")
        let long = TraceEvent(t: 123_456_000_000_000, iter: 123_456, .log(text: "k"))
        #expect(TextTraceWriter.line(long) == "123456.000000000  #123456 log         text=k")
    }

    @Test("random events render deterministically on one line each", arguments: [11, 12] as [UInt64])
    func deterministic(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        let events = (0..<300).map { _ in TraceSamples.event(&g) }
        let text = TextTraceWriter.render(events)
        #expect(text == TextTraceWriter.render(events))
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == events.count + 1)
        #expect(TextTraceWriter.render([]) == "")
    }
}

extension String {
    var trimmingPrefixSpaces: String {
        String(drop { $0 == " " })
    }
}
