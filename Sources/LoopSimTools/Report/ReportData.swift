import LoopSimSystem
import LoopSimTrace

/// Everything a report shows, read from a run folder and checked up front:
/// the trace, the scenario's source, `run.json`, the frames. ``json`` is
/// the object the page's script reads.
package struct ReportData {
    package var folder: RunFolder
    package var events: [TraceEvent]
    package var source: String?
    package var record: RunRecord?
    package var frames: ReportFrames
    package var timeline: ReportTimeline

    /// Reads `folder`. A missing trace, a malformed trace line, `run.json`
    /// or frame file is an error naming the file.
    package init(folder: RunFolder, maxFrames: Int) throws(FramesDataError) {
        self.folder = folder
        let tracePath = folder.tracePath
        guard FileSystem.exists(tracePath) else {
            throw FramesDataError(message: "\(folder.path) is not a run folder: it has no \(RunFolder.traceName) (loopsim run FILE writes one in loopsim-out/NAME)")
        }
        let text = try ReadLimit.readText(tracePath, limit: ReadLimit.trace)
        do throws(TraceParseError) {
            events = try JSONLTraceReader.parse(text)
        } catch {
            throw FramesDataError(message: "\(tracePath):\(error.line ?? 1):\(error.column): not a trace event: \(error.message)")
        }
        if let s = try? FileSystem.readFile(folder.scenarioPath, limit: ReadLimit.record) { source = String(decoding: s, as: UTF8.self) }
        if FileSystem.exists(folder.recordPath) { record = try RunRecord(reading: folder.recordPath) }
        var byFrame: [Int64: TraceEvent.FrameInfo] = [:]
        for e in events { if case .frame(let f) = e.kind { byFrame[f.frame] = f } }
        let located = FramesFolder.locate(folder.path)
        let hasFrames = (try? located.index()) != nil || !((try? located.frameFiles()) ?? []).isEmpty
        frames = try ReportFrames(folder: hasFrames ? located : nil, trace: byFrame, maxFrames: maxFrames)
        timeline = ReportTimeline(events: events)
    }

    /// The scenario's name: run.json's file name without `.loop`, else the folder's.
    package var title: String {
        let path = record?.scenario ?? folder.path
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".loop") ? String(last.dropLast(5)) : last
    }

    /// The latency table with each hitch's cause.
    package var latencies: JSONTree {
        let hz = record?.hz ?? 60
        let context = HitchCause.Context(events: events, hz: hz)
        var rows: [JSONTree] = []
        for e in events {
            guard case .latency(let l) = e.kind else { continue }
            let commit = context.commits.first { $0.info.txns.contains(l.txn) }?.t
            rows.append(.object([
                ("txn", .int(Int64(l.txn))), ("frame", .int(l.frame)), ("start", .int(l.start)),
                ("commit", commit.map { .int($0) } ?? .null), ("present", .int(l.present)),
                ("latency", .int(l.latency)), ("expected", .int(l.expected)), ("hitch", .int(l.hitch)),
                ("late", .optional(l.late?.rawValue)), ("cause", .optional(HitchCause.explain(l, in: context))),
            ]))
        }
        return .array(rows)
    }

    package var json: JSONTree {
        var frameEvents: [JSONTree] = []
        for e in events {
            guard case .frame(let f) = e.kind else { continue }
            frameEvents.append(.ints([f.frame, f.present, f.latch, f.render]))
        }
        let record: JSONTree = self.record.map { r in
            .object([("scenario", .string(r.scenario)), ("width", .int(Int64(r.width))), ("height", .int(Int64(r.height))),
                     ("hz", .int(Int64(r.hz))), ("passed", .bool(r.passed)), ("failure", .optional(r.failure)),
                     ("warnings", .strings(r.warnings)), ("summary", .strings(r.summary)),
                     ("expectations", .array(r.expectations.map { e in
                         .object([("passed", .bool(e.passed)), ("line", .int(Int64(e.line))), ("column", .int(Int64(e.column))),
                                  ("summary", .string(e.summary)), ("observed", .string(e.observed)), ("fates", .strings(e.fates))])
                     }))])
        } ?? .null
        return .object([
            ("title", .string(title)), ("folder", .string(folder.path)), ("source", .optional(source)),
            ("record", record), ("events", .int(Int64(events.count))), ("timeline", timeline.json),
            ("frameEvents", .array(frameEvents)), ("latencies", latencies),
            ("frames", .array(frames.frames)), ("framesTotal", .int(Int64(frames.total))),
            ("framesNote", .optional(frames.note)), ("images", .strings(frames.images)),
        ])
    }
}
