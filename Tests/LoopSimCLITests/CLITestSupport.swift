import Foundation
import Testing

/// What one run of the `loopsim` binary produced.
struct CLIResult: CustomStringConvertible {
    var status: Int32
    /// True when the process died of a signal (`status` is then the signal).
    var signalled: Bool
    var stdout: String
    var stderr: String

    var stdoutLines: [String] { splitLines(stdout) }
    var stderrLines: [String] { splitLines(stderr) }

    var description: String {
        "exit \(signalled ? "by signal " : "")\(status)\n--- stdout ---\n\(stdout.prefix(3000))\n--- stderr ---\n\(stderr.prefix(3000))"
    }
}

/// A failure of the harness itself (not of the CLI under test).
struct CLIHarnessError: Error, CustomStringConvertible {
    var description: String
}

/// Lines of `text` without the empty string after a final newline.
func splitLines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
}

/// Where the package and its binary are.
enum CLIPaths {
    /// The package root (this file is `Tests/LoopSimCLITests/CLITestSupport.swift`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The repository's `Traces/` folder. Tests read it and copy from it, never write to it.
    static let traces: URL = packageRoot.appendingPathComponent("Traces")

    /// The `loopsim` executable built next to the test bundle, or nil.
    static let binary: URL? = locateBinary()

    /// Looks for `loopsim` in the build products folder that holds the running
    /// test binary: `.build/<triple>/debug/` (Linux: the test process is
    /// `LoopSimPackageTests.xctest` there; macOS: the `.xctest` bundle is
    /// there). `LOOPSIM_BINARY` overrides the search.
    static func locateBinary() -> URL? {
        let fm = FileManager.default
        if let override = ProcessInfo.processInfo.environment["LOOPSIM_BINARY"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var folders: [URL] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        if let arg0 = CommandLine.arguments.first, arg0.contains("/") {
            folders.append(URL(fileURLWithPath: arg0).standardizedFileURL.deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for folder in folders {
            let candidate = folder.appendingPathComponent("loopsim")
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               fm.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    static func requireBinary() throws -> URL {
        guard let binary else {
            throw CLIHarnessError(description: """
                the loopsim executable was not found next to the test binary \
                (looked beside /proc/self/exe, argv[0] and the .xctest bundle). \
                Build it with 'swift build --build-tests', or point LOOPSIM_BINARY at it.
                """)
        }
        return binary
    }
}

/// A fresh temporary folder for one test, removed when the test is done.
final class Sandbox {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("loopsim-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    func file(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    /// Writes `text` at `relative`, creating folders as needed.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> URL {
        let target = file(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: target, atomically: true, encoding: .utf8)
        return target
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: file(relative), encoding: .utf8)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: file(relative).path)
    }

    /// Copies the repository's `Traces/` folder (or one file or subfolder of
    /// it) into the sandbox at `relative`.
    func copyFromTraces(_ tracesRelative: String = "", to relative: String) throws {
        let source = tracesRelative.isEmpty ? CLIPaths.traces : CLIPaths.traces.appendingPathComponent(tracesRelative)
        let target = file(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
    }

    /// Every regular file under `relative`, as paths relative to it, sorted.
    func files(under relative: String) -> [String] {
        let root = file(relative).path
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(rel), isDirectory: &isDirectory),
               !isDirectory.boolValue {
                out.append(rel)
            }
        }
        return out.sorted()
    }
}

/// Runs the built `loopsim` with `arguments` in `directory` and returns its
/// exit status and output. Standard output and error go to files, so a large
/// trace cannot fill a pipe; the process is killed after `timeout`.
/// `LOOPSIM_RECORD` is removed from the inherited environment so the
/// caller's shell cannot turn a check into a recording; pass it in
/// `environment` to set it.
func loopsim(_ arguments: [String], in directory: URL, environment: [String: String] = [:],
             timeout: Duration = .seconds(30)) async throws -> CLIResult {
    var env = ProcessInfo.processInfo.environment
    env["LOOPSIM_RECORD"] = nil
    for (key, value) in environment { env[key] = value }
    return try await runProcess(try CLIPaths.requireBinary(), arguments, in: directory, environment: env, timeout: timeout)
}

/// Runs `executable` with `arguments` in `directory` with exactly
/// `environment`; standard output and error go to files, and the process
/// is killed after `timeout`.
func runProcess(_ binary: URL, _ arguments: [String], in directory: URL, environment env: [String: String],
                timeout: Duration) async throws -> CLIResult {
    let fm = FileManager.default
    let captures = fm.temporaryDirectory.appendingPathComponent("loopsim-cli-capture-\(UUID().uuidString)", isDirectory: true)
    try fm.createDirectory(at: captures, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: captures) }
    let outURL = captures.appendingPathComponent("stdout"), errURL = captures.appendingPathComponent("stderr")
    guard fm.createFile(atPath: outURL.path, contents: nil), fm.createFile(atPath: errURL.path, contents: nil) else {
        throw CLIHarnessError(description: "cannot create capture files in \(captures.path)")
    }
    let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)

    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = env
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()

    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var timedOut = false
    while process.isRunning {
        if clock.now >= deadline {
            timedOut = true
            process.terminate()
            let grace = clock.now + .seconds(2)
            while process.isRunning && clock.now < grace { try await Task.sleep(for: .milliseconds(20)) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            break
        }
        try await Task.sleep(for: .milliseconds(5))
    }
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()

    let result = CLIResult(
        status: process.terminationStatus,
        signalled: process.terminationReason == .uncaughtSignal,
        stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    if timedOut {
        throw CLIHarnessError(description: "\(binary.lastPathComponent) \(arguments.joined(separator: " ")) did not finish within \(timeout) and was killed\n\(result)")
    }
    return result
}

/// Parses one line of JSON as an object, or nil.
func jsonObject(_ line: String) -> [String: Any]? {
    guard let data = line.data(using: .utf8) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}

/// Checks the shape of a `usage error` the swift-argument-parser way:
/// exit 64, nothing on stdout, and on stderr `Error: …`, `Usage: …` and
/// `See '… --help'`.
func expectUsageError(_ result: CLIResult, mentioning fragments: [String], seeHelpOf command: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == 64, "expected the usage-error status 64\n\(result)", sourceLocation: sourceLocation)
    #expect(!result.signalled, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "a usage error prints nothing on stdout\n\(result)", sourceLocation: sourceLocation)
    let lines = result.stderrLines
    let errorLine = lines.first ?? ""
    #expect(errorLine.hasPrefix("Error: "), "stderr starts with 'Error: '\n\(result)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(errorLine.contains(fragment), "the Error line mentions \(fragment)\n\(result)", sourceLocation: sourceLocation)
    }
    #expect(lines.contains { $0.hasPrefix("Usage: ") }, "stderr has a 'Usage: ' line\n\(result)", sourceLocation: sourceLocation)
    #expect(lines.contains { $0.contains("See '\(command) --help'") },
            "stderr points at '\(command) --help'\n\(result)", sourceLocation: sourceLocation)
}
