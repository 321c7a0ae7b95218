import LoopSimTrace

/// The timeline's items, taken from a run's events in one pass: compact
/// arrays of numbers (times in ns) with a table of names, which the page's
/// script draws (`ReportPage+Timeline`).
package struct ReportTimeline {
    /// At most this many passes, callouts, blocks, sets, logs and commits
    /// each are kept; the rest are counted in ``dropped``.
    package static let maxItems = 100_000

    /// Names used by the items, referred to by index.
    package private(set) var names: [String] = []
    private var nameIndex: [String: Int64] = [:]
    /// [first t, last t, iter] per pass.
    package var passes: [[Int64]] = []
    /// [sleep t, wake t].
    package var sleeps: [[Int64]] = []
    /// [start, end, depth, kind name, name].
    package var callouts: [[Int64]] = []
    /// [t, duration, callout name or -1].
    package var blocks: [[Int64]] = []
    /// [t, layer.prop=value name, txn].
    package var sets: [[Int64]] = []
    /// [t, text name, 1 for a warning].
    package var logs: [[Int64]] = []
    package var commits: [JSONTree] = []
    package var dropped = 0
    /// The last event's time.
    package var end: Int64 = 0

    private mutating func name(_ s: String) -> Int64 {
        if let i = nameIndex[s] { return i }
        let i = Int64(names.count)
        names.append(s)
        nameIndex[s] = i
        return i
    }

    private mutating func keep(_ list: inout [[Int64]], _ item: [Int64]) {
        if list.count < Self.maxItems { list.append(item) } else { dropped += 1 }
    }

    package init(events: [TraceEvent]) {
        var open: [(t: Int64, kind: Int64, name: Int64)] = []
        var sleepStart: Int64?
        var pass: (iter: Int, first: Int64, last: Int64)?
        var passes: [[Int64]] = [], callouts: [[Int64]] = [], sets: [[Int64]] = [], blocks: [[Int64]] = [], logs: [[Int64]] = []
        for e in events {
            end = max(end, e.t)
            if e.iter > 0 {
                if let p = pass, p.iter == e.iter {
                    pass?.last = e.t
                } else {
                    if let p = pass { keep(&passes, [p.first, p.last, Int64(p.iter)]) }
                    pass = (e.iter, e.t, e.t)
                }
            }
            switch e.kind {
            case .callout(let kind, let n, _):
                open.append((e.t, name(kind.rawValue), name(n)))
            case .calloutEnd:
                if let top = open.popLast() { keep(&callouts, [top.t, e.t, Int64(open.count), top.kind, top.name]) }
            case .sleep:
                sleepStart = e.t
            case .wake:
                if let s = sleepStart { sleeps.append([s, e.t]) }
                sleepStart = nil
            case .blocked(let duration):
                keep(&blocks, [e.t, duration, open.last.map(\.name) ?? -1])
            case .set(let layer, let prop, let value, let txn):
                keep(&sets, [e.t, name("\(layer).\(prop)=\(value)"), Int64(txn)])
            case .log(let text):
                keep(&logs, [e.t, name(text), 0])
            case .warn(let text):
                keep(&logs, [e.t, name(text), 1])
            case .commit(let c):
                guard commits.count < Self.maxItems else { dropped += 1; continue }
                let p = c.phases
                commits.append(.object([
                    ("t", .int(e.t)), ("txns", .ints(c.txns.map(Int64.init))),
                    ("phases", .ints([p.layout.start, p.layout.duration, p.display.start, p.display.duration,
                                      p.prepare.start, p.prepare.duration, p.commit.start, p.commit.duration])),
                    ("changed", .int(Int64(c.changed))), ("bytes", .int(Int64(c.bytes))),
                    ("changes", .strings(c.changes ?? [])),
                ]))
            default: break
            }
        }
        if let p = pass { keep(&passes, [p.first, p.last, Int64(p.iter)]) }
        // Callouts still open at the end close at the last event.
        while let top = open.popLast() { keep(&callouts, [top.t, end, Int64(open.count), top.kind, top.name]) }
        if let s = sleepStart { sleeps.append([s, end]) }
        self.passes = passes
        self.callouts = callouts
        self.sets = sets
        self.blocks = blocks
        self.logs = logs
    }

    package var json: JSONTree {
        func rows(_ r: [[Int64]]) -> JSONTree { .array(r.map { .ints($0) }) }
        return .object([
            ("end", .int(end)), ("names", .strings(names)), ("passes", rows(passes)), ("sleeps", rows(sleeps)),
            ("callouts", rows(callouts)), ("blocks", rows(blocks)), ("sets", rows(sets)), ("logs", rows(logs)),
            ("commits", .array(commits)), ("dropped", .int(Int64(dropped))),
        ])
    }
}
