extension TraceEvent {
    /// What happened, one case per kind of `docs/guide/trace-format.md` plus the
    /// project's own (`note`, `post`, `latency`), each with its typed keys.
    ///
    /// `name` is the kind's JSON Lines name and `fields` its keys in the
    /// contract's fixed order; both switch exhaustively, as do the three
    /// writers and the reader.
    public enum Kind: Sendable, Equatable {
        /// `run.begin`: a run of the loop starts (depth 1 = outermost).
        case runBegin(mode: String, depth: Int)
        /// `run.end`: the run returns.
        case runEnd(mode: String, depth: Int, result: RunResult)
        /// `activity`: the loop reaches that point, before its observers run.
        case activity(Activity, mode: String)
        /// `callout`: a callout starts. A display link's callout (kind
        /// `displayLink`) carries the times its vsync gives every callout
        /// (`timestamp`, `targetTimestamp`); every other callout has none.
        case callout(kind: CalloutKind, name: String, frame: FrameTimestamps? = nil)
        /// `callout.end`: it returns.
        case calloutEnd(kind: CalloutKind, name: String)
        /// `sleep`: the loop goes to sleep until a time, or with no timeout.
        case sleep(mode: String, until: Int64?)
        /// `wake`: the loop wakes.
        case wake(reason: WakeReason)
        /// `blocked`: a `sleep` action blocks the main thread (ns).
        case blocked(duration: Int64)
        /// `set`: a model-layer property changes.
        case set(layer: String, prop: String, value: String, txn: Int)
        /// `txn.begin`: a transaction is pushed.
        case txnBegin(txn: Int, implicit: Bool, depth: Int)
        /// `txn.commit`: a transaction is popped.
        case txnCommit(txn: Int, depth: Int)
        /// `commit`: the phases ran and the diff was sent.
        case commit(CommitInfo)
        /// `frame`: the render server put a frame on screen.
        case frame(FrameInfo)
        /// `anim.begin`: an animation starts on the render server.
        case animBegin(layer: String, key: String, txn: Int)
        /// `anim.end`: an animation finishes on the render server.
        case animEnd(layer: String, key: String, txn: Int)
        /// `completion`: a transaction's completion block is called.
        case completion(txn: Int)
        /// `log`: a `log` action.
        case log(text: String)
        /// `warn`: something the user should know.
        case warn(text: String)
        /// `note`: the simulator explains a decision (a loop found idle).
        case note(text: String)
        /// `post`: a scheduled outside event happens.
        case post(what: String)
        /// `latency`: a transaction's commit latency, when its frame is on screen.
        case latency(LatencyInfo)
        /// `state.set`: a `state` action writes a host's state variable
        /// (`docs/reference/swiftui.md`); `pending` counts the host's mutations now
        /// waiting for a flush.
        case stateSet(host: String, variable: String, value: String, changed: Bool, pending: Int)
        /// `swiftui.flush`: a host's pending mutations are applied, by the
        /// SwiftUI observer or first thing in the host's render.
        case swiftUIFlush(host: String, mutations: Int, vars: [String], from: FlushSource)
        /// `host.invalidate`: the flush changed what the body reads; the
        /// host's `setNeedsLayout` follows.
        case hostInvalidate(host: String)
        /// `body`: a host's body is evaluated in its layout (`eval` from 1);
        /// `state` is every variable as `name=value`, names sorted.
        case body(host: String, eval: Int, state: String)
        /// `task.create`: a `task`, `async let` or `addTask` statement
        /// creates a task (`docs/reference/concurrency.md`); `parent` is the
        /// structured parent only.
        case taskCreate(task: Int, name: String, kind: TaskKind, isolation: TaskExecutor, parent: Int?)
        /// `task.enqueue`: a job of the task is appended to the main queue
        /// or the pool's ready queue (`job` from 1, per task).
        case taskEnqueue(task: Int, job: Int, executor: TaskExecutor, reason: TaskReason)
        /// `task.run`: a job starts; a main job is the first event inside
        /// its `mainQueue` callout.
        case taskRun(task: Int, job: Int, executor: TaskExecutor)
        /// `task.suspend`: a job ends at a real suspension point; `until`
        /// is the deadline of a sleep or background work, if known.
        case taskSuspend(task: Int, job: Int, on: TaskReason, until: Int64?)
        /// `task.resume`: the task's continuation becomes runnable.
        case taskResume(task: Int, reason: TaskReason, from: TaskResumeSource)
        /// `pool.busy`: a `sleep D` in a pool job keeps its core busy.
        case poolBusy(task: Int, job: Int, duration: Int64)
        /// `task.cancel`: the task's cancellation flag is set.
        case taskCancel(task: Int, by: TaskCancelSource)
        /// `task.end`: the task's body finished.
        case taskEnd(task: Int, result: TaskResult, jobs: Int)

        /// Every JSON Lines name, in the order of the cases.
        public static let allNames = [
            "run.begin", "run.end", "activity", "callout", "callout.end", "sleep", "wake", "blocked", "set",
            "txn.begin", "txn.commit", "commit", "frame", "anim.begin", "anim.end", "completion", "log", "warn",
            "note", "post", "latency", "state.set", "swiftui.flush", "host.invalidate", "body",
            "task.create", "task.enqueue", "task.run", "task.suspend", "task.resume", "pool.busy", "task.cancel", "task.end",
        ]

