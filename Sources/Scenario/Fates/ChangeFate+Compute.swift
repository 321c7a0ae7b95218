import LoopSimTrace

extension ChangeFate {
    /// The fate of every `set` in `events`, in the order of the sets.
    ///
    /// A set belongs to the commit whose `txns` list its transaction. Of the
    /// sets of one `LAYER.PROP` in one commit, each but the last is
    /// overwritten by the next; the last shipped if the commit's `changes`
    /// list `LAYER.PROP=VALUE` (for `frame`, which is derived: a change of
    /// the layer's `bounds` or `position`), else it shipped nothing. A set
    /// whose transaction is in no commit was never committed. A shipped set
    /// is on screen in the frame of its transaction's `latency` event,
    /// unless the next shipped set of the same property reached the screen
    /// in that frame or earlier (the server latched both at one vsync).
    /// A commit read from a trace without `changes` is taken to ship its
    /// last sets.
    ///
    /// Complexity: O(n) in the number of events (dictionary lookups).
    public static func fates(in events: some Sequence<TraceEvent>) -> [ChangeFate] {
        var sets: [PropertySet] = []
        var commits: [(ref: CommitRef, changes: Set<String>?)] = []
        var commitOfTxn: [Int: Int] = [:]
        var latencyOfTxn: [Int: TraceEvent.LatencyInfo] = [:]
        var fileOfFrame: [Int64: String] = [:]
        for e in events {
            switch e.kind {
            case .set(let layer, let prop, let value, let txn):
                sets.append(PropertySet(t: e.t, layer: layer, prop: prop, value: value, txn: txn))
            case .commit(let c):
                for txn in c.txns where commitOfTxn[txn] == nil { commitOfTxn[txn] = commits.count }
                commits.append((CommitRef(t: e.t, txns: c.txns), c.changes.map(Set.init)))
            case .latency(let l):
                if latencyOfTxn[l.txn] == nil { latencyOfTxn[l.txn] = l }
            case .frame(let f):
                if fileOfFrame[f.frame] == nil { fileOfFrame[f.frame] = f.file }
            default:
                continue
            }
        }

        // The sets of each LAYER.PROP, in order (only indices; the output
        // follows the sets' order, never the dictionary's).
        var byTarget: [String: [Int]] = [:]
        for (i, s) in sets.enumerated() { byTarget[s.target, default: []].append(i) }

        var outcomes = [Outcome?](repeating: nil, count: sets.count)
        var shippedIn = [Int?](repeating: nil, count: sets.count)
        for indices in byTarget.values {
            for (k, i) in indices.enumerated() {
                let s = sets[i]
                guard let c = commitOfTxn[s.txn] else { outcomes[i] = .neverCommitted; continue }
                if k + 1 < indices.count, commitOfTxn[sets[indices[k + 1]].txn] == c {
                    outcomes[i] = .overwritten(by: sets[indices[k + 1]])
                } else if ships(s, commits[c].changes) {
                    shippedIn[i] = c
                } else {
                    outcomes[i] = .unchanged(commits[c].ref)
                }
            }
        }

        func latency(of i: Int, commit c: Int) -> TraceEvent.LatencyInfo? {
            latencyOfTxn[sets[i].txn] ?? commits[c].ref.txns.lazy.compactMap { latencyOfTxn[$0] }.first
        }
        for indices in byTarget.values {
            var nextShipped: Int?   // the next shipped set of the target, walking backwards
            for i in indices.reversed() {
                guard let c = shippedIn[i] else { continue }
                defer { nextShipped = i }
                let screen: Screen
                if let l = latency(of: i, commit: c) {
                    if let j = nextShipped, let cj = shippedIn[j], let later = latency(of: j, commit: cj), later.frame <= l.frame {
                        screen = .replaced(by: sets[j], frame: l.frame)
                    } else {
                        screen = .onScreen(l, file: fileOfFrame[l.frame])
                    }
                } else {
                    screen = .notShown
                }
                outcomes[i] = .shipped(commits[c].ref, screen: screen)
            }
        }
        return zip(sets, outcomes).map { ChangeFate(set: $0, outcome: $1 ?? .neverCommitted) }
    }

    /// Whether the commit's `changes` list the set's value (`nil`: a trace
    /// without the key, taken to ship it).
    private static func ships(_ s: PropertySet, _ changes: Set<String>?) -> Bool {
        guard let changes else { return true }
        if s.prop == "frame" {
            return changes.contains { $0.hasPrefix("\(s.layer).bounds=") || $0.hasPrefix("\(s.layer).position=") }
        }
        return changes.contains("\(s.target)=\(s.value)")
    }

    /// The fates of the sets of `layer`.`prop` (to `value`, when given, in
    /// the trace's spelling or as a colour's name: `yellow`).
    public static func fates(in fates: [ChangeFate], layer: String, prop: String, value: String? = nil) -> [ChangeFate] {
        fates.filter { f in
            f.set.layer == layer && f.set.prop == prop && (value.map { ColorNames.matches(f.set.value, $0) } ?? true)
        }
    }
}
