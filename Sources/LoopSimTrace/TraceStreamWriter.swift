/// Writes a trace as it happens: a ``TraceSink`` that encodes each event in
/// its format at once and hands the bytes on in chunks, so a run of any
/// length keeps no events in memory (`loopsim run --trace`,
/// `docs/guide/trace-format.md`). The bytes are exactly those of
/// ``TraceWriter/render(_:as:)`` over the same events. No I/O here: the
/// caller's `output` writes the chunks (through LoopSimSystem).
///
///     let stream = TraceStreamWriter(format: .jsonl) { chunk in try? file.writeAll(chunk) }
///     let simulation = Simulation(trace: stream)
///     …
///     stream.finish()   // the Chrome form's closing; the last chunk
public final class TraceStreamWriter: TraceSink {
    public let format: TraceFormat
    private let chunkSize: Int
    private let output: ([UInt8]) -> Void
    private var out: [UInt8] = []
    /// The text form's state: open blocks, folded callouts, its options.
    private var text: TextTraceFormatter
    /// The Chrome form's state (its `out` is this writer's buffer).
    private var chrome = ChromeTraceWriter.Builder()
    private var finished = false
    /// Events written so far.
    public private(set) var eventCount = 0

    /// - Parameters:
    ///   - chunkSize: bytes gathered before `output` is called (64 KiB).
    ///   - output: takes each chunk, in order.
    ///   - text: the text form's options (ignored by the other forms).
    ///   - chrome: what the Chrome form knows beyond the events (the vsync track's refresh rate).
    public init(format: TraceFormat, text textOptions: TextTraceOptions = TextTraceOptions(), chunkSize: Int = 1 << 16,
                chrome chromeOptions: ChromeTraceWriter.Options = .init(),
                output: @escaping ([UInt8]) -> Void) {
        self.format = format
        text = TextTraceFormatter(options: textOptions)
        self.chunkSize = max(1, chunkSize)
        self.output = output
        if format == .chrome {
            chrome.options = chromeOptions
            chrome.start()
        }
    }

    public func record(_ event: TraceEvent) {
        record(event, damagedArea: nil)
    }

    /// Records `event`; for a `frame`, `damagedArea` (pixels) is the Chrome
    /// form's damage counter sample (the other forms ignore it).
    public func record(_ event: TraceEvent, damagedArea: Int64?) {
        precondition(!finished, "TraceStreamWriter.record after finish()")
        eventCount += 1
        switch format {
        case .jsonl:
            JSONLTraceWriter.appendLine(event, to: &out)
            out.append(UInt8(ascii: "\n"))
        case .text:
            text.append(event, to: &out)
        case .chrome:
            chrome.add(event, damagedArea: damagedArea)
        }
        if pendingCount >= chunkSize { flush() }
    }

    /// Ends the trace (the Chrome form closes what is open and its object)
    /// and hands on what is left. A second call does nothing.
    public func finish() {
        guard !finished else { return }
        finished = true
        if format == .chrome { chrome.finish() }
        if format == .text { text.finish(to: &out) }
        flush()
    }

    private var pendingCount: Int { format == .chrome ? chrome.out.count : out.count }

    private func flush() {
        if format == .chrome {
            guard !chrome.out.isEmpty else { return }
            output(chrome.out)
            chrome.out.removeAll(keepingCapacity: true)
        } else {
            guard !out.isEmpty else { return }
            output(out)
            out.removeAll(keepingCapacity: true)
        }
    }
}