        /// The kind's JSON Lines name (`ev`).
        public var name: String {
            switch self {
            case .runBegin: "run.begin"
            case .runEnd: "run.end"
            case .activity: "activity"
            case .callout: "callout"
            case .calloutEnd: "callout.end"
            case .sleep: "sleep"
            case .wake: "wake"
            case .blocked: "blocked"
            case .set: "set"
            case .txnBegin: "txn.begin"
            case .txnCommit: "txn.commit"
            case .commit: "commit"
            case .frame: "frame"
            case .animBegin: "anim.begin"
            case .animEnd: "anim.end"
            case .completion: "completion"
            case .log: "log"
            case .warn: "warn"
            case .note: "note"
            case .post: "post"
            case .latency: "latency"
            case .stateSet: "state.set"
            case .swiftUIFlush: "swiftui.flush"
            case .hostInvalidate: "host.invalidate"
            case .body: "body"
            case .taskCreate: "task.create"
            case .taskEnqueue: "task.enqueue"
            case .taskRun: "task.run"
            case .taskSuspend: "task.suspend"
            case .taskResume: "task.resume"
            case .poolBusy: "pool.busy"
            case .taskCancel: "task.cancel"
            case .taskEnd: "task.end"
            }
        }
    }

    /// The payload of a `commit` event.
    public struct CommitInfo: Sendable, Equatable {
        /// The transactions the commit ships, by id.
        public var txns: [Int]
        /// Layer names visited by each phase, in visit order.
        public var layout: [String]
        public var display: [String]
        public var prepare: [String]
        /// How many layers changed.
        public var changed: Int
        /// The size of the encoded diff.
        public var bytes: Int
        /// Layers whose constraints were solved (a project key).
        public var constraints: [String]
        /// Where each phase ran in virtual time (the keys `layoutStart` …
        /// `commitDuration`).
        public var phases: CommitPhases
        /// What the diff shipped, one `LAYER.PROP=VALUE` per changed
        /// property in the diff's order (the key `changes`, last; values in
        /// `set.value`'s spelling). `nil` for a commit read from a trace
        /// written before the key existed; such a commit writes no `changes`.
        public var changes: [String]?

        public init(txns: [Int], layout: [String], display: [String], prepare: [String],
                    changed: Int, bytes: Int, constraints: [String], phases: CommitPhases = CommitPhases(),
                    changes: [String]? = nil) {
            self.txns = txns
            self.layout = layout
            self.display = display
            self.prepare = prepare
            self.changed = changed
            self.bytes = bytes
            self.constraints = constraints
            self.phases = phases
            self.changes = changes
        }
    }

    /// The virtual start and duration (ns) of a commit's four phases. With
    /// every cost 0 they all start at the commit's time and last 0.
    public struct CommitPhases: Sendable, Hashable {
        /// One phase: when it started and how long it ran.
        public struct Span: Sendable, Hashable {
            public var start: Int64
            public var duration: Int64
            public init(start: Int64 = 0, duration: Int64 = 0) {
                self.start = start
                self.duration = duration
            }
        }
        /// Constraints and layout.
        public var layout: Span
        public var display: Span
        public var prepare: Span
        /// Building and encoding the diff; the commit is sent at its end.
        public var commit: Span

        public init(layout: Span = Span(), display: Span = Span(), prepare: Span = Span(), commit: Span = Span()) {
            self.layout = layout
            self.display = display
            self.prepare = prepare
            self.commit = commit
        }

        /// The phases by name, in order: `layout`, `display`, `prepare`, `commit`.
        public var named: [(name: String, span: Span)] {
            [("layout", layout), ("display", display), ("prepare", prepare), ("commit", commit)]
        }
    }

    /// The payload of a `frame` event.
    public struct FrameInfo: Sendable, Equatable {
        /// The vsync index.
        public var frame: Int64
        /// When the frame is on screen (ns).
        public var present: Int64
        public var file: String
        /// The frame's hash as hex.
        public var hash: String
        /// The transactions first visible in it.
        public var txns: [Int]
        /// When the server latched it: the time of the vsync it rendered
        /// at (ns).
        public var latch: Int64
        /// Virtual ns the server spent rendering it (the server's report;
        /// 0 unless a render cost is set).
        public var render: Int64

        public init(frame: Int64, present: Int64, file: String, hash: String, txns: [Int], latch: Int64, render: Int64) {
            self.frame = frame
            self.present = present
            self.file = file
            self.hash = hash
            self.txns = txns
            self.latch = latch
            self.render = render
        }
    }

    /// The payload of a `latency` event: one transaction on screen.
    public struct LatencyInfo: Sendable, Equatable {
        public var txn: Int
        /// The frame (vsync index) that shows it first.
        public var frame: Int64
        /// Its first mutation or explicit `begin` (ns).
        public var start: Int64
        /// When that frame is on screen (ns).
        public var present: Int64
        /// `present - start`.
        public var latency: Int64
        /// When it would have been on screen had every deadline been met.
        public var expected: Int64
        /// How late it is: `max(0, present - expected)`.
        public var hitch: Int64
        /// Why it was late; nil when on time.
        public var late: LateCause?

        public init(txn: Int, frame: Int64, start: Int64, present: Int64, latency: Int64,
                    expected: Int64, hitch: Int64, late: LateCause?) {
            self.txn = txn
            self.frame = frame
            self.start = start
            self.present = present
            self.latency = latency
            self.expected = expected
            self.hitch = hitch
            self.late = late
        }
    }
}
