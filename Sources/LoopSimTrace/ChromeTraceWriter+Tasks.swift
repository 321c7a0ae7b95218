/// The Chrome form of the task events (`docs/reference/concurrency.md`): each task an
/// async slice from `task.create` to `task.end`, each main job a slice in
/// its `mainQueue` callout, each pool job a slice on a row of the
/// "cooperative pool" (one thread per core in use, the lowest free row
/// first).
extension ChromeTraceWriter {
    /// The first cooperative-pool row's thread; row k is this plus k.
    public static let poolThreadBase = 10

    /// What the writer remembers about tasks: names for the slices, and
    /// which pool row each running pool job occupies. Looked up by task id,
    /// never iterated.
    struct TaskTracks {
        var names: [Int: String] = [:]
        /// The row and slice name of the task's running pool job.
        var rowOf: [Int: (row: Int, name: String)] = [:]
        /// Whether each row is busy now.
        var rows: [Bool] = []
        /// The job of the task's running main job.
        var mainJob: [Int: Int] = [:]
    }
}

extension ChromeTraceWriter.Builder {
    mutating func addTaskEvent(_ e: TraceEvent, ts: Int64) {
        let main = ChromeTraceWriter.mainThread
        switch e.kind {
        case .taskCreate(let task, let name, _, _, _):
            tasks.names[task] = name
            asyncSlice(task: task, begin: true, ts: ts, e)
            instant(e, name: e.name, ts: ts, tid: main)
        case .taskRun(let task, let job, let executor):
            let name = "task \(tasks.names[task] ?? String(task))#\(job)"
            switch executor {
            case .main:
                tasks.mainJob[task] = job
                open(ChromeTraceWriter.OpenSlice(kind: .job(task: task), name: name, category: "task"), ts: ts, args: .fields(e))
            case .pool:
                let row = tasks.rows.firstIndex(of: false) ?? tasks.rows.count
                if row == tasks.rows.count {
                    tasks.rows.append(true)
                    metadata(name: "thread_name", tid: ChromeTraceWriter.poolThreadBase + row, value: "cooperative pool \(row + 1)")
                } else {
                    tasks.rows[row] = true
                }
                tasks.rowOf[task] = (row, name)
                head(name: name, category: "task", phase: "B", ts: ts)
                tail(tid: ChromeTraceWriter.poolThreadBase + row, args: .fields(e))
            }
        case .taskSuspend(let task, _, _, _):
            endJob(task: task, ts: ts, e)
        case .taskEnd(let task, _, _):
            endJob(task: task, ts: ts, e)
            asyncSlice(task: task, begin: false, ts: ts, e)
        case .poolBusy(let task, _, _):
            instant(e, name: e.name, ts: ts, tid: tasks.rowOf[task].map { ChromeTraceWriter.poolThreadBase + $0.row } ?? main)
        default:
            instant(e, name: e.name, ts: ts, tid: main)
        }
    }

    /// Ends the task's running job: its slice on the main thread or its pool row.
    private mutating func endJob(task: Int, ts: Int64, _ e: TraceEvent) {
        if let (row, name) = tasks.rowOf.removeValue(forKey: task) {
            tasks.rows[row] = false
            head(name: name, category: "task", phase: "E", ts: ts)
            tail(tid: ChromeTraceWriter.poolThreadBase + row, args: .fields(e))
            return
        }
        if tasks.mainJob.removeValue(forKey: task) != nil,
           let index = stack.lastIndex(where: { $0.kind == .job(task: task) }) {
            close(downTo: index, ts: ts, args: .fields(e))
            return
        }
        instant(e, name: e.name, ts: ts, tid: ChromeTraceWriter.mainThread)
    }

    /// The task's async slice: `b` at its creation, `e` at its end.
    private mutating func asyncSlice(task: Int, begin: Bool, ts: Int64, _ e: TraceEvent) {
        head(name: "task \(tasks.names[task] ?? String(task))", category: "task", phase: begin ? "b" : "e", ts: ts)
        JSONWriter.appendLiteral(#","id":"#, to: &out)
        JSONWriter.appendInt(Int64(task), to: &out)
        tail(tid: ChromeTraceWriter.mainThread, args: begin ? .fields(e) : .none)
    }
}
