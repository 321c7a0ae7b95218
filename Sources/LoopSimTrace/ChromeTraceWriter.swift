/// Writes a trace in the Trace Event Format (a JSON object with
/// `traceEvents`) that Perfetto and chrome://tracing open as a timeline.
///
/// Process 1 ("LoopSim") has thread 1, "main thread", and thread 2, "render
/// server". Timestamps and durations are microseconds written as exact
/// decimals of the integer nanoseconds (1500 ns → `1.5`, 1 ns → `0.001`).
///
/// On the main thread:
/// - `run.begin` / `run.end` → a slice "run <mode>";
/// - a pass → a slice "pass N" from an `activity` `beforeTimers` to the next
///   `beforeTimers` of the same run, or to that run's `run.end`;
/// - `callout` / `callout.end` → a slice "<kind> <name>";
/// - `sleep` → `wake` → a slice "sleeping";
/// - `blocked` → a complete event "blocked" lasting its `duration`;
/// - every other event → an instant named by its kind (an `activity` by its
///   activity), with every field in `args`.
///
/// Each task is an async slice "task NAME" (category `task`, id = the task
/// id) from `task.create` to `task.end`; a main job is a slice inside its
/// `mainQueue` callout; pool jobs are slices on the "cooperative pool"
/// tracks, one thread per core in use (``ChromeTraceWriter+Tasks.swift``).
///
/// `frame`, `anim.begin` and `anim.end` are instants on the render server
/// track. A `latency` event is also an async slice "txn N" in category
/// `latency`, from its `start` to its `present` (one row per transaction, as
/// they overlap), so a timeline shows how long each change took to reach
/// the screen. With ``Options/vsyncHz``, thread 3 is a vsync track; each
/// commit a frame shows first gets a flow arrow to that frame's render
/// slice; commits, frames and latencies are counters
/// (``ChromeTraceWriter+Tracks.swift``). Slices always nest: an end that does not match the innermost open
/// slice closes the slices above its match first; an end with no match at all
/// becomes an instant; whatever is still open when the events run out is
/// closed at the last timestamp (or at the end of a `blocked` reaching
/// further). Timestamps never go backwards: an event earlier than the one
/// before it is drawn at the later time. Every slice and instant carries the
/// event's `iter` in `args`. The output depends only on the events. What each
/// kind draws is an exhaustive switch over `TraceEvent.Kind`.
public enum ChromeTraceWriter {
    public static let pid = 1
    public static let mainThread = 1
    public static let renderServerThread = 2

    /// - Parameters:
    ///   - options: what the form knows beyond the events (the display's
    ///     refresh rate, for the vsync track).
    ///   - damagedArea: the damaged area (pixels) of the frame with a vsync
    ///     index, for the damage counter; nil: no sample.
    public static func render(_ events: [TraceEvent], options: Options = Options(),
                              damagedArea: (Int64) -> Int64? = { _ in nil }) -> String {
        var builder = Builder()
        builder.options = options
        builder.out.reserveCapacity(events.count * 128 + 512)
        builder.start()
        for event in events {
            var area: Int64?
            if case .frame(let f) = event.kind { area = damagedArea(f.frame) }
            builder.add(event, damagedArea: area)
        }
        builder.finish()
        return String(decoding: builder.out, as: UTF8.self)
    }

