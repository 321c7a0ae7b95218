import LoopSimTrace
@_exported import LoopSimTestSupport


enum TraceSamples {
    static func ms(_ v: Int64) -> Int64 { v * 1_000_000 }

    /// A small but complete run: two passes, a timer callout that logs and
    /// runs the loop again (nested run), a blocked sleep, a commit, a frame.
    static let run: [TraceEvent] = [
        TraceEvent(t: 0, iter: 0, ev: "log", [TraceField("text", .string("start"))]),
        TraceEvent(t: 0, iter: 0, ev: "run.begin", [TraceField("mode", .string("default")), TraceField("depth", .int(1))]),
        TraceEvent(t: 0, iter: 1, ev: "activity", [TraceField("activity", .string("entry")), TraceField("mode", .string("default"))]),
        TraceEvent(t: 0, iter: 1, ev: "activity", [TraceField("activity", .string("beforeTimers")), TraceField("mode", .string("default"))]),
        TraceEvent(t: 0, iter: 1, ev: "activity", [TraceField("activity", .string("beforeSources")), TraceField("mode", .string("default"))]),
        TraceEvent(t: 0, iter: 1, ev: "activity", [TraceField("activity", .string("beforeWaiting")), TraceField("mode", .string("default"))]),
        TraceEvent(t: 0, iter: 1, ev: "sleep", [TraceField("mode", .string("default")), TraceField("until", .int(ms(16)))]),
        TraceEvent(t: ms(16), iter: 1, ev: "wake", [TraceField("reason", .string("timer"))]),
        TraceEvent(t: ms(16), iter: 1, ev: "activity", [TraceField("activity", .string("afterWaiting")), TraceField("mode", .string("default"))]),
        TraceEvent(t: ms(16), iter: 1, ev: "callout", [TraceField("kind", .string("timer")), TraceField("name", .string("tick"))]),
        TraceEvent(t: ms(16), iter: 1, ev: "log", [TraceField("text", .string("tick fired"))]),
        TraceEvent(t: ms(16), iter: 1, ev: "blocked", [TraceField("duration", .int(ms(5)))]),
        TraceEvent(t: ms(21), iter: 1, ev: "run.begin", [TraceField("mode", .string("tracking")), TraceField("depth", .int(2))]),
        TraceEvent(t: ms(21), iter: 2, ev: "activity", [TraceField("activity", .string("entry")), TraceField("mode", .string("tracking"))]),
        TraceEvent(t: ms(21), iter: 2, ev: "activity", [TraceField("activity", .string("beforeTimers")), TraceField("mode", .string("tracking"))]),
        TraceEvent(t: ms(21) + 1500, iter: 2, ev: "callout", [TraceField("kind", .string("source0")), TraceField("name", .string("touch"))]),
        TraceEvent(t: ms(22), iter: 2, ev: "callout.end", [TraceField("kind", .string("source0")), TraceField("name", .string("touch"))]),
        TraceEvent(t: ms(22), iter: 2, ev: "activity", [TraceField("activity", .string("exit")), TraceField("mode", .string("tracking"))]),
        TraceEvent(t: ms(22), iter: 2, ev: "run.end", [TraceField("mode", .string("tracking")), TraceField("depth", .int(2)), TraceField("result", .string("handledSource"))]),
        TraceEvent(t: ms(22), iter: 2, ev: "set", [TraceField("layer", .string("box")), TraceField("prop", .string("position")), TraceField("value", .string("10 20")), TraceField("txn", .int(1))]),
        TraceEvent(t: ms(22), iter: 2, ev: "callout.end", [TraceField("kind", .string("timer")), TraceField("name", .string("tick"))]),
        TraceEvent(t: ms(22), iter: 3, ev: "activity", [TraceField("activity", .string("beforeTimers")), TraceField("mode", .string("default"))]),
        TraceEvent(t: ms(22), iter: 3, ev: "activity", [TraceField("activity", .string("beforeWaiting")), TraceField("mode", .string("default"))]),
        TraceEvent(t: ms(22), iter: 3, ev: "callout", [TraceField("kind", .string("observer")), TraceField("name", .string("CA commit"))]),
        TraceEvent(t: ms(22), iter: 3, ev: "commit", [
            TraceField("txns", .ints([1])), TraceField("layout", .strings(["root", "box"])),
            TraceField("display", .strings([])), TraceField("prepare", .strings(["#7"])),
            TraceField("changed", .int(1)), TraceField("bytes", .int(96)),
        ]),
        TraceEvent(t: ms(22), iter: 3, ev: "callout.end", [TraceField("kind", .string("observer")), TraceField("name", .string("CA commit"))]),
        TraceEvent(t: ms(22), iter: 3, ev: "sleep", [TraceField("mode", .string("default")), TraceField("until", .null)]),
        TraceEvent(t: ms(33) + 333_333, iter: 3, ev: "frame", [
            TraceField("frame", .int(2)), TraceField("present", .int(ms(33) + 333_333)),
            TraceField("file", .string("frame-000002.ppm")), TraceField("hash", .string("9f3a")), TraceField("txns", .ints([1])),
        ]),
        TraceEvent(t: ms(40), iter: 3, ev: "wake", [TraceField("reason", .string("wakeUp"))]),
        TraceEvent(t: ms(40), iter: 3, ev: "activity", [TraceField("activity", .string("afterWaiting")), TraceField("mode", .string("default"))]),
        TraceEvent(t: ms(40), iter: 3, ev: "activity", [TraceField("activity", .string("exit")), TraceField("mode", .string("default"))]),
        TraceEvent(t: ms(40), iter: 3, ev: "run.end", [TraceField("mode", .string("default")), TraceField("depth", .int(1)), TraceField("result", .string("stopped"))]),
        TraceEvent(t: ms(40), iter: 3, ev: "warn", [TraceField("text", .string("unbalanced transaction stack"))]),
    ]

