/// Why a simulation could not go on. Each message says what happened, the
/// likely cause, and what to do about it.
public enum RunLoopError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The loop made more passes than the bound without virtual time
    /// advancing. The message names what kept it busy.
    case busy(String)
    /// A run with an unbounded timeout did not settle within its bound of
    /// virtual time. The message names the timers, sources and events pending.
    case notSettled(String)
    /// A time the simulation would reach lies past the end of virtual time
    /// (``VirtualTime/end``, about 292 years). The message names what.
    case timeOutOfRange(String)

    public var description: String {
        switch self {
        case .busy(let message), .notSettled(let message), .timeOutOfRange(let message): return message
        }
    }
}

/// Thrown through the callouts of every active run when the simulated thread
/// would sleep forever; each run records `idle` on its way out.
struct IdleUnwind: Error {}