    /// `ns` nanoseconds as exact decimal microseconds: `1500` → `1.5`,
    /// `1` → `0.001`, `2000` → `2`.
    public static func microseconds(_ ns: Int64) -> String {
        var out: [UInt8] = []
        appendMicroseconds(ns, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendMicroseconds(_ ns: Int64, to out: inout [UInt8]) {
        let magnitude = ns.magnitude
        if ns < 0 { out.append(UInt8(ascii: "-")) }
        JSONWriter.appendUInt(magnitude / 1000, to: &out)
        var fraction = Int(magnitude % 1000)
        if fraction == 0 { return }
        out.append(UInt8(ascii: "."))
        var divisor = 100
        while fraction > 0 {
            out.append(UInt8(truncatingIfNeeded: fraction / divisor) &+ 48)
            fraction %= divisor
            divisor /= 10
        }
    }

    // MARK: Building

    enum SliceKind: Equatable {
        case run(depth: Int)
        case pass
        case callout
        case sleeping
        /// A task's main job, inside its `mainQueue` callout.
        case job(task: Int)
    }

    /// What goes in an event's `args`.
    enum Args {
        case none
        case iter(Int)
        case fields(TraceEvent)
    }

    struct OpenSlice {
        var kind: SliceKind
        var name: String
        var category: StaticString
    }

    /// The writer's state: what is open, and the bytes so far (`out`, which
    /// a streaming writer empties as it goes: ``TraceStreamWriter``).
    struct Builder {
        var out: [UInt8] = []
        var first = true
        var stack: [OpenSlice] = []
        var lastTs: Int64 = .min
        /// The latest time anything reaches, `blocked` ends included.
        var horizon: Int64 = .min
        /// Set before ``start()``.
        var options = ChromeTraceWriter.Options()
        /// The next vsync slice to draw, and whether the track hit its cap.
        var nextVsync: Int64 = 0
        var vsyncTruncated = false
        /// Commits so far (a flow's id), and those no frame has shown yet.
        var commitCount = 0
        var pendingFlows: [ChromeTraceWriter.PendingFlow] = []
        /// The tasks' names and the cooperative pool's rows
        /// (``ChromeTraceWriter+Tasks.swift``).
        var tasks = ChromeTraceWriter.TaskTracks()

        /// Draws `e`; `damagedArea` is a `frame`'s damaged area (pixels) for
        /// the damage counter, when known.
        mutating func add(_ e: TraceEvent, damagedArea: Int64? = nil) {
            let ts = max(e.t, lastTs)
            lastTs = ts
            horizon = max(horizon, ts)
            drawVsyncs(upTo: ts)
            let main = ChromeTraceWriter.mainThread
            switch e.kind {
            case .runBegin(let mode, let depth):
                // A run as deep as this one that never ended: end it now.
                while let stale = stack.lastIndex(where: {
                    if case .run(let d) = $0.kind { return d >= depth }
                    return false
                }) {
                    close(downTo: stale, ts: ts, args: .none)
                }
                open(OpenSlice(kind: .run(depth: depth), name: "run " + mode, category: "run"), ts: ts, args: .fields(e))
            case .runEnd(_, let depth, _):
                if let index = stack.lastIndex(where: { $0.kind == .run(depth: depth) }) {
                    close(downTo: index, ts: ts, args: .fields(e))
                } else {
                    instant(e, name: e.name, ts: ts, tid: main)
                }
            case .activity(let activity, _):
                if activity == .beforeTimers { beginPass(e, ts: ts) }
                instant(e, name: activity.rawValue, ts: ts, tid: main)
            case .callout(let kind, let name, _):
                open(OpenSlice(kind: .callout, name: kind.rawValue + " " + name, category: "callout"), ts: ts, args: .fields(e))
            case .calloutEnd(let kind, let name):
                let name = kind.rawValue + " " + name
                if let index = stack.lastIndex(where: { $0.kind == .callout && $0.name == name }) {
                    close(downTo: index, ts: ts, args: .none)
                } else {
                    instant(e, name: e.name, ts: ts, tid: main)
                }
            case .sleep:
                open(OpenSlice(kind: .sleeping, name: "sleeping", category: "sleep"), ts: ts, args: .fields(e))
            case .wake:
                if let index = stack.lastIndex(where: { $0.kind == .sleeping }) {
                    close(downTo: index, ts: ts, args: .fields(e))
                } else {
                    instant(e, name: e.name, ts: ts, tid: main)
                }
            case .blocked(let duration):
                let (end, overflow) = ts.addingReportingOverflow(max(0, duration))
                horizon = max(horizon, overflow ? .max : end)
                complete(name: "blocked", category: "blocked", ts: ts, dur: max(0, duration), args: .fields(e))
            case .frame(let f):
                // The server's render: from the latch, on its own track.
                complete(name: "render frame \(f.frame)", category: "render", ts: f.latch, dur: max(0, f.render),
                         args: .iter(e.iter), tid: ChromeTraceWriter.renderServerThread)
                noteFrame(f, ts: ts, damagedArea: damagedArea)
                instant(e, name: e.name, ts: ts, tid: ChromeTraceWriter.renderServerThread)
            case .animBegin, .animEnd:
                instant(e, name: e.name, ts: ts, tid: ChromeTraceWriter.renderServerThread)
            case .commit(let c):
                // The phases as complete slices nested in one "commit
                // phases" slice, inside the callout that committed.
                let p = c.phases
                let end = p.commit.start + p.commit.duration
                complete(name: "commit phases", category: "commit", ts: p.layout.start, dur: max(0, end - p.layout.start), args: .iter(e.iter))
                for phase in p.named {
                    complete(name: phase.name, category: "commit", ts: phase.span.start, dur: max(0, phase.span.duration), args: .iter(e.iter))
                }
                noteCommit(c, ts: ts)
                instant(e, name: e.name, ts: ts, tid: main)
            case .latency(let l):
                if l.start <= l.present {
                    for (begin, time) in [(true, l.start), (false, l.present)] {
                        head(name: "txn \(l.txn)", category: "latency", phase: begin ? "b" : "e", ts: time)
                        JSONWriter.appendLiteral(#","id":"#, to: &out)
                        JSONWriter.appendInt(Int64(l.txn), to: &out)
                        tail(tid: main, args: begin ? .none : .fields(e))
                    }
                }
                noteLatency(l, ts: ts)
                instant(e, name: e.name, ts: ts, tid: main)
            case .set, .txnBegin, .txnCommit, .completion, .log, .warn, .note, .post, .stateSet, .swiftUIFlush, .hostInvalidate, .body:
                instant(e, name: e.name, ts: ts, tid: main)
            case .taskCreate, .taskEnqueue, .taskRun, .taskSuspend, .taskResume, .poolBusy, .taskCancel, .taskEnd:
                addTaskEvent(e, ts: ts)
            }
        }

        /// The previous pass of the innermost run ends here, and pass `e.iter` begins.
        private mutating func beginPass(_ e: TraceEvent, ts: Int64) {
            let runIndex = stack.lastIndex(where: {
                if case .run = $0.kind { return true }
                return false
            })
            let from = (runIndex ?? -1) + 1
            if from < stack.count, let pass = stack[from...].lastIndex(where: { $0.kind == .pass }) {
                close(downTo: pass, ts: ts, args: .none)
            }
            open(OpenSlice(kind: .pass, name: "pass " + String(e.iter), category: "pass"), ts: ts, args: .iter(e.iter))
        }

        /// The object's opening and the tracks' names.
        mutating func start() {
            JSONWriter.appendLiteral(#"{"displayTimeUnit":"ns","traceEvents":["#, to: &out)
            metadata(name: "process_name", tid: ChromeTraceWriter.mainThread, value: "LoopSim")
            metadata(name: "thread_name", tid: ChromeTraceWriter.mainThread, value: "main thread")
            metadata(name: "thread_name", tid: ChromeTraceWriter.renderServerThread, value: "render server")
            if options.vsyncHz != nil { metadata(name: "thread_name", tid: ChromeTraceWriter.vsyncThread, value: "vsync") }
        }

        /// Closes what is still open, then the object.
        mutating func finish() {
            if horizon > .min { drawVsyncs(upTo: horizon) }
            closeAll()
            JSONWriter.appendLiteral("\n]}\n", to: &out)
        }

        mutating func closeAll() {
            if !stack.isEmpty {
                close(downTo: 0, ts: horizon, args: .none)
            }
        }

        // MARK: Events

        mutating func metadata(name: String, tid: Int, value: String) {
            startEvent()
            JSONWriter.appendLiteral(#"{"name":"#, to: &out)
            JSONWriter.appendString(name, to: &out)
            JSONWriter.appendLiteral(#","ph":"M","pid":"#, to: &out)
            JSONWriter.appendInt(Int64(ChromeTraceWriter.pid), to: &out)
            JSONWriter.appendLiteral(#","tid":"#, to: &out)
            JSONWriter.appendInt(Int64(tid), to: &out)
            JSONWriter.appendLiteral(#","args":{"name":"#, to: &out)
            JSONWriter.appendString(value, to: &out)
            JSONWriter.appendLiteral("}}", to: &out)
        }

        mutating func open(_ slice: OpenSlice, ts: Int64, args: Args) {
            head(name: slice.name, category: slice.category, phase: "B", ts: ts)
            tail(tid: ChromeTraceWriter.mainThread, args: args)
            stack.append(slice)
        }

        /// Ends the slices from the top of the stack down to `index`, the
        /// last of them (the one at `index`) with `args`.
        mutating func close(downTo index: Int, ts: Int64, args: Args) {
            while stack.count > index {
                let slice = stack.removeLast()
                head(name: slice.name, category: slice.category, phase: "E", ts: ts)
                tail(tid: ChromeTraceWriter.mainThread, args: stack.count == index ? args : .none)
            }
        }

        private mutating func complete(name: String, category: StaticString, ts: Int64, dur: Int64, args: Args,
                                       tid: Int = ChromeTraceWriter.mainThread) {
            head(name: name, category: category, phase: "X", ts: ts)
            JSONWriter.appendLiteral(#","dur":"#, to: &out)
            ChromeTraceWriter.appendMicroseconds(dur, to: &out)
            tail(tid: tid, args: args)
        }

        mutating func instant(_ e: TraceEvent, name: String, ts: Int64, tid: Int) {
            head(name: name, category: "event", phase: "i", ts: ts)
            JSONWriter.appendLiteral(#","s":"t""#, to: &out)
            tail(tid: tid, args: .fields(e))
        }

        private mutating func startEvent() {
            if first {
                first = false
                out.append(UInt8(ascii: "\n"))
            } else {
                JSONWriter.appendLiteral(",\n", to: &out)
            }
        }

        mutating func head(name: String, category: StaticString, phase: StaticString, ts: Int64) {
            startEvent()
            JSONWriter.appendLiteral(#"{"name":"#, to: &out)
            JSONWriter.appendString(name, to: &out)
            JSONWriter.appendLiteral(#","cat":""#, to: &out)
            JSONWriter.appendLiteral(category, to: &out)
            JSONWriter.appendLiteral(#"","ph":""#, to: &out)
            JSONWriter.appendLiteral(phase, to: &out)
            JSONWriter.appendLiteral(#"","ts":"#, to: &out)
            ChromeTraceWriter.appendMicroseconds(ts, to: &out)
        }

        mutating func tail(tid: Int, args: Args) {
            JSONWriter.appendLiteral(#","pid":"#, to: &out)
            JSONWriter.appendInt(Int64(ChromeTraceWriter.pid), to: &out)
            JSONWriter.appendLiteral(#","tid":"#, to: &out)
            JSONWriter.appendInt(Int64(tid), to: &out)
            switch args {
            case .none:
                break
            case .iter(let iter):
                JSONWriter.appendLiteral(#","args":{"iter":"#, to: &out)
                JSONWriter.appendInt(Int64(iter), to: &out)
                out.append(UInt8(ascii: "}"))
            case .fields(let e):
                // `{"iter":N,<fields>}`
                JSONWriter.appendLiteral(#","args":{"iter":"#, to: &out)
                JSONWriter.appendInt(Int64(e.iter), to: &out)
                for field in e.kind.fields {
                    out.append(UInt8(ascii: ","))
                    JSONWriter.appendString(field.key, to: &out)
                    out.append(UInt8(ascii: ":"))
                    field.value.appendJSON(to: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
