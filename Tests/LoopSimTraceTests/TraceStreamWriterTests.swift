import Foundation
import LoopSimTrace
import Testing
import LoopSimTestSupport

/// `TraceStreamWriter`: a trace written as it happens is byte for byte the
/// trace rendered at the end, in every format and at any chunk size.
@Suite(.tags(.golden))
struct TraceStreamWriterTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every golden trace's events (the goldens are the richest traces there are).
    static func goldenEvents() throws -> [[TraceEvent]] {
        let traces = root.appendingPathComponent("Traces").path
        let names = (FileManager.default.enumerator(atPath: traces)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".trace.jsonl") }.sorted()
        return try names.map { try JSONLTraceReader.parse(String(contentsOfFile: traces + "/" + $0, encoding: .utf8)) }
    }

    @Test("streamed in chunks of 1 byte, 100 bytes or 64 KiB, every golden trace gives the bytes render gives, in text, jsonl and chrome")
    func sameBytes() throws {
        let all = try Self.goldenEvents()
        #expect(all.count >= 15)
        for events in all {
            for format in TraceFormat.allCases {
                let whole = TraceWriter.render(events, as: format)
                for chunk in [1, 100, 1 << 16] {
                    var streamed: [UInt8] = []
                    var calls = 0
                    let writer = TraceStreamWriter(format: format, chunkSize: chunk) { streamed += $0; calls += 1 }
                    for e in events { writer.record(e) }
                    writer.finish()
                    writer.finish()
                    #expect(String(decoding: streamed, as: UTF8.self) == whole, "\(format), chunks of \(chunk)")
                    #expect(writer.eventCount == events.count)
                    if chunk == 1 << 16 { #expect(calls <= whole.utf8.count / chunk + 1) }
                }
            }
        }
    }
}
