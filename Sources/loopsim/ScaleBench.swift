import Foundation
import RenderServer
import RenderWire
import LoopSimSystem
import RunLoopKit
import Scenario
import Simulation

/// `loopsim bench scale`: the frame pipeline at the scale of a long run
/// (issue 10, docs/benchmarks.md). 100 views in a 10 × 10 grid at 320 × 240
/// and 60 Hz, one changing colour on each frame, written with `for`; the
/// spawned server over its real socket.
///
/// - `scale.60s.frames`: 60 s of virtual time, frames written: wall time
///   per run and `ratio`, virtual seconds per wall second (target ≥ 50);
///   beside it `floor_ratio`: the same files written by a plain loop
///   (``writeFloor(frames:)``), measured after each timed run in the same
///   conditions, which bounds what any frame writer can reach here;
/// - `scale.60s.none`: the same with `--frames none` (target ≥ 300);
/// - `scale.10min.frames`: 10 min, frames written, run once: the client's
///   and the server's peak RSS (`VmHWM`) at 1 min and at 10 min of virtual
///   time (within 1.25× of each other), and the bytes written per frame
///   beside the 230,415 bytes of a 320 × 240 P6 file.
enum ScaleBench {
    /// The scenario for `duration` of virtual time (`60s`, `10min`).
    static func scenario(duration: String) -> String {
        """
        display size=(320,240) hz=60 background=black
        for i in 0..<100:
            view cell{i} frame=({i % 10 * 32}, {i / 10 * 24}, 30, 22) background=gray
        for i in 0..<100:
            timer red{i} every=200frames at={i * 2 + 2}frames:
                set cell{i}.background = red
            timer blue{i} every=200frames at={i * 2 + 3}frames:
                set cell{i}.background = blue
        run for=\(duration)

        """
    }

    /// The canonical P6 file of a 320 × 240 frame: `P6\n320 240\n255\n` + RGB.
    static let p6Floor = 15 + 320 * 240 * 3

    typealias Failure = BenchScenarioRun.Failure

    /// One run: its wall time, frames, and the RSS samples taken at the
    /// given virtual times (client, server), in bytes.
    struct Run {
        var wallNanoseconds: UInt64
        var frames: Int
        var bytesWritten: UInt64
        var samples: [(client: UInt64, server: UInt64)]
    }

    static func runOnce(seconds: Int, writeFrames: Bool, sampleAt: [Int64] = []) throws -> Run {
        let run = try BenchScenarioRun.run(scenario(duration: "\(seconds)s"), bench: "scale", writeFrames: writeFrames, sampleAt: sampleAt)
        let frames = run.outcome.simulation.presentedFrameCount
        // One a vsync but the first (the first change is latched at frame 2).
        guard frames == seconds * 60 - 1 else {
            throw Failure(description: "bench scale: \(frames) frames drawn in \(seconds) s, expected \(seconds * 60 - 1)")
        }
        return Run(wallNanoseconds: run.wallNanoseconds, frames: frames, bytesWritten: run.bytesWritten, samples: run.samples)
    }

