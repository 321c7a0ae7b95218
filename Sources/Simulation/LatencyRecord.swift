import LoopSimTrace

/// A ``TraceEvent/LatencyInfo`` in 48 bytes instead of 64: `latency` and
/// `hitch` are not stored, they follow from the times (`present - start`,
/// `max(0, present - expected)`, as the client computes them). What
/// ``Simulation/latencies`` keeps for a whole run.
struct LatencyRecord {
    var txn: Int
    var frame: Int64
    var start: Int64
    var present: Int64
    var expected: Int64
    var late: TraceEvent.LateCause?

    /// - Precondition: `info`'s `latency` and `hitch` follow from its times.
    init(_ info: TraceEvent.LatencyInfo) {
        precondition(info.latency == info.present - info.start && info.hitch == max(0, info.present - info.expected),
                     "a latency record's latency and hitch follow from its times")
        txn = info.txn
        frame = info.frame
        start = info.start
        present = info.present
        expected = info.expected
        late = info.late
    }

    var info: TraceEvent.LatencyInfo {
        .init(txn: txn, frame: frame, start: start, present: present, latency: present - start,
              expected: expected, hitch: max(0, present - expected), late: late)
    }
}
