import Foundation
import LoopSimTestSupport
import Raster
import RenderModel
import Testing

/// `loopsim diff A B [--out DIR]` on real runs of
/// `Traces/render/tap-block-green.loop` (200×100; frame 1 red button on
/// black, frame 241 green button), recorded into run folders with their
/// trace, then copied and altered. Images are decoded and checked by pixel.
@Suite(.tags(.endToEnd)) struct DiffCommandTests {
    static let black = RGBA8(r: 0, g: 0, b: 0), green = RGBA8(r: 0, g: 255, b: 0)
    static let magenta = RGBA8(r: 255, g: 0, b: 255), white = RGBA8(r: 255, g: 255, b: 255)

    /// `run/` (trace.jsonl and frames/) and an identical copy `copy/`.
    func makeRuns() async throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        try FileManager.default.createDirectory(at: sandbox.file("run"), withIntermediateDirectories: true)
        let run = try await loopsim(["run", "tap-block-green.loop", "--server", "thread", "--trace", "run/trace.jsonl",
                                     "--frames", "run/frames"], in: sandbox.url)
        try #require(run.status == 0, "\(run)")
        try FileManager.default.copyItem(at: sandbox.file("run"), to: sandbox.file("copy"))
        return sandbox
    }

    /// Paints pixel (x, y) of `relative` (a P6 file) white.
    func paintWhite(_ sandbox: Sandbox, _ relative: String, x: Int, y: Int) throws {
        var image = try PNMDecoder.decode([UInt8](try Data(contentsOf: sandbox.file(relative))))
        image[x, y] = Self.white
        try Data(PNMEncoder.p6(image, over: .black)).write(to: sandbox.file(relative))
    }

    func decode(_ sandbox: Sandbox, _ relative: String) throws -> DecodedPNG {
        try inflatePNG([UInt8](try Data(contentsOf: sandbox.file(relative))))
    }

    @Test func identicalRunsExitZeroAndWriteNoImages() async throws {
        let sandbox = try await makeRuns()
        let result = try await loopsim(["diff", "run", "copy", "--out", "imgs"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("events: identical (") }, "\(result)")
        #expect(result.stdoutLines.contains("frames: identical (2 frames)"), "\(result)")
        #expect(result.stdoutLines.last == "the runs are identical", "\(result)")
        #expect(!sandbox.exists("imgs"), "nothing to draw")
    }

    @Test func aCopyWithOneFrameChangedExitsOneListsThatFrameAndWritesItsImages() async throws {
        let sandbox = try await makeRuns()
        try paintWhite(sandbox, "copy/frames/frame-000241.ppm", x: 10, y: 20)
        let result = try await loopsim(["diff", "run", "copy", "--out", "imgs"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("events: identical (") }, "the traces agree\n\(result)")
        #expect(result.stdoutLines.contains("frames: 1 of 2 differs:"), "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("  frame 241 (on screen at 4.016666666s): the files run/frames/frame-000241.ppm and copy/frames/frame-000241.ppm differ") },
                "\(result)")
        #expect(result.stdoutLines.contains("  frame 241: wrote imgs/frame-000241.side-by-side.png and imgs/frame-000241.diff.png (1 pixel differs within x=10 y=20 w=1 h=1)"),
                "\(result)")
        #expect(sandbox.files(under: "imgs") == ["frame-000241.diff.png", "frame-000241.side-by-side.png"])

        let diff = try decode(sandbox, "imgs/frame-000241.diff.png")
        #expect(diff.width == 200 && diff.height == 100)
        #expect(diff.pixel(10, 20) == Self.magenta)
        #expect(diff.pixel(60, 40) == RGBA8(r: 0, g: 63, b: 0), "the green button at a quarter of its brightness")
        #expect(diff.pixel(0, 0) == Self.black)

        // A, B and the diff, each 200 wide, 8 apart, under an 11-pixel label line.
        let side = try decode(sandbox, "imgs/frame-000241.side-by-side.png")
        #expect(side.width == 8 + 3 * (200 + 8) && side.height == 8 + 11 + 100 + 8)
        #expect(side.pixel(8 + 10, 19 + 20) == Self.black && side.pixel(8 + 60, 19 + 40) == Self.green, "A")
        #expect(side.pixel(216 + 10, 19 + 20) == Self.white && side.pixel(216 + 60, 19 + 40) == Self.green, "B")
        #expect(side.pixel(424 + 10, 19 + 20) == Self.magenta, "the diff")
        // The label "A frame 241" at (8, 8): the A's row 0 is .###.
        #expect(side.pixel(8, 8) == RGBA8(r: 32, g: 32, b: 32) && side.pixel(9, 8) == RGBA8(r: 230, g: 230, b: 230))
    }

    @Test func tracesArePrintedFromTheFirstDivergingEventWithContextAndTheirFrameHashesCompared() async throws {
        let sandbox = try await makeRuns()
        var lines = splitLines(try sandbox.read("copy/trace.jsonl"))
        let frameLine = try #require(lines.lastIndex { $0.contains("\"ev\":\"frame\"") })
        let hash = try #require(lines[frameLine].firstRange(of: try Regex(#""hash":"[0-9a-f]{16}""#)))
        lines[frameLine].replaceSubrange(hash, with: "\"hash\":\"0000000000000000\"")
        try sandbox.write("copy/trace.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try await loopsim(["diff", "run/trace.jsonl", "copy/trace.jsonl"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        let out = result.stdoutLines
        let heading = try #require(out.firstIndex { $0.hasPrefix("events: the first difference is event \(frameLine + 1), at 4.016666666s") }, "\(result)")
        #expect(Array(out[(heading + 1)...(heading + 3)]) == lines[(frameLine - 3)..<frameLine].map { "     " + $0 }, "3 lines of context\n\(result)")
        #expect(out[heading + 4].hasPrefix("  A  line \(frameLine + 1): ") && !out[heading + 4].contains("0000000000000000"), "\(result)")
        #expect(out[heading + 5] == "  B  line \(frameLine + 1): " + lines[frameLine], "\(result)")
        #expect(out.contains { $0.hasPrefix("  frame 241 (on screen at 4.016666666s): hash ") && $0.hasSuffix(", 0000000000000000 in B") }, "\(result)")
    }

    @Test func aRunWithoutATraceComparesFramesOnlyAndAFrameInOneRunOnlyDiffers() async throws {
        let sandbox = try await makeRuns()
        try FileManager.default.removeItem(at: sandbox.file("copy/trace.jsonl"))
        var index = splitLines(try sandbox.read("copy/frames/frames.jsonl"))
        index.removeLast()
        try sandbox.write("copy/frames/frames.jsonl", index.joined(separator: "\n") + "\n")
        try FileManager.default.removeItem(at: sandbox.file("copy/frames/frame-000241.ppm"))
        let result = try await loopsim(["diff", "run", "copy/frames", "--out", "imgs"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("events: not compared: copy/frames has no trace") }, "\(result)")
        #expect(result.stdoutLines.contains("  frame 241 (on screen at 4.016666666s): only in A"), "\(result)")
        #expect(result.stdoutLines.contains("  frame 241: no images, as B has no frame file for it"), "\(result)")
        #expect(sandbox.files(under: "imgs").isEmpty)
    }

    @Test func framesOfDifferentSizesAreShownSideBySideWithoutADiff() async throws {
        let sandbox = try await makeRuns()
        try Data(PNMEncoder.p6(Bitmap(width: 4, height: 4, fill: Self.white), over: .black))
            .write(to: sandbox.file("copy/frames/frame-000241.ppm"))
        let result = try await loopsim(["diff", "run", "copy", "--out", "imgs"], in: sandbox.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines.contains("  frame 241: wrote imgs/frame-000241.side-by-side.png; no diff image: run/frames/frame-000241.ppm is 200×100, copy/frames/frame-000241.ppm 4×4"),
                "\(result)")
        #expect(sandbox.files(under: "imgs") == ["frame-000241.side-by-side.png"])
        let side = try decode(sandbox, "imgs/frame-000241.side-by-side.png")
        #expect(side.width == 8 + (200 + 8) + (BitmapFont.width(of: "B frame 241") + 8) && side.height == 8 + 11 + 100 + 8)
        #expect(side.pixel(8 + 60, 19 + 40) == Self.green && side.pixel(216, 19) == Self.white && side.pixel(216, 23) == RGBA8(r: 32, g: 32, b: 32))
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        BadInput(arguments: ["run", "nothere"], status: 66, mentions: ["nothere does not exist"]),
        BadInput(arguments: ["nothere.jsonl", "run"], status: 66, mentions: ["nothere.jsonl does not exist"]),
        BadInput(arguments: ["run", "broken.jsonl"], status: 2, mentions: ["broken.jsonl:2: not a trace event"]),
        BadInput(arguments: ["run", "empty"], status: 2, mentions: ["empty is not a run folder"]),
        BadInput(arguments: ["run", "badindex"], status: 2, mentions: ["badindex/frames/frames.jsonl:1:"]),
    ]

    @Test(arguments: badInputs)
    func badInputIsOneLineNamingTheFile(_ c: BadInput) async throws {
        let sandbox = try await makeRuns()
        let first = splitLines(try sandbox.read("run/trace.jsonl"))[0]
        try sandbox.write("broken.jsonl", first + "\n{\"t\":0,\"ev\":\"nope\"}\n")
        try FileManager.default.createDirectory(at: sandbox.file("empty"), withIntermediateDirectories: true)
        try sandbox.write("badindex/frames/frames.jsonl", "{\"frame\":1}\n")
        let result = try await loopsim(["diff"] + c.arguments, in: sandbox.url)
        #expect(result.status == c.status, "\(result)")
        #expect(result.stdout.isEmpty, "inputs are read before anything is printed\n\(result)")
        #expect(result.stderrLines.count == 1, "one line\n\(result)")
        for fragment in c.mentions { #expect(result.stderr.contains(fragment), "\(fragment)\n\(result)") }
    }

    @Test func aFrameFileThatIsNotAPPMIsADataErrorWhenDrawingIt() async throws {
        let sandbox = try await makeRuns()
        try sandbox.write("copy/frames/frame-000241.ppm", "P6\n200 100\n255\nxx")
        let result = try await loopsim(["diff", "run", "copy", "--out", "imgs"], in: sandbox.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("copy/frames/frame-000241.ppm is not a valid PNM image"), "\(result)")
    }

    static let usageErrors: [FramesCommandTests.UsageCase] = [
        .init(arguments: [], mentions: ["<a> <b>"]),
        .init(arguments: ["run"], mentions: ["<b>"]),
        .init(arguments: ["run", "copy", "third"], mentions: ["unexpected argument 'third'"]),
        .init(arguments: ["run", "tap-block-green.loop"], mentions: ["'tap-block-green.loop' is not a trace (.jsonl) or a run folder"]),
        .init(arguments: ["run", "copy", "--outt", "x"], mentions: ["--outt", "did you mean '--out'"]),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExitSixtyFour(_ c: FramesCommandTests.UsageCase) async throws {
        let sandbox = try await makeRuns()
        let result = try await loopsim(["diff"] + c.arguments, in: sandbox.url)
        expectUsageError(result, mentioning: c.mentions, seeHelpOf: "loopsim diff")
    }

    @Test(arguments: [["diff", "--help"], ["help", "diff"]])
    func helpDescribesInputsOutAndTheExitStatuses(_ arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(arguments, in: sandbox.url)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        for fragment in ["USAGE: loopsim diff <a> <b> [--out <dir>]", "<a> <b>", "run folders", "--out <dir>", "side-by-side", "66"] {
            #expect(result.stdout.contains(fragment), "help mentions \(fragment)\n\(result)")
        }
        let root = try await loopsim(["--help"], in: sandbox.url)
        #expect(root.stdoutLines.contains { $0.hasPrefix("  diff ") }, "\(root)")
    }
}