    static let eventKinds = [
        "run.begin", "run.end", "activity", "callout", "callout.end", "sleep", "wake", "blocked",
        "set", "txn.begin", "txn.commit", "commit", "frame", "anim.begin", "anim.end",
        "completion", "log", "warn", "x.custom",
    ]

    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "z", "A", "0", "9", " ", "_", ".", "#", "\"", "\\", "/", "\n", "\r", "\t",
        "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1F}", "\u{7F}", "é", "ß", "→", "中", "😀", "\u{200B}",
    ]

    static func string(_ g: inout SplitMix64, maxLength: Int = 12) -> String {
        let length = Int.random(in: 0...maxLength, using: &g)
        var s = String.UnicodeScalarView()
        for _ in 0..<length {
            s.append(alphabet[Int.random(in: 0..<alphabet.count, using: &g)])
        }
        return String(s)
    }

    static func int(_ g: inout SplitMix64) -> Int64 {
        switch Int.random(in: 0..<5, using: &g) {
        case 0: return [Int64.min, Int64.max, 0, -1, 1][Int.random(in: 0..<5, using: &g)]
        case 1: return Int64.random(in: Int64.min...Int64.max, using: &g)
        default: return Int64.random(in: -1000...100_000_000_000, using: &g)
        }
    }

    static func value(_ g: inout SplitMix64, key: String) -> TraceValue {
        switch Int.random(in: 0..<6, using: &g) {
        case 0: return .int(int(&g))
        case 1: return .string(string(&g))
        case 2: return .bool(Bool.random(using: &g))
        case 3: return .null
        case 4:
            // `[]` reads back as .ints for the known integer-array keys, as
            // .strings for every other key.
            let count = Int.random(in: JSONLTraceWriter.integerArrayKeys.contains(key) ? 1...4 : 0...4, using: &g)
            return .strings((0..<count).map { _ in string(&g, maxLength: 5) })
        default:
            let count = Int.random(in: JSONLTraceWriter.integerArrayKeys.contains(key) ? 0...4 : 1...4, using: &g)
            return .ints((0..<count).map { _ in int(&g) })
        }
    }

    static func event(_ g: inout SplitMix64) -> TraceEvent {
        let keys = ["mode", "depth", "txns", "name", "text", "until", "k", "é", "a b", "q\"\\", "t", "iter", "ev", ""]
        var fields: [TraceField] = []
        for _ in 0..<Int.random(in: 0...6, using: &g) {
            let key = Bool.random(using: &g) ? keys[Int.random(in: 0..<keys.count, using: &g)] : string(&g, maxLength: 6)
            fields.append(TraceField(key, value(&g, key: key)))
        }
        let ev = Int.random(in: 0..<4, using: &g) == 0
            ? string(&g)
            : eventKinds[Int.random(in: 0..<eventKinds.count, using: &g)]
        return TraceEvent(t: int(&g), iter: Int(int(&g)), ev: ev, fields)
    }

    /// A random but well-formed trace: time never goes backwards, runs and
    /// callouts close in order, sleeps are followed by wakes, and a few slices
    /// are left open at the end.
    static func wellFormed(_ g: inout SplitMix64, count: Int) -> [TraceEvent] {
        enum Open { case run(Int64, String), callout(String, String), sleep }
        var events: [TraceEvent] = []
        var stack: [Open] = []
        var t: Int64 = 0
        var iter = 0
        var runDepth: Int64 = 0
        let modes = ["default", "tracking", "modal"]
        let kinds = ["timer", "source0", "observer", "block", "mainQueue"]
        while events.count < count {
            t += [0, 0, 1, 999, 1500, 1_000_000, 16_666_667][Int.random(in: 0..<7, using: &g)]
            let sleeping: Bool
            if case .sleep? = stack.last { sleeping = true } else { sleeping = false }
            if sleeping {
                if Bool.random(using: &g) {
                    events.append(TraceEvent(t: t, iter: iter, ev: "frame", [TraceField("frame", .int(Int64(events.count)))]))
                } else {
                    stack.removeLast()
                    events.append(TraceEvent(t: t, iter: iter, ev: "wake", [TraceField("reason", .string("timer"))]))
                }
                continue
            }
            switch Int.random(in: 0..<10, using: &g) {
            case 0 where runDepth < 4:
                runDepth += 1
                let mode = modes[Int.random(in: 0..<modes.count, using: &g)]
                stack.append(.run(runDepth, mode))
                events.append(TraceEvent(t: t, iter: iter, ev: "run.begin", [TraceField("mode", .string(mode)), TraceField("depth", .int(runDepth))]))
            case 1:
                if case .run(let depth, let mode)? = stack.last {
                    stack.removeLast()
                    runDepth -= 1
                    events.append(TraceEvent(t: t, iter: iter, ev: "run.end", [TraceField("mode", .string(mode)), TraceField("depth", .int(depth)), TraceField("result", .string("finished"))]))
                }
            case 2, 3:
                if runDepth > 0 {
                    iter += 1
                    events.append(TraceEvent(t: t, iter: iter, ev: "activity", [TraceField("activity", .string("beforeTimers")), TraceField("mode", .string("default"))]))
                }
            case 4:
                let kind = kinds[Int.random(in: 0..<kinds.count, using: &g)]
                let name = ["tick", "a b", "x"][Int.random(in: 0..<3, using: &g)]
                stack.append(.callout(kind, name))
                events.append(TraceEvent(t: t, iter: iter, ev: "callout", [TraceField("kind", .string(kind)), TraceField("name", .string(name))]))
            case 5:
                if case .callout(let kind, let name)? = stack.last {
                    stack.removeLast()
                    events.append(TraceEvent(t: t, iter: iter, ev: "callout.end", [TraceField("kind", .string(kind)), TraceField("name", .string(name))]))
                }
            case 6:
                let until: TraceValue = Bool.random(using: &g) ? .int(t + 1000) : .null
                stack.append(.sleep)
                events.append(TraceEvent(t: t, iter: iter, ev: "sleep", [TraceField("mode", .string("default")), TraceField("until", until)]))
            case 7:
                let duration = Int64.random(in: 0...3_000_000, using: &g)
                events.append(TraceEvent(t: t, iter: iter, ev: "blocked", [TraceField("duration", .int(duration))]))
                t += duration
            default:
                events.append(TraceEvent(t: t, iter: iter, ev: "log", [TraceField("text", .string(string(&g)))]))
            }
        }
        return events
    }
}
