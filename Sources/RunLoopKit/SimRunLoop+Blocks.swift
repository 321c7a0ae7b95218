extension SimRunLoop {
    /// CFRunLoopPerformBlock: enqueues `body` for the given modes (creating
    /// named modes). Does not wake the loop. ``RunLoopMode/common`` matches
    /// every common mode.
    public func perform(in modes: [RunLoopMode], name: String = "block", _ body: @escaping () throws -> Void) {
        for m in modes where m != .common { _ = modeState(m, create: true) }
        blocks.append(PendingBlock(modes: modes, name: name, body: body))
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
    public var pendingBlockCount: Int { blocks.count }

    /// The number of items on the main queue.
    public var pendingMainQueueCount: Int { mainQueue.count }

    func blockMatches(_ b: PendingBlock, _ m: ModeState) -> Bool {
        for mode in b.modes {
            if mode == m.name { return true }
            if mode == .common, isCommon(m.name) { return true }
        }
        return false
    }

    /// `__CFRunLoopDoBlocks`: detaches the list, runs the matching blocks in
    /// order, and puts the rest back in front of blocks enqueued meanwhile.
    @discardableResult
    func doBlocks(_ m: ModeState) throws -> Bool {
        guard !blocks.isEmpty else { return false }
        let list = blocks
        blocks = []
        var rest: [PendingBlock] = []
        var did = false
        for (i, b) in list.enumerated() {
            guard blockMatches(b, m) else { rest.append(b); continue }
            did = true
            do {
                try callout(.block, b.name) { try b.body() }
            } catch {
                blocks = rest + list[(i + 1)...] + blocks
                throw error
            }
        }
        if !rest.isEmpty { blocks = rest + blocks }
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
