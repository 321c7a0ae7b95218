/// An error in a scenario file: where it is, what is wrong, and the source
/// line it is on.
///
/// `description` renders it the way `loopsim` prints it:
///
///     FILE:LINE:COL: error: MESSAGE
///     the source line
///         ^
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public let location: SourceLocation
    public let message: String
    /// The text of the line the error is on, without its line ending.
    public let sourceLine: String

    public init(location: SourceLocation, message: String, sourceLine: String) {
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
    }

    public var description: String {
        let padding = String(repeating: " ", count: max(0, location.column - 1))
        return "\(location): error: \(message)\n\(sourceLine)\n\(padding)^"
    }
}
