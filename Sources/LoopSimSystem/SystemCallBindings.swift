/// What the system calls of the current thread see — its ``FaultPlan`` and,
/// in a debug build, its ``MockingDriver`` (both bound to a task) —
/// captured, so that a call made on another thread for this one meets the
/// same faults and the same script. The render server's helper thread
/// writes the session's answer this way (docs/internals/render-server.md, "Who
/// answers the vsync"); the calls stay in order because each is waited
/// for before the next.
///
///     let bindings = SystemCallBindings.current
///     fork.start { bindings.apply { try? fd.writeAll(bytes) } }
public struct SystemCallBindings: Sendable {
    private let plan: FaultPlan?
    #if DEBUG
    private let driver: MockingDriver?
    #endif

    /// The current thread's bindings.
    public static var current: SystemCallBindings {
        #if DEBUG
        SystemCallBindings(plan: FaultPlan.current, driver: MockingDriver.current)
        #else
        SystemCallBindings(plan: FaultPlan.current)
        #endif
    }

    /// Runs `body` with these bindings.
    public func apply<R>(_ body: () throws -> R) rethrows -> R {
        #if DEBUG
        try MockingDriver.$current.withValue(driver) { try FaultPlan.withPlan(plan) { try body() } }
        #else
        try FaultPlan.withPlan(plan) { try body() }
        #endif
    }
}
