/// The items of one mode of one run loop.
final class ModeState {
    let name: RunLoopMode

    /// What a pass reads and writes, in the class's one stored property
    /// not checked for exclusivity at run time (docs/internals/safety.md,
    /// "Exclusivity").
    struct Hot {
        /// Persistent stop flag (`_CFRunLoopStopMode`).
        var stopped = false
        /// Version-0 sources in insertion order (CF keeps a set; the order only
        /// matters as the last tie-break, after order and signal sequence).
        var sources0: [SimSource] = []
        /// Version-1 ports in insertion order.
        var ports: [SimPort] = []
        /// Sorted by order; ties first-in first-out.
        var observers: [SimObserver] = []
        /// Sorted by fire time; ties first-in first-out.
        var timers: [SimTimer] = []
        /// The union of the activities of every observer ever added (CF's
        /// `_observerMask`): it only grows, and lets a pass skip activities no
        /// observer watches.
        var observerMask: UInt32 = 0
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot = Hot()

    init(name: RunLoopMode) { self.name = name }

    var hasNoItems: Bool { hot.sources0.isEmpty && hot.ports.isEmpty && hot.timers.isEmpty }

    /// Blocks enqueued for this mode alone.
    let blocks = BlockQueue()

    func insertObserver(_ o: SimObserver) {
        hot.observerMask |= o.activities.rawValue
        var i = hot.observers.count
        while i > 0, hot.observers[i - 1].order > o.order { i -= 1 }
        hot.observers.insert(o, at: i)
    }

    /// Inserts after every timer with a fire time ≤ the timer's own.
    func insertTimer(_ t: SimTimer) {
        var lo = 0, hi = hot.timers.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if hot.timers[mid].fireTime <= t.fireTime { lo = mid + 1 } else { hi = mid }
        }
        hot.timers.insert(t, at: lo)
    }

    /// Moves a timer whose fire time changed to its sorted place, after
    /// every timer with an equal time (in place: no array is rebuilt).
    ///
    /// The place is found as a bubble pass would find it (forward past the
    /// timers due at or before it, else back before those due after it),
    /// then the timer is moved there with one remove and one insert: a
    /// `memmove`, not a swap (two retains and releases) per timer passed,
    /// which was a quarter of the client's instructions with 200 timers.
    func reposition(_ t: SimTimer) {
        guard let j = hot.timers.firstIndex(where: { $0 === t }) else { return }
        let time = t.fireTime
        var k = j
        while k + 1 < hot.timers.count, hot.timers[k + 1].fireTime <= time { k += 1 }
        if k == j {
            while k > 0, hot.timers[k - 1].fireTime > time { k -= 1 }
        }
        guard k != j else { return }
        let moved = hot.timers.remove(at: j)
        hot.timers.insert(moved, at: k)
    }

    /// The earliest (soft, hard) deadline among valid timers that are not firing.
    func nextTimerDeadline() -> (soft: Nanoseconds, hard: Nanoseconds)? {
        var soft = Nanoseconds.max, hard = Nanoseconds.max
        for t in hot.timers where !t.isFiring && t.isValid {
            if t.fireTime > hard { break }
            if t.fireTime < soft { soft = t.fireTime }
            let h = t.fireTime.addingReportingOverflow(t.tolerance)
            let th = h.overflow ? Nanoseconds.max : h.partialValue
            if th < hard { hard = th }
        }
        return soft == .max ? nil : (soft, hard)
    }
}

/// A block enqueued with CFRunLoopPerformBlock for one mode (or for the
/// common modes). `seq` is its place in the loop's single FIFO order.
struct QueuedBlock {
    var seq: Int
    var name: String
    var body: () throws -> Void

}

/// A block enqueued for several modes (a CFArray or CFSet of modes).
struct MultiModeBlock {
    var seq: Int
    var modes: [ModeState]
    var common: Bool
    var name: String
    var body: () throws -> Void
}

/// The blocks of one mode (or of the common modes), in FIFO (`seq`) order:
/// `items[head...]` are pending; taken slots before `head` are compacted away
/// every 256 blocks, so a steady stream of blocks allocates nothing per block.
final class BlockQueue {
    /// The queue, unchecked for exclusivity (docs/internals/safety.md, "Exclusivity").
    struct Hot {
        var items: [QueuedBlock] = []
        var head = 0
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot = Hot()

    var isEmpty: Bool { hot.head == hot.items.count }
    var count: Int { hot.items.count - hot.head }
    /// The largest sequence number queued (items are in seq order).
    var lastSeq: Int { hot.head < hot.items.count ? hot.items[hot.items.count - 1].seq : 0 }

    /// The index of the first block with `seq > after`, if any.
    @inline(__always)
    func firstIndex(after: Int) -> Int? {
        var i = hot.head
        while i < hot.items.count {
            if hot.items[i].seq > after { return i }
            i += 1
        }
        return nil
    }

    /// Takes the block at `i` (usually the head) out of the queue and
    /// returns its body, and its name when `named`. A taken head slot keeps
    /// its closure until the next compaction (at most 256 blocks later),
    /// which releases them in one go.
    @inline(__always)
    func take(_ i: Int, named: Bool) -> (body: () throws -> Void, name: String) {
        let body = hot.items[i].body
        let name = named ? hot.items[i].name : ""
        if i == hot.head {
            hot.head += 1
            if hot.head >= 256, hot.head * 2 >= hot.items.count {
                hot.items.removeFirst(hot.head)      // amortized over 256 blocks at least
                hot.head = 0
            }
        } else {
            hot.items.remove(at: i)
        }
        return (body, name)
    }
}

/// A work item on the main dispatch queue.
struct MainQueueItem {
    var name: String
    var body: () throws -> Void
}

/// One record per active RunSpecific call.
final class RunRecord {
    /// The record, unchecked for exclusivity (docs/internals/safety.md, "Exclusivity").
    struct Hot {
        /// The mode the run is in (nil for the base record).
        var mode: ModeState?
        var stopped = false
        var ignoreWakeUps: Bool
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot: Hot
    init(ignoreWakeUps: Bool) { hot = Hot(ignoreWakeUps: ignoreWakeUps) }
}
