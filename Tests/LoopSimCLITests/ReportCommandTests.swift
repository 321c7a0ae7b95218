import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim report` and the run folder `loopsim run` writes
/// (docs/guide/report.md): the files, the page's content, and bad input.
@Suite(.tags(.endToEnd)) struct ReportCommandTests {
    /// A sandbox holding `tap-block-green.loop`, run once with the server in a thread.
    static func ranTapBlockGreen(_ extra: [String] = []) async throws -> (Sandbox, CLIResult) {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        let result = try await loopsim(["run", "tap-block-green.loop", "--server", "thread", "--quiet", "--only", "warn"] + extra, in: sandbox.url)
        return (sandbox, result)
    }

    @Test func runWritesItsRunFolderBesideTheFramesWithTheGoldenTrace() async throws {
        let (sandbox, result) = try await Self.ranTapBlockGreen()
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("report:"), "no report without --report\n\(result)")
        #expect(sandbox.files(under: "loopsim-out/tap-block-green") == [
            "frames/frame-000001.ppm", "frames/frame-000241.ppm", "frames/frames.jsonl", "run.json", "scenario.loop", "trace.jsonl",
        ])
        let golden = try String(contentsOf: CLIPaths.traces.appendingPathComponent("render/tap-block-green.trace.jsonl"), encoding: .utf8)
        #expect(try sandbox.read("loopsim-out/tap-block-green/trace.jsonl") == golden, "the run folder's trace is the JSONL trace")
        #expect(try sandbox.read("loopsim-out/tap-block-green/scenario.loop") == sandbox.read("tap-block-green.loop"))
        let record = try #require(jsonObject(try sandbox.read("loopsim-out/tap-block-green/run.json")))
        #expect(record["scenario"] as? String == "tap-block-green.loop")
        #expect(record["passed"] as? Bool == true)
        #expect((record["expectations"] as? [Any])?.count == 6)
    }

    @Test func aTraceOptionNamingTheRunFoldersTraceIsWrittenOnce() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        let result = try await loopsim(["run", "tap-block-green.loop", "--server", "thread", "--trace", "loopsim-out/tap-block-green/trace.jsonl"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        let golden = try String(contentsOf: CLIPaths.traces.appendingPathComponent("render/tap-block-green.trace.jsonl"), encoding: .utf8)
        #expect(try sandbox.read("loopsim-out/tap-block-green/trace.jsonl") == golden)
    }

    @Test func noFramesMeansNoRunFolderUnlessAReportIsAskedFor() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        let plain = try await loopsim(["run", "tap-block-green.loop", "--server", "thread", "--frames", "none", "--only", "warn"], in: sandbox.url)
        #expect(plain.status == 0, "\(plain)")
        #expect(!sandbox.exists("loopsim-out"))
        let reported = try await loopsim(["run", "tap-block-green.loop", "--server", "none", "--report", "--only", "warn"], in: sandbox.url)
        #expect(reported.stdoutLines.last == "report: loopsim-out/tap-block-green/report.html", "\(reported)")
        let page = try sandbox.read("loopsim-out/tap-block-green/report.html")
        #expect(!page.contains("data:image/png"), "no frames to embed")
    }

    @Test func theReportIsOneSelfContainedPageWithFramesCausesAndFates() async throws {
        let (sandbox, ran) = try await Self.ranTapBlockGreen(["--report"])
        #expect(ran.stdoutLines.last == "report: loopsim-out/tap-block-green/report.html", "\(ran)")
        let result = try await loopsim(["report", "loopsim-out/tap-block-green", "--out", "page.html"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first?.hasPrefix("report: page.html (64 events, 2 frames, 6 expectations, ") == true, "\(result)")
        let page = try sandbox.read("page.html")
        #expect(page == (try sandbox.read("loopsim-out/tap-block-green/report.html")), "run --report and report write the same page")
        #expect(page.components(separatedBy: "data:image/png;base64,").count - 1 == 2, "one image per distinct frame")
        #expect(page.contains("commit: main thread blocked 3.000 s by `at 1s`"), "the hitch's cause")
        #expect(page.contains("expect never visible button.background == #ffff00ff"))
        #expect(page.contains("view button frame=(50,30,100,40) background=red"), "the scenario's source")
        for outside in ["src=\"http", "href=\"http", "<link", "@import", "url(http", "fetch("] {
            #expect(!page.contains(outside), "nothing outside the page: \(outside)")
        }
    }

    @Test func aFailedExpectationCarriesItsFates() async throws {
        let sandbox = try Sandbox()
        let scenario = try String(contentsOf: CLIPaths.traces.appendingPathComponent("render/tap-block-green.loop"), encoding: .utf8)
            + "expect visible button.background == yellow at=4.1s\n"
        try sandbox.write("tap.loop", scenario)
        let ran = try await loopsim(["run", "tap.loop", "--server", "thread", "--only", "warn", "--report"], in: sandbox.url)
        #expect(ran.status == 1, "\(ran)")
        let page = try sandbox.read("loopsim-out/tap/report.html")
        #expect(page.contains("\"passed\":false"))
        #expect(page.contains("yellow: set at 1.000 s in txn 2, overwritten at 4.000 s by green in the same transaction; never committed"))
    }

    @Test func maxFramesCapsTheFramesWithANote() async throws {
        let (sandbox, _) = try await Self.ranTapBlockGreen()
        let result = try await loopsim(["report", "loopsim-out/tap-block-green", "--max-frames", "1"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("1 frame of 2"), "\(result)")
        #expect(try sandbox.read("loopsim-out/tap-block-green/report.html").contains("showing 1 of 2 frames"))
    }

    @Test func aMissingFolderExits66() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["report", "nope"], in: sandbox.url)
        #expect(result.status == 66, "\(result)")
        #expect(result.stderrLines == ["Error: cannot read 'nope': No such file or directory"], "\(result)")
    }

    @Test(arguments: [
        (["report"], "missing expected argument '<run-dir>'"),
        (["report", "a", "b"], "unexpected argument 'b'"),
        (["report", "run", "--max-frames", "0"], "'--max-frames'"),
        (["report", "run", "--out", "page.txt"], "must end in .html"),
        (["report", "run", "--frames", "x"], "unknown option '--frames'"),
        (["report", "file.loop"], "is not a folder"),
    ])
    func usageErrorsExit64(arguments: [String], mention: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("run/trace.jsonl", "")
        try sandbox.write("file.loop", "run\n")
        expectUsageError(try await loopsim(arguments, in: sandbox.url), mentioning: [mention], seeHelpOf: "loopsim report")
    }

    @Test func badRunFoldersAreOneLineErrorsThatNameTheFile() async throws {
        let (sandbox, _) = try await Self.ranTapBlockGreen()
        try FileManager.default.copyItem(at: sandbox.file("loopsim-out/tap-block-green"), to: sandbox.file("badtrace"))
        try sandbox.write("badtrace/trace.jsonl", "{\"t\":0,\"iter\":0,\"ev\":\"log\",\"text\":\"x\"}\n{\"t\":\n")
        try FileManager.default.copyItem(at: sandbox.file("loopsim-out/tap-block-green"), to: sandbox.file("noframe"))
        try FileManager.default.removeItem(at: sandbox.file("noframe/frames/frame-000241.ppm"))
        try FileManager.default.copyItem(at: sandbox.file("loopsim-out/tap-block-green"), to: sandbox.file("badrecord"))
        try sandbox.write("badrecord/run.json", "{\"version\":1}")
        try FileManager.default.copyItem(at: sandbox.file("loopsim-out/tap-block-green"), to: sandbox.file("badppm"))
        try sandbox.write("badppm/frames/frame-000241.ppm", "P6\n200 100\n255\nxx")
        try sandbox.write("empty/readme.txt", "")
        for (folder, mention) in [("badtrace", "badtrace/trace.jsonl:2:6: not a trace event"), ("noframe", "lists frame-000241.ppm, which is not in noframe/frames"),
                                  ("badrecord", "badrecord/run.json: 'scenario' must be a string"),
                                  ("badppm", "badppm/frames/frame-000241.ppm is not a valid PNM image"),
                                  ("empty", "empty is not a run folder: it has no trace.jsonl")] {
            let result = try await loopsim(["report", folder], in: sandbox.url)
            #expect(result.status == 2, "\(folder): \(result)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(mention), "\(folder): \(result)")
            #expect(!sandbox.exists("\(folder)/report.html"), "\(folder): nothing written")
        }
    }
}
