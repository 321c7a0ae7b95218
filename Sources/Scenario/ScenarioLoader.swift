import Foundation

/// Reads and parses scenario files.
public enum ScenarioLoader {
    /// Reads `path` and parses it. Unreadable files and invalid UTF-8 are
    /// diagnostics at the file's first line.
    public static func load(path: String) throws(Diagnostic) -> (ScenarioFile, String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(location: SourceLocation(file: path, line: 1, column: 1),
                             message: "cannot read the file (missing, a directory, or no permission)", sourceLine: "")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Diagnostic(location: SourceLocation(file: path, line: 1, column: 1),
                             message: "the file is not valid UTF-8", sourceLine: "")
        }
        return (try ScenarioParser.parse(text, path: path), text)
    }
}
