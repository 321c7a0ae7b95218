/// The Chrome form's extra tracks (`docs/guide/trace-format.md` §4): the vsync
/// track, the flow arrows from each commit to the frame that first shows
/// it, and the counters (layers changed per commit, damaged area per frame,
/// each transaction's latency).
extension ChromeTraceWriter {
    /// What the Chrome form knows beyond the events.
    public struct Options: Sendable, Equatable {
        /// The display's refresh rate: with it, thread 3, "vsync", has one
        /// slice "vsync K" per vsync from 0 to the end of the trace (at most
        /// ``maxVsyncSlices``). Nil (no render server): no vsync track.
        public var vsyncHz: Int?

        public init(vsyncHz: Int? = nil) {
            self.vsyncHz = vsyncHz.flatMap { $0 >= 1 ? $0 : nil }
        }
    }

    /// The vsync track's thread.
    public static let vsyncThread = 3
    /// The most vsync slices one trace draws (about 28 minutes at 60 Hz);
    /// past it the track ends with an instant "vsync track truncated".
    public static let maxVsyncSlices: Int64 = 100_000
    /// The name and category every flow event shares (flows pair by
    /// category, name and id; the id is the commit's number, 1, 2, … in
    /// trace order).
    static let flowName = "commit to frame"

    /// The time of vsync `k` at `hz`: ⌊k × 10⁹ / hz⌋ (as `VsyncClock`), nil
    /// past the end of virtual time.
    static func vsyncTime(_ k: Int64, hz: Int) -> Int64? {
        guard k >= 0 else { return nil }
        let product = UInt64(k).multipliedFullWidth(by: 1_000_000_000)
        guard product.high < UInt64(hz) else { return nil }
        let (q, _) = UInt64(hz).dividingFullWidth(product)
        return q <= UInt64(Int64.max) ? Int64(q) : nil
    }

    /// `value` / 10^`places` as an exact decimal: (1500, 3) → `1.5`.
    static func appendDecimal(_ value: Int64, places: Int, to out: inout [UInt8]) {
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        let magnitude = value.magnitude
        if value < 0 { out.append(UInt8(ascii: "-")) }
        JSONWriter.appendUInt(magnitude / scale, to: &out)
        var fraction = magnitude % scale
        guard fraction > 0 else { return }
        out.append(UInt8(ascii: "."))
        var divisor = scale / 10
        while fraction > 0 {
            out.append(UInt8(truncatingIfNeeded: fraction / divisor) &+ 48)
            fraction %= divisor
            divisor /= 10
        }
    }

    /// A commit not yet shown by a frame: where its arrow starts.
    struct PendingFlow {
        var id: Int
        var ts: Int64
        var txns: [Int]
    }
}

extension ChromeTraceWriter.Builder {
    /// Vsync slices up to `ts` (each from its vsync to the next), before
    /// the event at `ts` is drawn.
    mutating func drawVsyncs(upTo ts: Int64) {
        guard let hz = options.vsyncHz, !vsyncTruncated else { return }
        while let start = ChromeTraceWriter.vsyncTime(nextVsync, hz: hz), start <= ts {
            guard nextVsync < ChromeTraceWriter.maxVsyncSlices else {
                vsyncTruncated = true
                head(name: "vsync track truncated", category: "vsync", phase: "i", ts: start)
                JSONWriter.appendLiteral(#","s":"t""#, to: &out)
                tail(tid: ChromeTraceWriter.vsyncThread, args: .none)
                return
            }
            let end = ChromeTraceWriter.vsyncTime(nextVsync + 1, hz: hz) ?? Int64.max
            head(name: "vsync \(nextVsync)", category: "vsync", phase: "X", ts: start)
            JSONWriter.appendLiteral(#","dur":"#, to: &out)
            ChromeTraceWriter.appendMicroseconds(end - start, to: &out)
            tail(tid: ChromeTraceWriter.vsyncThread, args: .none)
            nextVsync += 1
        }
    }

    /// A commit: its counter sample, and its arrow kept until a frame shows it.
    mutating func noteCommit(_ c: TraceEvent.CommitInfo, ts: Int64) {
        commitCount += 1
        counter(name: "commit", key: "layers changed", ts: ts) { out in JSONWriter.appendInt(Int64(c.changed), to: &out) }
        let p = c.phases
        let end = p.commit.start + p.commit.duration
        // Inside the "commit phases" slice when it lasts, so the arrow
        // binds to it; at its start otherwise.
        let from = end - p.layout.start >= 2 ? p.layout.start + (end - p.layout.start) / 2 : p.layout.start
        pendingFlows.append(ChromeTraceWriter.PendingFlow(id: commitCount, ts: max(0, from), txns: c.txns))
    }

    /// A frame: its damage sample, and an arrow from each pending commit
    /// it shows first to its "render frame N" slice (bound to it: `bp` `e`).
    mutating func noteFrame(_ f: TraceEvent.FrameInfo, ts: Int64, damagedArea: Int64?) {
        if let damagedArea {
            counter(name: "frame", key: "damaged pixels", ts: ts) { out in JSONWriter.appendInt(damagedArea, to: &out) }
        }
        let shown = Set(f.txns)
        let to = f.render >= 2 ? f.latch + f.render / 2 : f.latch
        var kept: [ChromeTraceWriter.PendingFlow] = []
        for flow in pendingFlows {
            guard flow.txns.contains(where: shown.contains) else { kept.append(flow); continue }
            flowEvent(end: false, id: flow.id, ts: flow.ts, tid: ChromeTraceWriter.mainThread)
            flowEvent(end: true, id: flow.id, ts: to, tid: ChromeTraceWriter.renderServerThread)
        }
        pendingFlows = kept
    }

    /// A transaction on screen: its latency sample (ms); a commit whose
    /// transaction reached the screen in no frame (no pixel changed) has
    /// no arrow, and is forgotten.
    mutating func noteLatency(_ l: TraceEvent.LatencyInfo, ts: Int64) {
        counter(name: "transaction", key: "latency ms", ts: ts) { out in
            ChromeTraceWriter.appendDecimal(l.latency, places: 6, to: &out)
        }
        pendingFlows.removeAll { $0.txns.contains(l.txn) }
    }

    private mutating func counter(name: String, key: String, ts: Int64, value: (inout [UInt8]) -> Void) {
        head(name: name, category: "counter", phase: "C", ts: ts)
        // Counters belong to the process; the tid keeps every event's shape.
        JSONWriter.appendLiteral(#","pid":"#, to: &out)
        JSONWriter.appendInt(Int64(ChromeTraceWriter.pid), to: &out)
        JSONWriter.appendLiteral(#","tid":"#, to: &out)
        JSONWriter.appendInt(Int64(ChromeTraceWriter.mainThread), to: &out)
        JSONWriter.appendLiteral(#","args":{"#, to: &out)
        JSONWriter.appendString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        value(&out)
        JSONWriter.appendLiteral("}}", to: &out)
    }

    /// A flow's start (`s`) or its end (`f`, bound to the enclosing slice).
    private mutating func flowEvent(end isEnd: Bool, id: Int, ts: Int64, tid: Int) {
        head(name: ChromeTraceWriter.flowName, category: "flow", phase: isEnd ? "f" : "s", ts: ts)
        JSONWriter.appendLiteral(#","id":"#, to: &out)
        JSONWriter.appendInt(Int64(id), to: &out)
        if isEnd { JSONWriter.appendLiteral(#","bp":"e""#, to: &out) }
        tail(tid: tid, args: .none)
    }
}
