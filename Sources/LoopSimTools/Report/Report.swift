/// A run folder's report (`loopsim report`, `loopsim run --report`,
/// docs/guide/report.md): one self-contained HTML page.
package enum Report {
    /// How many frames a page embeds unless told (`--max-frames`).
    package static let defaultMaxFrames = 240

    /// Reads `folder` and writes its page to `path`; returns what it holds
    /// (`1234 events, 2 frames, 6 expectations, 120 KB`).
    @discardableResult
    package static func write(folder: RunFolder, to path: String, maxFrames: Int) throws(FramesDataError) -> String {
        let data = try ReportData(folder: folder, maxFrames: maxFrames)
        let page = ReportPage.render(data)
        try FramesInspector.write(page, to: path)
        let expectations = data.record?.expectations.count
        return [FramesInspector.count(data.events.count, "event"),
                FramesInspector.count(data.frames.frames.count, "frame") + (data.frames.note == nil ? "" : " of \(data.frames.total)"),
                expectations.map { FramesInspector.count($0, "expectation") } ?? "no run.json",
                "\((page.count + 1023) / 1024) KB"].joined(separator: ", ")
    }
}
