import LoopSimSystem

/// Where an `image file=` path is read from: relative to the scenario
/// file's folder, and inside it, unless the user allows more
/// (`--allow-absolute-assets`). docs/security.md.
public enum AssetPath {
    /// The path to read for `file` in the scenario at `scenarioPath`.
    /// - Parameter allowOutside: accept an absolute path, or `..` that
    ///   leads out of the scenario's folder.
    /// - Throws: ``AssetPathError`` saying why the path is refused.
    public static func resolve(_ file: String, scenarioPath: String, allowOutside: Bool) throws(AssetPathError) -> String {
        if file.hasPrefix("/") {
            guard allowOutside else {
                throw AssetPathError(message: "image path '\(file)' is absolute; image files are read relative to the scenario's folder (pass --allow-absolute-assets to allow it)")
            }
            return file
        }
        var depth = 0
        for component in file.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": depth -= 1
            default: depth += 1
            }
            if depth < 0 && !allowOutside {
                throw AssetPathError(message: "image path '\(file)' leads out of the scenario's folder; image files are read from inside it (pass --allow-absolute-assets to allow it)")
            }
        }
        return FilePath.join(FilePath.parent(of: scenarioPath), file)
    }
}

/// Why an image path was refused.
public struct AssetPathError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
