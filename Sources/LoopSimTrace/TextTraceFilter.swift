/// Which lines of the text form are shown: `--only KINDS` keeps the lines
/// of those kinds, `--hide KINDS` drops them (`docs/guide/trace-format.md` §3).
///
/// A kind is an event kind as `ev` names it (`set`, `commit`, `frame`,
/// `log`, `warn`, `txn.begin`, …), where `callout` also covers its
/// `callout.end` lines; a family: `run` (`run.begin`, `run.end`), `txn`
/// (`txn.begin`, `txn.commit`), `anim` (`anim.begin`, `anim.end`), `swiftui`,
/// `task` (`task.*`, `pool.busy`); or a
/// callout kind (`observer`, `timer`, `source0`, `source1`, `block`,
/// `mainQueue`, `event`, `displayLink`): the `callout` and `callout.end`
/// lines of that kind, and the `observers` lines of folded observer
/// callouts. Filtering hides lines only: the indentation is still that of
/// the whole trace, so a kept line shows how deep it was.
public struct TextTraceFilter: Sendable, Equatable {
    /// Shown only when one of these matches; nil: every line.
    public var only: Set<String>?
    /// Never shown when one of these matches.
    public var hide: Set<String>

    /// Every kind `only` and `hide` take, in the order the errors list them.
    public static let validKinds: [String] =
        TraceEvent.Kind.allNames + ["run", "txn", "anim", "swiftui", "task"] + TraceEvent.CalloutKind.allCases.map(\.rawValue)

    /// A kind that is not in ``validKinds``.
    public struct UnknownKind: Error, Sendable, Equatable, CustomStringConvertible {
        public var kind: String

        public init(kind: String) { self.kind = kind }

        /// "unknown trace kind 'sett'; did you mean 'set'? (valid kinds: run.begin, …)".
        public var description: String {
            let close = Spelling.suggestion(for: kind, from: TextTraceFilter.validKinds).map { "; did you mean '\($0)'?" } ?? ""
            return "unknown trace kind '\(kind)'\(close) (valid kinds: \(TextTraceFilter.validKinds.joined(separator: ", ")))"
        }
    }

    /// - Parameters: comma-separated kinds (`set,commit,frame`), or nil.
    /// - Throws: ``UnknownKind`` for the first kind not in ``validKinds``
    ///   (an empty item too).
    public init(only: String? = nil, hide: String? = nil) throws(UnknownKind) {
        self.only = try only.map(Self.kinds)
        self.hide = try hide.map(Self.kinds) ?? []
    }

    private static func kinds(_ list: String) throws(UnknownKind) -> Set<String> {
        var out: Set<String> = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let kind = String(item)
            guard validKinds.contains(kind) else { throw UnknownKind(kind: kind) }
            out.insert(kind)
        }
        return out
    }

    /// Whether the line of `kind` is shown.
    public func shows(_ kind: TraceEvent.Kind) -> Bool {
        shows(matching: Self.selectors(of: kind))
    }

    /// Whether an `observers` line (folded observer callouts) is shown.
    var showsFoldedObservers: Bool {
        shows(matching: ["callout", TraceEvent.CalloutKind.observer.rawValue])
    }

    private func shows(matching selectors: [String]) -> Bool {
        if let only, !selectors.contains(where: only.contains) { return false }
        return !selectors.contains(where: hide.contains)
    }

    /// The kinds that select a line of `kind`.
    static func selectors(of kind: TraceEvent.Kind) -> [String] {
        switch kind {
        case .runBegin, .runEnd: [kind.name, "run"]
        case .txnBegin, .txnCommit: [kind.name, "txn"]
        case .animBegin, .animEnd: [kind.name, "anim"]
        case .callout(let k, _, _): [kind.name, k.rawValue]
        case .calloutEnd(let k, _): [kind.name, "callout", k.rawValue]
        case .stateSet, .swiftUIFlush, .hostInvalidate, .body: [kind.name, "swiftui"]
        case .taskCreate, .taskEnqueue, .taskRun, .taskSuspend, .taskResume, .poolBusy, .taskCancel, .taskEnd: [kind.name, "task"]
        case .activity, .sleep, .wake, .blocked, .set, .commit, .frame, .completion, .log, .warn, .note, .post, .latency:
            [kind.name]
        }
    }
}
