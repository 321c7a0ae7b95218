import LoopSimTrace

/// Commit latency and hitch time over a run (`docs/reference/core-animation-rules.md` choice 8),
/// from its `latency` trace events: how many transactions reached the
/// screen, the median and slowest latency, and the hitch-time ratio with
/// both of Apple's band sets.
///
/// A frame's hitch is how late it is: the most any transaction it shows
/// first is late (`present − expected`). The ratio is the sum of the frames'
/// hitches in ms over the run's length in s (MetricKit's `HitchTimeRatio`).
///
///     commit latency: 2 transactions on screen, median 16.667 ms, slowest 3016.667 ms (txn 2)
///     hitch time: 1 late frame (1 commit, 0 render), 3000.000 ms over 6.000 s = 500.0 ms/s — critical (WWDC20: good < 5, warning 5–10, critical ≥ 10); immediate attention (Organizer: good ≤ 10, warning ≤ 25, critical ≤ 50)
public struct LatencySummary: Sendable, Equatable {
    /// One transaction on screen.
    public struct Sample: Sendable, Equatable {
        public var txn: Int64
        public var frame: Int64
        public var latency: Int64
        public var hitch: Int64
        /// Why it was late: `commit` (the main thread) or `render` (the
        /// server); nil when on time.
        public var late: TraceEvent.LateCause?
    }

    public var samples: [Sample]
    /// The run's length in virtual ns (the ratio's denominator).
    public var duration: Int64
    /// Frames drawn for animations that the render made late (frame,
    /// present, hitch): render hitches without a transaction.
    public var animationFrames: [(frame: Int64, present: Int64, hitch: Int64)] = []
    /// When animations ran (disjoint, in order): the hitch ratio over them.
    public var animationIntervals: [(start: Int64, end: Int64)] = []
    /// The on-screen time of each late-frame candidate, by frame: whether
    /// it fell while animations ran.
    var presents: [Int64: Int64] = [:]

    public static func == (a: LatencySummary, b: LatencySummary) -> Bool {
        a.samples == b.samples && a.duration == b.duration && a.presents == b.presents
            && a.animationFrames.elementsEqual(b.animationFrames, by: ==) && a.animationIntervals.elementsEqual(b.animationIntervals, by: ==)
    }

    /// A summary of a run's latencies, with the hitches over animations.
    public init?(latencies: [TraceEvent.LatencyInfo], duration: Int64,
                 animationFrames: [(frame: Int64, present: Int64, hitch: Int64)],
                 animationIntervals: [(start: Int64, end: Int64)]) {
        self.init(latencies: latencies, duration: duration)
        self.animationFrames = animationFrames
        self.animationIntervals = animationIntervals
        for l in latencies { presents[l.frame] = l.present }
        for f in animationFrames { presents[f.frame] = f.present }
    }

    /// The summary of `latencies` (nil when empty) over a run of `duration` ns.
    public init?(latencies: [TraceEvent.LatencyInfo], duration: Int64) {
        guard !latencies.isEmpty else { return nil }
        samples = latencies.map { Sample(txn: Int64($0.txn), frame: $0.frame, latency: $0.latency, hitch: $0.hitch, late: $0.late) }
        self.duration = duration
    }

    /// The summary of `events` (nil when no `latency` event is among them);
    /// the run lasts until the last event.
    public init?(events: [TraceEvent]) {
        var samples: [Sample] = []
        for e in events {
            guard case .latency(let l) = e.kind else { continue }
            samples.append(Sample(txn: Int64(l.txn), frame: l.frame, latency: l.latency, hitch: l.hitch, late: l.late))
        }
        guard !samples.isEmpty else { return nil }
        self.samples = samples
        self.duration = events.last?.t ?? 0
    }

