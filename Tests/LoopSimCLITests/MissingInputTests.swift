import Foundation
import Testing
import LoopSimTestSupport

/// A missing input file or folder exits 66 (EX_NOINPUT, sysexits.h) with
/// one `Error:`-style line on stderr: no usage, no source line, no caret.
@Suite(.tags(.endToEnd)) struct MissingInputTests {
    @Test func runOfAMissingScenarioExitsSixtySixWithOneLine() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["run", "nope.loop"], in: sandbox.url)
        #expect(result.status == 66, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines == ["nope.loop: error: cannot read the scenario file: No such file or directory"], "\(result)")
    }

    @Test func runOfAFolderIsStillAScenarioErrorWithExitTwo() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.file("dir.loop"), withIntermediateDirectories: true)
        let result = try await loopsim(["run", "dir.loop"], in: sandbox.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines == ["dir.loop: error: cannot read the scenario file: Is a directory"], "no caret line\n\(result)")
    }

    @Test func testOfAMissingPathExitsSixtySix() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["test", "missing/x.loop"], in: sandbox.url)
        #expect(result.status == 66, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines == ["Error: no such file or folder 'missing/x.loop'"], "\(result)")
    }

    @Test func framesOfAMissingFolderExitsSixtySix() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["frames", "nope", "list"], in: sandbox.url)
        #expect(result.status == 66, "\(result)")
        #expect(result.stderrLines == ["Error: no such folder 'nope'"], "\(result)")
    }
}
