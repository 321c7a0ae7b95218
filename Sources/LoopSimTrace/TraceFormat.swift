/// The forms a trace can be written in (`docs/guide/trace-format.md`).
public enum TraceFormat: String, Sendable, CaseIterable {
    /// One aligned line per event, for people.
    case text
    /// One JSON object per line, for tools and golden comparison.
    case jsonl
    /// The Trace Event Format, for Perfetto and chrome://tracing.
    case chrome

    /// The form a trace file's name implies: `.jsonl` is JSONL, `.json` is
    /// Chrome, `.txt` is text; nil for any other name (`loopsim run` then
    /// writes text).
    public init?(impliedBy path: String) {
        if path.hasSuffix(".jsonl") {
            self = .jsonl
        } else if path.hasSuffix(".json") {
            self = .chrome
        } else if path.hasSuffix(".txt") {
            self = .text
        } else {
            return nil
        }
    }

    /// The usual file name extension for a trace in this format.
    public var fileExtension: String {
        switch self {
        case .text: "txt"
        case .jsonl: "jsonl"
        case .chrome: "json"
        }
    }
}

/// Renders a whole trace in any of the formats.
public enum TraceWriter {
    /// The events written in `format`. Equal events give identical output.
    public static func render(_ events: [TraceEvent], as format: TraceFormat) -> String {
        switch format {
        case .text: TextTraceWriter.render(events)
        case .jsonl: JSONLTraceWriter.render(events)
        case .chrome: ChromeTraceWriter.render(events)
        }
    }
}
