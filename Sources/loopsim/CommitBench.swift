import Foundation
import LayerKit
import RenderModel
import RenderWire
import RunLoopKit
import Simulation

/// `loopsim bench commit`: the wall time from the start of an outermost
/// commit to the render server's reply, per phase, for 10 changed layers in
/// trees of 1,000 and 10,000 layers, against the raw socket round trip (an
/// empty vsync: the server decodes it, latches nothing, answers).
///
/// Phases: layout (with constraints), display, prepare, encode (diff and
/// wire bytes), send (the commit on the socket), and server (vsync sent →
/// `presented` received: the server decodes and applies the commit,
/// recomposites the damage and writes the frame file).
enum CommitBench {
    static func run(runs: Int, filter: String?, transport: RenderConnection.Transport = .spawn) -> [BenchResult] {
        var out: [BenchResult] = []
        var raw: Double?
        for size in [1_000, 10_000] {
            let prefix = "commit.\(size / 1000)k-layers-10-changed"
            if let filter, !prefix.contains(filter), !"commit.raw-round-trip".contains(filter) { continue }
            let (ctx, layers) = CommitPhasesBench.makeTree(layers: size)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-bench-commit-\(size)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let connection: RenderConnection
            do {
                connection = try RenderConnection.open(transport, hello: .init(width: 1280, height: 720, refreshHz: 60,
                                                                                 background: .black, outputFolder: folder))
            } catch {
                printError("bench commit: \(error)")
                return out
            }
            defer { connection.close() }
            // Ship the initial tree (makeTree committed it once).
            try? connection.send(.commit(ctx.commits[0].diff))
            var stamps: [LayerContext.Phase: UInt64] = [:]
            ctx.onPhase = { stamps[$0] = Clock.nanoseconds() }
            ctx.onCommit = { record in try connection.send(.commit(record.diff)) }
            var vsync: UInt64 = 0
            func roundTrip() -> UInt64 {
                vsync += 1
                let t = Clock.nanoseconds()
                try? connection.send(.vsync(index: vsync, time: Int64(vsync) * 1_000_000_000 / 60))
                _ = try? connection.receive()
                return Clock.nanoseconds() - t
            }
            _ = roundTrip()   // latch and render the whole tree
            var phases: [String: [Double]] = [:]
            var totals: [Double] = []
            var raws: [Double] = []
            let colours: [RGBA] = [.red, .green, .blue, .yellow]
            for i in 0..<(runs + 5) {
                raws.append(Double(roundTrip()))
                for k in 0..<10 {
                    try? layers[(k * 7919 + i * 13) % layers.count].set(.backgroundColor, .color(colours[(i + k) % 4]))
                }
                let start = Clock.nanoseconds()
                try? ctx.flush()
                let sent = Clock.nanoseconds()
                let server = roundTrip()
                guard i >= 5, let l = stamps[.layout], let d = stamps[.display], let p = stamps[.prepare],
                      let e = stamps[.encode], let s = stamps[.send] else { continue }
                phases["layout", default: []].append(Double(d - l))
                phases["display", default: []].append(Double(p - d))
                phases["prepare", default: []].append(Double(e - p))
                phases["encode", default: []].append(Double(s - e))
                phases["send", default: []].append(Double(sent - s))
                phases["server", default: []].append(Double(server))
                totals.append(Double(sent - start + server))
            }
            let rawP = percentiles(raws)
            if raw == nil {
                raw = rawP.p50
                out.append(BenchResult(name: "commit.raw-round-trip", unit: "ns", p50: rawP.p50, p90: rawP.p90, p99: rawP.p99,
                                       runs: raws.count, batch: 1, peer: nil, peerName: nil))
            }
            let total = percentiles(totals)
            var extra: [(String, String)] = [("layers", "\(size)"), ("changed", "10"),
                                             ("ratio_to_raw_round_trip", String(format: "%.2f", total.p50 / (raw ?? total.p50)))]
            for name in ["layout", "display", "prepare", "encode", "send", "server"] {
                let p = percentiles(phases[name] ?? [0])
                extra.append(("\(name)_p50", String(format: "%.1f", p.p50)))
                extra.append(("\(name)_p99", String(format: "%.1f", p.p99)))
            }
            out.append(BenchResult(name: prefix, unit: "ns/commit", p50: total.p50, p90: total.p90, p99: total.p99,
                                   runs: totals.count, batch: 1, peer: nil, peerName: nil, extra: extra))
        }
        return out
    }
}
