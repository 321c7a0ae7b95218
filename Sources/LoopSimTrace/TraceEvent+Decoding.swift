/// Reads one event from the members of a JSON object: the header (`t`,
/// `iter`, `ev`, in any order) and the keys of its kind, each checked for
/// type. A missing key is reported at the object's closing `}`, a wrong value
/// at the value, an unknown or repeated key at the key.
struct TraceEventDecoder {
    let reader: JSONReader
    let members: [JSONMember]
    let closeOffset: Int
    private var used: [Bool]
    private var kindName = ""

    init(reader: JSONReader, members: [JSONMember], closeOffset: Int) {
        self.reader = reader
        self.members = members
        self.closeOffset = closeOffset
        used = Array(repeating: false, count: members.count)
    }

    mutating func decode() throws(JSONReadError) -> TraceEvent {
        for (i, m) in members.enumerated() where members[..<i].contains(where: { $0.key == m.key }) {
            throw reader.error("duplicate key \(quoted(m.key))", at: m.keyOffset)
        }
        let t = try int("t")
        let iterValue = try int("iter")
        guard let iter = Int(exactly: iterValue) else { throw reader.error(#"key "iter" is out of range"#) }
        let ev = try member("ev")
        guard case .string(let name) = ev.value else {
            throw reader.error(#"key "ev" must be a string"#, at: ev.valueOffset)
        }
        kindName = name
        let kind = try decodeKind(name, at: ev.valueOffset)
        if let extra = used.firstIndex(of: false) {
            let m = members[extra]
            throw reader.error("unknown key \(quoted(m.key)) in a \(quoted(name)) event", at: m.keyOffset)
        }
        return TraceEvent(t: t, iter: iter, kind)
    }

    private mutating func decodeKind(_ name: String, at offset: Int) throws(JSONReadError) -> TraceEvent.Kind {
        switch name {
        case "run.begin": return .runBegin(mode: try string("mode"), depth: try count("depth"))
        case "run.end":
            return .runEnd(mode: try string("mode"), depth: try count("depth"), result: try runResult("result"))
        case "activity": return .activity(try named("activity"), mode: try string("mode"))
        case "callout":
            let kind: TraceEvent.CalloutKind = try named("kind"), name = try string("name")
            guard members.contains(where: { $0.key == "timestamp" }) else { return .callout(kind: kind, name: name) }
            return .callout(kind: kind, name: name,
                            frame: .init(timestamp: try int("timestamp"), targetTimestamp: try int("targetTimestamp")))
        case "callout.end": return .calloutEnd(kind: try named("kind"), name: try string("name"))
        case "sleep": return .sleep(mode: try string("mode"), until: try intOrNull("until"))
        case "wake": return .wake(reason: try named("reason"))
        case "blocked": return .blocked(duration: try int("duration"))
        case "set":
            return .set(layer: try string("layer"), prop: try string("prop"), value: try string("value"), txn: try count("txn"))
        case "txn.begin": return .txnBegin(txn: try count("txn"), implicit: try bool("implicit"), depth: try count("depth"))
        case "txn.commit": return .txnCommit(txn: try count("txn"), depth: try count("depth"))
        case "commit":
            return .commit(.init(txns: try counts("txns"), layout: try strings("layout"), display: try strings("display"),
                                 prepare: try strings("prepare"), changed: try count("changed"), bytes: try count("bytes"),
                                 constraints: try strings("constraints"),
                                 phases: .init(layout: try span("layout"), display: try span("display"),
                                               prepare: try span("prepare"), commit: try span("commit")),
                                 changes: members.contains { $0.key == "changes" } ? try strings("changes") : nil))
        case "frame":
            return .frame(.init(frame: try int("frame"), present: try int("present"), file: try string("file"),
                                hash: try string("hash"), txns: try counts("txns"), latch: try int("latch"), render: try int("render")))
        case "anim.begin": return .animBegin(layer: try string("layer"), key: try string("key"), txn: try count("txn"))
        case "anim.end": return .animEnd(layer: try string("layer"), key: try string("key"), txn: try count("txn"))
        case "completion": return .completion(txn: try count("txn"))
        case "log": return .log(text: try string("text"))
        case "warn": return .warn(text: try string("text"))
        case "note": return .note(text: try string("text"))
        case "post": return .post(what: try string("what"))
        case "latency":
            let late: TraceEvent.LateCause? = members.contains { $0.key == "late" } ? try named("late") : nil
            return .latency(.init(txn: try count("txn"), frame: try int("frame"), start: try int("start"),
                                  present: try int("present"), latency: try int("latency"),
                                  expected: try int("expected"), hitch: try int("hitch"), late: late))
        case "state.set":
            return .stateSet(host: try string("host"), variable: try string("var"), value: try string("value"),
                             changed: try bool("changed"), pending: try count("pending"))
        case "swiftui.flush":
            return .swiftUIFlush(host: try string("host"), mutations: try count("mutations"), vars: try strings("vars"), from: try named("from"))
        case "host.invalidate": return .hostInvalidate(host: try string("host"))
        case "body": return .body(host: try string("host"), eval: try count("eval"), state: try string("state"))
        case "task.create":
            return .taskCreate(task: try count("task"), name: try string("name"), kind: try named("kind"),
                               isolation: try named("isolation"), parent: try countOrNull("parent"))
        case "task.enqueue":
            return .taskEnqueue(task: try count("task"), job: try count("job"), executor: try named("executor"), reason: try named("reason"))
        case "task.run": return .taskRun(task: try count("task"), job: try count("job"), executor: try named("executor"))
        case "task.suspend":
            return .taskSuspend(task: try count("task"), job: try count("job"), on: try named("on"), until: try intOrNull("until"))
        case "task.resume": return .taskResume(task: try count("task"), reason: try named("reason"), from: try named("from"))
        case "pool.busy": return .poolBusy(task: try count("task"), job: try count("job"), duration: try int("duration"))
        case "task.cancel": return .taskCancel(task: try count("task"), by: try named("by"))
        case "task.end": return .taskEnd(task: try count("task"), result: try named("result"), jobs: try count("jobs"))
        default:
            throw reader.error("unknown event kind \(quoted(name))", at: offset)
        }
    }

    // MARK: Keys

    private mutating func member(_ key: String) throws(JSONReadError) -> JSONMember {
        guard let index = members.firstIndex(where: { $0.key == key }) else {
            let of = kindName.isEmpty ? "" : " in a \(quoted(kindName)) event"
            throw reader.error("missing key \(quoted(key))\(of)", at: closeOffset)
        }
        used[index] = true
        return members[index]
    }

    private func mismatch(_ m: JSONMember, _ expected: String) -> JSONReadError {
        reader.error("key \(quoted(m.key)) must be \(expected), found \(m.value.typeDescription)", at: m.valueOffset)
    }

    private mutating func int(_ key: String) throws(JSONReadError) -> Int64 {
        let m = try member(key)
        guard case .int(let v) = m.value else { throw mismatch(m, "an integer") }
        return v
    }

    /// A commit phase's `<phase>Start` and `<phase>Duration`.
    private mutating func span(_ phase: String) throws(JSONReadError) -> TraceEvent.CommitPhases.Span {
        .init(start: try int(phase + "Start"), duration: try int(phase + "Duration"))
    }

    private mutating func count(_ key: String) throws(JSONReadError) -> Int {
        let m = try member(key)
        guard case .int(let v) = m.value, let n = Int(exactly: v) else { throw mismatch(m, "an integer") }
        return n
    }

    private mutating func intOrNull(_ key: String) throws(JSONReadError) -> Int64? {
        let m = try member(key)
        switch m.value {
        case .int(let v): return v
        case .null: return nil
        default: throw mismatch(m, "an integer or null")
        }
    }

    private mutating func countOrNull(_ key: String) throws(JSONReadError) -> Int? {
        guard let v = try intOrNull(key) else { return nil }
        guard let n = Int(exactly: v) else { throw reader.error("key \(quoted(key)) is out of range") }
        return n
    }

    private mutating func string(_ key: String) throws(JSONReadError) -> String {
        let m = try member(key)
        guard case .string(let s) = m.value else { throw mismatch(m, "a string") }
        return s
    }

    private mutating func bool(_ key: String) throws(JSONReadError) -> Bool {
        let m = try member(key)
        guard case .bool(let b) = m.value else { throw mismatch(m, "true or false") }
        return b
    }

    private mutating func strings(_ key: String) throws(JSONReadError) -> [String] {
        let m = try member(key)
        guard case .array(let items) = m.value else { throw mismatch(m, "an array of strings") }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item else { throw mismatch(m, "an array of strings") }
            out.append(s)
        }
        return out
    }

    private mutating func counts(_ key: String) throws(JSONReadError) -> [Int] {
        let m = try member(key)
        guard case .array(let items) = m.value else { throw mismatch(m, "an array of integers") }
        var out: [Int] = []
        for item in items {
            guard case .int(let v) = item, let n = Int(exactly: v) else { throw mismatch(m, "an array of integers") }
            out.append(n)
        }
        return out
    }

    private mutating func named<T: RawRepresentable & CaseIterable>(_ key: String) throws(JSONReadError) -> T
    where T.RawValue == String {
        let m = try member(key)
        guard case .string(let s) = m.value, let value = T(rawValue: s) else {
            throw reader.error("key \(quoted(key)) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))",
                               at: m.valueOffset)
        }
        return value
    }

    private mutating func runResult(_ key: String) throws(JSONReadError) -> TraceEvent.RunResult {
        let m = try member(key)
        guard case .string(let s) = m.value, let value = TraceEvent.RunResult(name: s) else {
            let names = TraceEvent.RunResult.allCases.map(\.description).joined(separator: ", ")
            throw reader.error("key \(quoted(key)) must be one of \(names)", at: m.valueOffset)
        }
        return value
    }

    private func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        JSONWriter.appendString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
