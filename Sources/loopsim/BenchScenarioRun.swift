import Foundation
import LoopSimSystem
import RenderServer
import Scenario
import Simulation

/// One run of a long benchmark's scenario (`bench scale`, `bench
/// animation`): the spawned server over its socket, tracing off, frames
/// into a new folder under `$TMPDIR` (removed after) or none, and the
/// client's and the server's peak RSS (`VmHWM`) read at the given virtual
/// times.
struct BenchScenarioRun {
    var wallNanoseconds: UInt64
    var outcome: ScenarioOutcome
    /// (client, server) peak RSS in bytes, one per sample time reached.
    var samples: [(client: UInt64, server: UInt64)]
    /// Every byte in the frames folder (frames and index); 0 with none.
    var bytesWritten: UInt64

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ text: String, bench: String, writeFrames: Bool, sampleAt: [Int64] = []) throws -> BenchScenarioRun {
        let file = try ScenarioParser.parse(text, path: "\(bench).loop")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("loopsim-bench-\(bench)-\(CurrentProcess.id)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runner = ScenarioRunner(file: file, source: text, tracing: false,
                                    render: .init(transport: .spawn, frames: writeFrames ? folder : nil))
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
        if writeFrames {
            for name in try FileSystem.contentsOfDirectory(folder) {
                bytes += try FileSystem.status(FilePath.join(folder, name)).size
            }
        }
        return BenchScenarioRun(wallNanoseconds: wall, outcome: outcome, samples: samples, bytesWritten: bytes)
    }
}
