import Foundation
import LoopSimTrace

/// Why a late transaction was late, in one sentence derived from the trace
/// (`docs/guide/report.md`, "Hitches"): the `late` key of its `latency` event says
/// which side; the `blocked` events, callouts, commit phases and the
/// server's render times say what held it up.
///
///     commit: main thread blocked 3.000 s by `at 1s`
///     render: server busy rendering frame 8 (25.000 ms from 0.100 s)
package enum HitchCause {
    /// What the trace says around one moment: the blocks with the callout
    /// that contained each, the callouts with their span, the commits and
    /// the frames, each in trace order.
    package struct Context {
        package var blocks: [(t: Int64, duration: Int64, callout: String?)] = []
        package var callouts: [(start: Int64, end: Int64, name: String)] = []
        package var commits: [(t: Int64, info: TraceEvent.CommitInfo)] = []
        package var frames: [TraceEvent.FrameInfo] = []
        package var hz = 60

        package init(events: [TraceEvent], hz: Int) {
            self.hz = max(1, hz)
            var open: [(t: Int64, label: String)] = []
            for e in events {
                switch e.kind {
                case .callout(let kind, let name, _):
                    open.append((e.t, kind == .event ? name : "\(kind.rawValue) \(name)"))
                case .calloutEnd:
                    if let top = open.popLast() { callouts.append((top.t, e.t, top.label)) }
                case .blocked(let duration):
                    blocks.append((e.t, duration, open.last?.label))
                case .commit(let info):
                    commits.append((e.t, info))
                case .frame(let info):
                    frames.append(info)
                default: break
                }
            }
        }
    }

    /// The sentence for `latency`, nil when it was on time.
    package static func explain(_ latency: TraceEvent.LatencyInfo, in context: Context) -> String? {
        guard latency.hitch > 0 else { return nil }
        switch latency.late {
        case .render?: return render(latency, context)
        case .commit?, nil: return commit(latency, context)
        }
    }

    private static func commit(_ l: TraceEvent.LatencyInfo, _ c: Context) -> String {
        let committed = c.commits.first { $0.info.txns.contains(l.txn) }
        let end = committed?.t ?? l.present
        let blocks = c.blocks.filter { $0.t >= l.start && $0.t < end }
        if let longest = blocks.max(by: { $0.duration < $1.duration }) {
            let total = blocks.reduce(Int64(0)) { $0 + $1.duration }
            var text = "commit: main thread blocked \(duration(total))"
            if let name = longest.callout { text += " by `\(name)`" }
            if blocks.count > 1 { text += " (\(blocks.count) blocks)" }
            return text
        }
        if let committed {
            let p = committed.info.phases
            let phases = committed.t - p.layout.start
            if phases > 0 {
                let parts = p.named.filter { $0.span.duration > 0 }.map { "\($0.name) \(duration($0.span.duration))" }
                return "commit: its phases took \(duration(phases)) (\(parts.joined(separator: ", ")))"
            }
        }
        let busy = c.callouts.filter { $0.end > l.start && $0.start < end && $0.end > $0.start }
        if let longest = busy.max(by: { ($0.end - $0.start) < ($1.end - $1.start) }) {
            return "commit: main thread busy \(duration(longest.end - longest.start)) in `\(longest.name)`"
        }
        if let committed { return "commit: committed at \(seconds(committed.t)), after its vsync" }
        return "commit: committed late"
    }

    private static func render(_ l: TraceEvent.LatencyInfo, _ c: Context) -> String {
        // The vsync it should have been latched at, had it been on time.
        let interval = Int64(1_000_000_000) / Int64(c.hz)
        let due = l.expected - interval
        if let busy = c.frames.first(where: { $0.frame != l.frame && $0.render > 0 && $0.latch <= due && $0.latch + $0.render > due }) {
            return "render: server busy rendering frame \(busy.frame) (\(duration(busy.render)) from \(seconds(busy.latch)))"
        }
        if let own = c.frames.first(where: { $0.frame == l.frame }), own.render > 0 {
            return "render: frame \(own.frame) took \(duration(own.render)) to render (latched at \(seconds(own.latch))), more than a vsync interval"
        }
        return "render: server busy"
    }

    /// `3.000 s` from a second up, else `25.000 ms`.
    package static func duration(_ ns: Int64) -> String {
        ns >= 1_000_000_000 ? String(format: "%.3f s", Double(ns) / 1e9) : String(format: "%.3f ms", Double(ns) / 1e6)
    }

    package static func seconds(_ ns: Int64) -> String { String(format: "%.3f s", Double(ns) / 1e9) }
}
