import LoopSimSystem

/// How much of one file the tools read (docs/reference/limits.md, "Files the tools
/// read"), and the one way they read it: ``FileSystem/readFile(_:limit:)``
/// (a regular file only, the limit applied while reading), its failure a
/// ``FramesDataError`` that names the file and says why.
package enum ReadLimit {
    /// A trace (`*.jsonl`, a run folder's `trace.jsonl`, a golden) or a
    /// `frames.jsonl`: 4 GiB, ten times the largest trace the trace limit
    /// allows (docs/reference/limits.md).
    package static let trace = 4 << 30
    /// A frame file (PNM): 1 GiB, above the largest P3 file of a bitmap at
    /// the 256 MiB bitmap limit.
    package static let image = 1 << 30
    /// `run.json` and a run folder's `scenario.loop`: 64 MiB.
    package static let record = 64 << 20

    /// Every byte of `path`, at most `limit`.
    package static func read(_ path: String, limit: Int) throws(FramesDataError) -> [UInt8] {
        do throws(SystemError) {
            return try FileSystem.readFile(path, limit: limit)
        } catch {
            throw FramesDataError(message: "cannot read \(path): \(reason(error))")
        }
    }

    /// The text of `path`, which must be UTF-8.
    package static func readText(_ path: String, limit: Int) throws(FramesDataError) -> String {
        guard let text = String(validating: try read(path, limit: limit), as: UTF8.self) else {
            throw FramesDataError(message: "\(path) is not UTF-8 text")
        }
        return text
    }

    /// `No such file or directory`, `Invalid argument: it is a pipe, not a regular file`.
    package static func reason(_ error: SystemError) -> String {
        error.errno.message + (error.note.map { ": " + $0 } ?? "")
    }
}
