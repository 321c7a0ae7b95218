import RenderModel

/// One CATransaction on the main thread's stack.
///
/// Values (`animationDuration`, `animationTimingFunction`, `disableActions`,
/// `completionBlock`, any key) are read through the stack: a transaction
/// reads its enclosing one's values until it sets its own, and what it sets
/// does not leak out.
public final class Transaction {
    public let id: Int
    /// Begun by the first model change with no transaction open.
    public let isImplicit: Bool
    /// When it was begun (explicit) or when its first mutation happened.
    public let begun: Int64
    /// The first model change made while it was the innermost transaction.
    public internal(set) var firstMutation: Int64?
    /// The vsync time its frame was due at, when earlier than its first
    /// mutation (a display-link callout that ran late).
    public internal(set) var frameDeadline: Int64?
    /// Values set on this transaction itself, by key.
    var values: [String: TransactionValue] = [:]
    /// Completion blocks set on this transaction (setting a second adds it).
    /// The completion blocks set on it, each with what it waits for.
    var completionGroups: [CompletionGroup] = []
    /// Whether `warn` was already given for it being left open.
    var warnedOpen = false
    /// The keys of values set on this transaction itself that an
    /// animation being created read (an implicit action, or an explicit
    /// animation without its own duration), so a caller can report values
    /// that nothing used (`timing=` with no animation).
    public internal(set) var readKeys: Set<String> = []
    /// Whether it was popped (committed, or folded into its parent's commit).
    public internal(set) var isCommitted = false

    init(id: Int, isImplicit: Bool, begun: Int64) {
        self.id = id
        self.isImplicit = isImplicit
        self.begun = begun
    }
}

/// A value a transaction carries.
public enum TransactionValue: Equatable, Sendable {
    case duration(Int64)
    case bool(Bool)
    case string(String)
    /// A completion block is set (the getter is non-nil).
    case completionSet
}

/// The well-known transaction keys.
public enum TransactionKey {
    public static let animationDuration = "animationDuration"
    public static let disableActions = "disableActions"
    public static let animationTimingFunction = "animationTimingFunction"
    public static let completionBlock = "completionBlock"
}
