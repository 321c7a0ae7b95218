import Foundation
import LoopSimTrace

/// Everything a report shows, read from a run folder and checked up front:
/// the trace, the scenario's source, `run.json`, the frames. ``json`` is
/// the object the page's script reads.
struct ReportData {
    var folder: RunFolder
    var events: [TraceEvent]
    var source: String?
    var record: RunRecord?
    var frames: ReportFrames
    var timeline: ReportTimeline

    /// Reads `folder`. A missing trace, a malformed trace line, `run.json`
    /// or frame file is an error naming the file.
    init(folder: RunFolder, maxFrames: Int) throws(FramesDataError) {
        self.folder = folder
        let tracePath = folder.tracePath
        guard FileManager.default.fileExists(atPath: tracePath) else {
            throw FramesDataError(message: "\(folder.path) is not a run folder: it has no \(RunFolder.traceName) (loopsim run FILE writes one in loopsim-out/NAME)")
        }
        guard let data = FileManager.default.contents(atPath: tracePath), let text = String(data: data, encoding: .utf8) else {
            throw FramesDataError(message: "cannot read \(tracePath) as UTF-8 text")
        }
        do throws(TraceParseError) {
            events = try JSONLTraceReader.parse(text)
        } catch {
            throw FramesDataError(message: "\(tracePath):\(error.line ?? 1):\(error.column): not a trace event: \(error.message)")
        }
        if let s = FileManager.default.contents(atPath: folder.scenarioPath) { source = String(decoding: s, as: UTF8.self) }
        if FileManager.default.fileExists(atPath: folder.recordPath) { record = try RunRecord(reading: folder.recordPath) }
        var byFrame: [Int64: TraceEvent.FrameInfo] = [:]
        for e in events { if case .frame(let f) = e.kind { byFrame[f.frame] = f } }
        let located = FramesFolder.locate(folder.path)
        let hasFrames = (try? located.index()) != nil || !((try? located.frameFiles()) ?? []).isEmpty
        frames = try ReportFrames(folder: hasFrames ? located : nil, trace: byFrame, maxFrames: maxFrames)
        timeline = ReportTimeline(events: events)
    }

    /// The scenario's name: run.json's file name without `.loop`, else the folder's.
    var title: String {
        let path = record?.scenario ?? folder.path
        let last = (path as NSString).lastPathComponent
        return last.hasSuffix(".loop") ? String(last.dropLast(5)) : last
    }

    /// The latency table with each hitch's cause.
    var latencies: JSONTree {
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

    var json: JSONTree {
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
