extension TraceEvent.Kind {
    /// The event's keys after `t`, `iter` and `ev`, in the contract's fixed
    /// order (`docs/guide/trace-format.md`), as every writer renders them. This is the
    /// one place that names each kind's keys for writing; the reader
    /// (`TraceEvent+Decoding.swift`) names them for reading.
    public var fields: [TraceField] {
        switch self {
        case .runBegin(let mode, let depth):
            [TraceField("mode", .string(mode)), TraceField("depth", .int(Int64(depth)))]
        case .runEnd(let mode, let depth, let result):
            [TraceField("mode", .string(mode)), TraceField("depth", .int(Int64(depth))),
             TraceField("result", .string(result.description))]
        case .activity(let activity, let mode):
            [TraceField("activity", .string(activity.rawValue)), TraceField("mode", .string(mode))]
        case .callout(let kind, let name, let frame):
            [TraceField("kind", .string(kind.rawValue)), TraceField("name", .string(name))]
                + (frame.map { [TraceField("timestamp", .int($0.timestamp)), TraceField("targetTimestamp", .int($0.targetTimestamp))] } ?? [])
        case .calloutEnd(let kind, let name):
            [TraceField("kind", .string(kind.rawValue)), TraceField("name", .string(name))]
        case .sleep(let mode, let until):
            [TraceField("mode", .string(mode)), TraceField("until", until.map { .int($0) } ?? .null)]
        case .wake(let reason):
            [TraceField("reason", .string(reason.rawValue))]
        case .blocked(let duration):
            [TraceField("duration", .int(duration))]
        case .set(let layer, let prop, let value, let txn):
            [TraceField("layer", .string(layer)), TraceField("prop", .string(prop)),
             TraceField("value", .string(value)), TraceField("txn", .int(Int64(txn)))]
        case .txnBegin(let txn, let implicit, let depth):
            [TraceField("txn", .int(Int64(txn))), TraceField("implicit", .bool(implicit)),
             TraceField("depth", .int(Int64(depth)))]
        case .txnCommit(let txn, let depth):
            [TraceField("txn", .int(Int64(txn))), TraceField("depth", .int(Int64(depth)))]
        case .commit(let c):
            [TraceField("txns", .ints(c.txns.map(Int64.init))), TraceField("layout", .strings(c.layout)),
             TraceField("display", .strings(c.display)), TraceField("prepare", .strings(c.prepare)),
             TraceField("changed", .int(Int64(c.changed))), TraceField("bytes", .int(Int64(c.bytes))),
             TraceField("constraints", .strings(c.constraints))]
                + c.phases.named.flatMap { phase in
                    [TraceField(phase.name + "Start", .int(phase.span.start)),
                     TraceField(phase.name + "Duration", .int(phase.span.duration))]
                }
                + (c.changes.map { [TraceField("changes", .strings($0))] } ?? [])
        case .frame(let f):
            [TraceField("frame", .int(f.frame)), TraceField("present", .int(f.present)),
             TraceField("file", .string(f.file)), TraceField("hash", .string(f.hash)),
             TraceField("txns", .ints(f.txns.map(Int64.init))),
             TraceField("latch", .int(f.latch)), TraceField("render", .int(f.render))]
        case .animBegin(let layer, let key, let txn), .animEnd(let layer, let key, let txn):
            [TraceField("layer", .string(layer)), TraceField("key", .string(key)), TraceField("txn", .int(Int64(txn)))]
        case .completion(let txn):
            [TraceField("txn", .int(Int64(txn)))]
        case .log(let text), .warn(let text), .note(let text):
            [TraceField("text", .string(text))]
        case .post(let what):
            [TraceField("what", .string(what))]
        case .latency(let l):
            latencyFields(l)
        case .stateSet(let host, let variable, let value, let changed, let pending):
            [TraceField("host", .string(host)), TraceField("var", .string(variable)), TraceField("value", .string(value)),
             TraceField("changed", .bool(changed)), TraceField("pending", .int(Int64(pending)))]
        case .swiftUIFlush(let host, let mutations, let vars, let from):
            [TraceField("host", .string(host)), TraceField("mutations", .int(Int64(mutations))),
             TraceField("vars", .strings(vars)), TraceField("from", .string(from.rawValue))]
        case .hostInvalidate(let host):
            [TraceField("host", .string(host))]
        case .body(let host, let eval, let state):
            [TraceField("host", .string(host)), TraceField("eval", .int(Int64(eval))), TraceField("state", .string(state))]
        case .taskCreate(let task, let name, let kind, let isolation, let parent):
            [TraceField("task", .int(Int64(task))), TraceField("name", .string(name)), TraceField("kind", .string(kind.rawValue)),
             TraceField("isolation", .string(isolation.rawValue)), TraceField("parent", parent.map { .int(Int64($0)) } ?? .null)]
        case .taskEnqueue(let task, let job, let executor, let reason):
            [TraceField("task", .int(Int64(task))), TraceField("job", .int(Int64(job))),
             TraceField("executor", .string(executor.rawValue)), TraceField("reason", .string(reason.rawValue))]
        case .taskRun(let task, let job, let executor):
            [TraceField("task", .int(Int64(task))), TraceField("job", .int(Int64(job))), TraceField("executor", .string(executor.rawValue))]
        case .taskSuspend(let task, let job, let on, let until):
            [TraceField("task", .int(Int64(task))), TraceField("job", .int(Int64(job))), TraceField("on", .string(on.rawValue)),
             TraceField("until", until.map { .int($0) } ?? .null)]
        case .taskResume(let task, let reason, let from):
            [TraceField("task", .int(Int64(task))), TraceField("reason", .string(reason.rawValue)), TraceField("from", .string(from.rawValue))]
        case .poolBusy(let task, let job, let duration):
            [TraceField("task", .int(Int64(task))), TraceField("job", .int(Int64(job))), TraceField("duration", .int(duration))]
        case .taskCancel(let task, let by):
            [TraceField("task", .int(Int64(task))), TraceField("by", .string(by.rawValue))]
        case .taskEnd(let task, let result, let jobs):
            [TraceField("task", .int(Int64(task))), TraceField("result", .string(result.rawValue)), TraceField("jobs", .int(Int64(jobs)))]
        }
    }

    private func latencyFields(_ l: TraceEvent.LatencyInfo) -> [TraceField] {
        var fields = [
            TraceField("txn", .int(Int64(l.txn))), TraceField("frame", .int(l.frame)),
            TraceField("start", .int(l.start)), TraceField("present", .int(l.present)),
            TraceField("latency", .int(l.latency)), TraceField("expected", .int(l.expected)),
            TraceField("hitch", .int(l.hitch)),
        ]
        if let late = l.late { fields.append(TraceField("late", .string(late.rawValue))) }
        return fields
    }
}
