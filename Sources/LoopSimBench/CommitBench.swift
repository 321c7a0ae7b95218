import Foundation
import LayerKit
import LoopSimSystem
import RenderModel
import RenderWire
import RunLoopKit
import Simulation

/// `loopsim bench commit`: the wall time from the start of an outermost
/// commit until the render server acknowledges that it has applied it, per
/// phase, for 10 changed layers in trees of 1,000 and 10,000 layers, against
/// the raw socket round trip (`sync` → `applied` with nothing to apply);
/// and beside it the vsync that follows (raster of the damage and the frame
/// file).
///
/// Phases: layout (with constraints), display, prepare, encode (diff and
/// wire bytes), send (the commit written to the socket), decode and apply
/// (the server's own wall-clock figures, from `applied`), and reply (what
/// is left: the `sync` sent, the socket both ways and the wake-ups).
package enum CommitBench {
    package static let phases = ["layout", "display", "prepare", "encode", "send", "decode", "apply", "reply"]

    package static func run(runs: Int, filter: String?, transport: RenderConnection.Transport = .spawn) -> [BenchResult] {
        var out: [BenchResult] = []
        var raw: Double?
        for size in [1_000, 10_000] {
            let prefix = "commit.\(size / 1000)k-layers-10-changed"
            let wanted = [prefix, prefix + ".vsync", "commit.raw-round-trip"]
            if let filter, !wanted.contains(where: { $0.contains(filter) }) { continue }
            let (ctx, layers) = CommitPhasesBench.makeTree(layers: size)
            // The commit is encoded once, when it is sent; its size is
            // counted as a simulation counts it (makeTree encodes it, for
            // commit-phases, which sends nothing).
            ctx.encodedByteCount = { CommitCodec.encodedSize(of: $0) }
            let folder: String
            do throws(SystemError) { folder = try FileSystem.makeTemporaryDirectory(prefix: "loopsim-bench-commit-\(size)") } catch {
                Console.error("bench commit: \(error)")
                return out
            }
            defer { try? FileSystem.removeTree(folder) }
            let connection: RenderConnection
            do {
                connection = try RenderConnection.open(transport, hello: .init(width: 1280, height: 720, refreshHz: 60,
                                                                                 background: .black, outputFolder: folder))
            } catch {
                Console.error("bench commit: \(error)")
                return out
            }
            defer { connection.close() }
            let sim = ctx.loop.context
            var stamps: [LayerContext.Phase: UInt64] = [:]
            ctx.onPhase = { stamps[$0] = Clock.nanoseconds() }
            ctx.onCommit = { record in try connection.send(.commit(record.diff)) }
            // Ship the initial tree (makeTree committed it once).
            try? connection.send(.commit(ctx.commits[0].diff))
            var token: UInt64 = 0
            func sync() -> WireMessage.Applied? {
                token += 1
                try? connection.send(.sync(token: token))
                guard case .applied(let a)? = try? connection.receive(), a.token == token else { return nil }
                return a
            }
            var vsync: UInt64 = 0
            let clock = VsyncClock(hz: 60)
            /// Renders the next vsync; answers its wall time. The next
            /// commit happens one vsync later in virtual time.
            func present() -> UInt64 {
                vsync += 1
                let t = Clock.nanoseconds()
                try? connection.send(.vsync(index: vsync, time: clock.time(ofVsync: Int64(vsync))!))
                _ = try? connection.receive()
                let elapsed = Clock.nanoseconds() - t
                sim.advance(to: clock.time(ofVsync: Int64(vsync))!)
                return elapsed
            }
            _ = sync()
            _ = present()   // the whole tree's first frame
            var samples: [String: [Double]] = [:]
            var totals: [Double] = [], raws: [Double] = [], vsyncs: [Double] = []
            let colours: [RGBA] = [.red, .green, .blue, .yellow]
            for i in 0..<(runs + 5) {
                // `applied` waits for every frame file written: the last
                // `present()`'s first, untimed, so that the raw round trip
                // below waits for nothing (it measured that file's write,
                // milliseconds, once the vsync came into the loop).
                _ = sync()
                let r0 = Clock.nanoseconds()
                _ = sync()
                let rawTrip = Clock.nanoseconds() - r0
                // Standalone layers: since issue 8 each change would also add
                // an implicit animation (0.25 s) to the commit, and the server
                // would animate it. The commit measured is the changes alone,
                // as `setDisableActions(true)` gives them.
                ctx.setValue(.bool(true), forKey: TransactionKey.disableActions)
                for k in 0..<10 {
                    try? layers[(k * 7919 + i * 13) % layers.count].set(.backgroundColor, .color(colours[(i + k) % 4]))
                }
                let start = Clock.nanoseconds()
                try? ctx.flush()
                let flushed = Clock.nanoseconds()
                guard let applied = sync() else {
                    Console.error("bench commit: the render server did not acknowledge commit \(ctx.commits.last?.sequence ?? 0)")
                    return out
                }
                let end = Clock.nanoseconds()
                let frame = present()
                guard i >= 5, let measured = phaseTimes(stamps, applied: applied, flushed: flushed, end: end) else { continue }
                for (name, ns) in measured { samples[name, default: []].append(Double(ns)) }
                totals.append(Double(end - start))
                raws.append(Double(rawTrip))
                vsyncs.append(Double(frame))
            }
            out += results(prefix: prefix, size: size, samples: samples, totals: totals, raws: raws, vsyncs: vsyncs, raw: &raw)
        }
        return out
    }

    /// The wall time of each of `phases` for one commit, from the phase
    /// stamps, the server's own figures and the end of the round trip; nil
    /// when a phase did not run.
    private static func phaseTimes(_ stamps: [LayerContext.Phase: UInt64], applied: WireMessage.Applied,
                                   flushed: UInt64, end: UInt64) -> [(String, UInt64)]? {
        guard let l = stamps[.layout], let d = stamps[.display], let p = stamps[.prepare],
              let e = stamps[.encode], let s = stamps[.send] else { return nil }
        let server = applied.decodeNanoseconds + applied.applyNanoseconds
        return [
            ("layout", d - l), ("display", p - d), ("prepare", e - p), ("encode", s - e), ("send", flushed - s),
            ("decode", applied.decodeNanoseconds), ("apply", applied.applyNanoseconds),
            ("reply", end - flushed > server ? end - flushed - server : 0),
        ]
    }

    /// The results of one tree size: the raw round trip (measured with the
    /// first size only, into `raw`), the commit with its phases, the vsync.
    private static func results(prefix: String, size: Int, samples: [String: [Double]], totals: [Double],
                                raws: [Double], vsyncs: [Double], raw: inout Double?) -> [BenchResult] {
        var out: [BenchResult] = []
        let rawP = percentiles(raws)
        if raw == nil {
            raw = rawP.p50
            out.append(BenchResult(name: "commit.raw-round-trip", unit: "ns", p50: rawP.p50, p90: rawP.p90, p99: rawP.p99,
                                   runs: raws.count, batch: 1, peer: nil, peerName: nil,
                                   extra: [("message", "\"sync -> applied\"")]))
        }
        let total = percentiles(totals)
        var extra: [(String, String)] = [("layers", "\(size)"), ("changed", "10"),
                                         ("ratio_to_raw_round_trip", String(format: "%.2f", total.p50 / (raw ?? total.p50)))]
        for name in phases {
            let p = percentiles(samples[name] ?? [0])
            extra.append(("\(name)_p50", String(format: "%.1f", p.p50)))
            extra.append(("\(name)_p99", String(format: "%.1f", p.p99)))
        }
        out.append(BenchResult(name: prefix, unit: "ns/commit", p50: total.p50, p90: total.p90, p99: total.p99,
                               runs: totals.count, batch: 1, peer: nil, peerName: nil, extra: extra))
        let v = percentiles(vsyncs)
        out.append(BenchResult(name: prefix + ".vsync", unit: "ns/frame", p50: v.p50, p90: v.p90, p99: v.p99,
                               runs: vsyncs.count, batch: 1, peer: nil, peerName: nil,
                               extra: [("what", "\"vsync -> presented: raster of the damage, PPM file, frames.jsonl\"")]))
        return out
    }
}
