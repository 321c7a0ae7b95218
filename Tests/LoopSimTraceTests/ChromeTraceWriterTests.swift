import Foundation
import Testing
import LoopSimTrace

/// One Trace Event Format event, as read back with JSONSerialization.
private struct ChromeEvent {
    var name: String
    var ph: String
    var ts: Double?
    var dur: Double?
    var pid: Int
    var tid: Int
    var scope: String?
    var args: [String: Any]
}

private func readChrome(_ text: String) throws -> (root: [String: Any], events: [ChromeEvent]) {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let root = try #require(object as? [String: Any])
    let list = try #require(root["traceEvents"] as? [[String: Any]])
    let events = try list.map { raw in
        ChromeEvent(
            name: try #require(raw["name"] as? String),
            ph: try #require(raw["ph"] as? String),
            ts: (raw["ts"] as? NSNumber)?.doubleValue,
            dur: (raw["dur"] as? NSNumber)?.doubleValue,
            pid: try #require((raw["pid"] as? NSNumber)?.intValue),
            tid: try #require((raw["tid"] as? NSNumber)?.intValue),
            scope: raw["s"] as? String,
            args: raw["args"] as? [String: Any] ?? [:]
        )
    }
    return (root, events)
}

/// Checks the rules Perfetto relies on: B/E balanced and properly nested per
/// thread, X events inside their enclosing slice (starting at or after it,
/// ending at or before it), and B/E timestamps never going backwards (an X
/// carries its own start: the commit phases and the server's render are
/// written when they are known, at their end). Returns the (ph, name) of the main thread's B/E/X events.
@discardableResult
private func checkStructure(_ events: [ChromeEvent], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    struct Open { var name: String; var start: Double; var latestChildEnd: Double }
    var stacks: [Int: [Open]] = [:]
    var lastTs = -Double.infinity
    var shape: [String] = []
    for e in events where ["B", "E", "X"].contains(e.ph) {
        guard let ts = e.ts else {
            Issue.record("\(e.ph) \(e.name) without ts", sourceLocation: sourceLocation)
            continue
        }
        #expect(e.pid == 1, sourceLocation: sourceLocation)
        if e.ph != "X" {
            #expect(ts >= lastTs, "ts went backwards at \(e.ph) \(e.name)", sourceLocation: sourceLocation)
            lastTs = ts
        }
        if e.tid == 1 { shape.append("\(e.ph) \(e.name)") }
        switch e.ph {
        case "B":
            stacks[e.tid, default: []].append(Open(name: e.name, start: ts, latestChildEnd: ts))
        case "E":
            guard let open = stacks[e.tid]?.popLast() else {
                Issue.record("E \(e.name) with nothing open", sourceLocation: sourceLocation)
                continue
            }
            #expect(open.name == e.name, "E \(e.name) closes \(open.name)", sourceLocation: sourceLocation)
            #expect(open.latestChildEnd <= ts + 1e-6, "a child of \(open.name) outlives it", sourceLocation: sourceLocation)
            if let parent = stacks[e.tid]?.indices.last {
                stacks[e.tid]![parent].latestChildEnd = max(stacks[e.tid]![parent].latestChildEnd, ts)
            }
        default:
            let dur = e.dur ?? -1
            #expect(dur >= 0, "X \(e.name) without dur", sourceLocation: sourceLocation)
            if let top = stacks[e.tid]?.last {
                #expect(ts >= top.start, "X \(e.name) starts before \(top.name)", sourceLocation: sourceLocation)
            }
            if let top = stacks[e.tid]?.indices.last {
                stacks[e.tid]![top].latestChildEnd = max(stacks[e.tid]![top].latestChildEnd, ts + dur)
            }
        }
    }
    for (tid, stack) in stacks {
        #expect(stack.isEmpty, "tid \(tid) left open: \(stack.map(\.name))", sourceLocation: sourceLocation)
    }
    return shape
}

@Suite("Chrome trace writer")
struct ChromeTraceWriterTests {
    @Test("microseconds are exact decimals of the nanoseconds")
    func microseconds() {
        let cases: [(Int64, String)] = [
            (0, "0"), (1, "0.001"), (10, "0.01"), (100, "0.1"), (999, "0.999"), (1000, "1"),
            (1500, "1.5"), (1_000_001, "1000.001"), (16_666_667, "16666.667"), (-1500, "-1.5"), (-1, "-0.001"),
            (.max, "9223372036854775.807"), (.min, "-9223372036854775.808"),
        ]
        for (ns, text) in cases {
            #expect(ChromeTraceWriter.microseconds(ns) == text)
        }
    }

