/// What the text form shows beyond its plain lines, and which lines it
/// keeps (`loopsim run --only/--hide/--quiet-observers`,
/// `docs/guide/trace-format.md` §3). The JSON Lines and Chrome forms, and so the
/// goldens, never take options.
///
///     var options = TextTraceOptions()
///     options.filter = try TextTraceFilter(only: "set,commit,frame")
///     options.foldedObservers = ["_beforeCACommitHandler", …]
///     TextTraceWriter.render(events, options: options)
///
/// The default shows every event as its line, exactly as
/// ``TextTraceWriter/render(_:options:)`` always has.
public struct TextTraceOptions: Sendable, Equatable {
    /// Words shown in parentheses after the values they name: after a
    /// `set` event's `value` and after the value of each of a `commit`
    /// event's `changes` (`#ffff00ff (yellow)`). The scenario language's
    /// colour names are `TextTraceOptions.scenarioLanguage` (in `Scenario`).
    public var valueNames: [String: String] = [:]
    /// Which lines are shown; nil: all.
    public var filter: TextTraceFilter?
    /// Observer names whose empty callouts (a `callout` followed at once by
    /// its `callout.end`) are folded: each run of consecutive ones becomes
    /// one `observers` line. Empty: nothing is folded.
    public var foldedObservers: Set<String> = []

    public init(valueNames: [String: String] = [:], filter: TextTraceFilter? = nil, foldedObservers: Set<String> = []) {
        self.valueNames = valueNames
        self.filter = filter
        self.foldedObservers = foldedObservers
    }
}
