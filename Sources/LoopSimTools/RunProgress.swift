import Foundation
import LoopSimTrace
import RunLoopKit
import Scenario

/// `loopsim run`'s live progress line on standard error
/// (`docs/guide/guard-rails.md`): the virtual time, its share of the run, the
/// commits and frames so far, and the speed as a multiple of real time,
/// rewritten in place (`\r`) on a terminal.
///
/// Wall time is read for this line only: the meter never feeds anything
/// back into the run, so traces and frames stay the same with or without it.
package enum RunProgress {
    /// Wall ns a run goes before its first line: a shorter run shows none.
    package static let delay: UInt64 = 1_000_000_000
    /// Wall ns between two updates.
    package static let interval: UInt64 = 100_000_000

    /// Whether a run shows the line: only when standard error is a
    /// terminal, without `--quiet`, and not when the trace itself is being
    /// printed on a terminal (the line would tear through it).
    package static func isShown(stderrIsTerminal: Bool, quiet: Bool, traceOnTerminal: Bool) -> Bool {
        stderrIsTerminal && !quiet && !traceOnTerminal
    }

    /// The line, without the `\r` and the clearing that frame it:
    /// `12.500 s of 60.000 s (21 %) · 750 commits · 750 frames · 3.2× real time`.
    /// `end` is the virtual time the run is expected to reach, when the
    /// file says (``expectedEnd(of:)``); `wallElapsed` is in ns.
    package static func line(virtual: Int64, end: Int64?, commits: Int, frames: Int, wallElapsed: UInt64) -> String {
        var s = String(format: "%.3f s", Double(virtual) / 1e9)
        if let end, end > 0 {
            let share = min(100, max(0, Double(virtual) / Double(end) * 100))
            s += String(format: " of %.3f s (%.0f %%)", Double(end) / 1e9, share)
        }
        s += " · \(commits) commit\(commits == 1 ? "" : "s") · \(frames) frame\(frames == 1 ? "" : "s")"
        if wallElapsed > 0 {
            s += String(format: " · %.1f× real time", Double(virtual) / Double(wallElapsed))
        }
        return s
    }

    /// The virtual time the file's top-level runs reach: `until=T` runs to
    /// T, `for=D` lasts D; nil when a run's end is not known in advance
    /// (`iterations=`, `until=idle`, a bare `run`).
    package static func expectedEnd(of file: ScenarioFile) -> Int64? {
        var t: Int64 = 0
        var any = false
        for case .run(let r) in file.statements {
            any = true
            switch r.limit {
            case .until(let end): t = max(t, end)
            case .duration(let d): t = VirtualTime.saturatingSum(t, d)
            case .iterations, .idle, .forever: return nil
            }
        }
        return any ? t : nil
    }
}

/// Counts commits and frames as the trace goes by and rewrites the progress
/// line at most every ``RunProgress/interval`` once ``RunProgress/delay``
/// has passed. The clock and the output are injected, for tests.
package final class ProgressMeter {
    private let end: Int64?
    private let clock: () -> UInt64
    private let write: (String) -> Void
    private let started: UInt64
    private var lastWrite: UInt64?
    package private(set) var commits = 0
    package private(set) var frames = 0
    /// Whether a line is on the terminal now.
    package private(set) var showing = false

    package init(end: Int64?, clock: @escaping () -> UInt64, write: @escaping (String) -> Void) {
        self.end = end
        self.clock = clock
        self.write = write
        started = clock()
    }

    /// Counts `event`, and rewrites the line when it is due.
    package func note(_ event: TraceEvent) {
        switch event.kind {
        case .commit: commits += 1
        case .frame: frames += 1
        default: break
        }
        let now = clock()
        let elapsed = now &- started
        guard elapsed >= RunProgress.delay else { return }
        if let lastWrite, now &- lastWrite < RunProgress.interval { return }
        lastWrite = now
        showing = true
        write("\r" + RunProgress.line(virtual: event.t, end: end, commits: commits, frames: frames, wallElapsed: elapsed) + "\u{1B}[K")
    }

    /// Clears the line, so what follows starts on a clean line.
    package func finish() {
        if showing { write("\r\u{1B}[K") }
        showing = false
    }
}
