extension SimRunLoop {
    /// CFRunLoopPerformBlock: enqueues `body` for the given modes (creating
    /// named modes). Does not wake the loop. ``RunLoopMode/common`` matches
    /// every common mode.
    public func perform(in modes: [RunLoopMode], name: String = "block", _ body: @escaping () throws -> Void) {
        if modes.count == 1 { return perform(in: modes[0], name: name, body) }
        let states = modes.filter { $0 != .common }.map { modeState($0, create: true)! }
        enqueueBlock(makeBlock(mode: nil, modes: states, common: modes.contains(.common), name: name, body: body))
    }

    /// CFRunLoopPerformBlock with a single mode.
    public func perform(in mode: RunLoopMode, name: String = "block", _ body: @escaping () throws -> Void) {
        if mode == .common {
            enqueueBlock(makeBlock(mode: nil, modes: [], common: true, name: name, body: body))
        } else {
            enqueueBlock(makeBlock(mode: modeState(mode, create: true), modes: [], common: false, name: name, body: body))
        }
    }

    /// DispatchQueue.main.async: enqueues a main-queue item. Enqueueing onto
    /// an empty queue posts to the main queue's port, which wakes the loop
    /// when it sleeps in a common mode.
    public func enqueueMain(name: String = "main", _ body: @escaping () throws -> Void) {
        precondition(isMain, "SimRunLoop.enqueueMain: only the main run loop services the main queue; create the loop with isMain: true")
        if mainQueue.isEmpty { mainQueueReadyTime = context.now }
        mainQueue.append(MainQueueItem(name: name, body: body))
    }

    /// The number of blocks waiting for a matching mode.
    public var pendingBlockCount: Int {
        var n = 0
        for i in blockHead..<blockTail where blockSlots[i] != nil { n += 1 }
        return n
    }

    /// The number of items on the main queue.
    public var pendingMainQueueCount: Int { mainQueue.count }

    private func makeBlock(mode: ModeState?, modes: [ModeState], common: Bool, name: String,
                           body: @escaping () throws -> Void) -> PendingBlock {
        let b = blockPool.popLast() ?? PendingBlock()
        b.mode = mode
        b.modes = modes
        b.common = common
        b.name = name
        b.body = body
        return b
    }

    @inline(__always)
    private func countPending(_ b: PendingBlock, _ delta: Int) {
        if let m = b.mode { m.pendingBlocks += delta } else { otherPendingBlocks += delta }
    }

    private func enqueueBlock(_ b: PendingBlock) {
        countPending(b, 1)
        if blockTail < blockSlots.count { blockSlots[blockTail] = b } else { blockSlots.append(b) }
        blockTail += 1
    }

    func blockMatches(_ b: PendingBlock, _ m: ModeState) -> Bool {
        if b.mode === m { return true }
        for mode in b.modes where mode === m { return true }
        return b.common && isCommon(m.name)
    }

    /// Whether a pending block would run in `m` (it keeps `m` non-empty).
    func hasBlock(for m: ModeState) -> Bool {
        if m.pendingBlocks > 0 { return true }
        if otherPendingBlocks == 0 { return false }
        for i in blockHead..<blockTail {
            if let b = blockSlots[i], blockMatches(b, m) { return true }
        }
        return false
    }

    /// `__CFRunLoopDoBlocks`: detaches the pending list, runs the matching
    /// blocks in order, and puts the rest back in front of blocks enqueued
    /// meanwhile.
    ///
    /// The queue is a window `blockSlots[blockHead..<blockTail]` (nil slots
    /// are holes): detaching moves `blockHead` past the list, so a nested run
    /// sees only blocks enqueued after it; the blocks kept are written back
    /// at the start of the detached range, ahead of the newer ones. Slots are
    /// reused once the queue is empty, so a steady stream allocates nothing.
    @discardableResult
    func doBlocks(_ m: ModeState) throws -> Bool {
        guard blockHead < blockTail else { return false }
        let start = blockHead, end = blockTail
        blockHead = end
        // Detached blocks are invisible to nested runs, emptiness included.
        for i in start..<end { if let b = blockSlots[i] { countPending(b, -1) } }
        blockDetachDepth += 1
        var kept = start
        var did = false
        defer {
            blockDetachDepth -= 1
            if kept > start { blockHead = start }     // kept blocks go back in front
            if blockHead == blockTail, blockDetachDepth == 0 {
                blockHead = 0
                blockTail = 0
            }
        }
        for i in start..<end {
            guard let b = blockSlots[i] else { continue }
            blockSlots[i] = nil
            if blockMatches(b, m) {
                did = true
                do {
                    try callout(.block, b.name) { try b.body() }
                    b.reset()
                    if blockPool.count < 64 { blockPool.append(b) }
                } catch {
                    // Keep the blocks not yet run, in order, ahead of newer ones.
                    for j in (i + 1)..<end where blockSlots[j] != nil {
                        countPending(blockSlots[j]!, 1)
                        blockSlots[kept] = blockSlots[j]
                        if kept != j { blockSlots[j] = nil }
                        kept += 1
                    }
                    throw error
                }
            } else {
                countPending(b, 1)
                blockSlots[kept] = b
                kept += 1
            }
        }
        return did
    }

    /// Drains a snapshot of the main queue; items enqueued meanwhile stay and
    /// re-signal the port.
    func drainMainQueue() throws {
        let items = mainQueue
        mainQueue = []
        drainDepth += 1
        defer {
            drainDepth -= 1
            if !mainQueue.isEmpty { mainQueueReadyTime = context.now }
        }
        for item in items {
            try callout(.mainQueue, item.name) { try item.body() }
        }
    }
}
