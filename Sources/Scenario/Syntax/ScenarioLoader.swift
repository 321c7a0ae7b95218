/// Reads and parses scenario files, keeping the text for runtime diagnostics.
package enum ScenarioLoader {
    /// Reads `path` and parses it; see ``ScenarioParser/parseFile(atPath:)``
    /// for how unreadable files and invalid UTF-8 are reported.
    package static func load(path: String) throws(Diagnostic) -> (ScenarioFile, String) {
        let source = try ScenarioParser.decodeUTF8(try ScenarioParser.readFile(path), path: path)
        return (try ScenarioParser.parse(source, path: path), source)
    }
}