    /// The disk's floor: `frames` files of ``p6Floor`` bytes and their
    /// index lines written by a plain loop, as the server's writer does
    /// (`open(O_CREAT | O_EXCL | O_NOFOLLOW)` of a `.partial`, one `writev`,
    /// `close`, `rename`, one `write` to the index kept open) into a new
    /// folder, and nothing else: no rendering, no lockstep, no thread.
    /// Removed afterwards like a run's folder. Returns the wall ns.
    static func writeFloor(frames: Int) throws -> UInt64 {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("loopsim-bench-floor-\(CurrentProcess.id)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileSystem.createDirectory(folder, mode: 0o700, intermediates: true)
        let ppm = [UInt8](repeating: 0x80, count: p6Floor)
        let line = [UInt8](repeating: 0x20, count: 150) + [0x0a]
        let start = WallClock.nanoseconds()
        let index = try FileSystem.open(FilePath.join(folder, "frames.jsonl"), flags: [.writeOnly, .create, .append, .noFollow])
        try index.closeAfter { () throws in
            for frame in 2...(frames + 1) {
                let path = FilePath.join(folder, FrameFolder.fileName(frame: UInt64(frame)))
                let file = try FileSystem.open(path + ".partial", flags: [.writeOnly, .create, .exclusive, .noFollow])
                try file.closeAfter { () throws in try ppm.withUnsafeBytes { try file.writeAll(vectors: [$0]) } }
                try FileSystem.rename(path + ".partial", to: path)
                try line.withUnsafeBytes { try index.writeAll(vectors: [$0]) }
            }
        }
        return WallClock.nanoseconds() - start
    }

    static func run(runs: Int, filter: String?) throws -> [BenchResult] {
        // Ten minutes of frames are 8.3 GB: past the default budget of a session.
        if CurrentProcess.environment("LOOPSIM_FRAMES_BUDGET") == nil { CurrentProcess.setEnvironment("LOOPSIM_FRAMES_BUDGET", "16G") }
        var results: [BenchResult] = []
        func wanted(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
        // The long run first, so that the client's peak at 1 min is its own.
        if wanted("scale.10min.frames") {
            let minute: Int64 = 60_000_000_000
            let r = try runOnce(seconds: 600, writeFrames: true, sampleAt: [minute, 10 * minute - 1_000_000])
            guard r.samples.count == 2 else { throw Failure(description: "bench scale: \(r.samples.count) RSS samples taken, expected 2") }
            let (c1, s1) = r.samples[0], (c10, s10) = r.samples[1]
            let wall = Double(r.wallNanoseconds)
            var result = BenchResult(name: "scale.10min.frames", unit: "ns wall per run", p50: wall, p90: wall, p99: wall, runs: 1, batch: 1)
            result.extra = [
                ("ratio", String(format: "%.1f", 600e9 / wall)),
                ("frames", String(r.frames)),
                ("client_rss_1min", String(c1)), ("client_rss_10min", String(c10)),
                ("client_rss_growth", String(format: "%.3f", Double(c10) / Double(c1))),
                ("server_rss_1min", String(s1)), ("server_rss_10min", String(s10)),
                ("server_rss_growth", String(format: "%.3f", Double(s10) / Double(s1))),
                ("bytes_per_frame", String(format: "%.1f", Double(r.bytesWritten) / Double(r.frames))),
                ("p6_floor", String(p6Floor)),
            ]
            results.append(result)
        }
        for (name, frames) in [("scale.60s.frames", true), ("scale.60s.none", false)] where wanted(name) {
            _ = try runOnce(seconds: 60, writeFrames: frames)   // warm-up
            var walls: [Double] = []
            var floors: [Double] = []
            var last: Run?
            for _ in 0..<runs {
                let r = try runOnce(seconds: 60, writeFrames: frames)
                walls.append(Double(r.wallNanoseconds))
                last = r
                // Interleaved, so that both see the same disk and load.
                if frames { floors.append(Double(try writeFloor(frames: r.frames))) }
            }
            let p = percentiles(walls)
            var result = BenchResult(name: name, unit: "ns wall per 60 s", p50: p.p50, p90: p.p90, p99: p.p99, runs: runs, batch: 1)
            // Virtual seconds per wall second, at the median (and at the slow end).
            result.extra = [("ratio", String(format: "%.1f", 60e9 / p.p50)), ("ratio_p90", String(format: "%.1f", 60e9 / p.p90)),
                            ("frames", String(last!.frames)), ("bytes_per_frame", String(format: "%.1f", Double(last!.bytesWritten) / Double(last!.frames)))]
            if frames {
                // The same files by a plain loop: the most any writer gets here.
                result.extra.append(("floor_ratio", String(format: "%.1f", 60e9 / percentiles(floors).p50)))
            }
            results.append(result)
        }
        return results
    }
}
