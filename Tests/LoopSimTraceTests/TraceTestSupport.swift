import LoopSimTrace
@_exported import LoopSimTestSupport


enum TraceSamples {
    static func ms(_ v: Int64) -> Int64 { v * 1_000_000 }

    /// A small but complete run: two passes, a timer callout that logs and
    /// runs the loop again (nested run), a blocked sleep, a commit, a frame.
    static let run: [TraceEvent] = [
        TraceEvent(t: 0, iter: 0, .log(text: "start")),
        TraceEvent(t: 0, iter: 0, .runBegin(mode: "default", depth: 1)),
        TraceEvent(t: 0, iter: 1, .activity(.entry, mode: "default")),
        TraceEvent(t: 0, iter: 1, .activity(.beforeTimers, mode: "default")),
        TraceEvent(t: 0, iter: 1, .activity(.beforeSources, mode: "default")),
        TraceEvent(t: 0, iter: 1, .activity(.beforeWaiting, mode: "default")),
        TraceEvent(t: 0, iter: 1, .sleep(mode: "default", until: ms(16))),
        TraceEvent(t: ms(16), iter: 1, .wake(reason: .timer)),
        TraceEvent(t: ms(16), iter: 1, .activity(.afterWaiting, mode: "default")),
        TraceEvent(t: ms(16), iter: 1, .callout(kind: .timer, name: "tick")),
        TraceEvent(t: ms(16), iter: 1, .log(text: "tick fired")),
        TraceEvent(t: ms(16), iter: 1, .blocked(duration: ms(5))),
        TraceEvent(t: ms(21), iter: 1, .runBegin(mode: "tracking", depth: 2)),
        TraceEvent(t: ms(21), iter: 2, .activity(.entry, mode: "tracking")),
        TraceEvent(t: ms(21), iter: 2, .activity(.beforeTimers, mode: "tracking")),
        TraceEvent(t: ms(21) + 1500, iter: 2, .callout(kind: .source0, name: "touch")),
        TraceEvent(t: ms(22), iter: 2, .calloutEnd(kind: .source0, name: "touch")),
        TraceEvent(t: ms(22), iter: 2, .activity(.exit, mode: "tracking")),
        TraceEvent(t: ms(22), iter: 2, .runEnd(mode: "tracking", depth: 2, result: .handledSource)),
        TraceEvent(t: ms(22), iter: 2, .set(layer: "box", prop: "position", value: "10 20", txn: 1)),
        TraceEvent(t: ms(22), iter: 2, .calloutEnd(kind: .timer, name: "tick")),
        TraceEvent(t: ms(22), iter: 3, .activity(.beforeTimers, mode: "default")),
        TraceEvent(t: ms(22), iter: 3, .activity(.beforeWaiting, mode: "default")),
        TraceEvent(t: ms(22), iter: 3, .callout(kind: .observer, name: "CA commit")),
        TraceEvent(t: ms(22), iter: 3, .commit(.init(txns: [1], layout: ["root", "box"], display: [], prepare: ["#7"], changed: 1, bytes: 96, constraints: [],
                                                         phases: .init(layout: .init(start: ms(22)), display: .init(start: ms(22)),
                                                                       prepare: .init(start: ms(22)), commit: .init(start: ms(22)))))),
        TraceEvent(t: ms(22), iter: 3, .calloutEnd(kind: .observer, name: "CA commit")),
        TraceEvent(t: ms(22), iter: 3, .sleep(mode: "default", until: nil)),
        TraceEvent(t: ms(33) + 333_333, iter: 3, .frame(.init(frame: 2, present: ms(33) + 333_333, file: "frame-000002.ppm", hash: "9f3a", txns: [1], latch: ms(16) + 666_666, render: 0))),
        TraceEvent(t: ms(40), iter: 3, .wake(reason: .wakeUp)),
        TraceEvent(t: ms(40), iter: 3, .activity(.afterWaiting, mode: "default")),
        TraceEvent(t: ms(40), iter: 3, .activity(.exit, mode: "default")),
        TraceEvent(t: ms(40), iter: 3, .runEnd(mode: "default", depth: 1, result: .stopped)),
        TraceEvent(t: ms(40), iter: 3, .warn(text: "unbalanced transaction stack")),
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

    static func count(_ g: inout SplitMix64) -> Int { Int(truncatingIfNeeded: int(&g)) }

    static func strings(_ g: inout SplitMix64) -> [String] {
        (0..<Int.random(in: 0...4, using: &g)).map { _ in string(&g, maxLength: 5) }
    }

    static func counts(_ g: inout SplitMix64) -> [Int] {
        (0..<Int.random(in: 0...4, using: &g)).map { _ in count(&g) }
    }

    static func pick<T: CaseIterable>(_ g: inout SplitMix64) -> T {
        let all = Array(T.allCases)
        return all[Int.random(in: 0..<all.count, using: &g)]
    }

    /// A random event of any kind, with random (often hostile) values.
    static func event(_ g: inout SplitMix64) -> TraceEvent {
        let kind: TraceEvent.Kind
        switch Int.random(in: 0..<33, using: &g) {
        case 0: kind = .runBegin(mode: string(&g), depth: count(&g))
        case 1: kind = .runEnd(mode: string(&g), depth: count(&g), result: pick(&g))
        case 2: kind = .activity(pick(&g), mode: string(&g))
        case 3: kind = .callout(kind: pick(&g), name: string(&g))
        case 4: kind = .calloutEnd(kind: pick(&g), name: string(&g))
        case 5: kind = .sleep(mode: string(&g), until: Bool.random(using: &g) ? int(&g) : nil)
        case 6: kind = .wake(reason: pick(&g))
        case 7: kind = .blocked(duration: int(&g))
        case 8: kind = .set(layer: string(&g), prop: string(&g), value: string(&g), txn: count(&g))
        case 9: kind = .txnBegin(txn: count(&g), implicit: Bool.random(using: &g), depth: count(&g))
        case 10: kind = .txnCommit(txn: count(&g), depth: count(&g))
        case 11:
            kind = .commit(.init(txns: counts(&g), layout: strings(&g), display: strings(&g), prepare: strings(&g),
                                 changed: count(&g), bytes: count(&g), constraints: strings(&g),
                                 changes: Bool.random(using: &g) ? strings(&g) : nil))
        case 12: kind = .frame(.init(frame: int(&g), present: int(&g), file: string(&g), hash: string(&g), txns: counts(&g), latch: int(&g), render: int(&g)))
        case 13: kind = .animBegin(layer: string(&g), key: string(&g), txn: count(&g))
        case 14: kind = .animEnd(layer: string(&g), key: string(&g), txn: count(&g))
        case 15: kind = .completion(txn: count(&g))
        case 16: kind = .log(text: string(&g))
        case 17: kind = .warn(text: string(&g))
        case 18: kind = .note(text: string(&g))
        case 19: kind = .post(what: string(&g))
        case 20: kind = .stateSet(host: string(&g), variable: string(&g), value: string(&g), changed: Bool.random(using: &g), pending: count(&g))
        case 21: kind = .swiftUIFlush(host: string(&g), mutations: count(&g), vars: strings(&g), from: pick(&g))
        case 22: kind = .hostInvalidate(host: string(&g))
        case 23: kind = .body(host: string(&g), eval: count(&g), state: string(&g))
        case 24: kind = .taskCreate(task: count(&g), name: string(&g), kind: pick(&g), isolation: pick(&g),
                                    parent: Bool.random(using: &g) ? count(&g) : nil)
        case 25: kind = .taskEnqueue(task: count(&g), job: count(&g), executor: pick(&g), reason: pick(&g))
        case 26: kind = .taskRun(task: count(&g), job: count(&g), executor: pick(&g))
        case 27: kind = .taskSuspend(task: count(&g), job: count(&g), on: pick(&g), until: Bool.random(using: &g) ? int(&g) : nil)
        case 28: kind = .taskResume(task: count(&g), reason: pick(&g), from: pick(&g))
        case 29: kind = .poolBusy(task: count(&g), job: count(&g), duration: int(&g))
        case 30: kind = .taskCancel(task: count(&g), by: pick(&g))
        case 31: kind = .taskEnd(task: count(&g), result: pick(&g), jobs: count(&g))
        default:
            kind = .latency(.init(txn: count(&g), frame: int(&g), start: int(&g), present: int(&g), latency: int(&g),
                                  expected: int(&g), hitch: int(&g), late: Bool.random(using: &g) ? pick(&g) : nil))
        }
        return TraceEvent(t: int(&g), iter: count(&g), kind)
    }

    /// A random but well-formed trace: time never goes backwards, runs and
    /// callouts close in order, sleeps are followed by wakes, and a few slices
    /// are left open at the end.
    static func wellFormed(_ g: inout SplitMix64, count: Int) -> [TraceEvent] {
        enum Open { case run(Int, String), callout(TraceEvent.CalloutKind, String), sleep }
        var events: [TraceEvent] = []
        var stack: [Open] = []
        var t: Int64 = 0
        var iter = 0
        var runDepth = 0
        let modes = ["default", "tracking", "modal"]
        let kinds: [TraceEvent.CalloutKind] = [.timer, .source0, .observer, .block, .mainQueue]
        while events.count < count {
            t += [0, 0, 1, 999, 1500, 1_000_000, 16_666_667][Int.random(in: 0..<7, using: &g)]
            let sleeping: Bool
            if case .sleep? = stack.last { sleeping = true } else { sleeping = false }
            if sleeping {
                if Bool.random(using: &g) {
                    events.append(TraceEvent(t: t, iter: iter, .frame(.init(frame: Int64(events.count), present: t, file: "f", hash: "0", txns: [], latch: t, render: 0))))
                } else {
                    stack.removeLast()
                    events.append(TraceEvent(t: t, iter: iter, .wake(reason: .timer)))
                }
                continue
            }
            switch Int.random(in: 0..<10, using: &g) {
            case 0 where runDepth < 4:
                runDepth += 1
                let mode = modes[Int.random(in: 0..<modes.count, using: &g)]
                stack.append(.run(runDepth, mode))
                events.append(TraceEvent(t: t, iter: iter, .runBegin(mode: mode, depth: runDepth)))
            case 1:
                if case .run(let depth, let mode)? = stack.last {
                    stack.removeLast()
                    runDepth -= 1
                    events.append(TraceEvent(t: t, iter: iter, .runEnd(mode: mode, depth: depth, result: .finished)))
                }
            case 2, 3:
                if runDepth > 0 {
                    iter += 1
                    events.append(TraceEvent(t: t, iter: iter, .activity(.beforeTimers, mode: "default")))
                }
            case 4:
                let kind = kinds[Int.random(in: 0..<kinds.count, using: &g)]
                let name = ["tick", "a b", "x"][Int.random(in: 0..<3, using: &g)]
                stack.append(.callout(kind, name))
                events.append(TraceEvent(t: t, iter: iter, .callout(kind: kind, name: name)))
            case 5:
                if case .callout(let kind, let name)? = stack.last {
                    stack.removeLast()
                    events.append(TraceEvent(t: t, iter: iter, .calloutEnd(kind: kind, name: name)))
                }
            case 6:
                let until: Int64? = Bool.random(using: &g) ? t + 1000 : nil
                stack.append(.sleep)
                events.append(TraceEvent(t: t, iter: iter, .sleep(mode: "default", until: until)))
            case 7:
                let duration = Int64.random(in: 0...3_000_000, using: &g)
                events.append(TraceEvent(t: t, iter: iter, .blocked(duration: duration)))
                t += duration
            default:
                events.append(TraceEvent(t: t, iter: iter, .log(text: string(&g))))
            }
        }
        return events
    }
}
