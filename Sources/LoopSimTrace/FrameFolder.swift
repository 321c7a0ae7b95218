/// The frames folder's format (the folder a `hello` names, docs/guide/frames.md):
/// the names a render server gives its files, and the index,
/// `frames.jsonl`, one ``FrameIndexEntry`` a line. The one home of the
/// format: the server writes through it, the client clears and checks
/// with it, and `loopsim frames`, `diff`, `report` and `test --faults` read
/// through it. Names and text only, no I/O.
package enum FrameFolder {
    /// The index, one JSON line per drawn frame: `frames.jsonl`.
    package static let indexFileName = "frames.jsonl"

    /// The hidden folder inside a frames folder that holds the previous
    /// run's frame files while a new run rewrites them in place
    /// (docs/internals/render-server.md, "Files"): `.reuse`.
    package static let reuseFolderName = ".reuse"

    /// `frame-000042.ppm` (at least six digits).
    package static func fileName(frame: UInt64) -> String {
        let digits = String(frame)
        return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".ppm"
    }

    /// Whether `name` is one the server writes: the index, a frame, or a
    /// frame still being written (`.ppm.partial`). Nothing else in the
    /// folder is the server's to remove.
    package static func isServerFile(_ name: String) -> Bool {
        name == indexFileName || (name.hasPrefix("frame-") && (name.hasSuffix(".ppm") || name.hasSuffix(".ppm.partial")))
    }

    /// Whether `name` is a finished frame file (`frame-*.ppm`), the kind a
    /// new run may rewrite in place.
    package static func isFrameFile(_ name: String) -> Bool {
        name.hasPrefix("frame-") && name.hasSuffix(".ppm")
    }

    /// The frame number of a finished frame file's name: 42 for
    /// `frame-000042.ppm` (or `frame-42.ppm`); nil for any other name.
    package static func frameNumber(ofFileName name: String) -> UInt64? {
        guard isFrameFile(name) else { return nil }
        let digits = name.utf8.dropFirst("frame-".utf8.count).dropLast(".ppm".utf8.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return UInt64(String(decoding: digits, as: UTF8.self))
    }

    /// The frame number an index line starts with (`{"frame":N,`, as
    /// ``FrameIndexEntry/jsonLine`` writes it), without reading the rest:
    /// for checking which frames the index has. Nil for any other line.
    package static func frameNumber(ofIndexLine line: some Collection<UInt8>) -> UInt64? {
        let prefix = #"{"frame":"#.utf8
        guard line.starts(with: prefix) else { return nil }
        let digits = line.dropFirst(prefix.count).prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return UInt64(String(decoding: digits, as: UTF8.self))
    }

    /// A line of an index that does not read: its number (from 1) and why.
    package struct IndexError: Error, Equatable, CustomStringConvertible {
        /// The line, counted from 1.
        package var line: Int
        /// Why: ``FrameIndexEntry/ReadError``'s message, or a frame listed twice.
        package var message: String
        package init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
        /// `LINE: MESSAGE`.
        package var description: String { "\(line): \(message)" }
    }

    /// The entries of an index's text, in on-screen order (by time, then
    /// frame). Blank lines are skipped; a frame listed twice is an error.
    /// - Throws: ``IndexError`` for the first line that does not read.
    package static func parseIndex(_ text: String) throws(IndexError) -> [FrameIndexEntry] {
        var entries: [FrameIndexEntry] = []
        var seen: [UInt64: Int] = [:]
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { $0 != " " && $0 != "\t" }) {
            let number = n + 1
            let entry: FrameIndexEntry
            do throws(FrameIndexEntry.ReadError) {
                entry = try FrameIndexEntry(jsonLine: String(line))
            } catch {
                throw IndexError(line: number, message: error.message)
            }
            if let earlier = seen[entry.frame] {
                throw IndexError(line: number, message: "frame \(entry.frame) is listed twice (also on line \(earlier))")
            }
            seen[entry.frame] = number
            entries.append(entry)
        }
        return entries.sorted { ($0.present, $0.frame) < ($1.present, $1.frame) }
    }
}