    /// The frames that were late, by how much (ns) and why (the latest of
    /// their transactions'), in frame order.
    public var lateFrames: [(frame: Int64, hitch: Int64, late: TraceEvent.LateCause?)] {
        var worst: [Int64: Sample] = [:]
        for s in samples where s.hitch > 0 && s.hitch > (worst[s.frame]?.hitch ?? 0) { worst[s.frame] = s }
        for f in animationFrames where f.hitch > (worst[f.frame]?.hitch ?? 0) {
            worst[f.frame] = Sample(txn: 0, frame: f.frame, latency: 0, hitch: f.hitch, late: .render)
        }
        return worst.sorted { $0.key < $1.key }.map { ($0.key, $0.value.hitch, $0.value.late) }
    }

    /// Total hitch ms per second of run.
    public var hitchRatio: Double {
        guard duration > 0 else { return 0 }
        let total = lateFrames.reduce(Int64(0)) { $0 + $1.hitch }
        return (Double(total) / 1e6) / (Double(duration) / 1e9)
    }

    /// The WWDC20 band of `ratio` (ms/s): good < 5, warning 5–10, critical ≥ 10.
    public static func wwdc20Band(_ ratio: Double) -> String {
        ratio < 5 ? "good" : ratio < 10 ? "warning" : "critical"
    }

    /// The Xcode Organizer band of `ratio` (ms/s): good ≤ 10, warning ≤ 25,
    /// critical ≤ 50, immediate attention above.
    public static func organizerBand(_ ratio: Double) -> String {
        ratio <= 10 ? "good" : ratio <= 25 ? "warning" : ratio <= 50 ? "critical" : "immediate attention"
    }

    /// Two lines: latency, then hitch time.
    public var description: String {
        let sorted = samples.map(\.latency).sorted()
        let median = sorted[(sorted.count - 1) / 2]
        let slowest = samples.max { $0.latency < $1.latency }!
        let n = samples.count
        var out = "commit latency: \(n) transaction\(n == 1 ? "" : "s") on screen, median \(Self.ms(median)), slowest \(Self.ms(slowest.latency)) (txn \(slowest.txn))\n"
        let late = lateFrames
        let total = late.reduce(Int64(0)) { $0 + $1.hitch }
        let ratio = hitchRatio
        let commits = late.filter { $0.late == .commit }.count, renders = late.filter { $0.late == .render }.count
        out += "hitch time: \(late.count) late frame\(late.count == 1 ? "" : "s") (\(commits) commit, \(renders) render), \(Self.ms(total)) over \(String(format: "%.3f", Double(duration) / 1e9)) s = \(String(format: "%.1f", ratio)) ms/s"
        out += " — \(Self.wwdc20Band(ratio)) (WWDC20: good < 5, warning 5–10, critical ≥ 10); \(Self.organizerBand(ratio)) (Organizer: good ≤ 10, warning ≤ 25, critical ≤ 50)"
        if let a = overAnimations {
            out += "\nhitch time over animations: \(a.frames) late frame\(a.frames == 1 ? "" : "s"), \(Self.ms(a.hitch)) over \(String(format: "%.3f", Double(a.seconds) / 1e9)) s of animation = \(String(format: "%.1f", a.ratio)) ms/s — \(Self.wwdc20Band(a.ratio)) (WWDC20); \(Self.organizerBand(a.ratio)) (Organizer)"
        }
        return out
    }

    static func ms(_ ns: Int64) -> String {
        String(format: "%.3f ms", Double(ns) / 1e6)
    }

    /// The hitch time of the late frames that reached the screen while
    /// animations ran, over the time they ran (`docs/reference/animations.md`,
    /// "Hitches"); nil when no animation ran.
    public var overAnimations: (frames: Int, hitch: Int64, seconds: Int64, ratio: Double)? {
        let seconds = animationIntervals.reduce(Int64(0)) { $0 + ($1.end - $1.start) }
        guard seconds > 0 else { return nil }
        var frames = 0, hitch: Int64 = 0
        for f in lateFrames {
            guard let present = presents[f.frame],
                  animationIntervals.contains(where: { $0.start < present && present <= $0.end }) else { continue }
            frames += 1
            hitch += f.hitch
        }
        return (frames, hitch, seconds, (Double(hitch) / 1e6) / (Double(seconds) / 1e9))
    }
}
