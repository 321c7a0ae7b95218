import CLoopSimSystem
#if canImport(Glibc)
import Glibc
#endif

/// Two parts of one piece of work at once: the first on a helper thread,
/// the second on the caller, and ``run(_:_:)`` returns when both have
/// (docs/internals/render-server.md, "Two cores"). The render server draws the two
/// halves of a large damage this way.
///
///     let fork = try ForkJoin()
///     fork.run({ drawTop() }, { drawBottom() })   // both done here
///
/// The helper is one thread for the object's life, handed each part
/// through a counter: each side waits for the other spin-then-sleep (a
/// ``SpinWait/budget`` of `sched_yield`s, then `futex`), because on the
/// 2-core VMs waking a sleeping thread costs ~65 µs, as much as a part.
/// The parts must touch disjoint memory; what they read must not change
/// while they run. ``start(_:)`` hands the helper a part and returns at
/// once, for ``join()`` to wait for later. Not for two callers at once.
///
/// The part for the helper is `@Sendable`: it runs on another thread, so
/// the compiler checks what it captures. A caller whose part must reach
/// state that is not `Sendable` (the render server's tree, which both
/// threads read) says why that is safe in one box of its own
/// (docs/internals/safety.md, "Threads").
public final class ForkJoin {
    /// What the two threads share; the helper holds it, not the
    /// `ForkJoin`, so that the `ForkJoin` can go (and stop the helper).
    private final class Shared: @unchecked Sendable {
        /// [0]: parts handed over; [1]: parts done; [2]: 1 once stopping;
        /// [3], [4]: 1 while a thread may sleep in `futex` on [0], [1].
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 5)
        /// The part being handed over: written before `words[0]` grows,
        /// read after (sequentially consistent atomics order them).
        var part: (@Sendable () -> Void)?
        let budget: Duration

        init(budget: Duration) {
            self.budget = budget
            words.initialize(repeating: 0, count: 5)
        }

        deinit { words.deallocate() }

        /// Returns once `words[index]` is no longer `seen`.
        func wait(_ index: Int, whileEqualTo seen: UInt32) {
            let word = words + index
            if budget > .zero {
                let end = ContinuousClock.now + budget
                while cloopsim_atomic_load(word) == seen, ContinuousClock.now < end { sched_yield() }
            }
            guard cloopsim_atomic_load(word) == seen else { return }
            // Say so before sleeping, then look again: with sequentially
            // consistent atomics either this sees the bump or the bumper
            // sees the flag (and wakes it), so a bump is never missed.
            let sleeping = words + index + 3
            cloopsim_atomic_store(sleeping, 1)
            while cloopsim_atomic_load(word) == seen { cloopsim_futex_wait(word, seen) }
            cloopsim_atomic_store(sleeping, 0)
        }

        /// Grows `words[index]`, and wakes its waiter only when it may be
        /// asleep: a `futex` call costs a system call even with no sleeper,
        /// four a frame on the render server's critical path.
        func bump(_ index: Int) {
            _ = cloopsim_atomic_increment(words + index)
            if cloopsim_atomic_load(words + index + 3) != 0 { cloopsim_futex_wake(words + index) }
        }

        func helperLoop() {
            var handed: UInt32 = 0
            while true {
                wait(0, whileEqualTo: handed)
                handed = cloopsim_atomic_load(words)
                if cloopsim_atomic_load(words + 2) != 0 { return }
                part?()
                bump(1)
            }
        }
    }

    private let shared: Shared
    private let thread: SystemThread

    /// Starts the helper thread.
    /// - Throws: ``SystemError`` from `pthread_create`.
    public init(budget: Duration = SpinWait.budget) throws(SystemError) {
        let shared = Shared(budget: budget)
        self.shared = shared
        thread = try SystemThread.start { shared.helperLoop() }
    }

    /// Stops and joins the helper.
    deinit {
        join()
        cloopsim_atomic_store(shared.words + 2, 1)
        shared.bump(0)
        thread.join()
    }

    /// The parts-done count the part handed over by ``start(_:)`` leaves
    /// behind it (`nil`: none pending).
    private var started: UInt32?

    /// Runs `first` on the helper thread and `second` on this one, and
    /// returns when both have returned (after the part of ``start(_:)``,
    /// if one is pending).
    public func run(_ first: @Sendable () -> Void, _ second: () -> Void) {
        join()
        withoutActuallyEscaping(first) { first in
            let done = cloopsim_atomic_load(shared.words + 1)
            shared.part = first
            shared.bump(0)
            second()
            shared.wait(1, whileEqualTo: done)
            shared.part = nil
        }
    }

    /// Starts `part` on the helper thread and returns at once; ``join()``
    /// waits for it. Until then what it reads must not change, as with
    /// ``run(_:_:)``. The render server evaluates the next frame's
    /// animations this way while it waits for the client
    /// (docs/internals/render-server.md, "Two cores").
    public func start(_ part: @escaping @Sendable () -> Void) {
        join()
        let done = cloopsim_atomic_load(shared.words + 1)
        shared.part = part
        started = done
        shared.bump(0)
    }

    /// Whether a part of ``start(_:)`` has not been joined.
    public var isPending: Bool { started != nil }

    /// Returns once the part of ``start(_:)`` has returned; at once when
    /// none is pending.
    public func join() {
        guard let done = started else { return }
        shared.wait(1, whileEqualTo: done)
        shared.part = nil
        started = nil
    }
}
