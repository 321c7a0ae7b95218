import Foundation

/// The folder `loopsim run` writes a run into, and that `loopsim report`
/// and `loopsim diff` read (`docs/report.md`, "The run folder"):
///
///     loopsim-out/NAME/
///       frames/          the render server's frames and frames.jsonl
///       trace.jsonl      the whole trace, JSON Lines
///       scenario.loop    a copy of the scenario's source
///       run.json         the expectations, warnings and summary (RunRecord)
///       report.html      written by `loopsim report` or `run --report`
struct RunFolder: Equatable {
    var path: String

    static let traceName = DiffInput.traceName
    static let scenarioName = "scenario.loop"
    static let recordName = RunRecord.fileName
    static let reportName = "report.html"

    /// The run folder of a run whose frames go to `frames`: its parent when
    /// the folder is named `frames` (`loopsim-out/NAME/frames`), else the
    /// frames folder itself.
    static func of(frames: String) -> RunFolder {
        let url = URL(fileURLWithPath: frames)
        if url.lastPathComponent == "frames" {
            let parent = (frames as NSString).deletingLastPathComponent
            return RunFolder(path: parent.isEmpty ? "." : parent)
        }
        return RunFolder(path: frames)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
    var tracePath: String { file(Self.traceName) }
    var scenarioPath: String { file(Self.scenarioName) }
    var recordPath: String { file(Self.recordName) }
    var reportPath: String { file(Self.reportName) }

    /// Makes the folder (and its parents) when missing.
    func create() throws(FramesDataError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FramesDataError(message: "cannot make the run folder \(path): \(error.localizedDescription)")
        }
    }

    /// Whether two paths name the same file (after `.`/`..` and symlinks).
    static func samePath(_ a: String, _ b: String) -> Bool {
        URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
            == URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
