import LoopSimTrace
import Raster
import RenderModel
import RunLoopKit

/// The four phases of an outermost commit: layout, display, prepare, commit.
///
/// Each phase visits only the layers marked since the last commit (kept in
/// queues), sorted into tree order, so the cost follows the changes, not the
/// size of the tree.
extension LayerContext {
    /// Runs the phases, builds the diff since the last commit, encodes it and
    /// ships it (`onCommit`).
    func ship() throws {
        shipping = poppedSinceShip.last
        defer { shipping = nil }
        let layoutStart = sim.now
        onPhase?(.layout)
        var constraintsVisited: [String] = []
        try constraintsPass(&constraintsVisited)
        var layoutVisited: [String] = []
        try layoutPass(&layoutVisited)
        let displayStart = sim.now
        onPhase?(.display)
        var displayVisited: [String] = []
        try displayPass(&displayVisited)
        let prepareStart = sim.now
        onPhase?(.prepare)
        var prepareVisited: [String] = []
        try preparePass(&prepareVisited)
        // The tree is final now (layout may have moved layers): the server
        // refuses a tree past the limits table, so it is never sent.
        try checkTreeLimits()
        let commitStart = sim.now
        onPhase?(.encode)
        // Spent before the diff is taken, so that the model's committed
        // state never runs ahead of what was sent (a vsync in between may
        // respawn the server from it).
        try spend(costs.commit.nanoseconds(for: encodedLayerCount()), on: "the commit's encoding")

        let (ops, changes) = buildDiff()
        var mentioned = Set<LayerID>()
        for op in ops {
            switch op {
            case .create(let id), .remove(let id), .move(let id, _, _), .set(let id, _, _): mentioned.insert(id)
            case .addAnimation(let id, _, _), .removeAnimation(let id, _), .removeAllAnimations(let id), .timing(let id, _, _, _): mentioned.insert(id)
            case .bitmap: break
            }
        }
        sequence += 1
        let txns = poppedSinceShip.sorted { $0.id < $1.id }
        poppedSinceShip = []
        let diff = CommitDiff(sequence: sequence, time: sim.now, ops: ops, transactions: txns.map { UInt64($0.id) })
        let bytes = encodedByteCount(diff)
        let record = CommitRecord(
            sequence: sequence, time: sim.now, transactions: txns.map(\.id),
            firstMutations: txns.map { ($0.id, $0.firstMutation ?? $0.begun) },
            constraints: constraintsVisited, layout: layoutVisited, display: displayVisited, prepare: prepareVisited,
            changed: mentioned.count, diff: diff, bytes: bytes,
            frameDeadlines: Dictionary(uniqueKeysWithValues: txns.compactMap { t in t.frameDeadline.map { (t.id, $0) } }),
            phases: CommitPhaseTimes(layout: .init(start: layoutStart, duration: displayStart - layoutStart),
                                     display: .init(start: displayStart, duration: prepareStart - displayStart),
                                     prepare: .init(start: prepareStart, duration: commitStart - prepareStart),
                                     commit: .init(start: commitStart, duration: sim.now - commitStart)))
        commits.append(record)
        commitCount += 1
        if firstCommitTimes.count < 16 { firstCommitTimes.append(record.time) }
        if let keep = retainedCommits, commits.count > 2 * max(keep, 1) {
            commits.removeFirst(commits.count - keep)   // amortized: once per `keep` commits
        }
        #if LOOPSIM_INTERNAL_CHECKS
        _checkInvariants()   // after every commit (docs/internals/safety.md, "Invariants")
        #endif
        onPhase?(.send)
        let p = record.phases
        trace(.commit(.init(txns: record.transactions, layout: layoutVisited, display: displayVisited,
                            prepare: prepareVisited, changed: record.changed, bytes: bytes,
                            constraints: constraintsVisited,
                            phases: p, changes: changes)))
        try onCommit?(record)
    }

    // MARK: Tree order

