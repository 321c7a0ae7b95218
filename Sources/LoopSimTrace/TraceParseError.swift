/// Why a JSON Lines trace line could not be read.
public struct TraceParseError: Error, Equatable, CustomStringConvertible {
    /// 1-based line number, when reading a multi-line text.
    public var line: Int?
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    public var message: String

    public init(line: Int? = nil, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        if let line { return "line \(line), column \(column): \(message)" }
        return "column \(column): \(message)"
    }
}
