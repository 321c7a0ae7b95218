#if canImport(Glibc)
import Glibc
#endif

/// A thread that is joined, not polled: `pthread_create`, `pthread_join`.
///
///     let thread = try SystemThread.start { serve(descriptor) }
///     thread.join()   // returns once the body has returned
///
/// Join it exactly once, or detach it (a thread that is never waited for);
/// a thread neither joined nor detached leaks its stack.
public final class SystemThread {
    private let thread: pthread_t
    private var joined = false

    private init(thread: pthread_t) { self.thread = thread }

    /// Starts a thread running `body`.
    /// - Throws: ``SystemError`` from `pthread_create` (`EAGAIN`).
    public static func start(_ body: @escaping @Sendable () -> Void) throws(SystemError) -> SystemThread {
        final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        guard code == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            throw SystemError("pthread_create", Errno(rawValue: code))
        }
        return SystemThread(thread: thread)
    }

    /// Lets the thread run on its own (`pthread_detach`): its resources go
    /// when its body returns, and it can no longer be joined (``join()``
    /// then returns at once).
    public func detach() {
        guard !joined else { return }
        joined = true
        pthread_detach(thread)
    }

    /// Waits until the thread's body has returned. A second call returns at once.
    public func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }
}

/// The identity of a thread (`pthread_self`), to check which thread owns
/// state that only one thread may touch at a time (the simulated main
/// thread of `@SimulatedMainActor`).
public struct ThreadIdentity: Equatable, Sendable {
    private let raw: UInt

    /// The calling thread.
    public static var current: ThreadIdentity { ThreadIdentity(raw: UInt(pthread_self())) }
}
