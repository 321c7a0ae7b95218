import Testing

/// The teardown check of every test that runs a loop (docs/guide/library.md,
/// "Quiescence"): `pending`, the simulation's `pendingWork()`, must be
/// exactly `expected` — empty unless the test means to leave work behind (a
/// repeating timer, an open transaction), and then it says which.
///
/// Records an issue listing what was left, and what was expected, when they
/// differ.
public func expectQuiescent(_ pending: [String], leaving expected: [String] = [],
                            sourceLocation: SourceLocation = #_sourceLocation) {
    guard pending != expected else { return }
    var message = "the test ended with work pending:\n  " + (pending.isEmpty ? "(nothing)" : pending.joined(separator: "\n  "))
    message += expected.isEmpty ? "\nexpected nothing pending" : "\nexpected:\n  " + expected.joined(separator: "\n  ")
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// The invariant check of a test (docs/internals/safety.md, "Invariants"): `broken`,
/// what a `_invariantViolations()` answered, must be empty. Records an
/// issue listing them, naming `what` was checked, when it is not.
public func expectInvariants(_ broken: [String], of what: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
    guard !broken.isEmpty else { return }
    let message = "the \(what)'s invariants do not hold:\n  " + broken.joined(separator: "\n  ")
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// The simulations a test made, checked for quiescence (and their
/// invariants) when it ends.
///
/// `@unchecked Sendable`: a registry belongs to one test case; it is filled
/// while the test runs and read once after it returned, in the same task
/// (``QuiescenceTrait``), so the checks never run concurrently with the
/// test.
public final class QuiescenceRegistry: @unchecked Sendable {
    /// The registry of the test case running in this task, if its suite has
    /// the ``QuiescenceTrait``.
    @TaskLocal public static var current: QuiescenceRegistry?

    private var checks: [(check: () -> (pending: [String], expected: [String]), at: SourceLocation)] = []
    private var invariantChecks: [(what: String, check: () -> [String], at: SourceLocation)] = []

    init() {}

    /// Registers a simulation: `check` answers its pending work and the work
    /// the test meant to leave, when the test has ended.
    public func register(at sourceLocation: SourceLocation = #_sourceLocation,
                         _ check: @escaping () -> (pending: [String], expected: [String])) {
        checks.append((check, sourceLocation))
    }

    /// Registers the invariant checks of a simulation's part (`what`: "run
    /// loop", "layer context", "render tree"): `check` answers the broken
    /// invariants (its `_invariantViolations()`) when the test has ended.
    public func registerInvariants(of what: String, at sourceLocation: SourceLocation = #_sourceLocation,
                                   _ check: @escaping () -> [String]) {
        invariantChecks.append((what, check, sourceLocation))
    }

    func verify() {
        for (check, location) in checks {
            let (pending, expected) = check()
            expectQuiescent(pending, leaving: expected, sourceLocation: location)
        }
        checks.removeAll()
        for (what, check, location) in invariantChecks {
            expectInvariants(check(), of: what, sourceLocation: location)
        }
        invariantChecks.removeAll()
    }
}

/// A trait that checks, after each test case, that every simulation the test
/// registered is quiescent (as SwiftNIO's `EmbeddedEventLoop` refuses to be
/// dropped with work pending), and that its invariants hold. Apply it to a
/// suite: `@Suite(.quiescent)`.
public struct QuiescenceTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { return try await function() }
        let registry = QuiescenceRegistry()
        try await QuiescenceRegistry.$current.withValue(registry) { try await function() }
        registry.verify()
    }
}

extension Trait where Self == QuiescenceTrait {
    /// Checks at the end of each test that the simulations it made have no
    /// work pending but what the test declared.
    public static var quiescent: Self { QuiescenceTrait() }
}
