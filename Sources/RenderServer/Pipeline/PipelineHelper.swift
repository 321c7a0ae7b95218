import LoopSimSystem

/// The frame pipeline's helper thread: the one ``ForkJoin`` of a session,
/// and what it was handed last (docs/internals/render-server.md, "Two cores").
///
/// It is started at the first frame drawn in two bands; none (and every
/// frame drawn whole) if it cannot start. Each of its parts is one
/// ``Job``: the lower band of a frame (``runBands(lower:upper:)``, which
/// waits for it), or, started and joined later, the next frame's
/// animations evaluated ahead or the answer to a vsync written to the
/// client. Its parts reach state that is not `Sendable` through
/// ``HelperPart``, under the rules written there.
final class PipelineHelper {
    /// A part the helper was handed.
    enum Job: Equatable {
        /// The lower band of a frame drawn in two (``runBands(lower:upper:)``).
        case band
        /// The next frame's animations, evaluated into the lookahead.
        case evaluation
        /// The `presented` answering the vsync of a frame drawn ahead,
        /// written to the client (``Outbox``).
        case answer
    }

    private var fork: ForkJoin?
    /// Whether the helper may be started (false once it could not be).
    private(set) var splits: Bool
    /// The job started and not yet joined, if any.
    private(set) var started: Job?
    /// Whether the last frame drawn was drawn in two bands: the helper has
    /// just worked, and spins for its next part rather than sleeps.
    private(set) var lastRanBands = false
    /// How many frames were drawn in two bands.
    private(set) var bandRuns = 0

    /// `splitting`: whether frames may be drawn in two bands at all (tests
    /// turn it off to compare).
    init(splitting: Bool) { splits = splitting }

    /// Whether a frame may be drawn in two bands now: the helper runs, or
    /// starts. False, for good, when it cannot start.
    func canRunBands() -> Bool {
        guard splits else { return false }
        if fork != nil { return true }
        do {
            fork = try ForkJoin()
        } catch {
            splits = false
        }
        return fork != nil
    }

    /// Runs `lower` on the helper and `upper` on this thread, and returns
    /// when both have (after the part started before, if any).
    /// ``canRunBands()`` must have answered true.
    func runBands(lower: HelperPart, upper: () -> Void) {
        fork!.run({ lower() }, upper)
        started = nil
        bandRuns += 1
    }

    /// Notes how the last frame was drawn: in bands or whole.
    func frameDrawn(inBands: Bool) { lastRanBands = inBands }

    /// Starts `job` on the helper, after what it was doing, and returns at
    /// once; false, and nothing done, when there is no helper.
    @discardableResult
    func start(_ job: Job, _ part: @escaping @Sendable () -> Void) -> Bool {
        guard let fork else { return false }
        fork.start(part)
        started = job
        return true
    }

    /// Waits for the part started last, whatever it is.
    func finish() {
        fork?.join()
        started = nil
    }

    /// Waits for the part started last if it is `job`; not for another.
    func finish(_ job: Job) {
        if started == job { finish() }
    }

    /// Waits for the part started last unless it is `job`.
    func finish(unless job: Job) {
        if started != job { finish() }
    }
}
