import Foundation
import Testing

/// `--faults` on `loopsim run` and `loopsim test` (docs/reliability.md).
@Suite struct FaultsOptionTests {
    @Test func theSameSeedInjectsTheSameFaultsAndEndsTheSameWay() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/server-crash.loop", to: "server-crash.loop")
        var results: [(Int32, String)] = []
        for _ in 0..<2 {
            let r = try await loopsim(["run", "server-crash.loop", "--server", "thread", "--faults", "5", "--frames", "frames"], in: sandbox.url)
            let line = r.stderr.split(separator: "\n").first { $0.hasPrefix("faults (seed 5): ") }
            #expect(line != nil, "\(r)")
            results.append((r.status, String(line ?? "")))
        }
        #expect(results[0] == results[1])
    }

    @Test func theSweepPrintsItsTable() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        let result = try await loopsim(["test", "tap-block-green.loop", "--faults", "1-3"], in: sandbox.url)
        #expect(result.stdout.contains("| seeds tried | scenarios | runs | faults injected | runs identical |"), "\(result)")
        #expect(result.stdout.contains("| 1–3 (3) | 1 | 3 |"), "\(result)")
    }

    @Test func aSeedThatIsNotANumberIsAUsageError() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        let result = try await loopsim(["test", "tap-block-green.loop", "--faults", "3-1"], in: sandbox.url)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("'--faults'"), "\(result)")
    }
}
