import Foundation
import LoopSimSystem
import RenderServer

/// `loopsim bench raster`: a full 1280×720 frame of 1,000 half-transparent
/// rectangles, and a frame where one rectangle (about 1 % of the area)
/// changed colour (the commit applied, then only its damage recomposited).
///
/// When the pixman peer exists (`tools/bench-pixman.sh`), the full frame is
/// timed interleaved with it, one frame for one, the order alternating each
/// round, so both see the same load on a shared machine; the peer times its
/// own frames (the pipe round trip is not counted).
package enum RasterBenchRunner {
    package static func run(runs: Int, peers: Bool, filter: String?) -> [BenchResult] {
        let scene = RasterBench.Scene()
        scene.renderFull()
        var out: [BenchResult] = []
        var full: Double?
        if filter.map({ "raster.full-frame".contains($0) }) ?? true {
            let n = max(5, runs / 10)
            let peer = peers ? PixmanPeer.start() : nil
            var ours: [Double] = [], theirs: [Double] = []
            for _ in 0..<2 {
                scene.renderFull()
                _ = peer?.frame()
            }
            for i in 0..<n {
                if i % 2 == 1, let ns = peer?.frame() { theirs.append(ns) }
                let start = Clock.nanoseconds()
                scene.renderFull()
                ours.append(Double(Clock.nanoseconds() - start))
                if i % 2 == 0, let ns = peer?.frame() { theirs.append(ns) }
            }
            let peerHash = peer?.hash()
            peer?.stop()
            let m = percentiles(ours)
            full = m.p50
            let peerP50 = theirs.count == n && peerHash != nil ? percentiles(theirs).p50 : nil
            var extra: [(String, String)] = [("rectangles", "1000"), ("hash", "\"\(scene.frame.contentHash)\"")]
            if peerP50 != nil, let peerHash {
                extra.append(("peer_format", "\"a8r8g8b8\""))
                extra.append(("peer_hash", "\"\(peerHash)\""))
            }
            out.append(BenchResult(name: "raster.full-frame", unit: "ns/frame", p50: m.p50, p90: m.p90, p99: m.p99,
                                   runs: n, batch: 1, peer: peerP50, peerName: peerP50 == nil ? nil : "pixman",
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
}

/// The pixman peer built by `tools/bench-pixman.sh` (`.build/bench-pixman`,
/// or `LOOPSIM_PIXMAN_BENCH`), run as `--serve`: one frame per request,
/// timed by the peer itself.
package final class PixmanPeer {
    private let process: ChildProcess
    /// Our end of the socket pair that is the peer's standard input and output.
    private let socket: FileDescriptor
    private var pending: [UInt8] = []

    private init(process: ChildProcess, socket: FileDescriptor) {
        self.process = process
        self.socket = socket
    }

    /// The running peer; nil when it is absent or does not start.
    package static func start() -> PixmanPeer? {
        let path = CurrentProcess.environment("LOOPSIM_PIXMAN_BENCH") ?? ".build/bench-pixman"
        guard FileSystem.isExecutableFile(path) else { return nil }
        guard let (ours, theirs) = try? FileDescriptor.socketPair() else { return nil }
        defer { try? theirs.close() }
        guard let process = try? ChildProcess.spawn(path, arguments: ["--serve"], descriptors: [0: theirs, 1: theirs]) else {
            try? ours.close()
            return nil
        }
        return PixmanPeer(process: process, socket: ours)
    }

    /// One frame rendered by the peer: the ns it took; nil if it failed.
    package func frame() -> Double? { ask("frame").flatMap(Double.init) }

    /// The hash of the peer's last frame, in LoopSim's byte order.
    package func hash() -> String? { ask("hash") }

    /// Ends the peer's input and waits for it to exit.
    package func stop() {
        try? socket.shutdown(.write)
        _ = try? process.wait()
        try? socket.close()
    }

    private func ask(_ request: String) -> String? {
        guard (try? socket.writeAll(Array((request + "\n").utf8))) != nil else { return nil }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let nl = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<nl], as: UTF8.self)
                pending.removeSubrange(...nl)
                return line
            }
            // What one read(2) gives: the peer answers a line at a time.
            guard let count = try? chunk.withUnsafeMutableBytes({ try socket.read(into: $0) }), count > 0 else { return nil }
            pending.append(contentsOf: chunk[0..<count])
        }
    }
}
