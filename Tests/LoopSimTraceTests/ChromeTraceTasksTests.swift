import Foundation
import Testing
@testable import LoopSimTrace

/// The Chrome form of the task events (docs/guide/trace-format.md §4): each task
/// an async slice, each main job a slice inside its `mainQueue` callout,
/// each pool job a slice on the lowest free "cooperative pool" row.
@Suite struct ChromeTraceTasksTests {
    static let events: [TraceEvent] = [
        TraceEvent(t: 0, iter: 1, .taskCreate(task: 1, name: "t", kind: .task, isolation: .main, parent: nil)),
        TraceEvent(t: 0, iter: 1, .taskCreate(task: 2, name: "d", kind: .detached, isolation: .pool, parent: nil)),
        TraceEvent(t: 0, iter: 1, .taskCreate(task: 3, name: "e", kind: .detached, isolation: .pool, parent: nil)),
        TraceEvent(t: 0, iter: 1, .taskEnqueue(task: 1, job: 1, executor: .main, reason: .start)),
        TraceEvent(t: 0, iter: 2, .callout(kind: .mainQueue, name: "task t#1")),
        TraceEvent(t: 0, iter: 2, .taskRun(task: 1, job: 1, executor: .main)),
        TraceEvent(t: 0, iter: 2, .taskSuspend(task: 1, job: 1, on: .yield, until: nil)),
        TraceEvent(t: 0, iter: 2, .calloutEnd(kind: .mainQueue, name: "task t#1")),
        TraceEvent(t: 0, iter: 3, .taskRun(task: 2, job: 1, executor: .pool)),
        TraceEvent(t: 0, iter: 3, .poolBusy(task: 2, job: 1, duration: 5_000)),
        TraceEvent(t: 0, iter: 3, .taskRun(task: 3, job: 1, executor: .pool)),
        TraceEvent(t: 5_000, iter: 3, .taskEnd(task: 2, result: .returned, jobs: 1)),
        TraceEvent(t: 6_000, iter: 3, .taskEnd(task: 3, result: .returned, jobs: 1)),
        TraceEvent(t: 7_000, iter: 4, .callout(kind: .mainQueue, name: "task t#2")),
        TraceEvent(t: 7_000, iter: 4, .taskRun(task: 1, job: 2, executor: .main)),
        TraceEvent(t: 7_000, iter: 4, .taskEnd(task: 1, result: .cancelled, jobs: 2)),
        TraceEvent(t: 7_000, iter: 4, .calloutEnd(kind: .mainQueue, name: "task t#2")),
    ]

    @Test("each task is an async slice b/e with its id; jobs are slices on main and on the pool rows, B/E paired per row")
    func tasksAndJobs() throws {
        let all = try ChromeTraceTracksTests.parse(ChromeTraceWriter.render(Self.events))
        let tasks = all.filter { ($0["cat"] as? String) == "task" }
        let async = tasks.filter { ["b", "e"].contains($0["ph"] as? String) }
        #expect(async.map { "\($0["ph"]!) \($0["name"]!) \($0["id"]!)" } ==
                ["b task t 1", "b task d 2", "b task e 3", "e task d 2", "e task e 3", "e task t 1"])
        let rows = all.filter { ($0["ph"] as? String) == "M" && (($0["args"] as? [String: Any])?["name"] as? String)?.hasPrefix("cooperative pool") == true }
        #expect(rows.compactMap { ChromeTraceTracksTests.number($0["tid"]) } == [10, 11])
        let poolSlices = tasks.filter { ["B", "E"].contains($0["ph"] as? String) && ChromeTraceTracksTests.number($0["tid"]) != 1 }
        #expect(poolSlices.map { "\($0["ph"]!) \($0["name"]!) \(ChromeTraceTracksTests.number($0["tid"]) ?? 0)" } ==
                ["B task d#1 10.0", "B task e#1 11.0", "E task d#1 10.0", "E task e#1 11.0"])
        let mainJobs = tasks.filter { ["B", "E"].contains($0["ph"] as? String) && ChromeTraceTracksTests.number($0["tid"]) == 1 }
        #expect(mainJobs.map { "\($0["ph"]!) \($0["name"]!)" } == ["B task t#1", "E task t#1", "B task t#2", "E task t#2"])
        // The job slice closes inside its callout: B callout, B job, E job, E callout.
        let mainThread = all.filter { ChromeTraceTracksTests.number($0["tid"]) == 1 && ["B", "E"].contains($0["ph"] as? String) }
        let names = mainThread.map { "\($0["ph"]!) \($0["name"]!)" }
        #expect(Array(names.prefix(4)) == ["B mainQueue task t#1", "B task t#1", "E task t#1", "E mainQueue task t#1"])
    }
}

/// `--only task` and `--hide task` select the task family.
@Suite struct TaskTextFilterTests {
    @Test("the task family covers every task event and pool.busy, and nothing else")
    func taskFamily() throws {
        let filter = try TextTraceFilter(only: "task")
        for event in ChromeTraceTasksTests.events {
            let isTask = event.kind.name.hasPrefix("task.") || event.kind.name == "pool.busy"
            #expect(filter.shows(event.kind) == isTask, "\(event.kind.name)")
        }
        #expect(TextTraceFilter.validKinds.contains("task"))
        #expect(try !TextTraceFilter(hide: "task").shows(.poolBusy(task: 1, job: 1, duration: 1)))
    }
}
