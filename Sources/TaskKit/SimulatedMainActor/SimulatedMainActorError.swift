/// Why a simulated-main-actor operation could not happen. Each message says
/// what happened, the likely cause and the fix.
public enum SimulatedMainActorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another simulation is attached to `@SimulatedMainActor`.
    case alreadyAttached
    /// The simulation a sleep, yield or continuation was asked of is not
    /// (or no longer) attached: it has ended, or was never attached.
    case simulationEnded(String)
    /// A sleep would end past the end of virtual time.
    case timeOutOfRange(String)

    public var description: String {
        switch self {
        case .alreadyAttached:
            return "another simulation is already attached to @SimulatedMainActor; only one simulation at a time can run it. "
                + "Tests that use it run one after another: detach the other simulation first (or end its withSimulatedMainActor scope), "
                + "and mark the suites that use it .serialized."
        case .simulationEnded(let what), .timeOutOfRange(let what):
            return what
        }
    }
}
