import Testing

/// Runs the tests that attach a simulation to `@SimulatedMainActor` one
/// at a time, across every suite and test target of the test process: the
/// actor is a singleton, and a second attachment would throw
/// `alreadyAttached`. Tests waiting their turn are suspended, not blocked,
/// so no thread of the cooperative pool is held while they wait.
public struct SimulatedMainActorTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { return try await function() }
        await SimulatedMainActorGate.shared.acquire()
        do {
            try await function()
        } catch {
            await SimulatedMainActorGate.shared.release()
            throw error
        }
        await SimulatedMainActorGate.shared.release()
    }
}

/// A first-come first-served gate with one place.
actor SimulatedMainActorGate {
    static let shared = SimulatedMainActorGate()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        if !busy { busy = true; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}

extension Trait where Self == SimulatedMainActorTrait {
    /// The test attaches a simulation to `@SimulatedMainActor`: it runs
    /// alone among the tests that do.
    public static var simulatedMainActor: Self { SimulatedMainActorTrait() }
}
