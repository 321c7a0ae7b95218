import LoopSimBench
import LoopSimSystem
import LoopSimTools

/// `loopsim bench [NAME…] [--json] [--runs N]`: parses and checks the
/// options, then runs each group with ``BenchSuite`` (LoopSimBench) and
/// prints its results.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        summary: "Run the benchmarks (warm-up, N runs, percentiles).",
        abstract: "Run the benchmarks (warm-up, N runs, p50/p90/p99).",
        usage: "loopsim bench [<name> ...] [--json] [--runs <n>] [--no-peer] [--filter <text>] [--server <transport>]",
        arguments: [("<name>", "Benchmark groups to run (default: all but scale and animation): " + BenchSuite.groups.map(\.0).joined(separator: ", ") + ".")],
        options: [
            .flag("--json", "Print one JSON object per line (name, unit, p50, p90, p99, peer, ratio)."),
            .value("--runs", "<n>", "Timed runs per benchmark (default 200; scale: 60 s runs of each kind, default 5; animation: default 3)."),
            .flag("--no-peer", "Skip the comparisons with peers (Foundation, pixman)."),
            .value("--filter", "<text>", "Only benchmarks whose name contains <text>."),
            .value("--server", "<transport>", "For 'commit': spawn (default), thread or unix:PATH."),
        ],
        discussion: "Figures are wall-clock and noisy on shared machines; compare ratios measured in one run.")

    static func run(_ parsed: ParsedArguments) throws -> Int32 {
        var options = BenchSuite.Options(peers: !parsed.flags.contains("--no-peer"), filter: parsed.values["--filter"])
        if let r = parsed.values["--runs"] {
            guard let n = Int(r), n > 0, n <= 1_000_000 else { throw UsageError(message: "--runs needs a positive integer, got '\(r)'") }
            options.runs = n
        }
        let names = parsed.positionals.isEmpty ? BenchSuite.defaultGroups : parsed.positionals
        for n in names where !BenchSuite.groups.contains(where: { $0.0 == n }) {
            throw UsageError(message: "unknown benchmark '\(n)' (known: \(BenchSuite.groups.map(\.0).joined(separator: ", ")))")
        }
        let json = parsed.flags.contains("--json")
        let transport = try serverOption(parsed, default: .spawn)
        if transport == nil, names.contains("commit") {
            throw UsageError(message: "bench commit needs a render server; --server none has nothing to measure")
        }
        options.transport = transport ?? .spawn
        for name in names {
            let results: [BenchResult]
            do {
                results = try BenchSuite.run(name, options)
            } catch {
                printError("Error: \(error)")
                return ExitStatus.failure
            }
            for r in results {
                if json { printOut(r.json()) } else { printOut(BenchText.line(r)) }
            }
            // Standard output stays one JSON object per line with --json.
            if let note = BenchText.missingPeer(group: name, results: results, peersWanted: options.peers) {
                if json { printError(note) } else { printOut(note) }
            }
        }
        return ExitStatus.success
    }
}
