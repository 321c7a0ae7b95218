import LoopSimSystem
import LoopSimTrace
import Scenario

extension RunTool {
    /// Where a run's folder goes (``RunFolder``): beside its frames when it
    /// writes frame files; with `--report` and no frame files,
    /// `loopsim-out/NAME`; otherwise nowhere.
    package static func runFolder(_ render: ScenarioRunner.RenderOptions?, report: Bool, scenario path: String) -> RunFolder? {
        if let frames = render?.frames { return RunFolder.of(frames: frames) }
        return report ? RunFolder(path: "loopsim-out/\(outputName(forScenario: path))") : nil
    }

    /// Makes the run folder, copies the scenario's source into it and opens
    /// its `trace.jsonl` as a copy of the trace — unless `--trace` already
    /// names that file, which then is the run's trace.
    package static func openRunFolder(_ folder: RunFolder, source: String, tracePath: String?) throws(FramesDataError) -> TraceFileSink? {
        try folder.create()
        try FramesInspector.write(Array(source.utf8), to: folder.scenarioPath)
        if let tracePath, RunFolder.samePath(tracePath, folder.tracePath) { return nil }
        do throws(SystemError) {
            let file = try FileSystem.open(folder.tracePath, flags: [.writeOnly, .create, .truncate])
            return TraceFileSink(format: .jsonl, text: TextTraceOptions(), file: file, closesFile: true)
        } catch {
            throw FramesDataError(message: "cannot write the trace to '\(folder.tracePath)': \(error)")
        }
    }

    /// Writes `run.json` after the run.
    package static func writeRecord(_ folder: RunFolder, scenario path: String, file: ScenarioFile, outcome: ScenarioOutcome,
                            end: Int64, summary: String?) throws(FramesDataError) {
        let record = RunRecord(
            scenario: path, width: file.display.width, height: file.display.height, hz: file.display.hz, end: end,
            failure: outcome.failure?.description, warnings: outcome.warnings.map(\.description),
            summary: summary.map { $0.split(separator: "\n").map(String.init) } ?? [],
            expectations: RunRecord.expectations(outcome.expectations))
        try FramesInspector.write(record.fileBytes, to: folder.recordPath)
    }
}
