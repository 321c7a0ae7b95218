extension SimRunLoop {
    /// CFRunLoopPerformBlock: enqueues `body` for the given modes (creating
    /// named modes). Does not wake the loop. ``RunLoopMode/common`` matches
    /// every common mode.
    public func perform(in modes: [RunLoopMode], name: String = "block", _ body: @escaping () throws -> Void) {
        if modes.count == 1 { return perform(in: modes[0], name: name, body) }
        let states = modes.filter { $0 != .common }.map { modeState($0, create: true)! }
        hot.blockSeq += 1
        hot.multiModeBlocks.append(MultiModeBlock(seq: hot.blockSeq, modes: states, common: modes.contains(.common), name: name, body: body))
    }

    /// CFRunLoopPerformBlock with a single mode.
    public func perform(in mode: RunLoopMode, name: String = "block", _ body: @escaping () throws -> Void) {
        hot.blockSeq += 1
        let queue = mode == .common ? commonBlocks : modeState(mode, create: true)!.blocks
        queue.hot.items.append(QueuedBlock(seq: hot.blockSeq, name: name, body: body))
    }

    /// DispatchQueue.main.async: enqueues a main-queue item. Enqueueing onto
    /// an empty queue posts to the main queue's port, which wakes the loop
    /// when it sleeps in a common mode.
    public func enqueueMain(name: String = "main", _ body: @escaping () throws -> Void) {
        precondition(isMain, "SimRunLoop.enqueueMain: only the main run loop services the main queue; create the loop with isMain: true")
        if let feeder = mainQueueFeeder { takeIn(from: feeder) }
        if hot.mainQueue.isEmpty { hot.mainQueueReadyTime = context.now }
        hot.mainQueue.append(MainQueueItem(name: name, body: body))
    }

    /// Takes in the feeder's inbox (``MainQueueFeeder/takeIn(_:)``); the
    /// feeder's own enqueues do not take it in again.
    func takeIn(from feeder: any MainQueueFeeder) {
        mainQueueFeeder = nil
        defer { mainQueueFeeder = feeder }
        feeder.takeIn(self)
    }

    /// The number of blocks waiting for a matching mode.
    public var pendingBlockCount: Int {
        modeOrder.reduce(commonBlocks.count + hot.multiModeBlocks.count) { $0 + $1.blocks.count }
    }

    /// The number of items on the main queue.
    public var pendingMainQueueCount: Int { hot.mainQueue.count }

    func multiBlockMatches(_ b: MultiModeBlock, _ m: ModeState) -> Bool {
        for mode in b.modes where mode === m { return true }
        return b.common && isCommon(m.name)
    }

    /// Whether a block that `m` can see is pending (it keeps `m` non-empty).
    func hasBlock(for m: ModeState) -> Bool {
        let visible = hot.detachedUpTo.last ?? 0
        if m.blocks.lastSeq > visible { return true }
        if !commonBlocks.isEmpty, commonBlocks.lastSeq > visible, isCommon(m.name) { return true }
        for b in hot.multiModeBlocks where b.seq > visible && multiBlockMatches(b, m) { return true }
        return false
    }

    /// `__CFRunLoopDoBlocks`: runs, in FIFO order, the blocks that match the
    /// running mode among those enqueued before it started; the others stay
    /// in place.
    ///
    /// CF detaches the whole list for the duration: a run nested in a block
    /// sees only blocks enqueued after that, and blocks not run stay ahead of
    /// newer ones. Here every block has a global sequence number, and a
    /// DoBlocks in progress hides the blocks up to the last one it detached
    /// (`detachedUpTo`) from the runs nested inside it; the order by sequence
    /// number gives "in front of anything enqueued meanwhile" for free.
    @discardableResult
    func doBlocks(_ m: ModeState) throws -> Bool {
        let lo = hot.detachedUpTo.last ?? 0
        let common = !commonBlocks.isEmpty && isCommon(m.name)
        guard m.blocks.lastSeq > lo || (common && commonBlocks.lastSeq > lo) || !hot.multiModeBlocks.isEmpty else { return false }
        let hi = hot.blockSeq
        hot.detachedUpTo.append(hi)
        defer { hot.detachedUpTo.removeLast() }
        var did = false
        while true {
            // The next block, in FIFO order, that this DoBlocks detached and
            // that matches the mode.
            var bestSeq = Int.max
            var source = 0
            var index = 0
            if let i = m.blocks.firstIndex(after: lo), m.blocks.hot.items[i].seq <= hi {
                bestSeq = m.blocks.hot.items[i].seq; source = 1; index = i
            }
            if common, let i = commonBlocks.firstIndex(after: lo), commonBlocks.hot.items[i].seq <= hi, commonBlocks.hot.items[i].seq < bestSeq {
                bestSeq = commonBlocks.hot.items[i].seq; source = 2; index = i
            }
            if !hot.multiModeBlocks.isEmpty {
                for (i, b) in hot.multiModeBlocks.enumerated() where b.seq > lo && b.seq <= hi && b.seq < bestSeq && multiBlockMatches(b, m) {
                    bestSeq = b.seq; source = 3; index = i
                    break
                }
            }
            let named = context.trace != nil || hot.busyCounts != nil
            switch source {
            case 1:
                let b = m.blocks.take(index, named: named)
                try callout(.block, b.name) { try b.body() }
            case 2:
                let b = commonBlocks.take(index, named: named)
                try callout(.block, b.name) { try b.body() }
            case 3:
                let b = hot.multiModeBlocks.remove(at: index)
                try callout(.block, b.name) { try b.body() }
            default:
                return did
            }
            did = true
        }
    }

    /// Drains a snapshot of the main queue; items enqueued meanwhile stay and
    /// re-signal the port.
    func drainMainQueue() throws {
        let items = hot.mainQueue
        hot.mainQueue = []
        hot.drainDepth += 1
        defer {
            hot.drainDepth -= 1
            if !hot.mainQueue.isEmpty { hot.mainQueueReadyTime = context.now }
        }
        for item in items {
            try callout(.mainQueue, item.name) { try item.body() }
        }
    }
}
