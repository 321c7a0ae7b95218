/// The main actor of a simulated app: a global actor whose executor is the
/// main queue of the simulation attached to it (``SimulatedMainExecutor``).
///
/// Code isolated to it runs the way MainActor code runs on a real main
/// thread (`docs/reference/concurrency.md`, "From Swift"): each job is a block on the
/// simulated main dispatch queue, drained by the main run loop, FIFO with
/// the simulation's other main-queue blocks, and traced as a `mainQueue`
/// callout. So every real suspension of a task on it is a commit point, as
/// it is for `MainActor` (the run loop reaches BeforeWaiting, where Core
/// Animation's observer commits).
///
///     try sim.withSimulatedMainActor { sim in
///         let box = sim.layers.makeLayer(name: "box", root: true)
///         Task {                                     // isolated to @SimulatedMainActor
///             try box.set(.backgroundColor, .color(yellow))
///             try await sim.sleep(for: .milliseconds(100))
///             try box.set(.backgroundColor, .color(green))
///         }
///         try sim.advance(to: 1_000_000_000)
///     }
///
/// A job enqueued while no simulation is attached traps with a message:
/// nothing would ever run it.
@globalActor
public actor SimulatedMainActor {
    /// The one instance; its executor is ``SimulatedMainExecutor/shared``.
    public static let shared = SimulatedMainActor()

    private init() {}

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        SimulatedMainExecutor.shared.asUnownedSerialExecutor()
    }
}