    @Test("the sample run parses and has the expected slices")
    func sample() throws {
        let text = ChromeTraceWriter.render(TraceSamples.run)
        #expect(text == TraceWriter.render(TraceSamples.run, as: .chrome))
        #expect(text == ChromeTraceWriter.render(TraceSamples.run))
        #expect(text.hasPrefix(#"{"displayTimeUnit":"ns","traceEvents":["#))
        let (root, events) = try readChrome(text)
        #expect(root["displayTimeUnit"] as? String == "ns")

        let metadata = events.filter { $0.ph == "M" }.map { "\($0.tid) \($0.name) \($0.args["name"] as? String ?? "")" }
        #expect(metadata == ["1 process_name LoopSim", "1 thread_name main thread", "2 thread_name render server"])

        let shape = checkStructure(events)
        #expect(shape == [
            "B run default",
            "B pass 1",
            "B sleeping", "E sleeping",
            "B timer tick",
            "X blocked",
            "B run tracking",
            "B pass 2",
            "B source0 touch", "E source0 touch",
            "E pass 2",
            "E run tracking",
            "E timer tick",
            "E pass 1",
            "B pass 3",
            "B observer CA commit",
            "X commit phases", "X layout", "X display", "X prepare", "X commit",
            "E observer CA commit",
            "B sleeping", "E sleeping",
            "E pass 3",
            "E run default",
        ])

        // Exact microsecond decimals in the bytes.
        #expect(text.contains(#"{"name":"source0 touch","cat":"callout","ph":"B","ts":21001.5,"#))
        #expect(text.contains(#"{"name":"blocked","cat":"blocked","ph":"X","ts":16000,"dur":5000,"#))
        #expect(text.contains(#"{"name":"frame","cat":"event","ph":"i","ts":33333.333,"s":"t","pid":1,"tid":2,"#))

        // Instants: named by kind (activity by activity), thread scope, all fields in args.
        let instants = events.filter { $0.ph == "i" }
        #expect(instants.allSatisfy { $0.scope == "t" })
        #expect(instants.map(\.name) == [
            "log", "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "log",
            "entry", "beforeTimers", "exit", "set", "beforeTimers", "beforeWaiting", "commit", "frame",
            "afterWaiting", "exit", "warn",
        ])
        let commit = try #require(instants.first { $0.name == "commit" })
        #expect(commit.args["layout"] as? [String] == ["root", "box"])
        #expect((commit.args["txns"] as? [NSNumber])?.map(\.intValue) == [1])
        #expect((commit.args["bytes"] as? NSNumber)?.intValue == 96)
        #expect((commit.args["iter"] as? NSNumber)?.intValue == 3)
        let set = try #require(instants.first { $0.name == "set" })
        #expect(set.args["value"] as? String == "10 20")
        let activity = try #require(instants.first { $0.name == "afterWaiting" })
        #expect(activity.args["activity"] as? String == "afterWaiting")
        #expect(activity.args["mode"] as? String == "default")
        // The render slice, the commit's arrow landing in it (ChromeTraceTracksTests), the frame.
        #expect(events.filter { $0.tid == 2 && $0.ph != "M" }.map(\.name) == ["render frame 2", "commit to frame", "frame"])
    }

    @Test("a latency event is also an async slice 'txn N' from its start to its present, so overlapping transactions each get a row")
    func latencySlices() {
        func latency(_ txn: Int, _ start: Int64, _ present: Int64) -> TraceEvent {
            TraceEvent(t: present, iter: 1, .latency(.init(txn: txn, frame: 3, start: start, present: present,
                                                           latency: present - start, expected: present, hitch: 0, late: nil)))
        }
        let text = ChromeTraceWriter.render([latency(1, 0, 16_666_666), latency(2, 1_000_000, 50_000_000), latency(3, 2_000_000, 33_333_333)])
        #expect(text.contains(#"{"name":"txn 2","cat":"latency","ph":"b","ts":1000,"id":2,"pid":1,"tid":1}"#))
        #expect(text.contains(#"{"name":"txn 2","cat":"latency","ph":"e","ts":50000,"id":2,"pid":1,"tid":1,"args":{"iter":1,"txn":2,"frame":3,"start":1000000,"present":50000000,"latency":49000000,"expected":50000000,"hitch":0}}"#))
        #expect(text.contains(#"{"name":"txn 3","cat":"latency","ph":"b","ts":2000,"id":3,"#))
        // Still an instant too, like every other event.
        #expect(text.contains(#"{"name":"latency","cat":"event","ph":"i","ts":50000,"#))
    }

    @Test("random well-formed traces stay balanced, nested and monotonic", arguments: [21, 22, 23, 24, 25] as [UInt64])
    func randomWellFormed(seed: UInt64) throws {
        var g = SplitMix64(seed: seed)
        let events = TraceSamples.wellFormed(&g, count: 600)
        let text = ChromeTraceWriter.render(events)
        #expect(text == ChromeTraceWriter.render(events))
        let (_, chrome) = try readChrome(text)
        checkStructure(chrome)
        // Every pass got a slice.
        let passes = events.filter { $0.kind == .activity(.beforeTimers, mode: "default") }.count
        #expect(chrome.filter { $0.ph == "B" && $0.name.hasPrefix("pass ") }.count == passes)
    }

    @Test("broken traces are repaired into nested slices")
    func brokenTraces() throws {
        func ev(_ t: Int64, _ kind: TraceEvent.Kind) -> TraceEvent {
            TraceEvent(t: t, iter: 1, kind)
        }
        let before = TraceEvent.Kind.activity(.beforeTimers, mode: "default")
        let events = [
            ev(0, .wake(reason: .port)),                                   // no sleep: an instant
            ev(0, .calloutEnd(kind: .timer, name: "t")),                   // nothing open: an instant
            ev(0, .runEnd(mode: "default", depth: 1, result: .finished)),  // nothing open: an instant
            ev(10, .runBegin(mode: "default", depth: 1)),
            ev(10, before),
            ev(20, .callout(kind: .timer, name: "t")),
            ev(20, .runBegin(mode: "modal", depth: 2)),
            ev(20, before),
            ev(30, .callout(kind: .block, name: "b")),
            ev(40, .calloutEnd(kind: .timer, name: "t")),                  // closes block b, pass, run modal first
            ev(35, .log(text: "late")),                                    // earlier than before: drawn at 40
            ev(50, .runBegin(mode: "default", depth: 1)),                  // the first depth-1 run never ended
            ev(50, .sleep(mode: "default", until: nil)),
            ev(60, .note(text: "an instant")),
            ev(70, .callout(kind: .timer, name: "t")),                     // left open at the end
        ]
        let text = ChromeTraceWriter.render(events)
        let (_, chrome) = try readChrome(text)
        let shape = checkStructure(chrome)
        #expect(shape == [
            "B run default", "B pass 1", "B timer t", "B run modal", "B pass 1", "B block b",
            "E block b", "E pass 1", "E run modal", "E timer t",
            "E pass 1", "E run default",
            "B run default", "B sleeping", "B timer t",
            "E timer t", "E sleeping", "E run default",
        ])
        let ends = chrome.filter { $0.ph == "E" }.map { $0.ts ?? -1 }
        #expect(ends.suffix(3) == [0.07, 0.07, 0.07])
        let instants = chrome.filter { $0.ph == "i" }
        #expect(instants.map(\.name) == ["wake", "callout.end", "run.end", "beforeTimers", "beforeTimers", "log", "note"])
        #expect(instants.first { $0.name == "log" }?.ts == 0.04)
    }

    @Test("slices left open at the end close after a trailing blocked")
    func trailingBlocked() throws {
        let events = [
            TraceEvent(t: 1000, iter: 1, .callout(kind: .block, name: "work")),
            TraceEvent(t: 1000, iter: 1, .blocked(duration: 2500)),
        ]
        let text = ChromeTraceWriter.render(events)
        #expect(text.contains(#"{"name":"blocked","cat":"blocked","ph":"X","ts":1,"dur":2.5,"#))
        #expect(text.contains(#"{"name":"block work","cat":"callout","ph":"E","ts":3.5,"pid":1,"tid":1}"#))
        let (_, chrome) = try readChrome(text)
        #expect(checkStructure(chrome) == ["B block work", "X blocked", "E block work"])
    }

    @Test("an empty trace is only metadata")
    func empty() throws {
        let text = ChromeTraceWriter.render([])
        let (_, events) = try readChrome(text)
        #expect(events.count == 3)
        #expect(events.allSatisfy { $0.ph == "M" })
        #expect(text.hasSuffix("\n]}\n"))
    }

    @Test("formats are listed and dispatched")
    func formats() {
        #expect(TraceFormat.allCases == [.text, .jsonl, .chrome])
        #expect(TraceFormat(rawValue: "jsonl") == .jsonl)
        #expect(TraceFormat(rawValue: "json") == nil)
        #expect(TraceFormat.allCases.map(\.fileExtension) == ["txt", "jsonl", "json"])
        for format in TraceFormat.allCases {
            #expect(TraceWriter.render(TraceSamples.run, as: format) == TraceWriter.render(TraceSamples.run, as: format))
        }
    }
}
