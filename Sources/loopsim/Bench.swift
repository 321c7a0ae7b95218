import Foundation
import LoopSimTrace
import RenderServer

/// The benchmark harness: warm-up, N timed runs of a batch, percentiles of
/// the per-operation time. Wall-clock figures are reported, never asserted.
struct BenchResult {
    var name: String
    var unit: String
    var p50: Double
    var p90: Double
    var p99: Double
    var runs: Int
    var batch: Int
    var peer: Double?
    var peerName: String?
    var extra: [(String, String)] = []

    /// The peer's time divided by ours: above 1 means LoopSim is faster.
    var ratio: Double? { peer.map { $0 / p50 } }

    /// One JSON object on one line, with the project's JSON writer: names
    /// and keys escaped, numbers with one decimal; `extra` values are
    /// already JSON (numbers, or string literals written in the source).
    func json() -> String {
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

    func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
}

typealias Clock = WallClock

/// Times `body`, which performs `batch` operations per call, over `runs`
/// runs after `warmup` untimed runs; returns per-operation percentiles (ns).
func measure(runs: Int, warmup: Int, batch: Int, _ body: () -> Void) -> (p50: Double, p90: Double, p99: Double) {
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
func measurePair(runs: Int, warmup: Int, batch: Int, ours: () -> Void, peer: (() -> Void)?)
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

func percentiles(_ samples: [Double]) -> (p50: Double, p90: Double, p99: Double) {
    let s = samples.sorted()
    func pct(_ p: Double) -> Double { s[min(s.count - 1, Int((Double(s.count) * p).rounded(.down)))] }
    return (pct(0.5), pct(0.9), pct(0.99))
}

/// `loopsim bench [NAME…] [--json] [--runs N]`.
enum BenchCommand {
    static let groups: [(String, String)] = [
        ("runloop", "ns per pass: six UIKit observers, one timer, one source0, one block — against Foundation's RunLoop (CFRunLoop)"),
        ("executor", "ns per job round trip (enqueue, drain, run) through @SimulatedMainActor's executor — against DispatchQueue.main.async serviced by Foundation's RunLoop"),
        ("commit-phases", "ns per commit (layout, display, prepare, encode) of 10 changed layers in 1k and 10k-layer trees"),
        ("commit", "ns from the start of a commit to the render server's 'applied', per phase, against the raw socket round trip; and the vsync after it"),
        ("raster", "ns per frame: a full 1280x720 frame of 1,000 half-transparent rectangles, and a 1 % damaged frame"),
        ("scale", "100 layers, one changing per 60 Hz frame, spawned server: virtual s per wall s over 60 s with frames and with none; peak RSS at 1 and 10 min; bytes per frame (minutes; not run by default)"),
        ("animation", "100 layers animated by the spawned server at 390x844, 60 Hz: virtual s per wall s over 60 s with frames and with none; server peak RSS at 10 and 60 s (minutes; not run by default)"),
    ]

    static let spec = CommandSpec(
        name: "bench",
        abstract: "Run the benchmarks (warm-up, N runs, p50/p90/p99).",
        usage: "loopsim bench [<name> ...] [--json] [--runs <n>] [--no-peer] [--filter <text>] [--server <transport>]",
        arguments: [("<name>", "Benchmark groups to run (default: all but scale and animation): " + groups.map(\.0).joined(separator: ", ") + ".")],
        options: [
            ("--json", "Print one JSON object per line (name, unit, p50, p90, p99, peer, ratio)."),
            ("--runs <n>", "Timed runs per benchmark (default 200; scale: 60 s runs of each kind, default 5; animation: default 3)."),
            ("--no-peer", "Skip the comparisons with peers (Foundation, pixman)."),
            ("--filter <text>", "Only benchmarks whose name contains <text>."),
            ("--server <transport>", "For 'commit': spawn (default), thread or unix:PATH."),
        ],
        discussion: "Figures are wall-clock and noisy on shared machines; compare ratios measured in one run.")

    static func main(_ args: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(args, valueOptions: ["--runs", "--filter", "--server"], flagOptions: ["--json", "--no-peer"])
        if parsed.wantsHelp { printOut(spec.help()); return ExitStatus.success }
        var runs = 200
        if let r = parsed.values["--runs"] {
            guard let n = Int(r), n > 0, n <= 1_000_000 else { throw UsageError(message: "--runs needs a positive integer, got '\(r)'") }
            runs = n
        }
        let names = parsed.positionals.isEmpty ? groups.map(\.0).filter { $0 != "scale" && $0 != "animation" } : parsed.positionals
        for n in names where !groups.contains(where: { $0.0 == n }) {
            throw UsageError(message: "unknown benchmark '\(n)' (known: \(groups.map(\.0).joined(separator: ", ")))")
        }
        let json = parsed.flags.contains("--json")
        let transport = try serverOption(parsed, default: .spawn)
        if transport == nil, names.contains("commit") {
            throw UsageError(message: "bench commit needs a render server; --server none has nothing to measure")
        }
        for name in names {
            let results: [BenchResult]
            switch name {
            case "runloop": results = RunLoopBench.run(runs: runs, peers: !parsed.flags.contains("--no-peer"), filter: parsed.values["--filter"])
            case "executor": results = ExecutorBench.run(runs: runs, peers: !parsed.flags.contains("--no-peer"), filter: parsed.values["--filter"])
            case "commit-phases": results = CommitPhasesBench.run(runs: runs, filter: parsed.values["--filter"])
            case "raster": results = RasterBenchRunner.run(runs: runs, peers: !parsed.flags.contains("--no-peer"), filter: parsed.values["--filter"])
            case "commit": results = CommitBench.run(runs: runs, filter: parsed.values["--filter"], transport: transport ?? .spawn)
            case "scale":
                do {
                    results = try ScaleBench.run(runs: parsed.values["--runs"] == nil ? 5 : runs, filter: parsed.values["--filter"])
                } catch {
                    printError("Error: \(error)")
                    return ExitStatus.failure
                }
            case "animation":
                do {
                    results = try AnimationBench.run(runs: parsed.values["--runs"] == nil ? 3 : runs, filter: parsed.values["--filter"])
                } catch {
                    printError("Error: \(error)")
                    return ExitStatus.failure
                }
            default: results = []
            }
            for r in results {
                if json { printOut(r.json()) } else { printOut(BenchText.line(r)) }
            }
            // Standard output stays one JSON object per line with --json.
            if let note = BenchText.missingPeer(group: name, results: results, peersWanted: !parsed.flags.contains("--no-peer")) {
                if json { printError(note) } else { printOut(note) }
            }
        }
        return ExitStatus.success
    }
}
