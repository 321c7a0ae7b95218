import Foundation
import LoopSimTrace
import RenderServer
import Simulation

/// The benchmark harness: warm-up, N timed runs of a batch, percentiles of
/// the per-operation time. Wall-clock figures are reported, never asserted.
package struct BenchResult {
    package var name: String
    package var unit: String
    package var p50: Double
    package var p90: Double
    package var p99: Double
    package var runs: Int
    package var batch: Int
    package var peer: Double?
    package var peerName: String?
    package var extra: [(String, String)] = []

    package init(name: String, unit: String, p50: Double, p90: Double, p99: Double, runs: Int, batch: Int,
                 peer: Double? = nil, peerName: String? = nil, extra: [(String, String)] = []) {
        self.name = name
        self.unit = unit
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.runs = runs
        self.batch = batch
        self.peer = peer
        self.peerName = peerName
        self.extra = extra
    }

    /// The peer's time divided by ours: above 1 means LoopSim is faster.
    package var ratio: Double? { peer.map { $0 / p50 } }

    /// One JSON object on one line, with the project's JSON writer: names
    /// and keys escaped, numbers with one decimal; `extra` values are
    /// already JSON (numbers, or string literals written in the source).
    package func json() -> String {
        var out: [UInt8] = []
        func member(_ key: String, _ raw: String) {
            out.append(out.isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
            JSONWriter.appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.appendRaw(raw, to: &out)
        }
        func quoted(_ s: String) -> String {
            var bytes: [UInt8] = []
            JSONWriter.appendString(s, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        member("name", quoted(name))
        member("unit", quoted(unit))
        member("p50", fmt(p50))
        member("p90", fmt(p90))
        member("p99", fmt(p99))
        member("runs", String(runs))
        member("batch", String(batch))
        if let peer, let ratio, let peerName {
            member("peer_name", quoted(peerName))
            member("peer", fmt(peer))
            member("ratio", fmt(ratio))
        }
        for (k, v) in extra { member(k, v) }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    package func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
}

package typealias Clock = WallClock

/// Times `body`, which performs `batch` operations per call, over `runs`
/// runs after `warmup` untimed runs; returns per-operation percentiles (ns).
package func measure(runs: Int, warmup: Int, batch: Int, _ body: () -> Void) -> (p50: Double, p90: Double, p99: Double) {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = Clock.nanoseconds()
        body()
        let end = Clock.nanoseconds()
        samples.append(Double(end - start) / Double(batch))
    }
    return percentiles(samples)
}

/// Times `ours` and `peer` interleaved (one peer run after every fourth of
/// ours), so both see the same machine conditions on a noisy host.
package func measurePair(runs: Int, warmup: Int, batch: Int, ours: () -> Void, peer: (() -> Void)?)
    -> (ours: (p50: Double, p90: Double, p99: Double), peer: (p50: Double, p90: Double, p99: Double)?) {
    for _ in 0..<warmup { ours(); peer?() }
    var a: [Double] = [], b: [Double] = []
    for i in 0..<runs {
        var start = Clock.nanoseconds()
        ours()
        a.append(Double(Clock.nanoseconds() - start) / Double(batch))
        if let peer, i % 4 == 0 {
            start = Clock.nanoseconds()
            peer()
            b.append(Double(Clock.nanoseconds() - start) / Double(batch))
        }
    }
    return (percentiles(a), peer == nil ? nil : percentiles(b))
}

package func percentiles(_ samples: [Double]) -> (p50: Double, p90: Double, p99: Double) {
    let s = samples.sorted()
    func pct(_ p: Double) -> Double { s[min(s.count - 1, Int((Double(s.count) * p).rounded(.down)))] }
    return (pct(0.5), pct(0.9), pct(0.99))
}

/// The benchmark groups of `loopsim bench` (docs/internals/benchmarks.md): their
/// names and what each measures, in the order they run, and the one entry
/// point that runs a group.
package enum BenchSuite {
    package static let groups: [(String, String)] = [
        ("runloop", "ns per pass: six UIKit observers, one timer, one source0, one block — against Foundation's RunLoop (CFRunLoop)"),
        ("executor", "ns per job round trip (enqueue, drain, run) through @SimulatedMainActor's executor — against DispatchQueue.main.async serviced by Foundation's RunLoop"),
        ("commit-phases", "ns per commit (layout, display, prepare, encode) of 10 changed layers in 1k and 10k-layer trees"),
        ("commit", "ns from the start of a commit to the render server's 'applied', per phase, against the raw socket round trip; and the vsync after it"),
        ("raster", "ns per frame: a full 1280x720 frame of 1,000 half-transparent rectangles, and a 1 % damaged frame"),
        ("scale", "100 layers, one changing per 60 Hz frame, spawned server: virtual s per wall s over 60 s with frames and with none; peak RSS at 1 and 10 min; bytes per frame (minutes; not run by default)"),
        ("animation", "100 layers animated by the spawned server at 390x844, 60 Hz: virtual s per wall s over 60 s with frames and with none; server peak RSS at 10 and 60 s (minutes; not run by default)"),
    ]

    /// The groups run when none is named: all but the long ones.
    package static var defaultGroups: [String] { groups.map(\.0).filter { $0 != "scale" && $0 != "animation" } }

    /// How a run of the suite is asked for.
    package struct Options {
        /// Timed runs per benchmark; nil for each group's default (200;
        /// `scale` 5, `animation` 3).
        package var runs: Int?
        /// Whether to time the peers (Foundation, pixman) beside ours.
        package var peers = true
        /// Only benchmarks whose name contains this.
        package var filter: String?
        /// The render server `commit` measures.
        package var transport: RenderConnection.Transport = .spawn

        package init(runs: Int? = nil, peers: Bool = true, filter: String? = nil, transport: RenderConnection.Transport = .spawn) {
            self.runs = runs
            self.peers = peers
            self.filter = filter
            self.transport = transport
        }
    }

    /// Runs the group `name` (one of ``groups``).
    /// - Throws: what a long bench (`scale`, `animation`) meets: its
    ///   scenario failing, the frames or the RSS it cannot read.
    package static func run(_ name: String, _ options: Options) throws -> [BenchResult] {
        let runs = options.runs ?? 200
        switch name {
        case "runloop": return RunLoopBench.run(runs: runs, peers: options.peers, filter: options.filter)
        case "executor": return ExecutorBench.run(runs: runs, peers: options.peers, filter: options.filter)
        case "commit-phases": return CommitPhasesBench.run(runs: runs, filter: options.filter)
        case "raster": return RasterBenchRunner.run(runs: runs, peers: options.peers, filter: options.filter)
        case "commit": return CommitBench.run(runs: runs, filter: options.filter, transport: options.transport)
        case "scale": return try ScaleBench.run(runs: options.runs ?? 5, filter: options.filter)
        case "animation": return try AnimationBench.run(runs: options.runs ?? 3, filter: options.filter)
        default: preconditionFailure("BenchSuite.run: no benchmark group '\(name)' (the command checks the names against BenchSuite.groups)")
        }
    }
}
