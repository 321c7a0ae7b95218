import Foundation
import RenderServer
import RenderWire
import LoopSimSystem
import LoopSimTrace
import RunLoopKit
import Scenario
import Simulation

/// `loopsim bench scale`: the frame pipeline at the scale of a long run
/// (issue 10, docs/internals/benchmarks.md). 100 views in a 10 × 10 grid at 320 × 240
/// and 60 Hz, one changing colour on each frame, written with `for`; the
/// spawned server over its real socket.
///
/// - `scale.60s.frames`: 60 s of virtual time, frames written: wall time
///   per run and `ratio`, virtual seconds per wall second (target ≥ 50);
///   beside it `floor_ratio`: the same files written by a plain loop
///   (``writeFloor(frames:in:rewrite:)``), measured after each timed run in the same
///   conditions, which bounds what any frame writer can reach here;
/// - `scale.60s.rerun`: the same into one folder for every run, as a
///   user's re-runs do: each rewrites the previous run's files in place
///   (its `floor_ratio`: the plain loop doing the same);
/// - `scale.60s.none`: the same with `--frames none` (target ≥ 300);
/// - `scale.10min.frames`: 10 min, frames written, run once: the client's
///   and the server's peak RSS (`VmHWM`) at 1 min and at 10 min of virtual
///   time (within 1.25× of each other), and the bytes written per frame
///   beside the 230,415 bytes of a 320 × 240 P6 file.
package enum ScaleBench {
    /// The scenario for `duration` of virtual time (`60s`, `10min`).
    package static func scenario(duration: String) -> String {
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
    package static let p6Floor = 15 + 320 * 240 * 3

    package typealias Failure = BenchScenarioRun.Failure

    /// One run: its wall time, frames, and the RSS samples taken at the
    /// given virtual times (client, server), in bytes.
    package struct Run {
        package var wallNanoseconds: UInt64
        package var frames: Int
        package var bytesWritten: UInt64
        package var samples: [(client: UInt64, server: UInt64)]
    }

    package static func runOnce(seconds: Int, frames folder: String?, sampleAt: [Int64] = []) throws -> Run {
        let run = try BenchScenarioRun.run(scenario(duration: "\(seconds)s"), bench: "scale", frames: folder, sampleAt: sampleAt)
        let frames = run.outcome.simulation.presentedFrameCount
        // One a vsync but the first (the first change is latched at frame 2).
        guard frames == seconds * 60 - 1 else {
            throw Failure(description: "bench scale: \(frames) frames drawn in \(seconds) s, expected \(seconds * 60 - 1)")
        }
        return Run(wallNanoseconds: run.wallNanoseconds, frames: frames, bytesWritten: run.bytesWritten, samples: run.samples)
    }

    /// The disk's floor: `frames` files of ``p6Floor`` bytes and their
    /// index lines written by a plain loop, as the server's writer does,
    /// and nothing else: no rendering, no lockstep, no thread. Into a new
    /// folder (`rewrite` false): `open(O_CREAT | O_EXCL | O_NOFOLLOW)` of a
    /// `.partial`, one `writev`, `close`, `rename`, one `write` to the
    /// index kept open. Into `shared` again (`rewrite` true, after a first
    /// call made the files): what a re-run does, the files moved into
    /// `.reuse`, then each opened (`O_WRONLY | O_NOFOLLOW`), `fstat`,
    /// rewritten with one `writev`, closed and renamed back. Kept until the
    /// bench ends, like a run's folder. Returns the wall ns.
    package static func writeFloor(frames: Int, bytes: Int = p6Floor, in folder: String, rewrite: Bool) throws -> UInt64 {
        try FileSystem.createDirectory(folder, mode: 0o700, intermediates: true)
        let reuse = FilePath.join(folder, FrameFolder.reuseFolderName)
        let ppm = [UInt8](repeating: 0x80, count: bytes)
        let line = [UInt8](repeating: 0x20, count: 150) + [0x0a]
        let names = (2...(frames + 1)).map { FrameFolder.fileName(frame: UInt64($0)) }
        let start = WallClock.nanoseconds()
        if rewrite {
            try FileSystem.createDirectory(reuse, mode: 0o700, intermediates: true)
            for name in names { try FileSystem.rename(FilePath.join(folder, name), to: FilePath.join(reuse, name)) }
            try FileSystem.removeFile(FilePath.join(folder, FrameFolder.indexFileName))
        }
        let index = try FileSystem.open(FilePath.join(folder, FrameFolder.indexFileName), flags: [.writeOnly, .create, .append, .noFollow])
        try index.closeAfter { () throws in
            for name in names {
                let path = FilePath.join(folder, name)
                let source = rewrite ? FilePath.join(reuse, name) : path + ".partial"
                let file = try FileSystem.open(source, flags: rewrite ? [.writeOnly, .noFollow] : [.writeOnly, .create, .exclusive, .noFollow])
                try file.closeAfter { () throws in
                    if rewrite { _ = try file.status() }
                    try ppm.withUnsafeBytes { try file.writeAll(vectors: [$0]) }
                }
                try FileSystem.rename(source, to: path)
                try line.withUnsafeBytes { try index.writeAll(vectors: [$0]) }
            }
        }
        return WallClock.nanoseconds() - start
    }

    package static func run(runs: Int, filter: String?) throws -> [BenchResult] {
        // Ten minutes of frames are 8.3 GB: past the default budget of a session.
        if CurrentProcess.environment("LOOPSIM_FRAMES_BUDGET") == nil { CurrentProcess.setEnvironment("LOOPSIM_FRAMES_BUDGET", "16G") }
        let folders = try BenchFolders(bench: "scale")
        defer { folders.removeAll() }
        var results: [BenchResult] = []
        func wanted(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }
        // The long run first, so that the client's peak at 1 min is its own.
        if wanted("scale.10min.frames") {
            let minute: Int64 = 60_000_000_000
            let folder = folders.next()
            let r = try runOnce(seconds: 600, frames: folder, sampleAt: [minute, 10 * minute - 1_000_000])
            // Its 8.3 GB go now: kept, their writeback to the disk would
            // run under every later run (and deleting drops the dirty pages).
            folders.remove(folder)
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
        // `frames`: a new folder for each run; `rerun`: one folder for all,
        // each run rewriting the previous one's files (docs/internals/render-server.md);
        // `none` first, before any 60 s run's frames are being written back.
        for (name, kind) in [("scale.60s.none", BenchFolders.Frames.none), ("scale.60s.rerun", .rerun), ("scale.60s.frames", .new)] where wanted(name) {
            let frames = kind != .none
            func folder() -> String? { folders.folder(kind, name: name) }
            folders.settle()
            _ = try runOnce(seconds: 60, frames: folder())   // warm-up
            var walls: [Double] = []
            var floors: [Double] = []
            var last: Run?
            for _ in 0..<runs {
                folders.settle()
                let r = try runOnce(seconds: 60, frames: folder())
                walls.append(Double(r.wallNanoseconds))
                last = r
                // Interleaved, so that both see the same disk and load.
                if let floor = try folders.floor(after: kind, frames: r.frames, first: floors.isEmpty) { floors.append(floor) }
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
