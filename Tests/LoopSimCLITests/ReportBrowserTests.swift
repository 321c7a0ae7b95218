import Foundation
import Testing
import LoopSimTestSupport

/// The report in a real browser: headless Chromium loads the page, runs its
/// script, and the test reads the DOM it left (the filmstrip's images, the
/// timeline's `data-drawn` count) and takes a screenshot. Skipped, with a
/// message, where no Chromium is installed (`tools/install-chromium.sh`).
@Suite(.tags(.browser, .endToEnd)) struct ReportBrowserTests {
    /// `LOOPSIM_CHROMIUM`, or the first of the usual names on `PATH`.
    static let chromium: URL? = {
        let fm = FileManager.default
        // corelibs Foundation's isExecutableFile says yes for a missing file.
        func runnable(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue && fm.isExecutableFile(atPath: path)
        }
        if let named = ProcessInfo.processInfo.environment["LOOPSIM_CHROMIUM"], !named.isEmpty {
            return runnable(named) ? URL(fileURLWithPath: named) : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome-headless-shell"] {
            for dir in path.split(separator: ":") {
                let candidate = (String(dir) as NSString).appendingPathComponent(name)
                if runnable(candidate) { return URL(fileURLWithPath: candidate) }
            }
        }
        return nil
    }()

    static let skipMessage: Comment = "no headless Chromium found (install it with tools/install-chromium.sh, or set LOOPSIM_CHROMIUM)"

    /// Runs Chromium headless on `page` (a file) with `flags`; its virtual
    /// time budget lets the page's script run to the end.
    static func chrome(_ flags: [String], _ page: URL, in sandbox: Sandbox) async throws -> CLIResult {
        let binary = try #require(chromium)
        let args = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio", "--no-first-run",
                    "--user-data-dir=\(sandbox.file("chrome-profile").path)", "--virtual-time-budget=5000"] + flags + [page.absoluteString]
        return try await runProcess(binary, args, in: sandbox.url, environment: ProcessInfo.processInfo.environment, timeout: .seconds(90))
    }

    /// The integer in `name="N"` in `dom`, or nil.
    static func attribute(_ name: String, in dom: String) -> Int? {
        guard let range = dom.range(of: "\(name)=\"") else { return nil }
        return Int(dom[range.upperBound...].prefix { $0.isNumber })
    }

    @Test(.enabled(if: chromium != nil, skipMessage))
    func theFilmstripShowsEveryFrameAndTheTimelineDrew() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        let ran = try await loopsim(["run", "tap-block-green.loop", "--server", "thread", "--quiet", "--only", "warn", "--report"], in: sandbox.url)
        #expect(ran.status == 0, "\(ran)")
        let page = sandbox.file("loopsim-out/tap-block-green/report.html")
        let dump = try await Self.chrome(["--dump-dom"], page, in: sandbox)
        #expect(dump.status == 0, "\(dump)")
        let dom = dump.stdout
        #expect(dom.contains("data-ready=\"1\""), "the script ran to the end\n\(dom.prefix(2000))")
        #expect(!dom.contains("data-error="), "the script threw\n\(dom.prefix(4000))")
        #expect(Self.attribute("data-images", in: dom) == 2, "the filmstrip shows both frames")
        #expect(dom.components(separatedBy: "<button class=\"thumb\"").count - 1 == 2)
        let drawn = try #require(Self.attribute("data-drawn", in: dom), "the timeline wrote its count")
        #expect(drawn >= 10, "passes, callouts, the block, sets, commits, frames and transactions were drawn: \(drawn)")
        #expect(dom.contains("commit: main thread blocked 3.000 s by `at 1s`"), "the hitch table is filled in")
        #expect(dom.contains("class=\"tag pass\""), "the expectations are listed")

        let shot = sandbox.file("report.png")
        let taken = try await Self.chrome(["--window-size=1400,1600", "--screenshot=\(shot.path)"], page, in: sandbox)
        #expect(taken.status == 0, "\(taken)")
        let png = try [UInt8](Data(contentsOf: shot))
        #expect(png.count > 20_000 && png.starts(with: [0x89, 0x50, 0x4e, 0x47]), "a PNG screenshot: \(png.count) bytes")
        if let keep = ProcessInfo.processInfo.environment["LOOPSIM_REPORT_SCREENSHOT"], !keep.isEmpty {
            try Data(png).write(to: URL(fileURLWithPath: keep))
        }
    }

    @Test(.enabled(if: chromium != nil, skipMessage))
    func aCappedFilmstripAndAZoomedTimelineWithItsVsyncs() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("animations/spinner-blocked.loop", to: "spinner-blocked.loop")
        let ran = try await loopsim(["run", "spinner-blocked.loop", "--server", "thread", "--quiet", "--only", "warn"], in: sandbox.url)
        #expect(ran.status == 0, "\(ran)")
        let report = try await loopsim(["report", "loopsim-out/spinner-blocked", "--max-frames", "40"], in: sandbox.url)
        #expect(report.status == 0, "\(report)")
        var page = URLComponents(url: sandbox.file("loopsim-out/spinner-blocked/report.html"), resolvingAgainstBaseURL: false)!
        page.fragment = "t=2,2.1"
        let dump = try await Self.chrome(["--dump-dom"], page.url!, in: sandbox)
        let dom = dump.stdout
        #expect(dom.contains("data-ready=\"1\"") && !dom.contains("data-error="), "\(dom.prefix(3000))")
        #expect(Self.attribute("data-images", in: dom) == 40, "the filmstrip holds the 40 frames chosen")
        #expect(dom.contains("showing 40 of 235 frames"), "the cap is said")
        let vsyncs = try #require(Self.attribute("data-vsyncs", in: dom))
        #expect((6...7).contains(vsyncs), "0.1 s at 60 Hz shows each vsync: \(vsyncs)")
    }
}
