import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim bench`'s output end to end: the text form and `--json` say
/// when the pixman peer is missing (docs/benchmarks.md); the formatting
/// itself is LoopSimBenchTests' `BenchTextTests`.
@Suite struct BenchTextOutputTests {
    @Test(.tags(.endToEnd)) func benchRasterWithoutPixmanSaysSoInTextAndOnStderrWithJSON() async throws {
        let sandbox = try Sandbox()
        let env = ["LOOPSIM_PIXMAN_BENCH": sandbox.file("no-such-pixman").path]
        let text = try await loopsim(["bench", "raster", "--runs", "1"], in: sandbox.url, environment: env, timeout: .seconds(120))
        #expect(text.status == 0, "\(text)")
        #expect(text.stdoutLines.first?.hasPrefix("raster.full-frame") == true, "\(text)")
        #expect(text.stdoutLines.first?.contains(" ms ") == true || text.stdoutLines.first?.contains(" µs ") == true, "readable units\n\(text)")
        #expect(text.stdoutLines.last?.hasPrefix("note: the pixman peer is missing") == true, "\(text)")
        let json = try await loopsim(["bench", "raster", "--runs", "1", "--json"], in: sandbox.url, environment: env, timeout: .seconds(120))
        #expect(json.status == 0, "\(json)")
        #expect(json.stdoutLines.count == 2 && json.stdoutLines.allSatisfy { jsonObject($0) != nil }, "stdout stays JSON\n\(json)")
        #expect(json.stderr.hasPrefix("note: the pixman peer is missing"), "\(json)")
    }
}
