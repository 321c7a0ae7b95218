import LoopSimTrace
import RunLoopKit

/// CATransaction: begin, commit, flush, values, completion blocks, lock.
extension LayerContext {
    /// The innermost transaction, beginning an implicit one when the stack is
    /// empty (as the first model change of a run-loop pass does).
    @discardableResult
    func noteMutation() -> Transaction {
        // Changes made by the commit's own phases (layout, display) belong
        // to the transaction being committed.
        if stack.isEmpty, let shipping { return shipping }
        if stack.isEmpty { push(implicit: true) }
        let t = stack[stack.count - 1]
        if t.firstMutation == nil { t.firstMutation = sim.now }
        if let due = frameDeadline, due < (t.frameDeadline ?? .max) { t.frameDeadline = due }
        return t
    }

    /// Runs `body` — a display-link callout — with `due` as the deadline of
    /// the frames it changes: the vsync the callout was due at, earlier
    /// than now when the main thread held it up (its vsyncs coalesced). A
    /// transaction it changes is then late from that vsync on, and its
    /// latency's `expected` and `hitch` say so (a commit hitch over an
    /// animation, `docs/reference/animations.md`, "Hitches").
    public func withFrameDeadline(_ due: Int64, _ body: () throws -> Void) rethrows {
        let outer = frameDeadline
        frameDeadline = due
        defer { frameDeadline = outer }
        try body()
    }

    private func push(implicit: Bool) {
        let t = Transaction(id: nextTransactionID, isImplicit: implicit, begun: sim.now)
        nextTransactionID += 1
        stack.append(t)
        trace(.txnBegin(txn: t.id, implicit: implicit, depth: stack.count))
    }

    /// The innermost open transaction, if any.
    public var current: Transaction? { stack.last }

    /// CATransaction.begin(): pushes an explicit transaction, nested in the
    /// current one if any.
    public func begin() {
        push(implicit: false)
    }

    /// CATransaction.commit(): pops the innermost transaction. Only the
    /// outermost commit runs the phases and ships. A commit with nothing open
    /// is a `warn` and does nothing.
    public func commit() throws {
        guard let t = stack.last else {
            warn("commit with no open transaction: ignored (CATransaction.commit() without a matching begin())")
            return
        }
        try pop(t)
        if stack.isEmpty {
            try ship()
        } else if flushPending, stack.count == 1, stack[0].isImplicit {
            flushPending = false
            try pop(stack[0])
            try ship()
        }
    }

    private func pop(_ t: Transaction) throws {
        trace(.txnCommit(txn: t.id, depth: stack.count))
        t.isCommitted = true
        stack.removeLast()
        poppedSinceShip.append(t)
        scheduleCompletions(of: t)
    }

    /// CATransaction.flush(): commits the implicit transaction now; when
    /// explicit transactions are open, waits until they have committed.
    public func flush() throws {
        guard !stack.isEmpty else { return }
        if stack.count == 1, stack[0].isImplicit {
            try pop(stack[0])
            try ship()
        } else {
            flushPending = true
        }
    }

    /// The implicit commit at the end of a run-loop pass (Core Animation's
    /// BeforeWaiting/Exit observer): commits the implicit transaction if it
    /// is the only one open. An explicit transaction still open is never
    /// committed; it gets one `warn`.
    public func commitAtEndOfPass() throws {
        guard let top = stack.last else { return }
        if stack.count == 1, top.isImplicit {
            flushPending = false
            try pop(top)
            try ship()
            return
        }
        if let open = stack.last(where: { !$0.isImplicit }), !open.warnedOpen {
            open.warnedOpen = true
            warn("transaction \(open.id) (begun at \(TimeLiteral.format(open.begun))) is still open at the end of the run-loop pass: nothing is committed until it is (a begin without a commit)")
        }
    }

    // MARK: Values

    /// A value read through the stack (innermost first), or the default:
    /// animationDuration 0.25 s, disableActions false, others nil.
    public func value(forKey key: String) -> TransactionValue? {
        for t in stack.reversed() {
            if let v = t.values[key] { return v }
        }
        switch key {
        case TransactionKey.animationDuration: return .duration(250_000_000)
        case TransactionKey.disableActions: return .bool(false)
        default: return nil
        }
    }

    /// A value read through the stack as an animation being created reads
    /// it: the transaction that supplied it notes the read
    /// (``Transaction/readKeys``). The default when none set it.
    func valueForNewAnimation(forKey key: String) -> TransactionValue? {
        for t in stack.reversed() {
            if let v = t.values[key] {
                t.readKeys.insert(key)
                return v
            }
        }
        return value(forKey: key)
    }

    /// animationDuration as an animation being created reads it (noted, see
    /// ``valueForNewAnimation(forKey:)``).
    var animationDurationForNewAnimation: Int64 {
        if case .duration(let d)? = valueForNewAnimation(forKey: TransactionKey.animationDuration) { return d }
        return 250_000_000
    }

    /// Sets a value on the innermost transaction (an implicit one opens if
    /// none is). Nil removes it, so the enclosing value shows through.
    public func setValue(_ value: TransactionValue?, forKey key: String) {
        if stack.isEmpty { push(implicit: true) }
        stack[stack.count - 1].values[key] = value
    }

    /// animationDuration of the innermost transaction, in nanoseconds.
    public var animationDuration: Int64 {
        if case .duration(let d)? = value(forKey: TransactionKey.animationDuration) { return d }
        return 250_000_000
    }

    /// disableActions of the innermost transaction.
    public var disableActions: Bool {
        if case .bool(let b)? = value(forKey: TransactionKey.disableActions) { return b }
        return false
    }

    /// setCompletionBlock: adds a block to the innermost transaction; it runs
    /// once, on the next run-loop turn after that transaction commits (no
    /// animations yet: they come with the render server).
    public func setCompletion(_ block: @escaping () throws -> Void) {
        if stack.isEmpty { push(implicit: true) }
        let t = stack[stack.count - 1]
        t.completionGroups.append(CompletionGroup(txn: t.id, block: block))
        t.values[TransactionKey.completionBlock] = .completionSet
    }

    private func scheduleCompletions(of t: Transaction) {
        for group in t.completionGroups { close(group) }
        t.completionGroups.removeAll()
    }

    // MARK: Lock

    /// CATransaction.lock(): recursive.
    public func lock() { lockDepth += 1 }

    /// CATransaction.unlock(): an unlock without a lock is tolerated.
    public func unlock() { if lockDepth > 0 { lockDepth -= 1 } }
}
