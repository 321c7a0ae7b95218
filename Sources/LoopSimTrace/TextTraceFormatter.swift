/// Writes events one by one as text lines, with ``TextTraceOptions``: the
/// state both ``TextTraceWriter/render(_:options:)`` and the streamed
/// ``TraceStreamWriter`` keep (the open blocks, a callout that may turn
/// out empty, a run of folded observer callouts), so that both give the
/// same bytes.
///
/// Folding looks one event ahead: a callout of a folded observer is held
/// until the next event. Its `callout.end` folds it into the current run;
/// anything else writes the held callout, which had work inside (Core
/// Animation's commit), and the run stays open across it and its end. The
/// first other event at the run's depth or above — the `sleep`, the next
/// activity, another observer — ends the run: one `observers` line per
/// block of UIKit observers (so one per pass at BeforeWaiting), at the time
/// and depth of its first folded callout, written where the block ends:
///
///     0.000000000  #1      observers   5 empty callouts folded
package struct TextTraceFormatter {
    public let options: TextTraceOptions
    private var blocks: [TextTraceWriter.Block] = []
    /// A folded observer's callout, with its level, waiting for the next event.
    private var held: (event: TraceEvent, indent: Int)?
    /// The run of folded callouts so far: its first event, level and size.
    private var folded: (first: TraceEvent, indent: Int, count: Int)?

    public init(options: TextTraceOptions = TextTraceOptions()) {
        self.options = options
    }

    /// Appends the lines `event` gives (none, while it is held or hidden).
    public mutating func append(_ event: TraceEvent, to out: inout [UInt8]) {
        let indent = TextTraceWriter.level(after: event, blocks: &blocks)
        guard !options.foldedObservers.isEmpty else {
            write(event, indent: indent, to: &out)
            return
        }
        if let h = held {
            held = nil
            if case .calloutEnd(.observer, let name) = event.kind, case .callout(.observer, name, _) = h.event.kind {
                if let f = folded { folded = (f.first, f.indent, f.count + 1) } else { folded = (h.event, h.indent, 1) }
                return
            }
            // A folded observer's callout with work inside: written, and
            // the run of folded ones goes on after it.
            write(h.event, indent: h.indent, to: &out)
        }
        if case .callout(.observer, let name, _) = event.kind, options.foldedObservers.contains(name) {
            held = (event, indent)
            return
        }
        if let f = folded, !(indent > f.indent || isFoldedObserverEnd(event)) { writeFolded(to: &out) }
        write(event, indent: indent, to: &out)
    }

    /// Writes what is still held or folded. Call once, after the last event.
    public mutating func finish(to out: inout [UInt8]) {
        writeFolded(to: &out)
        if let h = held {
            held = nil
            write(h.event, indent: h.indent, to: &out)
        }
    }

    /// The `end` of a folded observer's callout (one with work inside).
    private func isFoldedObserverEnd(_ event: TraceEvent) -> Bool {
        if case .calloutEnd(.observer, let name) = event.kind { return options.foldedObservers.contains(name) }
        return false
    }

    private func write(_ event: TraceEvent, indent: Int, to out: inout [UInt8]) {
        if let filter = options.filter, !filter.shows(event.kind) { return }
        TextTraceWriter.appendLine(event, indent: indent, names: options.valueNames, to: &out)
        out.append(UInt8(ascii: "\n"))
    }

    private mutating func writeFolded(to out: inout [UInt8]) {
        guard let f = folded else { return }
        folded = nil
        if let filter = options.filter, !filter.showsFoldedObservers { return }
        TextTraceWriter.appendFoldedLine(at: f.first, indent: f.indent, count: f.count, to: &out)
        out.append(UInt8(ascii: "\n"))
    }
}
