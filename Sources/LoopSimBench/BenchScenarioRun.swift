import Foundation
import LoopSimSystem
import LoopSimTrace
import RenderServer
import RenderWire
import Scenario
import Simulation

/// One run of a long benchmark's scenario (`bench scale`, `bench
/// animation`): the spawned server over its socket, tracing off, frames
/// into a new folder inside the bench's ``BenchFolders`` (removed when the
/// bench ends, not between runs) or none, and the
/// client's and the server's peak RSS (`VmHWM`) read at the given virtual
/// times.
package struct BenchScenarioRun {
    package var wallNanoseconds: UInt64
    package var outcome: ScenarioOutcome
    /// (client, server) peak RSS in bytes, one per sample time reached.
    package var samples: [(client: UInt64, server: UInt64)]
    /// Every byte in the frames folder (frames and index); 0 with none.
    package var bytesWritten: UInt64

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// - Parameter folder: where the frames go (a ``BenchFolders`` path),
    ///   nil for none.
    package static func run(_ text: String, bench: String, frames folder: String?, sampleAt: [Int64] = []) throws -> BenchScenarioRun {
        let file = try ScenarioParser.parse(text, path: "\(bench).loop")
        let runner = ScenarioRunner(file: file, source: text, tracing: false,
                                    render: .init(transport: .spawn, frames: folder))
        var samples: [(client: UInt64, server: UInt64)] = []
        var sampleError: Error?
        for t in sampleAt {
            runner.simulation.context.schedule(at: t, label: nil) { [simulation = runner.simulation] in
                do {
                    let client = try ProcessStatus.peakResidentBytes()
                    let server = try ProcessStatus.peakResidentBytes(of: simulation.renderServerPID ?? CurrentProcess.id)
                    samples.append((client, server))
                } catch {
                    sampleError = error
                }
            }
        }
        let start = WallClock.nanoseconds()
        let outcome = runner.run()
        let wall = WallClock.nanoseconds() - start
        if let failure = outcome.failure { throw Failure(description: "bench \(bench): the scenario failed: \(failure.message)") }
        if let sampleError { throw Failure(description: "bench \(bench): cannot read the peak RSS: \(sampleError)") }
        var bytes: UInt64 = 0
        if let folder {
            for name in try FileSystem.contentsOfDirectory(folder) where FrameFolder.isServerFile(name) {
                bytes += try FileSystem.status(FilePath.join(folder, name)).size
            }
        }
        return BenchScenarioRun(wallNanoseconds: wall, outcome: outcome, samples: samples, bytesWritten: bytes)
    }
}

/// The folders one bench writes its runs' frames into: one parent under
/// `$TMPDIR`, a new folder in it for each run (or one shared by re-runs), all removed by
/// ``removeAll()`` when the bench is over.
///
/// Not removed between runs, on purpose: on ext4 a file created within a
/// minute or so of thousands of deletions costs ~1 ms of inode search
/// (docs/internals/benchmarks.md, "The frames-written ratio is bound by ext4
/// here"), so removing run N's 3,600 frames would slow run N + 1 by what
/// the bench itself did, which no single `loopsim run` pays. The price is
/// disk space while the bench runs: every 60 s run's frames (`bench
/// scale`: 0.83 GB a run, up to 7 GB; `bench animation`: 3.5 GB a run, up
/// to 18 GB); `bench scale` removes its 10-minute run's 8.3 GB right after
/// it (``remove(_:)``).
package final class BenchFolders {
    package let parent: String
    private var count = 0

    package init(bench: String) throws {
        parent = try FileSystem.makeTemporaryDirectory(prefix: "loopsim-bench-\(bench)")
    }

    /// A path for the next run's frames, inside ``parent`` (not created:
    /// the run creates it).
    package func next() -> String {
        count += 1
        return FilePath.join(parent, "run-\(count)")
    }

    /// The same path each time for `name`: runs given it write into one
    /// folder, as a user's re-runs of a scenario do (its default
    /// `loopsim-out/<name>/frames`).
    package func shared(_ name: String) -> String {
        FilePath.join(parent, "shared-\(name)")
    }

    /// Where a long bench's 60 s runs put their frames: none
    /// (`--frames none`), a new folder each run, or one folder every run
    /// rewrites (a re-run).
    package enum Frames {
        case none, new, rerun
    }

    /// The folder for one run of `kind` (``shared(_:)`` under `name` for a
    /// re-run), nil for none.
    package func folder(_ kind: Frames, name: String) -> String? {
        switch kind {
        case .none: nil
        case .new: next()
        case .rerun: shared(name)
        }
    }

    /// Waits until what earlier runs wrote is on the disk (`sync`, not
    /// timed), so that each timed run starts from a quiet page cache, as a
    /// user's run does: back to back, 3.5 GB runs would each wait on the
    /// write-back of the ones before (docs/internals/benchmarks.md).
    package func settle() {
        FileSystem.flushToDisk()
    }

    /// The floor of a timed run of `kind` (``ScaleBench/writeFloor(frames:bytes:in:rewrite:)``):
    /// the wall ns of writing the run's `frames` files of `bytes` by a plain
    /// loop, the same way (new files, or rewriting the files of the floor
    /// before, made at the `first` call), from a quiet page cache as the
    /// run started from; nil for none.
    package func floor(after kind: Frames, frames: Int, bytes: Int = ScaleBench.p6Floor, first: Bool) throws -> Double? {
        switch kind {
        case .none:
            return nil
        case .new:
            settle()
            let folder = next()
            defer { remove(folder) }     // not timed; the next run settles first
            return Double(try ScaleBench.writeFloor(frames: frames, bytes: bytes, in: folder, rewrite: false))
        case .rerun:
            if first { _ = try ScaleBench.writeFloor(frames: frames, bytes: bytes, in: shared("floor"), rewrite: false) }
            settle()
            return Double(try ScaleBench.writeFloor(frames: frames, bytes: bytes, in: shared("floor"), rewrite: true))
        }
    }

    /// Removes one run's folder (a path ``next()`` or ``shared(_:)`` gave).
    package func remove(_ folder: String) {
        try? FileSystem.removeTree(folder)
    }

    /// Removes every run's folder and the parent.
    package func removeAll() {
        try? FileSystem.removeTree(parent)
    }
}
