/// The items of one mode of one run loop.
final class ModeState {
    let name: RunLoopMode
    /// Persistent stop flag (`_CFRunLoopStopMode`).
    @exclusivity(unchecked) var stopped = false
    /// Version-0 sources in insertion order (CF keeps a set; the order only
    /// matters as the last tie-break, after order and signal sequence).
    @exclusivity(unchecked) var sources0: [SimSource] = []
    /// Version-1 ports in insertion order.
    @exclusivity(unchecked) var ports: [SimPort] = []
    /// Sorted by order; ties first-in first-out.
    @exclusivity(unchecked) var observers: [SimObserver] = []
    /// Sorted by fire time; ties first-in first-out.
    @exclusivity(unchecked) var timers: [SimTimer] = []

    init(name: RunLoopMode) { self.name = name }

    var hasNoItems: Bool { sources0.isEmpty && ports.isEmpty && timers.isEmpty }

    /// The union of the activities of every observer ever added (CF's
    /// `_observerMask`): it only grows, and lets a pass skip activities no
    /// observer watches.
    @exclusivity(unchecked) var observerMask: UInt32 = 0
    /// Blocks enqueued for this mode alone.
    let blocks = BlockQueue()

    func insertObserver(_ o: SimObserver) {
        observerMask |= o.activities.rawValue
        var i = observers.count
        while i > 0, observers[i - 1].order > o.order { i -= 1 }
        observers.insert(o, at: i)
    }

    /// Inserts after every timer with a fire time ≤ the timer's own.
    func insertTimer(_ t: SimTimer) {
        var lo = 0, hi = timers.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if timers[mid].fireTime <= t.fireTime { lo = mid + 1 } else { hi = mid }
        }
        timers.insert(t, at: lo)
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
        guard let j = timers.firstIndex(where: { $0 === t }) else { return }
        let time = t.fireTime
        var k = j
        while k + 1 < timers.count, timers[k + 1].fireTime <= time { k += 1 }
        if k == j {
            while k > 0, timers[k - 1].fireTime > time { k -= 1 }
        }
        guard k != j else { return }
        let moved = timers.remove(at: j)
        timers.insert(moved, at: k)
    }

    /// The earliest (soft, hard) deadline among valid timers that are not firing.
    func nextTimerDeadline() -> (soft: Nanoseconds, hard: Nanoseconds)? {
        var soft = Nanoseconds.max, hard = Nanoseconds.max
        for t in timers where !t.isFiring && t.isValid {
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
    @exclusivity(unchecked) var items: [QueuedBlock] = []
    @exclusivity(unchecked) var head = 0

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }
    /// The largest sequence number queued (items are in seq order).
    var lastSeq: Int { head < items.count ? items[items.count - 1].seq : 0 }

    /// The index of the first block with `seq > after`, if any.
    @inline(__always)
    func firstIndex(after: Int) -> Int? {
        var i = head
        while i < items.count {
            if items[i].seq > after { return i }
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
        let body = items[i].body
        let name = named ? items[i].name : ""
        if i == head {
            head += 1
            if head >= 256, head * 2 >= items.count {
                items.removeFirst(head)      // amortized over 256 blocks at least
                head = 0
            }
        } else {
            items.remove(at: i)
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
    /// The mode the run is in (nil for the base record).
    @exclusivity(unchecked) var mode: ModeState?
    @exclusivity(unchecked) var stopped = false
    @exclusivity(unchecked) var ignoreWakeUps: Bool
    init(ignoreWakeUps: Bool) { self.ignoreWakeUps = ignoreWakeUps }
}
