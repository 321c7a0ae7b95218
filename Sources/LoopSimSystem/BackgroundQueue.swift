#if canImport(Glibc)
import Glibc
#endif

/// A bounded first-in first-out queue of jobs that one background thread
/// (``SystemThread``) performs in order: the render server writes its frame
/// files with it, behind the lockstep (`docs/internals/render-server.md`, "Files").
///
///     let queue = try BackgroundQueue<FrameJob, SessionFailure>(capacity: 4) {
///         var index: FileDescriptor?        // the worker's own state
///         return { job in try write(job, &index) }
///     }
///     let ticket = queue.submit(job)        // waits while 4 jobs are pending
///     if let failure = queue.wait(through: ticket - 3) { … }
///     queue.finish()                        // performs what is left, joins
///
/// - The worker is made on the background thread by `makeWorker`, so its
///   state (open descriptors, which are not `Sendable`) never leaves it.
/// - Jobs are performed one at a time, in submission order. The first job
///   that throws fails the queue: the jobs after it are not performed, and
///   its error is what ``wait(through:)`` answers for every ticket from it
///   on. So what a caller learns depends only on the tickets it waits for,
///   never on how far the thread has got: a deterministic point.
/// - Thread-safe: every member may be called from any thread; the state is
///   guarded by one `pthread_mutex_t` and two condition variables.
/// - A job is held by the queue only until it is performed: pending jobs
///   sit in a ring of `capacity` slots, so the queue's memory is bounded
///   by `capacity` jobs however many are submitted. With `recycling`, up
///   to `capacity` performed jobs are kept for ``reclaim()`` instead of
///   being dropped, so that the caller reuses their storage (the frame
///   writer's P6 buffers: no allocation, no page faults per frame).
/// - Call ``finish()`` when done: the thread keeps the queue alive until then.
public final class BackgroundQueue<Job: Sendable, Failure: Error & Sendable>: @unchecked Sendable {
    // @unchecked: every stored `var` below is read and written only with
    // `mutex` held (pthread primitives at stable addresses).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a job is submitted or the queue is finishing.
    private let jobsReady = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled when a job is done (room in the queue, a ticket reached).
    private let jobDone = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Submitted jobs not yet taken by the thread: `ring[(head + i) % capacity]`
    /// for `i < pendingCount`; a slot is emptied as its job is taken.
    private var ring: [Job?]
    private var head = 0
    private var pendingCount = 0
    /// Performed (or skipped) jobs kept for ``reclaim()``, with `recycling`.
    private var performed: [Job] = []
    private let recycling: Bool
    /// Tickets handed out, and jobs done (performed or skipped), so far.
    private var submitted: UInt64 = 0
    private var completed: UInt64 = 0
    private var failure: (ticket: UInt64, error: Failure)?
    private var finishing = false
    private var thread: SystemThread?

    /// The most jobs submitted and not yet done.
    public let capacity: Int

    /// Starts the background thread.
    /// - Parameters:
    ///   - capacity: at least 1; ``submit(_:)`` waits while this many jobs
    ///     are pending.
    ///   - recycling: keep up to `capacity` performed jobs for ``reclaim()``.
    ///   - makeWorker: called once, on the background thread; returns what
    ///     performs each job there.
    /// - Throws: ``SystemError`` from `pthread_create`.
    public init(capacity: Int, recycling: Bool = false,
                makeWorker: @escaping @Sendable () -> (Job) throws(Failure) -> Void) throws(SystemError) {
        precondition(capacity >= 1, "a BackgroundQueue holds at least one job")
        self.capacity = capacity
        self.recycling = recycling
        ring = Array(repeating: nil, count: capacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(jobsReady, nil)
        pthread_cond_init(jobDone, nil)
        do {
            let started = try SystemThread.start { [self] in self.serve(makeWorker()) }
            thread = started
        } catch {
            destroy()
            throw error
        }
    }

    // The thread holds the queue until ``finish()``: call it once done.
    deinit { destroy() }

    private func destroy() {
        pthread_cond_destroy(jobDone)
        pthread_cond_destroy(jobsReady)
        pthread_mutex_destroy(mutex)
        jobDone.deallocate()
        jobsReady.deallocate()
        mutex.deallocate()
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Queues `job`, first waiting while ``capacity`` jobs are pending.
    /// - Returns: its ticket: 1 for the first job, then 2, 3, …
    /// - Precondition: ``finish()`` has not been called.
    @discardableResult
    public func submit(_ job: Job) -> UInt64 {
        locked {
            precondition(!finishing, "BackgroundQueue.submit after finish()")
            while submitted - completed >= UInt64(capacity) { pthread_cond_wait(jobDone, mutex) }
            ring[(head + pendingCount) % capacity] = job
            pendingCount += 1
            submitted += 1
            pthread_cond_signal(jobsReady)
            return submitted
        }
    }

    /// Waits until every job up to `ticket` is done; answers the error of
    /// the first job that failed, if it is one of them (nil otherwise, and
    /// for a ticket of 0).
    public func wait(through ticket: UInt64) -> Failure? {
        locked {
            let target = Swift.min(ticket, submitted)
            while completed < target { pthread_cond_wait(jobDone, mutex) }
            if let failure, failure.ticket <= ticket { return failure.error }
            return nil
        }
    }

    /// Waits until every job submitted so far is done; the first failure, if any.
    public func waitForAll() -> Failure? {
        wait(through: locked { submitted })
    }

    /// A job the thread is done with (performed, or skipped after a
    /// failure), the most recent first, for reusing its storage; nil when none is
    /// kept (always nil without `recycling`).
    public func reclaim() -> Job? {
        locked { performed.isEmpty ? nil : performed.removeLast() }
    }

    /// Tickets handed out so far.
    public var ticketCount: UInt64 { locked { submitted } }

    /// Performs what is pending, then stops the thread and joins it. A
    /// second call returns at once.
    public func finish() {
        let toJoin: SystemThread? = locked {
            finishing = true
            pthread_cond_signal(jobsReady)
            defer { thread = nil }
            return thread
        }
        toJoin?.join()
    }

    /// The background thread: takes jobs in order until finishing and empty.
    private func serve(_ perform: (Job) throws(Failure) -> Void) {
        while true {
            let next: (Job, Bool)? = locked {
                while pendingCount == 0 && !finishing { pthread_cond_wait(jobsReady, mutex) }
                guard pendingCount > 0 else { return nil }
                // Out of the ring: the queue keeps no reference to a job
                // once it is taken.
                let job = ring[head]!
                ring[head] = nil
                head = (head + 1) % capacity
                pendingCount -= 1
                return (job, failure == nil)
            }
            guard let (job, live) = next else { return }
            var error: Failure?
            if live {
                do throws(Failure) { try perform(job) } catch let e { error = e }
            }
            locked {
                completed += 1
                if let error, failure == nil { failure = (completed, error) }
                if recycling, performed.count < capacity { performed.append(job) }
                pthread_cond_broadcast(jobDone)
            }
        }
    }
}
