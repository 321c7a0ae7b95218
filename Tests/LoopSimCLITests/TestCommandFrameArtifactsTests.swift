import Foundation
import LoopSimTestSupport
import RenderModel
import Testing

/// `loopsim test` on a golden whose frames no longer match: the PNGs of the
/// first differing frame beside the actual trace (docs/guide/goldens.md), on
/// copies of `Traces/render/tap-block-green` (200×100: a red button at
/// (50, 30, 100, 40) on black, green from frame 241 at 4.016666666 s).
@Suite(.tags(.endToEnd, .golden)) struct TestCommandFrameArtifactsTests {
    static let black = RGBA8(r: 0, g: 0, b: 0), red = RGBA8(r: 255, g: 0, b: 0)
    static let green = RGBA8(r: 0, g: 255, b: 0), blue = RGBA8(r: 0, g: 0, b: 255)
    static let magenta = RGBA8(r: 255, g: 0, b: 255)
    static let artifacts = "loopsim-out/artifacts/s/tap-block-green"

    /// `s/tap-block-green.loop` and its golden, with `edit` applied to the scenario.
    func makeGolden(editing edit: (String) -> String = { $0 }) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.trace.jsonl", to: "s/tap-block-green.trace.jsonl")
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "s/tap-block-green.loop")
        try sandbox.write("s/tap-block-green.loop", edit(try sandbox.read("s/tap-block-green.loop")))
        return sandbox
    }

    /// Frame 241's hash in the golden (read, not pinned: the hash format
    /// is the golden's business, docs/internals/render-server.md).
    func goldenHash241(_ sandbox: Sandbox) throws -> String {
        let lines = splitLines(try sandbox.read("s/tap-block-green.trace.jsonl"))
        let line = try #require(lines.last { $0.contains("\"ev\":\"frame\"") && $0.contains("\"frame\":241") })
        let match = try #require(line.firstMatch(of: try Regex(#""hash":"([0-9a-f]{16})""#)))
        return String(try #require(match.output[1].substring))
    }

    func decode(_ sandbox: Sandbox, _ relative: String) throws -> DecodedPNG {
        try inflatePNG([UInt8](try Data(contentsOf: sandbox.file(relative))))
    }

    func pngs(_ sandbox: Sandbox) -> [String] {
        sandbox.files(under: "loopsim-out/artifacts/s").filter { $0.hasSuffix(".png") }
    }

    @Test func aGoldenWithOneFrameHashAlteredLeavesTheActualFrameAndSaysHowToGetTheExpectedOne() async throws {
        let sandbox = try makeGolden()
        var lines = splitLines(try sandbox.read("s/tap-block-green.trace.jsonl"))
        let index = try #require(lines.lastIndex { $0.contains("\"ev\":\"frame\"") && $0.contains("\"frame\":241") })
        let hash = try #require(lines[index].firstRange(of: try Regex(#""hash":"[0-9a-f]{16}""#)))
        lines[index].replaceSubrange(hash, with: "\"hash\":\"0123456789abcdef\"")
        try sandbox.write("s/tap-block-green.trace.jsonl", lines.joined(separator: "\n") + "\n")

        let result = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("  first differing frame: 241, on screen at 4.016666666s: expected hash 0123456789abcdef (frame 241), actual hash ") },
                "\(result)")
        #expect(result.stdout.contains("the expected frame is not stored with the golden, only its hash"), "\(result)")
        #expect(result.stdout.contains("git log -1 --format=%h -- s/tap-block-green.trace.jsonl"), "\(result)")
        #expect(result.stdout.contains("loopsim test s/tap-block-green.loop --expected-frames /tmp/loopsim-expected"), "\(result)")
        #expect(pngs(sandbox) == ["tap-block-green.actual.png"], "\(result)")
        let actual = try decode(sandbox, Self.artifacts + ".actual.png")
        #expect(actual.width == 200 && actual.height == 100)
        #expect(actual.pixel(100, 50) == Self.green && actual.pixel(10, 10) == Self.black, "the actual frame 241")
    }

    /// The scenario turns the button blue instead of green after the golden
    /// was recorded; `exp/` holds the original scenario's frames.
    func makeChangedScenarioWithExpectedFrames() async throws -> Sandbox {
        let sandbox = try makeGolden { $0.replacingOccurrences(of: "background = green", with: "background = blue") }
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "original/tap-block-green.loop")
        let run = try await loopsim(["run", "original/tap-block-green.loop", "--server", "thread", "--frames", "exp/tap-block-green/frames"],
                                    in: sandbox.url)
        try #require(run.status == 0, "\(run)")
        return sandbox
    }

    @Test(arguments: [[], ["--frames", "none"]])
    func withExpectedFramesItWritesExpectedActualAndDiff(_ extra: [String]) async throws {
        let sandbox = try await makeChangedScenarioWithExpectedFrames()
        let result = try await loopsim(["test", "s", "--expected-frames", "exp"] + extra, in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines.contains("  the expected frame is exp/tap-block-green/frames/frame-000241.ppm"), "\(result)")
        #expect(result.stdoutLines.contains("  4000 pixels of 20000 differ within x=50 y=30 w=100 h=40 (magenta in the diff, over the expected frame at a quarter of its brightness)"),
                "\(result)")
        #expect(pngs(sandbox) == ["tap-block-green.actual.png", "tap-block-green.diff.png", "tap-block-green.expected.png"], "\(result)")
        let expected = try decode(sandbox, Self.artifacts + ".expected.png")
        let actual = try decode(sandbox, Self.artifacts + ".actual.png")
        let diff = try decode(sandbox, Self.artifacts + ".diff.png")
        #expect(expected.pixel(100, 50) == Self.green && actual.pixel(100, 50) == Self.blue)
        #expect(expected.pixel(10, 10) == Self.black && actual.pixel(10, 10) == Self.black)
        #expect(diff.pixel(50, 30) == Self.magenta && diff.pixel(149, 69) == Self.magenta)
        #expect(diff.pixel(49, 30) == Self.black && diff.pixel(150, 69) == Self.black && diff.pixel(100, 70) == Self.black)
    }

    @Test func expectedFramesWithAnotherHashAreNotUsed() async throws {
        let sandbox = try await makeChangedScenarioWithExpectedFrames()
        // The changed scenario's own frames are not the golden's.
        let run = try await loopsim(["run", "s/tap-block-green.loop", "--server", "thread", "--frames", "exp/tap-block-green/frames"], in: sandbox.url)
        #expect(run.status == 1, "its pixel expectation fails\n\(run)")
        let result = try await loopsim(["test", "s", "--expected-frames", "exp"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        let golden = try goldenHash241(sandbox)
        #expect(result.stdoutLines.contains { $0.hasPrefix("  exp/tap-block-green/frames/frame-000241.ppm has hash ") && $0.hasSuffix("not the golden's \(golden): not used (is it from the golden's commit?)") },
                "\(result)")
        #expect(pngs(sandbox) == ["tap-block-green.actual.png"], "\(result)")
    }

    @Test func aFrameThatMovedToAnotherVsyncIsItsOwnExpectedFrame() async throws {
        // The tap a second later: the green frame is 301, not 241.
        let sandbox = try makeGolden { $0.replacingOccurrences(of: "at 1s:", with: "at 2s:") }
        let result = try await loopsim(["test", "s"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        let golden = try goldenHash241(sandbox)
        #expect(result.stdoutLines.contains { $0.hasPrefix("  first differing frame: 241, on screen at 4.016666666s: expected hash \(golden) (frame 241), actual hash ") && $0.hasSuffix(" (frame 1)") },
                "at 4.0167 s the actual run still shows frame 1\n\(result)")
        #expect(result.stdoutLines.contains("  the expected frame is the actual run's frame 301, which has the golden's hash"), "\(result)")
        #expect(pngs(sandbox) == ["tap-block-green.actual.png", "tap-block-green.diff.png", "tap-block-green.expected.png"], "\(result)")
        #expect(try decode(sandbox, Self.artifacts + ".expected.png").pixel(100, 50) == Self.green)
        #expect(try decode(sandbox, Self.artifacts + ".actual.png").pixel(100, 50) == Self.red)
        #expect(try decode(sandbox, Self.artifacts + ".diff.png").pixel(100, 50) == Self.magenta)
    }

    @Test func aMissingExpectedFramesFolderIsAUsageError() async throws {
        let sandbox = try makeGolden()
        let result = try await loopsim(["test", "s", "--expected-frames", "nothere"], in: sandbox.url)
        expectUsageError(result, mentioning: ["no such folder 'nothere'", "--expected-frames"], seeHelpOf: "loopsim test")
    }
}
