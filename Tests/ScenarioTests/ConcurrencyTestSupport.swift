import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// What the concurrency checklist tests (docs/reference/concurrency.md, A8) share:
/// the scenario's head (`display hz=60`, a red `box`), a runner against the
/// render server on a thread, and the outline notation of the checklist.
enum ConcurrencyTests {
    static let head = """
        display size=(200,100) hz=60
        view box frame=(0,0,200,100) background=red

        """

    /// t0 = 1.005 s, the tap's time, off the 60 Hz vsync grid.
    static let t0: Int64 = 1_005_000_000

    static func run(_ body: String, failing: Bool = false, leaving: [String] = [],
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ScenarioOutcome {
        let source = head + body
        let file = try ScenarioParser.parse(source, path: "tasks.loop")
        let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(.renderServer), frames: nil)).run()
        if !failing {
            #expect(outcome.failure == nil, "\(outcome.failure.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
            #expect(outcome.allPassed, "\(outcome.expectations.filter { !$0.passed }.map { "\($0.summary): \($0.observed)" })",
                    sourceLocation: sourceLocation)
        }
        return quiescent(outcome, leaving: leaving, sourceLocation: sourceLocation)
    }

    /// The parse error of `body` after the head, if any.
    static func parseError(_ body: String) -> Diagnostic? {
        do {
            _ = try ScenarioParser.parse(head + body, path: "tasks.loop")
            return nil
        } catch {
            return error
        }
    }

    static let colours = ["#ffff00ff": "yellow", "#00ff00ff": "green", "#0000ffff": "blue", "#ff0000ff": "red"]

    /// The checklist's notation for the events at `t` (every time when
    /// nil): `event`, `T:NAME` (a timer), `J:TASK#N` (a job), `D` (another
    /// main-queue item), `BW`, `C[colours]` (a commit), `log:TEXT`.
    static func outline(_ outcome: ScenarioOutcome, at t: Int64? = nil) -> [String] {
        outcome.events.filter { t == nil || $0.t == t }.compactMap { e -> String? in
            switch e.kind {
            case .callout(.event, _, _): return "event"
            case .callout(.timer, let name, _): return "T:\(name)"
            case .callout(.mainQueue, let name, _):
                return name.hasPrefix("task ") ? "J:" + name.dropFirst(5) : "D"
            case .activity(.beforeWaiting, _): return "BW"
            case .commit(let c) where c.changed > 0:
                let values = (c.changes ?? []).map { change in
                    colours[String(change.split(separator: "=").last ?? "")] ?? change
                }
                return "C[\(values.joined(separator: ","))]"
            case .log(let text): return "log:\(text)"
            default: return nil
            }
        }
    }

    /// The `log` texts with their times, in order.
    static func logs(_ outcome: ScenarioOutcome) -> [(text: String, t: Int64)] {
        outcome.events.compactMap {
            if case .log(let text) = $0.kind { return (text, $0.t) }
            return nil
        }
    }

    /// The task events, as `(t, iter, kind)`.
    static func taskEvents(_ outcome: ScenarioOutcome) -> [TraceEvent] {
        outcome.events.filter { $0.kind.name.hasPrefix("task.") || $0.kind.name == "pool.busy" }
    }

    static func commitTimes(_ outcome: ScenarioOutcome) -> [Int64] {
        outcome.events.compactMap {
            if case .commit(let c) = $0.kind, c.changed > 0 { return $0.t }
            return nil
        }
    }

    /// The `task.suspend` events of task `id`.
    static func suspensions(_ outcome: ScenarioOutcome, task id: Int) -> [(t: Int64, on: TraceEvent.TaskReason, until: Int64?)] {
        outcome.events.compactMap {
            if case .taskSuspend(let task, _, let on, let until) = $0.kind, task == id { return ($0.t, on, until) }
            return nil
        }
    }

    /// Main jobs: (t, iter, callout name).
    static func jobs(_ outcome: ScenarioOutcome) -> [(t: Int64, iter: Int, name: String)] {
        outcome.events.compactMap {
            if case .callout(.mainQueue, let name, _) = $0.kind, name.hasPrefix("task ") { return ($0.t, $0.iter, String(name.dropFirst(5))) }
            return nil
        }
    }
}
