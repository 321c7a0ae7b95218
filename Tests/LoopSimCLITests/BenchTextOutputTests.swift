import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim bench`'s output end to end: the text form and `--json` say
/// when the pixman peer is missing (docs/internals/benchmarks.md); the formatting
/// itself is LoopSimBenchTests' `BenchTextTests`.
@Suite struct BenchTextOutputTests {
    @Test(.tags(.endToEnd)) func benchRasterWithoutPixmanSaysSoInTextAndOnStderrWithJSON() async throws {
        let sandbox = try Sandbox()
        let env = ["LOOPSIM_PIXMAN_BENCH": sandbox.file("no-such-pixman").path]
        let text = try await loopsim(["bench", "raster", "--runs", "1"], in: sandbox.url, environment: env, timeout: .seconds(120))
        #expect(text.status == 0, "\(text)")
        #expect(text.stdoutLines.first?.hasPrefix("raster.full-frame") == true, "\(text)")
        // A readable unit, whichever the machine's speed gives (a loaded
        // machine's debug raster takes seconds): never raw nanoseconds.
        let p50 = text.stdoutLines.first.flatMap { $0.firstRange(of: #/p50\s+[0-9.]+ (ns|µs|ms|s) /#) }
        #expect(p50 != nil && text.stdoutLines.first?.contains(#/p50\s+[0-9]{5,} /#) == false, "readable units\n\(text)")
        #expect(text.stdoutLines.last?.hasPrefix("note: the pixman peer is missing") == true, "\(text)")
        let json = try await loopsim(["bench", "raster", "--runs", "1", "--json"], in: sandbox.url, environment: env, timeout: .seconds(120))
        #expect(json.status == 0, "\(json)")
        #expect(json.stdoutLines.count == 2 && json.stdoutLines.allSatisfy { jsonObject($0) != nil }, "stdout stays JSON\n\(json)")
        #expect(json.stderr.hasPrefix("note: the pixman peer is missing"), "\(json)")
    }
}