    /// Takes the queued layers that are still marked and on the display, in
    /// tree order (pre-order, or post-order when `postOrder`); layers off
    /// the display stay queued.
    ///
    /// O(U log U) in the layers U on the paths from the marked layers to
    /// their roots, whatever their siblings: each path is walked once,
    /// stopping at a layer already seen, each layer of the union noting
    /// itself under its parent; then the union is walked depth-first
    /// without recursion, each layer's children in the union in their
    /// sibling order (`Layer.siblingIndex`). (Sorting by each layer's path
    /// of sibling indices, as before, was quadratic in a deep chain; walking
    /// every sibling of the union, after that, cost √n a marked layer in a
    /// tree of √n groups of √n, `bench commit-phases`.) Post-order is the
    /// bottom-up order of updateConstraints: children in order, then the
    /// parent.
    private func drain(_ queue: inout [Layer], marked: (Layer) -> Bool, postOrder: Bool) -> [Layer] {
        var wanted = Set<ObjectIdentifier>()
        var onDisplay: [ObjectIdentifier: Bool] = [:]   // every layer on a walked path
        var keep: [Layer] = []
        var shown: [Layer] = []
        for l in queue where marked(l) {
            if isOnDisplay(l, memo: &onDisplay) {
                if wanted.insert(ObjectIdentifier(l)).inserted { shown.append(l) }
            } else {
                keep.append(l)
            }
        }
        queue = keep
        guard !wanted.isEmpty else { return [] }
        // The union of the wanted layers' paths to their roots, each
        // layer's children in it listed under it: walked up once per layer.
        var below: [ObjectIdentifier: [Layer]] = [:]
        var inUnion = Set<ObjectIdentifier>()
        var tops: [Layer] = []
        for l in shown {
            var x = l
            while inUnion.insert(ObjectIdentifier(x)).inserted {
                guard let parent = x.superlayer else { tops.append(x); break }
                below[ObjectIdentifier(parent), default: []].append(x)
                x = parent
            }
        }
        var out: [Layer] = []
        out.reserveCapacity(wanted.count)
        // (layer, children pushed yet): a layer is emitted before its
        // children in pre-order, after them in post-order. Siblings go in
        // their order (`siblingIndex`), so the walk costs the union's
        // layers, not their siblings.
        var stack: [(Layer, Bool)] = []
        for root in tops.sorted(by: { $0.siblingIndex > $1.siblingIndex }) { stack.append((root, false)) }
        while let (layer, expanded) = stack.popLast() {
            let id = ObjectIdentifier(layer)
            if expanded {
                if wanted.contains(id) { out.append(layer) }
                continue
            }
            if !postOrder, wanted.contains(id) { out.append(layer) }
            if postOrder { stack.append((layer, true)) }
            if let children = below[id] {
                for child in children.sorted(by: { $0.siblingIndex > $1.siblingIndex }) { stack.append((child, false)) }
            }
        }
        return out
    }

    // MARK: Phases

    /// updateConstraints, bottom-up, for views that need it.
    private func constraintsPass(_ visited: inout [String]) throws {
        var feedback = LayoutFeedback(pass: "updateConstraints")
        while !constraintsQueue.isEmpty {
            let batch = drain(&constraintsQueue, marked: { $0.needsUpdateConstraints }, postOrder: true)
            if batch.isEmpty { return }
            feedback.round += 1
            for l in batch where l.needsUpdateConstraints {
                try feedback.note(l)
                l.needsUpdateConstraints = false
                visited.append(l.traceName)
                try l.constraintsBody?(l)
            }
        }
    }

    /// layoutSublayers, parents before children, where needed.
    private func layoutPass(_ visited: inout [String]) throws {
        var feedback = LayoutFeedback(pass: "layoutSublayers")
        while !layoutQueue.isEmpty {
            let batch = drain(&layoutQueue, marked: { $0.needsLayout }, postOrder: false)
            if batch.isEmpty { return }
            feedback.round += 1
            for l in batch where l.needsLayout {
                try feedback.note(l)
                l.needsLayout = false
                visited.append(l.traceName)
                try l.layoutBody?(l)
                try spendLayout(of: l)
            }
        }
    }

