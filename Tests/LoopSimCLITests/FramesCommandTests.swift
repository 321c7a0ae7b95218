import Foundation
import Raster
import RenderModel
import Testing
import LoopSimTestSupport

/// `loopsim frames <dir> list|pixel|diff|png`, run as the built binary on a
/// frames folder the test writes: frame 1 (on screen at 16 666 666 ns) is an
/// 8×6 red frame, frame 241 (4 016 666 666 ns) the same with a 3×2 green
/// rectangle at (2, 1).
@Suite(.tags(.endToEnd)) struct FramesCommandTests {
    static let red = RGBA8(r: 255, g: 0, b: 0)
    static let green = RGBA8(r: 0, g: 255, b: 0)

    static var first: Bitmap { Bitmap(width: 8, height: 6, fill: red) }
    static var second: Bitmap {
        var b = first
        for y in 1...2 { for x in 2...4 { b[x, y] = green } }
        return b
    }

    /// A sandbox with `frames/` (two PPMs and frames.jsonl), `small.ppm`
    /// (4×4) and `broken.ppm` (a truncated raster).
    static func makeFolder() throws -> Sandbox {
        let sandbox = try Sandbox()
        let folder = sandbox.file("frames")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(PNMEncoder.p6(first, over: .black)).write(to: folder.appendingPathComponent("frame-000001.ppm"))
        try Data(PNMEncoder.p6(second, over: .black)).write(to: folder.appendingPathComponent("frame-000241.ppm"))
        try sandbox.write("frames/frames.jsonl", """
            {"frame":1,"present":16666666,"file":"frame-000001.ppm","hash":"\(first.contentHash)","txns":[1],"damage":[0,0,8,6]}
            {"frame":241,"present":4016666666,"file":"frame-000241.ppm","hash":"\(second.contentHash)","txns":[2,3],"damage":[2,1,3,2],"rects":[[2,1,1,1],[4,2,1,1]]}

            """)
        try Data(PNMEncoder.p6(Bitmap(width: 4, height: 4, fill: red), over: .black)).write(to: sandbox.file("small.ppm"))
        try sandbox.write("broken.ppm", "P6\n2 2\n255\nabc")
        return sandbox
    }

    // MARK: list

    @Test func listPrintsOneLinePerFrameWithTimeFileHashAndDamageThenASummary() async throws {
        let sandbox = try Self.makeFolder()
        let result = try await loopsim(["frames", "frames", "list"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let lines = result.stdoutLines
        #expect(lines.count == 4, "a header, two frames and a summary\n\(result)")
        let header = lines.first ?? ""
        for column in ["frame", "on screen", "file", "hash", "txns", "damage"] {
            #expect(header.contains(column), "\(result)")
        }
        let one = lines.first { $0.contains("frame-000001.ppm") } ?? ""
        #expect(one.hasPrefix("    1  "), "\(result)")
        #expect(one.contains("0.016666666s") && one.contains(Self.first.contentHash) && one.contains("x=0 y=0 w=8 h=6"), "\(result)")
        let two = lines.first { $0.contains("frame-000241.ppm") } ?? ""
        #expect(two.contains("4.016666666s") && two.contains(Self.second.contentHash) && two.contains("x=2 y=1 w=3 h=2 (2 rects)"), "\(result)")
        #expect(two.contains("  2,3  "), "the transactions it shows first\n\(result)")
        #expect(lines.last == "2 frames in frames/frames.jsonl, on screen from 0.016666666s to 4.016666666s", "\(result)")
    }

    @Test func listFallsBackToTheFrameFilesWithoutFramesJSONL() async throws {
        let sandbox = try Self.makeFolder()
        try FileManager.default.removeItem(at: sandbox.file("frames/frames.jsonl"))
        let result = try await loopsim(["frames", "frames", "list"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == 4, "\(result)")
        #expect(result.stdoutLines.dropFirst().first?.hasSuffix("frame-000001.ppm") == true, "\(result)")
        #expect(result.stdout.contains("2 frame files in frames; no frames.jsonl"), "\(result)")
    }

    @Test func listMarksAFileThatFramesJSONLNamesButIsMissing() async throws {
        let sandbox = try Self.makeFolder()
        try FileManager.default.removeItem(at: sandbox.file("frames/frame-000241.ppm"))
        let result = try await loopsim(["frames", "frames", "list"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.contains { $0.contains("frame-000241.ppm") && $0.contains("(file missing)") }, "\(result)")
        #expect(result.stdoutLines.last?.hasSuffix("; 1 file missing") == true, "\(result)")
    }

    // MARK: pixel

    struct PixelCase: Sendable, CustomTestStringConvertible {
        var x: Int, y: Int
        var at: String
        /// The expected line's start, or nil for "no frame on screen yet".
        var expected: String?
        var testDescription: String { "(\(x), \(y)) at \(at)" }
    }

    static let pixelCases: [PixelCase] = [
        PixelCase(x: 3, y: 1, at: "0", expected: nil),
        PixelCase(x: 3, y: 1, at: "100us", expected: nil),
        PixelCase(x: 3, y: 1, at: "16666665ns", expected: nil),
        PixelCase(x: 3, y: 1, at: "16666666ns", expected: "#ff0000 at (3, 1) in frame 1 (frames/frame-000001.ppm, on screen from 0.016666666s)"),
        PixelCase(x: 3, y: 1, at: "250ms", expected: "#ff0000 at (3, 1) in frame 1 "),
        PixelCase(x: 3, y: 1, at: "4.016666665s", expected: "#ff0000 at (3, 1) in frame 1 "),
        PixelCase(x: 3, y: 1, at: "4.016666666s", expected: "#00ff00 at (3, 1) in frame 241 (frames/frame-000241.ppm, on screen from 4.016666666s)"),
        PixelCase(x: 3, y: 1, at: "4.1s", expected: "#00ff00 at (3, 1) in frame 241 "),
        PixelCase(x: 0, y: 0, at: "4.1s", expected: "#ff0000 at (0, 0) in frame 241 "),
        PixelCase(x: 7, y: 5, at: "1min", expected: "#ff0000 at (7, 5) in frame 241 "),
        PixelCase(x: 4, y: 2, at: "4016.666666ms", expected: "#00ff00 at (4, 2) in frame 241 "),
    ]

    @Test(arguments: pixelCases)
    func pixelReadsTheFrameOnScreenAtTheTime(_ c: PixelCase) async throws {
        let sandbox = try Self.makeFolder()
        let result = try await loopsim(["frames", "frames", "pixel", String(c.x), String(c.y), "--at", c.at], in: sandbox.url)
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdoutLines.count == 1, "\(result)")
        if let expected = c.expected {
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasPrefix(expected), "\(result)")
        } else {
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.hasPrefix("no frame is on screen at "), "\(result)")
            #expect(result.stdout.contains("the first, frame 1 (frames/frame-000001.ppm), is on screen from 0.016666666s"), "\(result)")
        }
    }

    // MARK: diff

    @Test func diffOfEqualFramesReportsZeroAndWritesADimmedCopy() async throws {
        let sandbox = try Self.makeFolder()
        let result = try await loopsim(["frames", "frames", "diff", "1", "frame-000001.ppm", "--out", "same.ppm"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdoutLines.first == "0 of 48 pixels differ: frames/frame-000001.ppm and frames/frame-000001.ppm are identical", "\(result)")
        let image = try PNMDecoder.decode([UInt8](Data(contentsOf: sandbox.file("same.ppm"))))
        #expect(image == Bitmap(width: 8, height: 6, fill: RGBA8(r: 63, g: 0, b: 0)), "red at a quarter of its brightness")
    }

    @Test func diffOfDifferentFramesCountsThemNamesTheFirstAndDrawsThemInMagenta() async throws {
        let sandbox = try Self.makeFolder()
        let result = try await loopsim(["frames", "frames", "diff", "1", "241", "--out", "diff.ppm"], in: sandbox.url)
        #expect(result.status == 1, "differing frames exit 1, like diff(1)\n\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdoutLines == [
            "6 of 48 pixels differ between frames/frame-000001.ppm and frames/frame-000241.ppm",
            "first at (2, 1): #ff0000 in frames/frame-000001.ppm, #00ff00 in frames/frame-000241.ppm",
            "within x=2 y=1 w=3 h=2",
            "wrote diff.ppm: the differing pixels in magenta over frames/frame-000001.ppm at a quarter of its brightness",
        ], "\(result)")
        let image = try PNMDecoder.decode([UInt8](Data(contentsOf: sandbox.file("diff.ppm"))))
        var expected = Bitmap(width: 8, height: 6, fill: RGBA8(r: 63, g: 0, b: 0))
        for y in 1...2 { for x in 2...4 { expected[x, y] = RGBA8(r: 255, g: 0, b: 255) } }
        #expect(image == expected)

        let png = try await loopsim(["frames", "frames", "diff", "241", "1", "--out", "diff.png"], in: sandbox.url)
        #expect(png.status == 1, "\(png)")
        let bytes = [UInt8](try Data(contentsOf: sandbox.file("diff.png")))
        var fromB = Bitmap(width: 8, height: 6, fill: RGBA8(r: 63, g: 0, b: 0))
        for y in 1...2 { for x in 2...4 { fromB[x, y] = RGBA8(r: 255, g: 0, b: 255) } }
        #expect(bytes == PNGEncoder.encode(fromB), "a .png --out is the PNG of the same diff image")
    }

    @Test func diffWithoutOutWritesNothing() async throws {
        let sandbox = try Self.makeFolder()
        let result = try await loopsim(["frames", "frames", "diff", "241", "241"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == 1, "\(result)")
        #expect(sandbox.files(under: "").sorted() == ["broken.ppm", "frames/frame-000001.ppm", "frames/frame-000241.ppm",
                                                      "frames/frames.jsonl", "small.ppm"])
    }

    // MARK: png

    @Test func pngWritesTheFrameAsAPNGWithSignatureAndIHDR() async throws {
        let sandbox = try Self.makeFolder()
        let result = try await loopsim(["frames", "frames", "png", "241", "--out", "frame.png"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.hasPrefix("wrote frame.png (8×6, "), "\(result)")
        let bytes = [UInt8](try Data(contentsOf: sandbox.file("frame.png")))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(bytes[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8))
        #expect(Array(bytes[16..<29]) == [0, 0, 0, 8, 0, 0, 0, 6, 8, 2, 0, 0, 0], "8×6, depth 8, RGB")
        #expect(Array(bytes.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        #expect(bytes == PNGEncoder.encode(Self.second))

        let byPath = try await loopsim(["frames", "frames", "png", "frames/frame-000001.ppm", "--out", "one.png"], in: sandbox.url)
        #expect(byPath.status == 0, "\(byPath)")
        #expect([UInt8](try Data(contentsOf: sandbox.file("one.png"))) == PNGEncoder.encode(Self.first))
    }

    // MARK: Errors

    struct DataErrorCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// Text the one `Error:` line must contain.
        var mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let dataErrors: [DataErrorCase] = [
        DataErrorCase(arguments: ["diff", "1", "7"], mentions: ["frame 7", "frames/frames.jsonl", "frames/frame-000007.ppm"]),
        DataErrorCase(arguments: ["png", "9", "--out", "x.png"], mentions: ["frame 9", "frames/frames.jsonl"]),
        DataErrorCase(arguments: ["png", "nothere.ppm", "--out", "x.png"], mentions: ["nothere.ppm", "does not exist"]),
        DataErrorCase(arguments: ["diff", "1", "broken.ppm"], mentions: ["broken.ppm", "byte 14", "truncated raster"]),
        DataErrorCase(arguments: ["png", "broken.ppm", "--out", "x.png"], mentions: ["broken.ppm", "not a valid PNM image"]),
        DataErrorCase(arguments: ["diff", "1", "small.ppm"], mentions: ["frames/frame-000001.ppm (8×6)", "small.ppm (4×4)", "sizes differ"]),
        DataErrorCase(arguments: ["pixel", "8", "0", "--at", "1s"], mentions: ["(8, 0)", "outside frames/frame-000001.ppm", "8×6"]),
        DataErrorCase(arguments: ["pixel", "0", "6", "--at", "5s"], mentions: ["(0, 6)", "outside frames/frame-000241.ppm"]),
        DataErrorCase(arguments: ["diff", "1", "frames"], mentions: ["frames is a folder"]),
    ]

    @Test(arguments: dataErrors)
    func aDataErrorIsOneLineNamingTheFileWithExitTwo(_ c: DataErrorCase) async throws {
        let sandbox = try Self.makeFolder()
        let result = try await loopsim(["frames", "frames"] + c.arguments, in: sandbox.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines.count == 1, "one line\n\(result)")
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix("Error: "), "\(result)")
        for fragment in c.mentions {
            #expect(line.contains(fragment), "the error mentions \(fragment)\n\(result)")
        }
        #expect(!sandbox.exists("x.png"), "nothing is written on an error")
    }

    @Test func aMalformedFramesJSONLLineIsADataErrorNamingTheLine() async throws {
        let sandbox = try Self.makeFolder()
        try sandbox.write("frames/frames.jsonl", """
            {"frame":1,"present":16666666,"file":"frame-000001.ppm","hash":"0","damage":[0,0,8,6]}
            {"frame":241,"present":4.5,"file":"frame-000241.ppm"}

            """)
        let result = try await loopsim(["frames", "frames", "list"], in: sandbox.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines == ["Error: frames/frames.jsonl:2: 'present' must be a whole number of nanoseconds"], "\(result)")

        try sandbox.write("frames/frames.jsonl", "{\"frame\":1,\"present\":0,\"file\":\"../x.ppm\"}\n")
        let escape = try await loopsim(["frames", "frames", "pixel", "0", "0", "--at", "1s"], in: sandbox.url)
        #expect(escape.status == 2, "\(escape)")
        #expect(escape.stderr.contains("frames/frames.jsonl:1: 'file' must be the name of a file in the folder"), "\(escape)")

        for (line, message) in [("\"txns\":[\"a\"]", "'txns' must be a list of transaction ids"), ("\"rects\":[[1,2]]", "'rects' must be a list of [x, y, w, h]")] {
            try sandbox.write("frames/frames.jsonl", "{\"frame\":1,\"present\":0,\"file\":\"frame-000001.ppm\",\(line)}\n")
            let bad = try await loopsim(["frames", "frames", "list"], in: sandbox.url)
            #expect(bad.status == 2 && bad.stderrLines == ["Error: frames/frames.jsonl:1: \(message)"], "\(bad)")
        }
    }

    @Test func pixelWithoutFramesJSONLIsADataErrorAndAnEmptyFolderHasNoFrame() async throws {
        let sandbox = try Self.makeFolder()
        try FileManager.default.removeItem(at: sandbox.file("frames/frames.jsonl"))
        let result = try await loopsim(["frames", "frames", "pixel", "0", "0", "--at", "1s"], in: sandbox.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines == ["Error: frames/frames.jsonl is missing, so when each frame was on screen is unknown"], "\(result)")

        try FileManager.default.createDirectory(at: sandbox.file("empty"), withIntermediateDirectories: true)
        let empty = try await loopsim(["frames", "empty", "pixel", "0", "0", "--at", "1s"], in: sandbox.url)
        #expect(empty.status == 1, "\(empty)")
        #expect(empty.stdoutLines == ["no frame is on screen at 1s: empty has no frames"], "\(empty)")
        let list = try await loopsim(["frames", "empty", "list"], in: sandbox.url)
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.hasPrefix("no frames in empty"), "\(list)")
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var mentions: [String]
        var testDescription: String { arguments.isEmpty ? "(no arguments)" : arguments.joined(separator: " ") }
    }

    static let usageErrors: [UsageCase] = [
        UsageCase(arguments: [], mentions: ["<dir>"]),
        UsageCase(arguments: ["frames"], mentions: ["missing the action"]),
        UsageCase(arguments: ["list", "frames"], mentions: ["the folder comes first"]),
        UsageCase(arguments: ["small.ppm", "list"], mentions: ["'small.ppm' is not a folder"]),
        UsageCase(arguments: ["frames", "lst"], mentions: ["unknown action 'lst'", "did you mean 'list'"]),
        UsageCase(arguments: ["frames", "list", "extra"], mentions: ["unexpected argument 'extra'"]),
        UsageCase(arguments: ["frames", "pixel", "1", "--at", "1s"], mentions: ["<y>"]),
        UsageCase(arguments: ["frames", "pixel", "x", "1", "--at", "1s"], mentions: ["'x'", "<x>"]),
        UsageCase(arguments: ["frames", "pixel", "1", "2.5", "--at", "1s"], mentions: ["'2.5'", "<y>"]),
        UsageCase(arguments: ["frames", "pixel", "-1", "0", "--at", "1s"], mentions: ["'-1'", "negative"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1"], mentions: ["--at"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "4.1"], mentions: ["'4.1'", "needs a unit"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "1.5ns"], mentions: ["not a whole number of nanoseconds"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "-1s"], mentions: ["cannot be negative"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "+1s"], mentions: ["without a sign"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "1sec"], mentions: ["unknown unit 'sec'"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "1mn"], mentions: ["unknown unit 'mn'", "did you mean"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "2frames"], mentions: ["refresh rate"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "1."], mentions: ["expected a time like"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "9223372036.854775808s"], mentions: ["too large"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "99999999999999999999ns"], mentions: ["too large"]),
        UsageCase(arguments: ["frames", "list", "--at", "1s"], mentions: ["'--at' only applies to 'pixel'"]),
        UsageCase(arguments: ["frames", "pixel", "1", "1", "--at", "1s", "--out", "x.png"], mentions: ["'--out' only applies"]),
        UsageCase(arguments: ["frames", "diff", "1"], mentions: ["<b>"]),
        UsageCase(arguments: ["frames", "diff", "1", "241", "--out", "d.gif"], mentions: ["d.gif", ".ppm or .png"]),
        UsageCase(arguments: ["frames", "png", "1"], mentions: ["--out"]),
        UsageCase(arguments: ["frames", "png", "1", "--out", "x.ppm"], mentions: ["x.ppm", ".png"]),
        UsageCase(arguments: ["frames", "png", "1", "--out"], mentions: ["missing value for '--out'"]),
        UsageCase(arguments: ["frames", "list", "--outt", "x"], mentions: ["--outt", "did you mean '--out'"]),
        UsageCase(arguments: ["frames", "diff", "1", "241", "--out", "frames/frame-000241.ppm"], mentions: ["would overwrite"]),
    ]

    @Test(arguments: usageErrors)
    func aUsageErrorExitsSixtyFourAndPointsAtTheHelp(_ c: UsageCase) async throws {
        let sandbox = try Self.makeFolder()
        let result = try await loopsim(["frames"] + c.arguments, in: sandbox.url)
        expectUsageError(result, mentioning: c.mentions, seeHelpOf: "loopsim frames")
        #expect(result.stderr.contains("loopsim frames <dir> pixel <x> <y> --at <time>"), "\(result)")
    }

    @Test func theLargestTimeIsAccepted() async throws {
        let sandbox = try Self.makeFolder()
        let result = try await loopsim(["frames", "frames", "pixel", "0", "0", "--at", "9223372036.854775807s"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("#ff0000 at (0, 0) in frame 241 "), "\(result)")
    }

    // MARK: Help

    @Test(arguments: [["frames", "--help"], ["frames", "-h"], ["help", "frames"], ["frames", "frames", "list", "--help"]])
    func helpShowsOverviewUsageArgumentsAndOptions(_ arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(arguments, in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        for fragment in ["OVERVIEW: ", "USAGE: loopsim frames <dir> list", "pixel <x> <y> --at <time>", "ARGUMENTS:", "<dir>",
                         "OPTIONS:", "--at <time>", "--out <file>", "-h, --help", "Exit status"] {
            #expect(result.stdout.contains(fragment), "help mentions \(fragment)\n\(result)")
        }
    }

    @Test func theRootHelpListsFrames() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["--help"], in: sandbox.url)
        let subcommands = result.stdoutLines.drop { !$0.hasPrefix("SUBCOMMANDS:") }
        #expect(subcommands.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("frames ") }, "\(result)")
    }
}
