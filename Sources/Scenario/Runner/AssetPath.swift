import LoopSimSystem

/// Where an `image file=` path is read from: relative to the scenario
/// file's folder, and inside it, unless the user allows more
/// (`--allow-absolute-assets`). docs/internals/security.md.
package enum AssetPath {
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

    /// Where `path` (from ``resolve(_:scenarioPath:allowOutside:)``) really
    /// is, every symbolic link followed (`realpath`), refused when that is
    /// outside the scenario's folder, itself resolved the same way: the
    /// textual check alone would follow a link inside the folder that
    /// points out of it.
    ///
    /// - Returns: the resolved path, to read instead of `path` (it has no
    ///   links left to swap), or `nil` when `path` cannot be resolved yet
    ///   (a missing file: reading it fails with its own error; check again
    ///   before reading).
    /// - Throws: ``AssetPathError`` for a resolved path outside the folder.
    ///   The message names the paths, never a byte of the file.
    public static func containedRealPath(_ path: String, written file: String, scenarioPath: String) throws(AssetPathError) -> String? {
        guard let real = try? FileSystem.realPath(path),
              let folder = try? FileSystem.realPath(FilePath.parent(of: scenarioPath)) else { return nil }
        guard folder == "/" || real.hasPrefix(folder + "/") else {
            throw AssetPathError(message: "image path '\(file)' resolves to '\(real)', outside the scenario's folder '\(folder)' (a symbolic link leads out of it); image files are read from inside it (pass --allow-absolute-assets to allow it)")
        }
        return real
    }
}

/// Why an image path was refused.
public struct AssetPathError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
