import Foundation
import LoopSimSystem
import Raster
import RenderModel
import RenderServer
import Scenario
import Simulation

/// `loopsim bench animation` (issue 8, docs/internals/benchmarks.md): 60 s of virtual
/// time at 60 Hz on a 390 × 844 display, 100 layers each running a
/// repeating animation — a basic (position, autoreversing), a keyframe
/// (a turn) or a spring (scale) — that the spawned render server evaluates
/// at every vsync, with no commit after the first second.
///
/// - `animation.60s.frames`: every frame written; `ratio` is virtual
///   seconds per wall second (target ≥ 20), with the frames written and the
///   server's peak RSS (`VmHWM`) at 10 s and at 60 s (flat: within 10 %);
/// - `animation.60s.rerun`: the same into one folder for every run, as a
///   user's re-runs do: each rewrites the previous run's files in place;
/// - `animation.60s.none`: the same with `--frames none` (target ≥ 100).
package enum AnimationBench {
    package static let scenario = """
        display size=(390,844) hz=60 background=black
        for i in 0..<100:
            layer cell{i} frame=({i % 10 * 39 + 4}, {i / 10 * 84 + 20}, 24, 24) background=orange
        at 100ms:
            for i in 0..<34:
                animate cell{i * 3}.position by=(0,40) duration=1s autoreverses repeat=inf timing=easeInEaseOut
            for i in 0..<33:
                animate cell{i * 3 + 1}.transform keyframes=(rotate(0deg), rotate(120deg), rotate(240deg), rotate(360deg)) duration=2s repeat=inf
                spring cell{i * 3 + 2}.transform from=scale(0.5) to=scale(1) damping=8 repeat=inf
        run for=60s

        """

    /// The bytes of one frame file: the P6 header and 390 × 844 RGB pixels.
    package static let frameBytes = PNMEncoder.p6Header(width: 390, height: 844).count + 390 * 844 * 3

    package struct Run {
        package var wallNanoseconds: UInt64
        package var frames: Int
        package var serverRSS: [UInt64]
    }

    package static func runOnce(frames folder: String?, sampleAt: [Int64] = []) throws -> Run {
        let run = try BenchScenarioRun.run(scenario, bench: "animation", frames: folder, sampleAt: sampleAt)
        let frames = run.outcome.simulation.presentedFrameCount
        // Every vsync from the animations' first frame to the end draws one.
        guard frames >= 59 * 60 else {
            throw BenchScenarioRun.Failure(description: "bench animation: only \(frames) frames drawn in 60 s; the server stopped animating")
        }
        return Run(wallNanoseconds: run.wallNanoseconds, frames: frames, serverRSS: run.samples.map(\.server))
    }

    package static func run(runs: Int, filter: String?) throws -> [BenchResult] {
        // 60 s of 390 × 844 frames are 3.6 GB: past the default budget of a session.
        if CurrentProcess.environment("LOOPSIM_FRAMES_BUDGET") == nil { CurrentProcess.setEnvironment("LOOPSIM_FRAMES_BUDGET", "16G") }
        let folders = try BenchFolders(bench: "animation")
        defer { folders.removeAll() }
        var results: [BenchResult] = []
        // `frames`: a new folder for each run; `rerun`: one folder for all,
        // each run rewriting the previous one's files (docs/internals/render-server.md);
        // `none` first, before any run's frames are being written back.
        for (name, kind) in [("animation.60s.none", BenchFolders.Frames.none), ("animation.60s.rerun", .rerun), ("animation.60s.frames", .new)]
        where filter.map({ name.contains($0) }) ?? true {
            func folder() -> String? { folders.folder(kind, name: name) }
            folders.settle()
            let warm = folder()
            _ = try runOnce(frames: warm, sampleAt: [10_000_000_000, 59_999_000_000])   // warm-up
            if kind == .new, let warm { folders.remove(warm) }
            var walls: [Double] = []
            var floors: [Double] = []
            var last: Run?
            for _ in 0..<runs {
                folders.settle()
                let path = folder()
                let r = try runOnce(frames: path, sampleAt: [10_000_000_000, 59_999_000_000])
                walls.append(Double(r.wallNanoseconds))
                last = r
                // Interleaved, so that both see the same disk and load.
                if let floor = try folders.floor(after: kind, frames: r.frames, bytes: frameBytes, first: floors.isEmpty) { floors.append(floor) }
                // 3.5 GB a run: a new folder goes once measured (not timed).
                if kind == .new, let path { folders.remove(path) }
            }
            let p = percentiles(walls)
            var result = BenchResult(name: name, unit: "ns wall per 60 s", p50: p.p50, p90: p.p90, p99: p.p99, runs: runs, batch: 1)
            result.extra = [("ratio", String(format: "%.1f", 60e9 / p.p50)), ("ratio_p90", String(format: "%.1f", 60e9 / p.p90)),
                            ("frames", String(last!.frames))]
            if !floors.isEmpty {
                // The same files by a plain loop: the most any writer gets here.
                result.extra.append(("floor_ratio", String(format: "%.1f", 60e9 / percentiles(floors).p50)))
            }
            if let r = last, r.serverRSS.count == 2 {
                result.extra += [("server_rss_10s", String(r.serverRSS[0])), ("server_rss_60s", String(r.serverRSS[1])),
                                 ("server_rss_growth", String(format: "%.3f", Double(r.serverRSS[1]) / Double(r.serverRSS[0])))]
            }
            results.append(result)
        }
        return results
    }
}
