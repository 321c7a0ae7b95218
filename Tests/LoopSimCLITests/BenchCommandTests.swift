import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim bench [NAME…] [--json]`. Wall-clock figures are only checked
/// for shape, never for speed: this is a debug build on a shared machine.
@Suite(.tags(.endToEnd)) struct BenchCommandTests {
    @Test func runloopJSONPrintsOneObjectPerLineWithPercentilesAndPeerRatio() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["bench", "runloop", "--json", "--runs", "5"], in: sandbox.url, timeout: .seconds(150))
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let lines = result.stdoutLines
        #expect(!lines.isEmpty, "\(result)")
        var names: [String] = []
        for line in lines {
            guard let object = jsonObject(line) else {
                Issue.record("not one JSON object per line: \(line)")
                continue
            }
            let name = object["name"] as? String
            #expect(name?.hasPrefix("runloop.") == true, "\(line)")
            names.append(name ?? "")
            #expect((object["unit"] as? String)?.isEmpty == false, "\(line)")
            let p50 = (object["p50"] as? NSNumber)?.doubleValue
            let p90 = (object["p90"] as? NSNumber)?.doubleValue
            let p99 = (object["p99"] as? NSNumber)?.doubleValue
            guard let p50, let p90, let p99 else {
                Issue.record("p50, p90 and p99 are numbers: \(line)")
                continue
            }
            #expect(p50 > 0 && p50 <= p90 && p90 <= p99, "percentiles are positive and ordered: \(line)")
            let peer = (object["peer"] as? NSNumber)?.doubleValue
            let ratio = (object["ratio"] as? NSNumber)?.doubleValue
            guard let peer, let ratio else {
                Issue.record("a comparison has peer and ratio: \(line)")
                continue
            }
            // ratio = peer / p50 (above 1: LoopSim is faster); the printed
            // figures are rounded to one decimal.
            #expect(abs(ratio - peer / p50) <= 0.06 + 0.01 * ratio + 0.05 * peer / (p50 * p50), "ratio is peer/p50: \(line)")
        }
        #expect(Set(names).count == names.count, "each benchmark once: \(names)")
        for wanted in ["runloop.observers6", "runloop.timer", "runloop.source0", "runloop.block"] {
            #expect(names.contains(wanted), "missing \(wanted) in \(names)")
        }
    }

    @Test func filterAndNoPeerSelectOneBenchmarkWithoutComparison() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["bench", "runloop", "--json", "--runs", "5", "--no-peer", "--filter", "source0"],
                                       in: sandbox.url, timeout: .seconds(60))
        #expect(result.status == 0, "\(result)")
        let lines = result.stdoutLines
        #expect(lines.count == 1, "\(result)")
        let object = try #require(jsonObject(lines.first ?? ""), "\(result)")
        #expect(object["name"] as? String == "runloop.source0")
        #expect(object["ratio"] == nil, "--no-peer measures no peer: \(lines[0])")
    }

    @Test func withoutJSONItPrintsATableLinePerBenchmark() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["bench", "--runs", "5", "--no-peer", "--filter", "block"], in: sandbox.url, timeout: .seconds(60))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == 1, "\(result)")
        let line = result.stdoutLines.first ?? ""
        #expect(line.hasPrefix("runloop.block") && line.contains("p50") && line.contains("p99"), "\(result)")
        #expect(jsonObject(line) == nil, "\(result)")
    }

    @Test("bench commit times a commit to the server's 'applied', per phase, beside the raw round trip and the vsync after it")
    func commitThroughTheSpawnedServer() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["bench", "commit", "--json", "--runs", "3", "--filter", "1k"], in: sandbox.url, timeout: .seconds(120))
        #expect(result.status == 0, "\(result)")
        let objects = result.stdoutLines.compactMap(jsonObject)
        #expect(objects.compactMap { $0["name"] as? String } == ["commit.raw-round-trip", "commit.1k-layers-10-changed", "commit.1k-layers-10-changed.vsync"], "\(result)")
        let commit = try #require(objects.first { $0["name"] as? String == "commit.1k-layers-10-changed" })
        for phase in ["layout", "display", "prepare", "encode", "send", "decode", "apply", "reply"] {
            #expect((commit["\(phase)_p50"] as? NSNumber) != nil && (commit["\(phase)_p99"] as? NSNumber) != nil, "\(phase): \(commit)")
        }
        // The server measured its own decode and apply work.
        #expect(((commit["apply_p50"] as? NSNumber)?.doubleValue ?? 0) > 0, "\(commit)")
        #expect(((commit["ratio_to_raw_round_trip"] as? NSNumber)?.doubleValue ?? 0) > 0, "\(commit)")
    }

    @Test("bench --server none is a usage error: there is nothing to measure")
    func commitNeedsAServer() async throws {
        let sandbox = try Sandbox()
        let result = try await loopsim(["bench", "commit", "--server", "none"], in: sandbox.url, timeout: .seconds(30))
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--server none"), "\(result)")
    }
}
