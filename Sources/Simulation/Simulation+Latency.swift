import LayerKit
import LoopSimTrace
import RenderModel
import RenderWire
import RunLoopKit

extension Simulation {
    /// Commit latency and hitch time (`docs/reference/core-animation-rules.md` choice 8): for
    /// each transaction the frame shows first, from its first mutation (or
    /// its explicit `begin`) to the frame's on-screen time, and how much
    /// later than `expected` — the on-screen time had the main thread and
    /// the server met every deadline — traced then as `latency`. A frame
    /// that changed no pixel still puts its commits on screen.
    func scheduleLatencies(of txns: [Int], latched: Int64, present: Int64, frame: UInt64) {
        guard let r = render else { return }
        var events: [TraceEvent.LatencyInfo] = []
        for txn in txns {
            guard let start = r.latencyStart.removeValue(forKey: txn) else { continue }
            // Had every deadline been met: latched at the first vsync at or
            // after the first mutation — or at the vsync a display-link
            // callout that changed it was due at, when that is earlier —
            // on screen one vsync later.
            // (ship checked that this frame's time exists; `end` otherwise.)
            let due = min(start, r.latencyDue.removeValue(forKey: txn) ?? start)
            let k = r.clock.firstVsync(atOrAfter: due) ?? latched
            let expected = r.clock.time(ofVsync: k + 1) ?? VirtualTime.end
            var info = TraceEvent.LatencyInfo(txn: txn, frame: Int64(frame), start: start, present: present,
                                              latency: present - start, expected: expected,
                                              hitch: max(0, present - expected), late: nil)
            if present > expected {
                // Latched at the vsync it was due at, or later only because
                // the server was still rendering then: the render made it
                // late (a render hitch, 7.41). Latched later for no such
                // reason: the main thread committed it late.
                let renderLate = latched == k || (k..<latched).contains { r.busyVsyncs.contains($0) }
                info.late = renderLate ? .render : .commit
            }
            events.append(info)
        }
        // Busy vsyncs before the earliest one a transaction still in flight
        // could be due at can no longer matter.
        let floor = (Array(r.latencyStart.values) + Array(r.latencyDue.values)).min().map { r.clock.firstVsync(atOrAfter: $0) ?? latched + 1 } ?? latched + 1
        r.busyVsyncs = r.busyVsyncs.filter { $0 >= floor }
        guard !events.isEmpty else { return }
        context.schedule(at: present, label: nil) { [unowned self] in
            self.latencyLog.append(contentsOf: events.map(LatencyRecord.init))
            for info in events { self.context.emit(.latency(info)) }
        }
    }
}
