import Foundation
import RenderServer

/// `loopsim bench raster`: a full 1280×720 frame of 1,000 half-transparent
/// rectangles, and a frame where one rectangle (about 1 % of the area)
/// changed colour (the commit applied, then only its damage recomposited).
enum RasterBenchRunner {
    static func run(runs: Int, filter: String?) -> [BenchResult] {
        let scene = RasterBench.Scene()
        scene.renderFull()
        var out: [BenchResult] = []
        var full: Double?
        if filter.map({ "raster.full-frame".contains($0) }) ?? true {
            let m = measure(runs: max(5, runs / 10), warmup: 2, batch: 1) { scene.renderFull() }
            full = m.p50
            let peer = pixmanPeer(runs: max(5, runs / 10))
            var extra: [(String, String)] = [("rectangles", "1000"), ("hash", "\"\(scene.frame.contentHash)\"")]
            if let peer { extra.append(("peer_hash", "\"\(peer.hash)\"")) }
            out.append(BenchResult(name: "raster.full-frame", unit: "ns/frame", p50: m.p50, p90: m.p90, p99: m.p99,
                                   runs: max(5, runs / 10), batch: 1, peer: peer?.p50, peerName: peer == nil ? nil : "pixman",
                                   extra: extra))
        }
        if filter.map({ "raster.damaged-frame".contains($0) }) ?? true {
            var damage = DamageRegion()
            let m = measure(runs: runs, warmup: 5, batch: 1) { damage = scene.renderDamaged() }
            var extra: [(String, String)] = [("damage_area", "\(damage.paintedArea)")]
            if let full { extra.append(("speedup_vs_full", String(format: "%.1f", full / m.p50))) }
            out.append(BenchResult(name: "raster.damaged-frame", unit: "ns/frame", p50: m.p50, p90: m.p90, p99: m.p99,
                                   runs: runs, batch: 1, peer: nil, peerName: nil, extra: extra))
        }
        return out
    }

    /// The pixman peer built by `tools/bench-pixman.sh` (`.build/bench-pixman`,
    /// or `LOOPSIM_PIXMAN_BENCH`), run with as many frames; nil when absent.
    static func pixmanPeer(runs: Int) -> (p50: Double, hash: String)? {
        let path = ProcessInfo.processInfo.environment["LOOPSIM_PIXMAN_BENCH"] ?? ".build/bench-pixman"
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = [String(runs)]
        let out = Pipe()
        p.standardOutput = out
        guard (try? p.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let p50 = json["p50"] as? Double, let hash = json["hash"] as? String else { return nil }
        return (p50, hash)
    }
}
