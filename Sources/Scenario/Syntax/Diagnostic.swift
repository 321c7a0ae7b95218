/// An error in a scenario file: where it is, what is wrong, and the source
/// line it is on.
///
/// `description` renders it the way `loopsim` prints it:
///
///     FILE:LINE:COL: error: MESSAGE
///     the source line
///         ^
///
/// A file that could not be read has no line to quote: it is one line,
/// `FILE: error: MESSAGE`, and ``fileProblem`` says why (`loopsim` exits
/// 66, EX_NOINPUT, for a missing file).
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public let location: SourceLocation
    public let message: String
    /// The text of the line the error is on, without its line ending.
    public let sourceLine: String
    /// Why the file itself could not be read; nil for an error in its text.
    public let fileProblem: FileProblem?
    /// The simulated program trapped, as the Swift runtime would (a
    /// continuation resumed twice, docs/reference/concurrency.md): the run stops and
    /// `loopsim` exits 1, as a crashed test does, rather than 2.
    public let isTrap: Bool

    /// What kept a scenario file from being read.
    public enum FileProblem: Sendable, Equatable {
        /// There is no file at the path (`ENOENT`, or a folder component missing).
        case missing
        /// It exists but could not be read (a folder, no permission, an I/O error).
        case unreadable
    }

    public init(location: SourceLocation, message: String, sourceLine: String, fileProblem: FileProblem? = nil, isTrap: Bool = false) {
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
        self.fileProblem = fileProblem
        self.isTrap = isTrap
    }

    public var description: String {
        if fileProblem != nil { return "\(location.file): error: \(message)" }
        let padding = String(repeating: " ", count: max(0, location.column - 1))
        return "\(location): error: \(message)\n\(sourceLine)\n\(padding)^"
    }
}
