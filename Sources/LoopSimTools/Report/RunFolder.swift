import LoopSimSystem

/// The folder `loopsim run` writes a run into, and that `loopsim report`
/// and `loopsim diff` read (`docs/guide/report.md`, "The run folder"):
///
///     loopsim-out/NAME/
///       frames/          the render server's frames and frames.jsonl
///       trace.jsonl      the whole trace, JSON Lines
///       scenario.loop    a copy of the scenario's source
///       run.json         the expectations, warnings and summary (RunRecord)
///       report.html      written by `loopsim report` or `run --report`
package struct RunFolder: Equatable {
    package var path: String

    package init(path: String) { self.path = path }

    package static let traceName = DiffInput.traceName
    package static let scenarioName = "scenario.loop"
    package static let recordName = RunRecord.fileName
    package static let reportName = "report.html"

    /// The run folder of a run whose frames go to `frames`: its parent when
    /// the folder is named `frames` (`loopsim-out/NAME/frames`), else the
    /// frames folder itself.
    package static func of(frames: String) -> RunFolder {
        if frames.split(separator: "/").last == "frames" {
            return RunFolder(path: FilePath.parent(of: frames))
        }
        return RunFolder(path: frames)
    }

    package func file(_ name: String) -> String { FilePath.join(path, name) }
    package var tracePath: String { file(Self.traceName) }
    package var scenarioPath: String { file(Self.scenarioName) }
    package var recordPath: String { file(Self.recordName) }
    package var reportPath: String { file(Self.reportName) }

    /// Makes the folder (and its parents) when missing.
    package func create() throws(FramesDataError) {
        do throws(SystemError) {
            try FileSystem.createDirectory(path, mode: 0o755, intermediates: true)
        } catch {
            throw FramesDataError(message: "cannot make the run folder \(path): \(ReadLimit.reason(error))")
        }
    }

    /// Whether two paths name the same file (after `.`/`..` and symlinks).
    package static func samePath(_ a: String, _ b: String) -> Bool {
        FileSystem.canonicalPath(a) == FileSystem.canonicalPath(b)
    }
}