    /// layoutIfNeeded: lays out `top` and every marked layer below it now.
    /// Pre-order, without recursion (a deep chain must not exhaust the stack).
    func layoutSubtree(_ top: Layer) throws {
        var stack = [top]
        while let l = stack.popLast() {
            if l.needsLayout {
                l.needsLayout = false
                try l.layoutBody?(l)
                try spendLayout(of: l)
            }
            stack.append(contentsOf: (l.sublayers ?? []).reversed())
        }
    }

    /// display(): draws marked layers that have a draw body into a new
    /// backing store of their size, which replaces their contents.
    private func displayPass(_ visited: inout [String]) throws {
        let batch = drain(&displayQueue, marked: { $0.needsDisplay }, postOrder: false)
        for l in batch where l.needsDisplay {
            l.needsDisplay = false
            guard let draw = l.drawBody else { continue }
            visited.append(l.traceName)
            let size = l.state.bounds.size
            if let problem = RenderLimits.drawnSizeProblem(width: size.width, height: size.height) {
                throw DrawingLimitError(layer: l.traceName, reason: problem)
            }
            let w = max(0, Int(size.width.rounded(.up)))
            let h = max(0, Int(size.height.rounded(.up)))
            let ctx = DrawingContext(width: w, height: h)
            try draw(l, ctx)
            try spend(l.drawCost ?? costs.display.nanoseconds(for: w * h), on: "drawing layer '\(l.traceName)'")
            let id = newBackingStoreID()
            pendingBitmaps.append((id, ctx.bitmap))
            l.state.contents = id
            l.setSinceCommit.insert(.contents)
            markDirty(l)
        }
    }

    /// Decodes the images changed layers show, once per image.
    private func preparePass(_ visited: inout [String]) throws {
        for l in dirty {
            guard let id = l.state.contents, let i = images.firstIndex(where: { $0.id == id }) else { continue }
            if images[i].decoded != nil || images[i].error != nil { continue }
            visited.append(l.traceName)
            do {
                let bytes = try images[i].load()
                images[i].decoded = try PNMDecoder.decode(bytes)
            } catch {
                // A decode error names the position and the problem, never
                // the file's bytes (docs/internals/security.md).
                let reason = (error as? ImageDecodeError)?.summary ?? "\(error)"
                images[i].error = reason
                warn("image '\(images[i].name)' could not be decoded: \(reason); layer '\(l.traceName)' shows no contents")
            }
            if let image = images[i].decoded {
                try spend(costs.decode.nanoseconds(for: image.width * image.height), on: "decoding image '\(images[i].name)'")
            }
        }
    }

    // MARK: Costs

    /// The main thread works for `cost` ns: the clock advances, delivering
    /// outside events on the way (`CommitCosts`). A cost past the end of
    /// virtual time (`nil`) is ``RunLoopError/timeOutOfRange(_:)``.
    func spend(_ cost: Int64?, on what: @autoclosure () -> String) throws {
        if cost == 0 { return }
        guard let cost, let end = VirtualTime.checkedSum(sim.now, cost) else {
            throw VirtualTime.outOfRange(what(), from: sim.now)
        }
        sim.advance(to: end)
    }

    /// One layoutSublayers call of `l`.
    private func spendLayout(of l: Layer) throws {
        try spend(l.layoutCost ?? costs.layout.nanoseconds(for: 1), on: "laying out layer '\(l.traceName)'")
    }

    /// The layers the next diff will mention (what ``buildDiff()`` puts in
    /// `create`, `move`, `remove` and `set` operations), counted without
    /// taking the diff.
    private func encodedLayerCount() -> Int {
        guard !costs.commit.isZero else { return 0 }
        var ids = Set<LayerID>()
        for op in treeLog {
            switch op {
            case .create(let id), .remove(let id), .move(let id, _, _), .set(let id, _, _): ids.insert(id)
            case .addAnimation(let id, _, _), .removeAnimation(let id, _), .removeAllAnimations(let id), .timing(let id, _, _, _): ids.insert(id)
            case .bitmap: break
            }
        }
        let defaults = LayerState()
        for l in dirty where !ids.contains(l.id) {
            if !l.state.changedProperties(l.setSinceCommit, since: l.committed ?? defaults).isEmpty { ids.insert(l.id) }
        }
        return ids.count
    }

