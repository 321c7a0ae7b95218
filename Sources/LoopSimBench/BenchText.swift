import Foundation

/// `loopsim bench`'s text output (`docs/internals/benchmarks.md`): one line per
/// benchmark with its percentiles in readable units (ns, µs, ms, s), the
/// peer's median and the ratio, and any other ratio the benchmark reports.
/// `--json` is ``BenchResult/json()``, unchanged.
package enum BenchText {
    /// `ns` nanoseconds in the unit that reads best: `840 ns`, `12.5 µs`,
    /// `3.02 ms`, `1.50 s` (three significant figures from µs on).
    package static func duration(_ ns: Double) -> String {
        let magnitude = abs(ns)
        if magnitude < 1_000 { return String(format: magnitude < 10 ? "%.1f ns" : "%.0f ns", ns) }
        if magnitude < 1_000_000 { return scaled(ns / 1_000, "µs") }
        if magnitude < 1_000_000_000 { return scaled(ns / 1_000_000, "ms") }
        return scaled(ns / 1_000_000_000, "s")
    }

    private static func scaled(_ v: Double, _ unit: String) -> String {
        let magnitude = abs(v)
        let format = magnitude < 10 ? "%.2f %@" : magnitude < 100 ? "%.1f %@" : "%.0f %@"
        return String(format: format, v, unit)
    }

    /// What one measurement is of, from the result's unit: `ns/pass` is
    /// `per pass`, `ns wall per 60 s` is `wall per 60 s`, `ns` is nothing.
    package static func per(_ unit: String) -> String {
        guard unit.hasPrefix("ns") else { return unit }
        let rest = unit.dropFirst(2)
        if rest.hasPrefix("/") { return "per " + rest.dropFirst() }
        return rest.trimmingCharacters(in: .whitespaces)
    }

    /// One line: `runloop.block  p50 112 ns  p90 130 ns  p99 210 ns  per pass  ·  Foundation.RunLoop p50 5.60 µs, ratio 50.0× (LoopSim faster)`.
    package static func line(_ r: BenchResult) -> String {
        var s = r.name.padding(toLength: max(38, r.name.count + 2), withPad: " ", startingAt: 0)
        s += ["p50", "p90", "p99"].enumerated().map { i, label in
            let v = [r.p50, r.p90, r.p99][i]
            return label + " " + duration(v).leftPadded(to: 9)
        }.joined(separator: "  ")
        let what = per(r.unit)
        if !what.isEmpty { s += "  " + what }
        var notes: [String] = []
        if let peer = r.peer, let ratio = r.ratio, let peerName = r.peerName {
            notes.append("\(peerName) p50 \(duration(peer)), ratio \(String(format: "%.1f", ratio))× (\(ratio >= 1 ? "LoopSim faster" : "\(peerName) faster"))")
        }
        for (key, value) in r.extra where key.contains("ratio") {
            notes.append(key.replacingOccurrences(of: "_", with: " ") + " " + value + "×")
        }
        if !notes.isEmpty { s += "  ·  " + notes.joined(separator: "; ") }
        return s
    }

    /// The note for a group whose peer was wanted and is missing, or nil:
    /// `raster` without `.build/bench-pixman`.
    package static func missingPeer(group: String, results: [BenchResult], peersWanted: Bool) -> String? {
        guard peersWanted, group == "raster",
              results.contains(where: { $0.name == "raster.full-frame" && $0.peer == nil }) else { return nil }
        return "note: the pixman peer is missing, so raster.full-frame has no ratio; build it with tools/bench-pixman.sh "
            + "(it installs Debian's libpixman-1-dev and writes .build/bench-pixman; LOOPSIM_PIXMAN_BENCH names another path), "
            + "then run 'loopsim bench raster' again (docs/internals/benchmarks.md)"
    }
}

extension String {
    /// Padded with spaces on the left to `width` characters.
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
