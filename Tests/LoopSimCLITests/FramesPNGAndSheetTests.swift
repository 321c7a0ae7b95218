import Foundation
import LoopSimTestSupport
import Raster
import RenderModel
import Testing

/// `frames png` with ranges, `all` and `--scale`, `frames sheet`, and run
/// folders in place of frames folders, on `FramesCommandTests.makeFolder()`:
/// frame 1 (8×6 red, on screen at 16 666 666 ns) and frame 241 (a 3×2 green
/// rectangle at (2, 1), on screen at 4 016 666 666 ns). Every image is
/// decoded back and checked by its pixels.
@Suite(.tags(.endToEnd)) struct FramesPNGAndSheetTests {
    static let red = FramesCommandTests.red, green = FramesCommandTests.green

    func decode(_ sandbox: Sandbox, _ relative: String) throws -> DecodedPNG {
        try inflatePNG([UInt8](try Data(contentsOf: sandbox.file(relative))))
    }

    // MARK: png

    @Test func pngAllWritesEveryFrameIntoTheFolderScaledUpNearestNeighbour() async throws {
        let sandbox = try FramesCommandTests.makeFolder()
        let result = try await loopsim(["frames", "frames", "png", "all", "--out", "pngs", "--scale", "3"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["wrote 2 PNG files to pngs (frames 1…241, scaled ×3)"], "\(result)")
        #expect(sandbox.files(under: "pngs") == ["frame-000001.png", "frame-000241.png"])
        let one = try decode(sandbox, "pngs/frame-000001.png"), two = try decode(sandbox, "pngs/frame-000241.png")
        #expect(one.width == 24 && one.height == 18 && two.width == 24 && two.height == 18)
        #expect(one.pixels.allSatisfy { $0 == Self.red })
        // Source (2, 1) is green: the block x 6…8, y 3…5; (1, 1) is red: x 3…5.
        #expect(two.pixel(6, 3) == Self.green && two.pixel(8, 5) == Self.green && two.pixel(14, 8) == Self.green)
        #expect(two.pixel(5, 3) == Self.red && two.pixel(6, 2) == Self.red && two.pixel(15, 3) == Self.red && two.pixel(6, 9) == Self.red)
    }

    @Test func aRangeTakesTheFramesWhoseIndexIsInItAndShrinkingAveragesBlocks() async throws {
        let sandbox = try FramesCommandTests.makeFolder()
        let result = try await loopsim(["frames", "frames", "png", "2-300", "--out", "some", "--scale", "1/2"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(sandbox.files(under: "some") == ["frame-000241.png"], "frame 1 is outside 2-300")
        let small = try decode(sandbox, "some/frame-000241.png")
        #expect(small.width == 4 && small.height == 3)
        // Block x 2…3, y 0…1: two red and two green pixels, averaged with rounding.
        #expect(small.pixel(1, 0) == RGBA8(r: 128, g: 128, b: 0))
        #expect(small.pixel(0, 0) == Self.red && small.pixel(3, 2) == Self.red)

        let one = try await loopsim(["frames", "frames", "png", "1", "--out", "big.png", "--scale", "4"], in: sandbox.url)
        #expect(one.status == 0 && one.stdout.hasPrefix("wrote big.png (32×24, "), "\(one)")
        #expect(try decode(sandbox, "big.png").width == 32)
    }

    @Test func aRangeWithNoFrameOrAnOutThatIsAFileIsADataError() async throws {
        let sandbox = try FramesCommandTests.makeFolder()
        let none = try await loopsim(["frames", "frames", "png", "300-400", "--out", "x"], in: sandbox.url)
        #expect(none.status == 2, "\(none)")
        #expect(none.stderrLines == ["Error: no frame in 300-400 in frames (it has 2 frames, 1…241); nothing written"], "\(none)")
        #expect(!sandbox.exists("x"))
        let onFile = try await loopsim(["frames", "frames", "png", "all", "--out", "small.ppm"], in: sandbox.url)
        #expect(onFile.status == 2 && onFile.stderr.contains("--out small.ppm is a file"), "\(onFile)")
    }

    // MARK: Run folders

    @Test func aRunFolderStandsForItsFramesFolder() async throws {
        let sandbox = try FramesCommandTests.makeFolder()
        try FileManager.default.createDirectory(at: sandbox.file("run"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: sandbox.file("frames"), to: sandbox.file("run/frames"))
        let list = try await loopsim(["frames", "run", "list"], in: sandbox.url)
        #expect(list.status == 0, "\(list)")
        #expect(list.stdoutLines.last == "2 frames in run/frames/frames.jsonl, on screen from 0.016666666s to 4.016666666s", "\(list)")
        let pixel = try await loopsim(["frames", "run", "pixel", "3", "1", "--at", "5s"], in: sandbox.url)
        #expect(pixel.stdout.hasPrefix("#00ff00 at (3, 1) in frame 241 (run/frames/frame-000241.ppm"), "\(pixel)")
        let png = try await loopsim(["frames", "run", "png", "1", "--out", "one.png"], in: sandbox.url)
        #expect(png.status == 0, "\(png)")
        #expect(try decode(sandbox, "one.png").pixel(0, 0) == Self.red)
    }

    // MARK: sheet

    /// The sheet of the two 8×6 frames: thumbnails ×20 (160×120) in cells
    /// 162 wide, 8 apart, after an 8-pixel margin and the title line.
    @Test func theSheetPlacesEachThumbnailAndItsVsyncAndTimeLabel() async throws {
        let sandbox = try FramesCommandTests.makeFolder()
        let result = try await loopsim(["frames", "frames", "sheet", "--out", "sheet.png"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["wrote sheet.png (348×172): 2 frames, vsync 1 to 241, in 2 columns and 1 row; thumbnails 160×120 (×20)"], "\(result)")
        let sheet = try decode(sandbox, "sheet.png")
        #expect(sheet.width == 348 && sheet.height == 172)
        let background = RGBA8(r: 32, g: 32, b: 32), border = RGBA8(r: 128, g: 128, b: 128)
        #expect(sheet.pixel(0, 0) == background && sheet.pixel(347, 171) == background)
        // Title at (8, 8); cells from y = 8 + 7 + 8 = 23; thumbnails inside a 1-pixel border.
        #expect(sheet.pixel(8, 23) == border && sheet.pixel(169, 144) == border && sheet.pixel(178, 23) == border)
        #expect(sheet.pixel(9, 24) == Self.red && sheet.pixel(168, 143) == Self.red)
        // Frame 241's green (2…4, 1…2) ×20 from (179, 24): x 219…278, y 44…83.
        #expect(sheet.pixel(219, 44) == Self.green && sheet.pixel(278, 83) == Self.green)
        #expect(sheet.pixel(218, 44) == Self.red && sheet.pixel(279, 83) == Self.red && sheet.pixel(219, 84) == Self.red)
        // The labels, 3 pixels under the border: the same pixels as the font draws.
        try expectLabel(sheet, ["vsync 1", "0.016666666s"], x: 8, y: 148)
        try expectLabel(sheet, ["vsync 241", "4.016666666s"], x: 178, y: 148)
        try expectLabel(sheet, ["frames: 2 frames"], x: 8, y: 8)
    }

    /// The region of `sheet` at (x, y) holds exactly `lines` as BitmapFont
    /// draws them in the sheet's text colour over its background, 9 pixels apart.
    func expectLabel(_ sheet: DecodedPNG, _ lines: [String], x: Int, y: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let width = lines.map { BitmapFont.width(of: $0) }.max()!, height = lines.count * 9 - 2
        var expected = Bitmap(width: width, height: height, fill: RGBA8(r: 32, g: 32, b: 32))
        for (n, line) in lines.enumerated() {
            BitmapFont.draw(line, into: &expected, x: 0, y: n * 9, color: RGBA8(r: 230, g: 230, b: 230))
        }
        var ink = 0
        for row in 0..<height {
            for column in 0..<width {
                let want = expected[column, row]
                if want != RGBA8(r: 32, g: 32, b: 32) { ink += 1 }
                if sheet.pixel(x + column, y + row) != want {
                    Issue.record("label \(lines) differs at (\(x + column), \(y + row))", sourceLocation: sourceLocation)
                    return
                }
            }
        }
        #expect(ink > 20 * lines.count, "the label has ink", sourceLocation: sourceLocation)
    }

    struct SelectionCase: Sendable, CustomTestStringConvertible {
        var options: [String]
        var vsyncs: String
        var testDescription: String { options.joined(separator: " ") }
    }

    static let selections: [SelectionCase] = [
        SelectionCase(options: ["--from", "2"], vsyncs: "vsync 241"),
        SelectionCase(options: ["--to", "240"], vsyncs: "vsync 1"),
        SelectionCase(options: ["--every", "2"], vsyncs: "vsync 1"),
        SelectionCase(options: ["--from", "4s"], vsyncs: "vsync 1 to 241"),       // frame 1 is on screen at 4 s
        SelectionCase(options: ["--from", "4.1s"], vsyncs: "vsync 241"),
        SelectionCase(options: ["--to", "4016666665ns"], vsyncs: "vsync 1"),
        SelectionCase(options: ["--from", "0", "--to", "1min"], vsyncs: "vsync 1 to 241"),
    ]

    @Test(arguments: selections)
    func fromToAndEveryPickTheFrames(_ c: SelectionCase) async throws {
        let sandbox = try FramesCommandTests.makeFolder()
        let result = try await loopsim(["frames", "frames", "sheet", "--out", "s.png"] + c.options, in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("frame\(c.vsyncs.contains(" to ") ? "s" : ""), \(c.vsyncs), in "), "\(result)")
    }

    @Test func columnsStacksTheThumbnails() async throws {
        let sandbox = try FramesCommandTests.makeFolder()
        let result = try await loopsim(["frames", "frames", "sheet", "--out", "s.png", "--columns", "1"], in: sandbox.url)
        #expect(result.status == 0 && result.stdout.contains("in 1 column and 2 rows"), "\(result)")
        let sheet = try decode(sandbox, "s.png")
        #expect(sheet.width == 178 && sheet.height == 172 + 141 + 8)
        // The second cell starts at y = 23 + 141 + 8 = 172: frame 241's green at (9 + 40, 173 + 20).
        #expect(sheet.pixel(49, 193) == Self.green && sheet.pixel(49, 44) == Self.red)
    }

    @Test func sheetDataErrorsNameTheFolderOrFile() async throws {
        let sandbox = try FramesCommandTests.makeFolder()
        let empty = try await loopsim(["frames", "frames", "sheet", "--out", "s.png", "--from", "300"], in: sandbox.url)
        #expect(empty.status == 2 && empty.stderr.contains("no frame of frames is within --from and --to"), "\(empty)")
        try Data(PNMEncoder.p6(Bitmap(width: 4, height: 4, fill: Self.red), over: .black))
            .write(to: sandbox.file("frames/frame-000241.ppm"))
        let sizes = try await loopsim(["frames", "frames", "sheet", "--out", "s.png"], in: sandbox.url)
        #expect(sizes.status == 2 && sizes.stderr.contains("frames/frame-000241.ppm is 4×4 but frames/frame-000001.ppm is 8×6"), "\(sizes)")
        try sandbox.write("frames/frame-000241.ppm", "P6\n8 6\n255\nxx")
        let broken = try await loopsim(["frames", "frames", "sheet", "--out", "s.png"], in: sandbox.url)
        #expect(broken.status == 2 && broken.stderr.contains("frames/frame-000241.ppm is not a valid PNM image"), "\(broken)")
        try FileManager.default.removeItem(at: sandbox.file("frames/frames.jsonl"))
        let untimed = try await loopsim(["frames", "frames", "sheet", "--out", "s.png", "--to", "1s"], in: sandbox.url)
        #expect(untimed.status == 2 && untimed.stderr.contains("frames/frames.jsonl is missing"), "\(untimed)")
        #expect(!sandbox.exists("s.png"), "nothing is written on an error")
    }

    static let usageErrors: [FramesCommandTests.UsageCase] = [
        .init(arguments: ["frames", "png", "5-1", "--out", "x"], mentions: ["'5-1' is empty"]),
        .init(arguments: ["frames", "png", "1-x", "--out", "x"], mentions: ["'1-x' is invalid"]),
        .init(arguments: ["frames", "png", "1", "--out", "x.png", "--scale", "0"], mentions: ["'0'", "--scale"]),
        .init(arguments: ["frames", "png", "1", "--out", "x.png", "--scale", "1/65"], mentions: ["'1/65'", "1 to 64"]),
        .init(arguments: ["frames", "png", "1", "--out", "x.png", "--scale", "2.5"], mentions: ["'2.5'"]),
        .init(arguments: ["frames", "list", "--scale", "2"], mentions: ["'--scale' only applies to 'png'"]),
        .init(arguments: ["frames", "sheet"], mentions: ["--out"]),
        .init(arguments: ["frames", "sheet", "--out", "s.jpg"], mentions: ["s.jpg", ".png"]),
        .init(arguments: ["frames", "sheet", "--out", "s.png", "--every", "0"], mentions: ["'0'", "--every"]),
        .init(arguments: ["frames", "sheet", "--out", "s.png", "--columns", "x"], mentions: ["'x'", "--columns"]),
        .init(arguments: ["frames", "sheet", "--out", "s.png", "--from", "5", "--to", "2"], mentions: ["'--from 5' is after '--to 2'"]),
        .init(arguments: ["frames", "sheet", "--out", "s.png", "--from", "2x"], mentions: ["'2x'", "--from"]),
        .init(arguments: ["frames", "sheet", "--out", "s.png", "extra"], mentions: ["unexpected argument 'extra'"]),
        .init(arguments: ["frames", "png", "1", "--out", "x.png", "--every", "2"], mentions: ["'--every' only applies to 'sheet'"]),
    ]

    @Test(arguments: usageErrors)
    func badRangesScalesAndSheetOptionsAreUsageErrors(_ c: FramesCommandTests.UsageCase) async throws {
        let sandbox = try FramesCommandTests.makeFolder()
        let result = try await loopsim(["frames"] + c.arguments, in: sandbox.url)
        expectUsageError(result, mentioning: c.mentions, seeHelpOf: "loopsim frames")
    }
}
