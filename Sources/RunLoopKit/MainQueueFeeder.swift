/// What feeds the main queue from outside the simulated thread: the custom
/// executor of `@SimulatedMainActor` (TaskKit), whose jobs enqueued on
/// other threads wait in a locked inbox until the main queue takes them in.
///
/// The main run loop calls it, on the thread that runs the loop:
/// - ``takeIn(_:)`` at every servicing of the main queue — the shortcut's
///   check (step 7), each look at the ports in a receive (step 10) — and
///   before every ``SimRunLoop/enqueueMain(name:_:)``, so that what the
///   inbox held comes before what the loop's own thread enqueues next;
/// - ``runWillBegin(_:)`` and ``runDidEnd(_:)`` around the outermost run,
///   so the feeder knows which thread is the simulated main thread.
///
/// A loop without a feeder (every scenario) calls nothing.
package protocol MainQueueFeeder: AnyObject {
    /// Moves whatever waits in the inbox onto `loop`'s main queue, in
    /// arrival order (with ``SimRunLoop/enqueueMain(name:_:)``).
    func takeIn(_ loop: SimRunLoop)
    /// The outermost run of `loop` is about to begin on the current thread.
    func runWillBegin(_ loop: SimRunLoop)
    /// The outermost run of `loop` has ended (normally or by a throw).
    func runDidEnd(_ loop: SimRunLoop)
    /// What the feeder still holds, one line each (``SimRunLoop/pendingWork()``).
    func pendingWork() -> [String]
}
