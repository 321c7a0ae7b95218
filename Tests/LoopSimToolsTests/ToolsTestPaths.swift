import Foundation

/// Where the tools' tests find the repository's files.
enum ToolsTestPaths {
    /// The package root (this file is `Tests/LoopSimToolsTests/ToolsTestPaths.swift`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The repository's `Traces/` folder: read, never written.
    static let traces: URL = packageRoot.appendingPathComponent("Traces")
}