    // MARK: The diff

    /// Tree operations in order, new bitmaps, then the properties of every
    /// changed layer that differ from what the server has; and those
    /// properties (and timing changes) as the `commit` event's `changes`,
    /// `LAYER.PROP=VALUE` in the diff's order.
    private func buildDiff() -> (ops: [DiffOp], changes: [String]) {
        var ops = treeLog
        treeLog = []
        recordCommittedPlaces(ops)
        recordCommittedAnimations(ops)
        for l in dirty {
            guard let id = l.state.contents, let i = images.firstIndex(where: { $0.id == id }),
                  !images[i].shipped, let bitmap = images[i].decoded else { continue }
            images[i].shipped = true
            ops.append(.bitmap(id, bitmap))
        }
        for (id, bitmap) in pendingBitmaps { ops.append(.bitmap(id, bitmap)) }
        pendingBitmaps = []
        for case let .bitmap(id, bitmap) in ops { shippedBitmaps[id] = bitmap }
        let defaults = LayerState()
        var onDisplay: [ObjectIdentifier: Bool] = [:]
        // The `changes` text is the trace's alone: not built when nothing is traced.
        let spellsChanges = sim.trace != nil
        var changes: [String] = []
        for l in dirty {
            let before = l.committed ?? defaults
            for (p, value) in l.state.changedValues(l.setSinceCommit, since: before) {
                ops.append(.set(l.id, p, value))
                if spellsChanges { changes.append("\(l.traceName).\(p.languageName)=\(LayerContext.format(value))") }
            }
            l.committed = l.state
            l.setSinceCommit.removeAll()
            if l.timing != l.committedTiming {
                if spellsChanges { changes += timingChanges(of: l) }
                ops.append(.timing(l.id, speed: l.timing.speed, timeOffset: Double(l.timing.timeOffset) / 1e9,
                                   beginTime: Double(l.timing.beginTime) / 1e9))
                l.committedTiming = l.timing
            }
            if !l.wasOnDisplayInACommit, isOnDisplay(l, memo: &onDisplay) { l.wasOnDisplayInACommit = true }
            l.isDirty = false
        }
        dirty = []
        return (ops, changes)
    }

    /// `LAYER.speed=…`, `LAYER.timeOffset=…`, `LAYER.beginTime=…` for the
    /// timing properties that differ from the committed ones, spelt as
    /// their `set` events spell them.
    private func timingChanges(of l: Layer) -> [String] {
        var out: [String] = []
        let old = l.committedTiming, new = l.timing
        if new.speed != old.speed { out.append("\(l.traceName).speed=\(LayerContext.num(new.speed))") }
        if new.timeOffset != old.timeOffset { out.append("\(l.traceName).timeOffset=\(TimeLiteral.format(new.timeOffset))") }
        if new.beginTime != old.beginTime { out.append("\(l.traceName).beginTime=\(TimeLiteral.format(new.beginTime))") }
        return out
    }

    /// Whether `layer` is on the display, each ancestor walked once per
    /// commit (`memo`), so a deep chain of dirty layers costs its depth,
    /// not its depth squared.
    private func isOnDisplay(_ layer: Layer, memo: inout [ObjectIdentifier: Bool]) -> Bool {
        var path: [Layer] = []
        var x: Layer? = layer
        var shown = false
        while let y = x {
            if let known = memo[ObjectIdentifier(y)] { shown = known; break }
            path.append(y)
            if y.superlayer == nil { shown = y.isRoot; break }
            x = y.superlayer
        }
        for y in path { memo[ObjectIdentifier(y)] = shown }
        return shown
    }
}
