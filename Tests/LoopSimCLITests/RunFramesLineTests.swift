import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim run` ends with one line saying where the frames went
/// (docs/guide/frames.md), on stdout, or on stderr beside a JSONL trace on stdout;
/// a run that wrote no frame file prints none.
@Suite(.tags(.endToEnd)) struct RunFramesLineTests {
    func copyTapBlockGreen(into sandbox: Sandbox) throws {
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
    }

    @Test func theLastLineNamesTheFramesFolderAndHowManyFramesAreInIt() async throws {
        let sandbox = try Sandbox()
        try copyTapBlockGreen(into: sandbox)
        let result = try await loopsim(["run", "tap-block-green.loop", "--server", "thread"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.last == "frames: 2 written to loopsim-out/tap-block-green/frames (loopsim frames loopsim-out/tap-block-green/frames list, or sheet --out sheet.png)", "\(result)")
        #expect(sandbox.files(under: "loopsim-out/tap-block-green/frames").filter { $0.hasSuffix(".ppm") }.count == 2)

        let elsewhere = try await loopsim(["run", "tap-block-green.loop", "--server", "thread", "--frames", "out/f"], in: sandbox.url)
        #expect(elsewhere.stdoutLines.last?.hasPrefix("frames: 2 written to out/f (loopsim frames out/f list") == true, "\(elsewhere)")
    }

    @Test func withoutFrameFilesThereIsNoLine() async throws {
        let sandbox = try Sandbox()
        try copyTapBlockGreen(into: sandbox)
        for arguments in [["--frames", "none"], ["--server", "none"]] {
            let result = try await loopsim(["run", "tap-block-green.loop", "--server", "thread"].dropLast(arguments[0] == "--server" ? 2 : 0) + arguments,
                                           in: sandbox.url)
            #expect(!result.stdout.contains("frames: "), "\(arguments)\n\(result)")
            #expect(result.stdoutLines.last?.contains(" expectations: ") == true, "the expectations end the output\n\(result)")
        }
        try sandbox.write("passing.loop", Fixtures.passing)
        let nothingDrawn = try await loopsim(["run", "passing.loop", "--server", "thread"], in: sandbox.url)
        #expect(!nothingDrawn.stdout.contains("frames: "), "\(nothingDrawn)")
    }

    @Test func besideAJSONLTraceOnStdoutTheLineGoesToStderr() async throws {
        let sandbox = try Sandbox()
        try copyTapBlockGreen(into: sandbox)
        let result = try await loopsim(["run", "tap-block-green.loop", "--server", "thread", "--format", "jsonl"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.allSatisfy { jsonObject($0) != nil }, "stdout stays JSON Lines\n\(result)")
        #expect(result.stderrLines.last?.hasPrefix("frames: 2 written to loopsim-out/tap-block-green/frames") == true, "\(result)")
    }
}
