/// The result of checking one `expect` statement.
public struct ExpectationResult: Sendable, Equatable {
    public var expectation: Expectation
    public var passed: Bool
    /// The statement as written, e.g. `expect log "done" at=1.25s`.
    public var summary: String
    /// What was observed, e.g. `logged at 1.25s`.
    public var observed: String
    /// For a failed `expect visible` or `expect never visible`: the fate of
    /// every set of the property to the value (``ChangeFate/chain(target:)``),
    /// e.g. `yellow: set at 1.000 s in txn 2, overwritten at 4.000 s by
    /// green in the same transaction; never committed`. Empty otherwise.
    public var fates: [String] = []
}
